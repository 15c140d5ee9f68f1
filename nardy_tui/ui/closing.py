"""Screens that close once, however many requests to close a burst of input queued for them.

Textual's ``Screen.dismiss`` pops the top screen whichever screen asks. Keys and clicks
reach a screen through its own message queue, so a fast burst (Escape twice, Enter twice, a
click outside the command palette and then Escape, ctrl+q while the palette closes) can ask
a screen to close after it has closed or while another screen covers it; the pop would then
close the wrong screen: the game itself, a dialog, or the last screen, which crashes the
app. The fuzz test in ``tests/ui/test_fuzz.py`` found each of these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette

from nardy_tui.i18n import visual

if TYPE_CHECKING:
    from textual.screen import Screen

    _Mixin = Screen[Any]
else:
    _Mixin = object
    """At run time a plain mixin: Textual takes CSS and component classes from the first
    base that is a widget, which must stay the screen class this is mixed into."""


class ClosesOnce(_Mixin):
    """Mix in before the screen class: only the screen on top may close (itself)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self.app.screen is not self:
            # Textual's own classmethod carries no annotations.
            done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return done
        return super().dismiss(result)


class ClickedList(CommandList):
    """The palette's list of commands, safe against input that outruns its drawing.

    A click names the command by its index in the list as last drawn. Typing then
    clicking in one burst refills the list (a new search) between that frame and the
    click; Textual then looks the index up in the shorter list (an IndexError). Paging
    looks the highlighted command up in the lines as last laid out, which a burst
    (ctrl+p then PageUp) can ask for before the new list has any (a KeyError).

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


class Palette(ClosesOnce, CommandPalette):
    """Textual's command palette, closing once, searching only while open, paging safely.

    Typing then clicking outside in one burst closes the palette while the typed text is
    still on its way to it; the search that text starts would look for a list that is gone.
    """

    def compose(self) -> ComposeResult:
        """Textual's layout, with the list swapped for one that survives stale clicks."""
        for widget in super().compose():
            yield ClickedList() if type(widget) is CommandList else widget

    def _gather_commands(self, search_value: str) -> None:  # type: ignore[override]
        """Search for what was typed as the titles are drawn: a Hebrew or Arabic title is
        in visual order (``visual``), so the typed words are put in that order too."""
        if self in self.app.screen_stack:
            super()._gather_commands(visual(search_value))
