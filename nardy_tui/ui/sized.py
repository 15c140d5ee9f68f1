"""Screens that need a minimum terminal size, and say so plainly when they do not get it."""

from __future__ import annotations

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
"""The board takes 76 columns at its narrowest (the game's side panel folds away below
110 columns, ``FULL_LAYOUT``); 80 by 24 is the terminal most people open."""
MIN_HEIGHT = 24

FULL_LAYOUT = (110, 28)
"""The smallest terminal that shows a side panel beside the board (the game's, the
review's); a smaller one, down to ``MIN_WIDTH`` by ``MIN_HEIGHT``, gets the compact layout:
the board alone, the panel a key away."""
COMPACT_WIDTHS: list[tuple[int, str]] = [(0, "-compact"), (FULL_LAYOUT[0], "-wide")]
COMPACT_HEIGHTS: list[tuple[int, str]] = [(0, "-compact"), (FULL_LAYOUT[1], "-tall")]
"""The game's and the review's breakpoints (Textual's ``HORIZONTAL_BREAKPOINTS`` and
``VERTICAL_BREAKPOINTS``): one class, ``-compact``, for a terminal too narrow *or* too
short for the full layout, as Textual sets a class that either list names."""


def is_compact(width: int, height: int) -> bool:
    """Whether a terminal of this size gets the compact layout: what ``-compact`` will say
    once Textual has applied the breakpoints (which it does after a screen's own resize
    handler has run)."""
    return width < FULL_LAYOUT[0] or height < FULL_LAYOUT[1]


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
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        was_small = self.too_small
        self.query_one("#enlarge", Static).update(
            _("Please enlarge the terminal to at least {minimum} (it is now {size}).").format(
                minimum=_size(MIN_WIDTH, MIN_HEIGHT), size=_size(width, height)
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
