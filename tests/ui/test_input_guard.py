"""The app's guards on input (``ui/input_guard``), on a bare app: a letter of another
layout is its key's Latin letter (not in a text field). The burst guards are tested on the
game, where bursts happen: ``tests/ui/test_dialog_keys.py`` (a key typed just before ctrl+q)
and ``tests/ui/test_fuzz.py``."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from nardy_tui.ui.input_guard import InputGuard


class GuardedApp(InputGuard, App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "roll", "Roll")]

    def __init__(self, *, with_field: bool = False) -> None:
        super().__init__()
        self.with_field = with_field
        self.rolled = 0

    def compose(self) -> ComposeResult:
        yield Input() if self.with_field else Static("board")

    def action_roll(self) -> None:
        self.rolled += 1


async def test_a_russian_letter_works_as_the_latin_key_in_its_place() -> None:
    app = GuardedApp()
    async with app.run_test() as pilot:
        await pilot.press("к")  # the R key on a Russian layout
        assert app.rolled == 1


async def test_a_text_field_keeps_the_letter_typed() -> None:
    app = GuardedApp(with_field=True)
    async with app.run_test() as pilot:
        await pilot.press("к")
        assert app.query_one(Input).value == "к" and app.rolled == 0
