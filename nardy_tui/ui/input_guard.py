"""Input that arrives after the screen it was meant for has changed, dropped; and letters
typed on another keyboard layout, read as the Latin letters of their keys.

A terminal delivers a fast burst of keys and clicks at once, and Textual queues them; by
the time one is handled, an earlier one of the same burst may have quit the app, opened a
dialog over the board, or rebuilt the widget under the pointer. Handled then, it would act
on what the player never saw: Textual fails looking for a screen or widget that is gone,
or a key meant for the board answers the dialog. Each guard below drops one such case (found
by the fuzz test, ``tests/ui/test_fuzz.py``, or in a real terminal). The guards run in
``on_event``, before any handler or binding sees the event; a press on the board is
answered there too, in the order of the presses.
"""

from __future__ import annotations

import weakref
from functools import cached_property
from typing import TYPE_CHECKING, Any

from textual import events
from textual.errors import NoWidget

from nardy_tui.ui.layouts import LATIN_KEY

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    _Mixin = App[Any]
else:
    _Mixin = object


class InputGuard(_Mixin):
    """Mix in before ``App``: the app's events pass these guards first."""

    @cached_property
    def _typed_on(self) -> weakref.WeakKeyDictionary[events.Key, Screen[object]]:
        """The screen each key was typed on, while it travels."""
        return weakref.WeakKeyDictionary()

    async def on_event(self, event: events.Event) -> None:
        """Drop input that was still queued when the app began to exit (or lost its
        screens), a click on a widget removed since the last frame, and a key that came
        back from a screen no longer shown; read a letter of another layout as Latin."""
        if isinstance(event, events.InputEvent) and (
            self.return_code is not None or not self.screen_stack
        ):
            return
        if isinstance(event, events.MouseDown) and self._removed_under(event):
            return
        if isinstance(event, events.Key):
            if self._bubbled_from_another_screen(event):
                return
            event = self._on_latin_key(event)
        press = event if isinstance(event, events.MouseDown) and not event.is_forwarded else None
        await super().on_event(event)  # which marks the event forwarded to its widget
        if press is not None:
            self._press_on_the_board(press)

    def _bubbled_from_another_screen(self, key: events.Key) -> bool:
        """A key no widget took comes back up to the app, which then looks for a binding
        on the screen shown *now*: in a burst (a key, then ctrl+q) that was the quit dialog
        opened meanwhile, and Enter or y, meant for the board, quit the game unasked. So a
        key counts only on the screen it was typed on."""
        if not key.is_forwarded:
            self._typed_on[key] = self.screen
            return False
        typed_on = self._typed_on.pop(key, self.screen)
        return typed_on is not self.screen

    def _on_latin_key(self, key: events.Key) -> events.Key:
        """A letter typed on a Russian, Greek, Armenian, Hebrew or Arabic layout as the
        Latin letter of its key (``layouts``), except in a text field, which keeps it."""
        from textual.widgets import Input

        latin = LATIN_KEY.get(key.character or "")
        if latin is None or key.is_forwarded or isinstance(self.focused, Input):
            return key
        return events.Key(latin, latin)

    def _press_on_the_board(self, press: events.MouseDown) -> None:
        """A press on a point or tray chooses it here, in the order the presses came.

        Textual hands a click to the widget under the pointer, through that widget's own
        queue; the board's two halves each have one, so in a quick run of taps over a slow
        line a tap on one half was handled before an earlier tap on the other, and a
        checker's destination was taken for a checker of its own. (The board's module is
        imported here, at the first press, not when the first screen starts.)"""
        from nardy_tui.ui.board_looks import BoardCells

        try:
            widget, region = self.get_widget_at(press.x, press.y)
        except NoWidget:
            return
        if isinstance(widget, BoardCells) and widget.tapped is not None:
            cell = widget.cell_under(press.x - region.x, press.y - region.y)
            if cell is not None:
                widget.tapped(cell)

    def _removed_under(self, event: events.MouseDown) -> bool:
        """Whether the last frame shows, under the pointer, a widget removed since (the keys
        panel rebuilds its table when the bindings change): Textual would start a text
        selection there and fail on the missing widget."""
        try:
            widget, _ = self.get_widget_at(event.x, event.y)
        except NoWidget:
            return False
        return not widget.is_attached
