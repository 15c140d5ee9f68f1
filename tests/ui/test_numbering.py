"""Whose numbering the screen uses.

Against the bot, everything the human reads or types is in the human's own numbering, the
bot's turn included: the board's edge, the status line, the history, the hint. In hot-seat
it is the numbering of the player the board is turned to.
"""

from __future__ import annotations

from nardy_tui.engine import Side, renumbered
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.board import PointLook
from nardy_tui.ui.game import GameScreen
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import (
    burst,
    game_screen,
    keys_for,
    roll_off,
    settle,
    status,
    turn_keys,
    type_turn,
)

SIZE = (120, 40)


def history(screen: GameScreen) -> str:
    return str(screen.query_one("#history-text").content)


def labels(screen: GameScreen) -> list[str]:
    """The edge numbers, top row then bottom row, left to right."""
    return [look.label for look in screen.board.looks() if isinstance(look, PointLook)]


async def test_against_the_bot_the_numbers_stay_the_humans_through_the_bots_turn() -> None:
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=3, seed=7)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        white_labels = [str(n) for n in [*range(13, 25), *range(12, 0, -1)]]
        assert labels(screen) == white_labels
        await roll_off(pilot)
        if match.position.turn is Side.WHITE:
            await type_turn(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.flow.away_steps, "the bot's play is being shown"
        assert labels(screen) == white_labels and screen.board.numbering is Side.WHITE
        await burst(pilot, "s")
        record = match.game.turns[-1]
        assert record.side is Side.BLACK and match.position.turn is Side.WHITE
        assert labels(screen) == white_labels
        in_white = renumbered(record.notation)
        said = f"Black {record.dice[0]}-{record.dice[1]}: {in_white}"
        assert status(screen) == said
        assert said in history(screen) and record.notation not in history(screen)
        title = str(screen.query_one("#history-title").content)
        assert title == "History, in your numbering"


async def test_playing_black_the_bots_moves_are_in_blacks_numbering() -> None:
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.BLACK, points=3, seed=2)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        await settle(pilot)
        if not match.game.turns:  # Black (the human) started: play, and let White answer
            await burst(pilot, "r")
            await burst(pilot, *turn_keys(match), "c")
            await settle(pilot)
        white_turn = next(t for t in match.game.turns if t.side is Side.WHITE)
        assert (
            f"White {white_turn.dice[0]}-{white_turn.dice[1]}: "
            f"{renumbered(white_turn.notation)}" in history(screen)
        )
        assert screen.board.numbering is Side.BLACK


async def test_in_hot_seat_the_numbers_are_those_of_the_player_the_board_is_turned_to() -> None:
    app = NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False), pace=0
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        first = match.position.turn
        await burst(pilot, "r")
        await burst(pilot, *turn_keys(match), "c")
        record = match.game.turns[-1]
        second = first.opponent
        # the board turned to the next player: its numbers, and the turn just played in them
        assert screen.board.view is second and screen.board.numbering is second
        assert status(screen).endswith(renumbered(record.notation))
        assert str(screen.query_one("#history-title").content) == (
            f"History, in {second.label}'s numbering"
        )
        # f turns the board back: the numbers, the history and what is typed follow it
        await burst(pilot, "f")
        assert screen.board.numbering is first
        assert f"1. {record}" in history(screen)
        await burst(pilot, "r")
        turn = match.turn
        assert turn is not None and turn.position.turn is second
        src = turn.sources()[0]
        typed = int(renumbered(f"{src}/off").split("/")[0])  # the mover's src as first reads it
        await burst(pilot, *keys_for(typed))
        assert screen.flow.selected == src
        assert status(screen).startswith(f"Checker on {typed} selected")
        wrong = next(p for p in range(src - 1, 0, -1) if turn.route(src, p) is None)
        await burst(pilot, *keys_for(int(renumbered(f"{wrong}/off").split("/")[0])))
        mover = screen.flow.viewpoint.names[turn.mover]
        assert status(screen) == f"{mover}: {turn.why_not(src, wrong, first)}"
