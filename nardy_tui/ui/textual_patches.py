"""Every place where nardy reaches into Textual's private API, gathered in one module.

Each was written against Textual 8.2 (``WRITTEN_FOR``; ``pyproject.toml`` pins
``textual>=8.2,<8.3`` for them) and is here for a problem found in play or by the fuzz test
(``tests/ui/test_fuzz.py``), said at each. ``tests/ui/test_textual_patches.py`` has a test
for each that fails if Textual removes or renames what it relies on: run it against a
newer Textual before lifting the pin. Everything else in the UI uses Textual's public API.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from textual import events
from textual._styles_cache import StylesCache
from textual.app import ComposeResult
from textual.color import Color
from textual.command import CommandList, CommandPalette
from textual.style import Style
from textual.widgets import Footer, Input, RadioSet, Select
from textual.widgets._select import SelectCurrent, SelectOverlay

from nardy_tui.i18n import visual

if TYPE_CHECKING:
    from textual.app import App
    from textual.binding import BindingsMap
    from textual.dom import DOMNode
    from textual.screen import Screen

    _AppMixin = App[Any]
    _ScreenMixin = Screen[Any]
else:
    _AppMixin = _ScreenMixin = object

WRITTEN_FOR = "8.2"
"""The Textual version every patch here was written against and tested with."""

# -- the app ---------------------------------------------------------------------------------


class ExceptionHook(_AppMixin):
    """Mix in before ``App``: an uncaught exception goes to ``handle_uncaught`` first.

    Textual has no public hook for an exception that escapes a handler: it reports it with a
    traceback and exits (``App._handle_exception``). The game ends some of them with a line
    of its own instead.
    """

    def handle_uncaught(self, error: Exception) -> bool:
        """Whether ``error`` was dealt with; if not, Textual reports it."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        if not self.handle_uncaught(error):
            super()._handle_exception(error)


# -- drawing -------------------------------------------------------------------------------


@lru_cache(1024)
def _backgrounds(base_background: Color, background: Color) -> tuple[Style, Style]:
    return Style(background=base_background + background), Style(background=base_background)


