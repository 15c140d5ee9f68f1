"""Screens that close once, however many requests to close a burst of input queued for them.

Textual's ``Screen.dismiss`` pops the top screen whichever screen asks. Keys and clicks
reach a screen through its own message queue, so a fast burst (Escape twice, Enter twice, a
click outside the command palette and then Escape, ctrl+q while the palette closes) can ask
a screen to close after it has closed or while another screen covers it; the pop would then
close the wrong screen: the game itself, a dialog, or the last screen, which crashes the
app. The fuzz test in ``tests/ui/test_fuzz.py`` found each of these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.await_complete import AwaitComplete

from nardy_tui.ui.textual_patches import SearchingPalette

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


class Palette(ClosesOnce, SearchingPalette):
    """Textual's command palette, closing once, searching only while open, paging safely
    (``SearchingPalette``)."""
