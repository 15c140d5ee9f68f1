"""The game's keys work on a Russian (or Greek, Armenian, Hebrew, Arabic) keyboard layout:
the key marked R rolls whether it sends "r" or "к", and the palette's search still gets the
letters typed."""

from __future__ import annotations

from textual.widgets import Input

from nardy_tui.engine import Phase
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from tests.ui.driver import burst, game_screen, roll_off

SIZE = (120, 40)


def hot_seat() -> NardyApp:
    return NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1), resume=False),
        pace=0,
    )


async def test_the_roll_key_rolls_on_a_russian_layout() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        match = game_screen(pilot).match
        await burst(pilot, "к")  # the R key on ЙЦУКЕН
        assert match.game.roll_offs, "the roll-off was rolled"
        await roll_off(pilot)
        await burst(pilot, "к")
        assert match.phase is Phase.MOVE


async def test_the_keys_of_each_layout_are_read_as_their_latin_letters() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await roll_off(pilot)
        match = game_screen(pilot).match
        for roll_key in ("ρ", "ր", "ר", "ق"):  # Greek, Armenian, Hebrew, Arabic R keys
            assert match.phase is Phase.ROLL
            await burst(pilot, roll_key)
            assert match.phase is Phase.MOVE, roll_key
            turn = match.turn
            assert turn is not None
            turn.reset()
            while not turn.is_complete:
                turn.push(turn.allowed_steps()[0])
            await burst(pilot, "с")  # the C key on ЙЦУКЕН: confirm
            if match.phase is Phase.GAME_OVER:
                return


async def test_the_palettes_search_keeps_the_letters_typed() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "ctrl+p")
        await pilot.pause()
        search = app.screen.query_one(Input)
        await burst(pilot, "я", "з")
        assert search.value == "яз"
