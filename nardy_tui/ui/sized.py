"""Screens that need a minimum terminal size, and say so plainly when they do not get it."""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from nardy_tui.i18n import _
from nardy_tui.ui.textual_patches import StyledOnceWhenShown

MIN_WIDTH = 80
"""The board takes 76 columns at its narrowest in landscape (the game's side panel folds
away below 110 columns, ``FULL_LAYOUT``); 80 by 24 is the terminal most people open."""
MIN_HEIGHT = 24

FULL_LAYOUT = (110, 28)
"""The smallest terminal that shows a side panel beside the board (the game's, the
review's); a smaller one, down to ``MIN_WIDTH`` by ``MIN_HEIGHT``, gets the compact layout:
the board alone, the panel a key away."""

PORTRAIT_SMALLEST = (40, 26)
"""The smallest narrow terminal (a phone held upright): the board turned a quarter, 18
rows, with a row of buttons, two lines of news, the status and the footer under it."""

SHORT_SMALLEST = (90, 20)
"""The smallest short terminal (a phone on its side): the landscape board with shorter
stacks, the buttons in a column beside it."""


class Shape(Enum):
    """The layouts a terminal's size gets; each is one class of Textual's breakpoints."""

    PORTRAIT = "portrait"
    """Narrower than ``MIN_WIDTH``: the board turned a quarter, buttons under it."""
    SHORT = "short"
    """Fewer rows than ``MIN_HEIGHT``: shorter stacks, buttons beside the board."""
    COMPACT = "compact"
    """The board alone, the side panel a key away."""
    FULL = "full"
    """The side panel beside the board."""

    @property
    def tapped(self) -> bool:
        """Whether the screen shows big buttons for what the keys do (a phone's layouts)."""
        return self in (Shape.PORTRAIT, Shape.SHORT)


def shape_of(width: int, height: int) -> Shape | None:
    """The layout of a terminal this size, or None if it is too small for any.

    >>> [shape_of(*size) for size in [(43, 46), (93, 21), (80, 24), (120, 40), (60, 22)]]
    [<Shape.PORTRAIT: 'portrait'>, <Shape.SHORT: 'short'>, <Shape.COMPACT: 'compact'>, \
<Shape.FULL: 'full'>, None]
    """
    if width < MIN_WIDTH:
        least_width, least_height = PORTRAIT_SMALLEST
        return Shape.PORTRAIT if width >= least_width and height >= least_height else None
    if height < MIN_HEIGHT:
        least_width, least_height = SHORT_SMALLEST
        return Shape.SHORT if width >= least_width and height >= least_height else None
    full_width, full_height = FULL_LAYOUT
    return Shape.FULL if width >= full_width and height >= full_height else Shape.COMPACT


def smallest_near(width: int) -> tuple[int, int]:
    """The smallest terminal that shows the screens, of the shape nearest ``width``
    columns: what "Please enlarge" asks for."""
    if width < MIN_WIDTH:
        return PORTRAIT_SMALLEST
    return SHORT_SMALLEST if width >= SHORT_SMALLEST[0] else (MIN_WIDTH, MIN_HEIGHT)


UPRIGHT_WIDTHS: list[tuple[int, str]] = [(0, "-portrait"), (MIN_WIDTH, "-landscape")]
"""The breakpoints (Textual's) of a screen without a board that lays out its parts one under
another in a terminal narrower than the landscape board (a phone held upright): a dialog's
buttons, the friend screen's code and its Join button."""

BOARD_WIDTHS: list[tuple[int, str]] = [
    (0, "-portrait"),
    (MIN_WIDTH, "-compact"),
    (FULL_LAYOUT[0], "-wide"),
]
BOARD_HEIGHTS: list[tuple[int, str]] = [
    (0, "-short"),
    (MIN_HEIGHT, "-compact"),
    (FULL_LAYOUT[1], "-tall"),
]
"""The breakpoints of the screens with a board (Textual's ``HORIZONTAL_BREAKPOINTS`` and
``VERTICAL_BREAKPOINTS``), which set one class from each list: ``-portrait`` for a narrow
terminal, ``-short`` for a short one, and ``-compact`` for one too narrow *or* too short
for the side panel. The stylesheet names all three where the panel folds away."""


