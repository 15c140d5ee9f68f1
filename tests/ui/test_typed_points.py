"""Typing points: a 1 or 2 waiting for its second digit is shown at once, and bearing off
has a key of its own (o), so "point 1, then off" never reads as point 10."""

from __future__ import annotations

from nardy_tui.engine import OFF, Step
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.play import cell_of
from nardy_tui.ui.app import NardyApp
from tests.ui.driver import burst, first_roll, game_screen, settle, status
from tests.ui.scenes import in_the_bear_off

SIZE = (120, 40)


def hot_seat(seed: int) -> NardyApp:
    launch = LaunchOptions(
        match=MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=seed), resume=False
    )
    return NardyApp(launch, pace=0)


async def test_a_first_digit_that_may_have_a_second_is_shown_at_once() -> None:
    app = hot_seat(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        turn = match.turn
        assert turn is not None
        await burst(pilot, "1")
        assert status(app.screen).startswith("1…: a second digit makes point 10-19")
        assert "o is your tray" in status(app.screen)
        assert screen.board.cursor == cell_of(turn.mover, 1)
        await burst(pilot, "2")
        assert not status(app.screen).startswith("1…"), "1 then 2 chose point 12"


async def test_o_bears_off_the_chosen_checker_even_right_after_a_one() -> None:
    app = hot_seat(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        match = in_the_bear_off(seed=4)  # the mover rolls 6-2: a 2 bears off from point 2
        app.start_match(MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=4), match)
        await settle(pilot)
        await burst(pilot, "r")
        screen = game_screen(pilot)
        turn = match.turn
        assert turn is not None
        assert turn.route(2, OFF) is not None
        await burst(pilot, "2", "o")  # point 2, then off: never point 20 or a wait
        assert turn.steps == (Step(2, OFF, 2),)
        assert screen.flow.selected is None
