"""Typing points: a 1 or 2 waiting for its second digit is shown at once, it waits only
while it can begin a point that means something, Enter after a digit takes that point and
never drops it, Escape forgets a waiting digit (never plays it), and bearing off has a key
of its own (o), so "point 1, then off" never reads as point 10. (That a pause changes
nothing is the play core's: ``tests/play/test_typed_points.py``.)"""

from __future__ import annotations

from nardy_tui.engine import OFF, Position, Side, Step
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


def practice(white: dict[int, int], dice: tuple[int, int]) -> NardyApp:
    """Hot-seat practice from White's checkers on ``white`` (point: count), White to move
    with ``dice``; Black's one checker on White's 20-point, out of the way."""
    board = [0] * 24
    for point, count in white.items():
        board[point - 1] = count
    board[19] = -1
    start = Position.from_points(board, Side.WHITE).to_id(dice)
    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1)
    return NardyApp(LaunchOptions(match=options, resume=False, start=start), pace=0)


async def test_a_first_digit_that_may_have_a_second_is_shown_at_once() -> None:
    app = hot_seat(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        turn = match.turn
        assert turn is not None and turn.sources() == [24]  # the head: 2 may begin 24
        await burst(pilot, "2")
        # Of the points 2 begins, only 24 (the head) can be chosen: the status names it.
        assert status(app.screen).startswith("2…: a second digit makes point 24;")
        assert "Enter takes point 2, Escape forgets it" in status(app.screen)
        assert "o is your tray" in status(app.screen)
        assert screen.board.cursor == cell_of(turn.mover, 2)
        await burst(pilot, "4")
        assert screen.flow.selected == 24, "2 then 4 chose point 24"


async def test_a_one_that_can_begin_no_point_is_taken_at_once_and_enter_keeps_it() -> None:
    """No point from 10 to 19 can be chosen: 1 is point 1 at once (it waited 0.7 s), and
    the Enter the status line used to invite never drops it."""
    app = practice({1: 1, 3: 1}, (3, 1))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        await burst(pilot, "1")
        assert screen.flow.selected == 1
        assert status(screen).startswith("Checker on 1 selected")
        await burst(pilot, "enter")
        assert screen.flow.selected == 1, "Enter after a digit never drops its point"


async def test_escape_forgets_a_waiting_digit_and_never_plays_it() -> None:
    """The checker on 6 chosen, 5 takes it to 1; 1 typed waits (13 may move): Escape
    forgets the 1 and keeps the choice, where it used to move the checker to point 1."""
    app = practice({6: 1, 13: 1}, (5, 2))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        turn = screen.match.turn
        assert turn is not None and turn.route(6, 1) is not None
        await burst(pilot, "6", "1")
        assert status(screen).startswith("1…")
        await burst(pilot, "escape")
        assert turn.steps == () and screen.flow.selected == 6
        assert status(screen) == "1 forgotten: no point was chosen."
        await burst(pilot, "1", "enter")  # Enter takes the waiting 1: there
        assert turn.steps == (Step(6, 1, 5),)


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
