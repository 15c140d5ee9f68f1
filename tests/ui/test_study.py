"""Studying from the game: the position's ID, to paste into ``nardy analyze``."""

from __future__ import annotations

from nardy_tui.engine import Position, read_position_id
from nardy_tui.options import LaunchOptions, MatchOptions
from nardy_tui.ui.app import NardyApp
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, first_roll

SIZE = (80, 24)


def hot_seat(seed: int = 5) -> NardyApp:
    options = MatchOptions(mode="hot-seat", points=1, seed=seed)
    return NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot,
                    pace=0)


async def test_the_position_id_is_shown_and_copied_with_the_dice_thrown() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        await burst(pilot, "number_sign")
        copied = app.clipboard
        assert read_position_id(copied) == (match.position, match.dice)
        assert copied in str(screen.query_one("#status").content)


async def test_the_palette_offers_the_position_id_before_the_roll_too() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "ctrl+p")
        for key in "position id":
            await burst(pilot, "space" if key == " " else key)
        await burst(pilot, "enter")
        assert Position.from_id(app.clipboard) == Position.initial()
        assert read_position_id(app.clipboard)[1] is None