ResultT = TypeVar("ResultT")


class SizedScreenOf(StyledOnceWhenShown, Screen[ResultT]):
    """A screen whose content is replaced by an "enlarge" message in a small terminal; it
    may be dismissed with a ``ResultT`` (``SizedScreen``: with none).

    Subclasses write ``compose_main``, and ``ready`` for what they do once mounted; the check
    runs on mount and on every resize, so the game comes back as soon as the terminal is
    large enough again. While the terminal is too small the screen's keys do nothing: a key
    must never act on a board the player cannot see. Hiding the content takes the focus
    off it (Textual blurs a hidden widget); once the content is back, so is the focus.
    """

    _focus_kept: Widget | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="enlarge")
        with Container(id="main"):
            yield from self.compose_main()

    def compose_main(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        """Check the size and get ready, unless another screen has replaced this one already.

        A burst can switch to a screen and away again before the first has finished
        mounting; Textual then removes it, children and all, while its mount still runs.
        An app that closes just after it put the screen up removes its children the same
        way, with the screen still on the stack.
        """
        if not self.app.is_running or self not in self.app.screen_stack:
            return
        self.ready()
        self._check_size(self.app.size.width, self.app.size.height)

    def ready(self) -> None:
        """Start the screen: focus, first drawing (for subclasses; nothing by default)."""

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    @property
    def gone(self) -> bool:
        """Whether this screen has left the app's stack (closed, or replaced by another).

        Textual drops a message posted to a screen once it is removed, but a screen is
        removed a little after it leaves the stack (a switched-away one only once the new
        one has mounted); a worker's answer coming meanwhile is still delivered, and must
        not act on a screen the player has left."""
        return self not in self.app.screen_stack

    @property
    def too_small(self) -> bool:
        """Whether the "enlarge" message stands in for the screen's content now."""
        return self.has_class("-too-small")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No action of this screen while its content is hidden (nor in footer or palette)."""
        return not self.too_small

    def on_key(self, event: events.Key) -> None:
        """While the content is hidden, a key goes no further than this screen.

        Its bindings, the board's included, are looked up only once the key has bubbled up
        to the app; stopped here, none of them acts, whatever has focus (Textual gives focus
        back to the board when a screen above it closes). Priority keys (Ctrl+Q) still work.
        """
        if self.too_small:
            event.stop()

    def _check_size(self, width: int, height: int) -> None:
        small = shape_of(width, height) is None
        was_small = self.too_small
        least = smallest_near(width)
        self.query_one("#enlarge", Static).update(
            _("Please enlarge the terminal to at least {minimum} (it is now {size}).").format(
                minimum=_size(*least), size=_size(width, height)
            )
        )
        if small and not was_small:
            self._focus_kept = self.focused
        self.set_class(small, "-too-small")
        if was_small != small:
            self.refresh_bindings()
        if was_small and not small:
            self.call_after_refresh(self._focus_again)

    def _focus_again(self) -> None:
        """Give the focus back to the widget that had it before the content was hidden.

        Hiding the content took the focus from the board, and with it the keys the footer
        shows (docs/ui-hardening.md, "The focus after a small terminal grows").
        """
        kept, self._focus_kept = self._focus_kept, None
        if self.too_small or not self.is_attached:
            return
        if kept is not None and kept.is_attached and kept.screen is self:
            self.set_focus(kept)
        elif self.focused is None:
            self.focus_next()


class SizedScreen(SizedScreenOf[None]):
    """A sized screen that closes with no result."""


def _size(width: int, height: int) -> str:
    return f"{width}\N{MULTIPLICATION SIGN}{height}"
