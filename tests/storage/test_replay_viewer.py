"""The replay viewer: keys step through the record's turns, the board follows; the turn
and the position's ID are in the board's frame, and no line wraps in 80 columns."""

from __future__ import annotations

import functools
import random
from datetime import datetime
from typing import TYPE_CHECKING

import pytest

from nardy_tui.engine import Match
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.storage.record import Record, format_record, parse_record
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.replay import ReplayApp, ReplayScreen, frames, verdict
from tests.ui.driver import resize

from .play import states
from .test_records import resigned_match

if TYPE_CHECKING:
    from nardy_tui.bot import GameReview


def short_match_record(options: MatchOptions | None = None) -> Record:
    """Two whole games of a three-point match, every turn checked on reading."""
    match = Match(3, seed=12)
    for _state in states(match, random.Random(12)):
        if match.games[-1].number == 2 and match.game.winner is not None:
            break
    return parse_record(format_record(match, options or MatchOptions(), datetime(2025, 1, 2)))


@functools.cache
def first_game_reviewed() -> GameReview:
    """The expert's review of the short match's first game (seconds of judging: made once
    for the tests that show it)."""
    from nardy_tui.bot import review_game

    game = short_match_record().games[0]
    return review_game(game.start, game.turns)


async def test_keys_step_through_every_turn_of_every_game() -> None:
    record = short_match_record()
    app = ReplayApp(record)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
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
        screen = replay_screen(app)
        screen.action_go(len(record.games[0].turns))
        await pilot.press("right")
        assert screen.query_one(BoardView).position == record.games[1].start
        assert caption(screen).startswith("Game 2: start")


def replay_screen(app: ReplayApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def caption(screen: ReplayScreen) -> str:
    """The turn shown, in the board's frame above it."""
    return str(screen.query_one(BoardView).border_title)


def verdict_shown(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-verdict").render())


def rows(app: ReplayApp) -> list[str]:
    """The terminal's rows as the player sees them (Textual's compositor draws them)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_the_board_fills_the_terminal_and_follows_a_resize() -> None:
    """A 40-row terminal: the board takes the rows the header and the footer leave."""
    app = ReplayApp(short_match_record())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardView)
        assert board.region.height >= 36 and board.region.bottom <= 39
        await resize(pilot, 120, 30)
        assert 25 <= board.region.height <= 28 and board.region.bottom <= 29


@pytest.mark.slow
async def test_a_reviewed_record_shows_each_turns_verdict_and_m_finds_the_mistakes() -> None:
    from nardy_tui.bot import Verdict

    record = short_match_record()
    reviews = [first_game_reviewed()]
    mistakes = [turn for turn in reviews[0].turns if turn.verdict is not Verdict.NONE]
    assert mistakes, "random play makes mistakes"
    app = ReplayApp(record, reviews)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        await pilot.press("m")
        first = mistakes[0]  # the record has no match score: it is judged by points
        assert screen.frame.turn is not None and screen.frame.turn.number == first.number
        shown = verdict_shown(screen)
        assert f"Review: {first.verdict.value}, cost {first.loss:.2f};" in shown
        assert "for the play made (points)." in shown  # money play: one unit, named
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
            shown = {
                binding.description for binding in app._bindings.key_to_bindings.get("ctrl+p", [])
            }
            assert shown == {_("palette")} and _("palette") != "palette"
            header = str(app.screen.query_one("#replay-header").content)
            assert "Match to" not in header and "Date:" not in header
            assert _("Date: {date}").format(date="2025-01-02 00:00") in header
    finally:
        use_language("en")


async def test_at_80x24_no_line_wraps_and_the_last_id_is_whole() -> None:
    """The header on one line, each frame's turn above the board and its ID below, whole."""
    app = ReplayApp(short_match_record())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        assert rows(app)[0].strip() == (
            "White: you / Black: bot (medium) · Match to 3 points · Date: 2025-01-02 00:00"
        )
        await pilot.press("end")
        shown = "\n".join(rows(app))
        assert screen.frame.caption() in shown and "wins" in screen.frame.caption()
        count = len(screen.frames)
        assert f"{count}/{count} · ID {screen.frame.position.to_id()}" in shown
        assert screen.query_one(BoardView).region.bottom <= 23


async def test_at_80x24_a_verdict_a_two_line_header_and_the_footer_fit_whole() -> None:
    from nardy_tui.bot import Verdict

    record = short_match_record(MatchOptions(mode=Mode.HOT_SEAT))
    game = record.games[0]
    reviews = [first_game_reviewed()]
    app = ReplayApp(record, reviews)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        await pilot.press("m")
        await pilot.pause()  # the frame the key chose is drawn before its rows are read
        judged = screen.judged[(game.number, screen.frame.turn.number)]  # type: ignore[union-attr]
        assert judged.verdict is not Verdict.NONE
        shown = [row.strip() for row in rows(app)]
        assert shown[:2] == [
            "White: player 1 / Black: player 2 (hot-seat) · Match to 3 points",
            "Date: 2025-01-02 00:00",
        ]
        for line in verdict(judged).splitlines():
            assert line in shown
        footer = shown[-1]
        assert footer.startswith("→ Next") and "m Next mistake" in footer
        assert "q Quit" in footer and footer.endswith("^p palette"), "the footer is whole"


def test_a_resigned_games_last_frame_says_who_resigned_and_what_the_other_won() -> None:
    record = parse_record(format_record(resigned_match(), MatchOptions(points=3), datetime.now()))
    shown = [frame.caption() for frame in frames(record)]
    assert shown[1].endswith("24/15  White resigns: Black wins 2 points")
    assert shown[2] == "Game 2: start, White moves first  Black resigns: White wins 1 point"
    assert "resigns" not in shown[0]