def _inner_outer(
    _cache: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    """``StylesCache.get_inner_outer``, cached by the two colours alone.

    Textual caches that method with ``lru_cache`` on the method itself, so each key holds
    the widget's ``StylesCache`` (``self``) and with it every line the widget last drew: the
    last 1,024 widgets ever drawn stayed in memory after their screens were gone. Every
    screen and dialog made anew added its widgets; in the test suite 200,000 of Textual's
    cache objects piled up, and the garbage collector's full passes, which walk them all,
    took a quarter of its time. What the method returns depends on the colours only.
    """
    return _backgrounds(base_background, background)


StylesCache.get_inner_outer = _inner_outer  # type: ignore[method-assign,assignment]


# -- screens ---------------------------------------------------------------------------------


class StyledOnceWhenShown(_ScreenMixin):
    """Mix in before ``Screen``: the first time the screen is shown, it is not styled a
    second time.

    Textual styles each widget as it is mounted (and again those whose place among their
    siblings counts, ``:first-child`` and the like), then restyles the whole screen when
    it is first shown (``ScreenResume.refresh_styles``), which changes nothing then. On the
    new-match screen that second styling was a tenth of the time to the first frame
    (``benchmarks/startup.py``). When the screen is shown again later, it is restyled if
    Textual asks for that.
    """

    _shown_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Runs before Textual's own handler of the same event (Textual calls each class's
        handler, the subclass's first), which then reads ``refresh_styles``."""
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False


# -- bindings --------------------------------------------------------------------------------


def node_bindings(node: DOMNode) -> BindingsMap:
    """``node``'s own copy of its bindings (``DOMNode._bindings``), which Textual makes from
    the class's ``BINDINGS`` when the node is made.

    Textual offers no public way to change one node's key descriptions (translated for the
    language in use) or whether the footer shows a key (fewer keys in a narrow terminal).
    """
    return node._bindings


def footer_ready(footer: Footer) -> bool:
    """Whether ``footer`` has read the screen's bindings yet (``Footer._bindings_ready``):
    before that, ``Footer.compose`` shows nothing, and so does ``KeysFooter``'s comparison
    of what it would show."""
    return footer._bindings_ready


# -- the command palette ---------------------------------------------------------------------


class ClickedList(CommandList):
    """The palette's list of commands, safe against input that outruns its drawing.

    A click names the command by its index in the list as last drawn. Typing then
    clicking in one burst refills the list (a new search) between that frame and the
    click; Textual then looks the index up in the shorter list (an IndexError). Paging
    looks the highlighted command up in the lines as last laid out
    (``OptionList._index_to_line``), which a burst (ctrl+p then PageUp) can ask for before
    the new list has any (a KeyError).

    In a terminal a few columns wide the list's words would be wrapped to no columns at
    all, which Rich 15 refuses (a ValueError). A command's padding takes six columns (in
    Textual 8); the minimum width leaves its words two.
    """

    DEFAULT_CSS = "ClickedList { min-width: 8; }"

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if self.highlighted is not None and self.highlighted not in self._index_to_line:
            return
        super()._move_page(direction)

    def _on_click(self, event: events.Click) -> None:  # type: ignore[override]
        """Runs before Textual's own handler, which a stale click must not reach."""
        clicked = event.style.meta.get("option")
        if clicked is not None and clicked >= self.option_count:
            event.prevent_default()


class SearchingPalette(CommandPalette):
    """Textual's command palette with the burst-safe list (``ClickedList``), searching for
    what was typed in the order the titles are drawn, and only while it is open.

    A Hebrew or Arabic title is drawn in visual order (``visual``), so the typed words are
    put in that order too; Textual has no hook for the search's text
    (``CommandPalette._gather_commands``). Typing then clicking outside in one burst closes
    the palette while the typed text is still on its way to it; the search that text
    starts would look for a list that is gone.
    """

    def compose(self) -> ComposeResult:
        """Textual's layout, with the list swapped for one that survives stale clicks."""
        for widget in super().compose():
            yield ClickedList() if type(widget) is CommandList else widget

    def _gather_commands(self, search_value: str) -> None:  # type: ignore[override]
        if self in self.app.screen_stack:
            super()._gather_commands(visual(search_value))


# -- the new-match screen's fields -----------------------------------------------------------


class _PageSafeOverlay(SelectOverlay):
    """The drop-down list of a ``Select`` whose page keys never fail.

    Textual's look up the highlighted option's line, which the list knows only once it has
    been laid out: Page Down in the same burst of keys that opened it, or in a terminal
    shrunk to nothing, raised ``KeyError`` (found by the fuzz test at 80 by 24). Until the
    list is laid out a page key goes to the first or the last option.
    """

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        try:
            super()._move_page(direction)
        except KeyError:
            self.action_last() if direction > 0 else self.action_first()


class PageSafeSelect(Select[str]):
    """A ``Select`` with the page-safe drop-down list: Textual's own layout (from
    ``textual.widgets._select``, with its ``_type_to_search``), the overlay swapped."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield _PageSafeOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )


class SubmittingInput(Input):
    """A text field whose Enter submits what is typed so far at once.

    Input submits through a binding, which runs only once the key has bubbled up to the
    screen: a key typed right after Enter in the same burst (seen in a real terminal) had
    meanwhile reached the field, and the text submitted had a letter too many. The key is
    taken in ``Input._on_key``, before it is typed into the field.
    """

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()
            return
        await super()._on_key(event)


def highlight_button(radio_set: RadioSet, index: int | None) -> None:
    """Put ``radio_set``'s keyboard highlight on its button ``index``
    (``RadioSet._selected``, which Textual sets only to the first button or by arrow
    keys)."""
    radio_set._selected = index
