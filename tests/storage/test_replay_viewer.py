"""The replay viewer: keys step through the record's turns, the board follows."""

from __future__ import annotations

import random
from datetime import datetime

from nardy_tui.engine import Match
from nardy_tui.options import MatchOptions
from nardy_tui.storage.record import Record, format_record, parse_record
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.replay import ReplayApp, ReplayScreen
from tests.ui.driver import resize

from .play import states


def short_match_record() -> Record:
    """Two whole games of a three-point match, every turn checked on reading."""
    match = Match(3, seed=12)
    for _ in states(match, random.Random(12)):
        if match.games[-1].number == 2 and match.game.winner is not None:
            break
    return parse_record(format_record(match, MatchOptions(), datetime(2025, 1, 2)))


async def test_keys_step_through_every_turn_of_every_game() -> None:
    record = short_match_record()
    app = ReplayApp(record)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        board = screen.query_one(BoardView)
        first_game = record.games[0]
        assert board.position == first_game.start
        await pilot.press("right", "n")
        assert board.position == first_game.turns[1].after
        assert str(first_game.turns[1]) in caption(screen)
        await pilot.press("left")
        assert board.position == first_game.turns[0].after
        await pilot.press("p", "p")
        assert screen.index == 0
        await pilot.press("end")
        assert board.position == record.games[-1].turns[-1].after
        assert "wins" in caption(screen)
        await pilot.press("right")
        assert screen.index == len(screen.frames) - 1
        view = board.view
        await pilot.press("home", "f")
        assert screen.index == 0 and board.view is view.opponent
        await pilot.press("q")
    assert app.return_code == 0


async def test_the_next_game_starts_from_its_opening_position() -> None:
    record = short_match_record()
    app = ReplayApp(record)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.action_go(len(record.games[0].turns))
        await pilot.press("right")
        assert screen.query_one(BoardView).position == record.games[1].start
        assert caption(screen).startswith("Game 2: start")


def caption(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-caption").render())


async def test_the_board_fills_the_terminal_and_follows_a_resize() -> None:
    """A 40-row terminal: the board takes the rows the header, caption and footer leave."""
    app = ReplayApp(short_match_record())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one(BoardView)
        assert board.region.height >= 36
        assert screen.query_one("#replay-caption").region.y == 38
        await resize(pilot, 120, 30)
        assert 24 <= board.region.height <= 27
        assert screen.query_one("#replay-caption").region.y <= 28


async def test_a_reviewed_record_shows_each_turns_verdict_and_m_finds_the_mistakes() -> None:
    from nardy_tui.bot import Mark, review_game

    record = short_match_record()
    game = record.games[0]
    reviews = [review_game(game.start, game.turns)]
    mistakes = [turn for turn in reviews[0].turns if turn.mark is not Mark.NONE]
    assert mistakes, "random play makes mistakes"
    app = ReplayApp(record, reviews)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("m")
        first = mistakes[0]
        assert screen.frame.turn is not None and screen.frame.turn.number == first.number
        assert f"Review: {first.mark.value}, cost {first.loss:.2f} points" in caption(screen)
        await pilot.press("m")
        assert screen.frame.turn is not None and screen.frame.turn.number == mistakes[1].number


async def test_the_viewers_own_keys_are_in_the_language_in_use() -> None:
    from nardy_tui.i18n import _, use_language

    record = short_match_record()
    use_language("ru")
    try:
        app = ReplayApp(record)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            shown = {binding.description for binding in app._bindings.key_to_bindings.get(
                "ctrl+p", [])}
            assert shown == {_("palette")} and _("palette") != "palette"
            header = str(app.screen.query_one("#replay-header").content)
            assert "Match to" not in header and "Date:" not in header
            assert _("Date: {date}").format(date="2025-01-02 00:00") in header
    finally:
        use_language("en")


async def test_at_80x24_the_header_the_board_and_the_caption_all_fit() -> None:
    app = ReplayApp(short_match_record())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        caption = screen.query_one("#replay-caption")
        header = screen.query_one("#replay-header")
        assert header.region.height == 2, "the header wraps in 80 columns"
        assert caption.region.height >= 1 and caption.region.bottom <= 23
        assert screen.query_one(BoardView).region.bottom <= caption.region.y
