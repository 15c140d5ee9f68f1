"""The review screen: opened from the game-over and match-over dialogs, it lists the turns
with their marks while the review runs, shows the play made and the best play on the board,
filters, steps through the mistakes, and goes back with Escape."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from nardy_tui.bot import MatchScore, RolledVerdict, Stakes, roll_out_turn
from nardy_tui.engine import Side, TurnRecord, legal_plays
from nardy_tui.options import Level, Mode
from nardy_tui.play import Highlight, TurnFilter, cell_of, tray_cell
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.review import (
    ReviewFinished,
    ReviewProgress,
    ReviewRequest,
    ReviewScreen,
    TurnReviewed,
)
from tests.engine.boards import position as make_position
from tests.ui.driver import burst, drain, footer_shown
from tests.ui.test_resume import resumed, saved_v1

SIZE = (120, 40)


def blunder_game() -> ReviewRequest:
    """White, with one checker each on 6 and 5, rolls 6-5 and plays 6/1 5/off instead of
    bearing both off; Black then wins. A two-turn game with one decision, a blunder."""
    start = make_position({6: 1, 5: 1}, {1: 2})
    blunder = next(p for p in legal_plays(start, (6, 5)) if str(p[0]) == "6/1")
    after = start.apply(blunder, (6, 5))
    [black_off] = legal_plays(after, (2, 1))
    return ReviewRequest(
        number=1,
        start=start,
        turns=(
            TurnRecord(Side.WHITE, (6, 5), blunder, "6/1 5/off"),
            TurnRecord(Side.BLACK, (2, 1), black_off, "1/off(2)"),
        ),
        sides=frozenset(Side),
        view=Side.WHITE,
    )


class ReviewApp(App[None]):
    CSS_PATH = str(Path(__file__).parents[2] / "nardy_tui" / "ui" / "nardy.tcss")

    def __init__(self, request: ReviewRequest) -> None:
        super().__init__()
        self.request = request
        self.review_closed = False

    def on_mount(self) -> None:
        self.push_screen(ReviewScreen(self.request), self._when_closed)

    def _when_closed(self, _: None) -> None:
        self.review_closed = True


async def finished(app: App[None]) -> ReviewScreen:
    await app.workers.wait_for_complete()
    await app.workers.wait_for_complete()
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_the_blunder_is_listed_marked_and_shown_on_the_board() -> None:
    app = ReviewApp(blunder_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        await pilot.pause()
        assert screen.finished and len(screen.reviewed) == 1  # Black's turn was forced
        [line] = [
            str(option.prompt) for option in screen.query_one("#review-turns", OptionList).options
        ]
        assert line == "✗✗  1. White 6-5: 6/1 5/off  -2.00"
        detail = str(screen.query_one("#review-detail", Static).content)
        assert "cost 2.00: blunder" in detail and "Best: 6/off 5/off" in detail
        assert "figures in points" in str(screen.query_one(".panel-title", Static).content)
        board = screen.query_one(BoardView)
        cells = {
            mark: board.marked(mark)
            for mark in (Highlight.HINT, Highlight.LAST_FROM, Highlight.LAST_TO)
        }
        assert cells[Highlight.LAST_FROM] == {cell_of(Side.WHITE, 6), cell_of(Side.WHITE, 5)}
        assert cells[Highlight.LAST_TO] == {cell_of(Side.WHITE, 1), tray_cell(Side.WHITE)}
        assert cells[Highlight.HINT] == {
            cell_of(Side.WHITE, 6),
            cell_of(Side.WHITE, 5),
            tray_cell(Side.WHITE),
        }
        summary = str(screen.query_one("#review-summary", Static).content)
        assert "White: 1 decision, lost 2.00; 1 blunder, 0 errors" in summary
        assert "Black: no decision to judge (only forced plays)" in summary
        assert "grade Beginner" in summary


async def test_filters_and_mistake_keys_and_escape_goes_back() -> None:
    app = ReviewApp(blunder_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        turns = screen.query_one("#review-turns", OptionList)
        await burst(pilot, "b")
        assert screen.shown is TurnFilter.BLACK and screen.selected is None
        assert [str(option.prompt) for option in turns.options] == ["No turn to show."]
        await burst(pilot, "m")
        assert screen.shown is TurnFilter.MISTAKES and turns.option_count == 1
        await burst(pilot, "a", "p", "n")
        assert turns.highlighted == 0
        await burst(pilot, "escape")
        assert app.review_closed and not isinstance(app.screen, ReviewScreen)


async def test_review_from_the_game_over_dialog_and_back(private_home: Path) -> None:
    saved_v1("match-v1-game-over.json", private_home)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)
        await burst(pilot, "v")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.request.sides == frozenset(Side)  # hot-seat: both players
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert len(screen.request.turns) == len(game.match.game.turns)
        await burst(pilot, "escape")  # at once: the review stops with its screen
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)


async def test_review_from_the_match_over_dialog_and_back(private_home: Path) -> None:
    from nardy_tui.options import MatchOptions
    from nardy_tui.storage import save_match
    from tests.ui.scenes import nearly_won

    match = nearly_won(7, length=1)
    match.commit()
    save_match(match, MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=7))
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MatchOverDialog)
        await burst(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        await burst(pilot, "escape")
        await pilot.pause()
        assert isinstance(app.screen, MatchOverDialog)


def test_snapshot_of_the_review_of_a_blunder(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The look of the review screen, on the planted blunder: its values are exact (a won
    and a lost game), so the picture does not change with the expert's weights."""

    async def reviewed(pilot) -> None:  # type: ignore[no-untyped-def]
        while not getattr(pilot.app.screen, "finished", False):
            await pilot.pause(0.05)
        await pilot.pause()

    assert snap_compare(ReviewApp(blunder_game()), terminal_size=SIZE, run_before=reviewed)


async def test_against_the_bot_only_the_humans_play_is_judged(private_home: Path) -> None:
    from nardy_tui.options import MatchOptions
    from nardy_tui.storage import save_match
    from tests.ui.scenes import nearly_won

    match = nearly_won(7, length=3)
    human = match.position.turn  # the side about to win is the human here
    options = MatchOptions(
        mode=Mode.BOT,
        bot_level=Level.EASY,
        color=human,
        points=3,
        seed=7,
    )
    save_match(match, options)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "c")  # confirm the winning turn
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)
        await burst(pilot, "v")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.request.sides == frozenset({human}) and screen.request.view is human
        await burst(pilot, "escape")


async def test_at_80x24_the_review_shows_the_board_and_its_list_is_a_key_away() -> None:
    from tests.ui.driver import burst, resize

    app = ReviewApp(blunder_game())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await finished(app)
        await pilot.pause()
        board = screen.query_one("#review-left")
        side = screen.query_one("#review-side")
        turns = screen.query_one("#review-turns", OptionList)
        assert screen.has_class("-compact") and board.display and not side.display
        assert "blunder" in str(screen.query_one("#review-detail", Static).content)
        await burst(pilot, "i")
        assert side.display and not board.display and app.focused is turns
        await burst(pilot, "i")
        assert board.display and not side.display
        await resize(pilot, 120, 40)
        assert not screen.has_class("-compact") and board.display and side.display


async def verdict_at(size: tuple[int, int], resized: tuple[int, int] | None = None) -> str:
    """The blunder game's verdict in a review opened at ``size`` (then ``resized``)."""
    from tests.ui.driver import resize

    app = ReviewApp(blunder_game())
    async with app.run_test(size=size) as pilot:
        screen = await finished(app)
        await pilot.pause()
        if resized is not None:
            await resize(pilot, *resized)
        detail = screen.query_one("#review-detail", Static)
        footer = screen.query_one(KeysFooter)
        assert detail.region.bottom <= footer.region.y < screen.size.height
        return str(detail.content)


@pytest.mark.parametrize(("size", "resized"), [((80, 24), (120, 40)), ((120, 40), (80, 24))])
async def test_a_resize_lays_the_verdict_out_again_for_the_new_size(
    size: tuple[int, int], resized: tuple[int, int]
) -> None:
    """The verdict shows the whole messages that fit its rows at the terminal's size of the
    moment: at 80x24 the ID does not fit, at 120x40 it does. Resized, the verdict is at once
    what a review opened at the new size shows, between the board and the footer."""
    assert "Position ID" in await verdict_at((120, 40))
    assert "Position ID" not in await verdict_at((80, 24))
    assert await verdict_at(size, resized) == await verdict_at(resized)


async def test_at_80x24_every_key_is_in_the_footer_of_the_view_it_acts_on() -> None:
    """Nine keys do not fit on 80 columns: the board's view shows the keys about its turn,
    the list's view the list's filters; each key is in one of the two."""
    app = ReviewApp(blunder_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await finished(app)
        on_the_board = await footer_shown(pilot)
        await burst(pilot, "i")
        with_the_list = await footer_shown(pilot)
    assert {"Next", "Previous", "Turns", "Details", "Roll out"} <= set(on_the_board)
    assert {"All", "Mistakes", "White", "Black", "Turns"} <= set(with_the_list)
    shown = {key.action for key in [*on_the_board.values(), *with_the_list.values()]}
    every = {binding.action for binding in ReviewScreen.BINDINGS}  # type: ignore[union-attr]
    assert every <= shown


async def test_at_80x24_the_verdict_says_what_it_leaves_out_and_d_shows_it_all() -> None:
    app = ReviewApp(blunder_game())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await finished(app)
        await pilot.pause()
        detail = screen.query_one("#review-detail", Static)
        under_the_board = str(detail.content)
        assert "Position ID" not in under_the_board
        assert under_the_board.splitlines()[-1].endswith("more: d shows the whole verdict")
        await burst(pilot, "d")
        assert not screen.query_one(BoardView).display
        whole = str(detail.content)
        assert "Position ID" in whole and "more: d" not in whole
        # A rollout's line comes under the best play's, which stays in view above it.
        await burst(pilot, "d")
        await rolled_out(pilot, screen)
        await burst(pilot, "d")
        rolled = str(detail.content)
        assert -1 < rolled.find("Best: ") < rolled.find("The figures above")


def test_snapshot_of_the_review_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The board and the verdict of the blunder game's review in the smallest terminal."""

    async def reviewed(pilot) -> None:  # type: ignore[no-untyped-def]
        await finished(pilot.app)
        await pilot.pause()

    assert snap_compare(ReviewApp(blunder_game()), terminal_size=(80, 24), run_before=reviewed)


async def test_in_hebrew_the_review_reads_from_the_right() -> None:
    """The verdict and the summary are set to the right and broken before they are
    reordered, to their width of the moment (broken again when the terminal narrows);
    each turn of the list starts at the right with its mark."""
    from nardy_tui.i18n import _, reading_of, use_language, visual
    from tests.ui.driver import resize

    use_language("he", reorder_rtl=True)
    app = ReviewApp(blunder_game())
    async with app.run_test(size=(160, 40)) as pilot:
        screen = await finished(app)
        await pilot.pause()
        for size in ((160, 40), SIZE):
            await resize(pilot, *size)
            for selector in ("#review-detail", "#review-summary"):
                widget = screen.query_one(selector, Static)
                assert widget.styles.text_align == "right", selector
                width = widget.content_size.width
                lines = str(widget.content).split("\n")
                assert all(len(line) <= width for line in lines), (selector, size, lines)
        turns = screen.query_one("#review-turns", OptionList)
        line = str(turns.get_option_at_index(0).prompt)
        assert line.rstrip().endswith("✗✗"), "the mark first, at the right"
        assert visual(f"1. {reading_of(_('White'))}") in line


async def summary_and_detail(request: ReviewRequest) -> tuple[str, str]:
    """The review's summary and the shown turn's verdict, once the review is done."""
    app = ReviewApp(request)
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        await pilot.pause()
        return (
            str(screen.query_one("#review-summary", Static).content),
            str(screen.query_one("#review-detail", Static).content),
        )


async def test_the_summary_counts_the_plays_made_against_the_tutors_warning() -> None:
    request = dataclasses.replace(blunder_game(), overridden=frozenset({1}))
    summary, _ = await summary_and_detail(request)
    assert "1 play made against the tutor's warning." in summary


async def test_once_done_the_summary_tells_the_dice_from_the_play() -> None:
    summary, detail = await summary_and_detail(blunder_game())
    # From -0.67 (one roll in six wins), the 6-5 made a sure win (+1.67) that White's
    # play threw away (-2.00): White lost 1 point.
    assert (
        "For White: -0.67 (the start) + 1.67 (the dice) - 2.00 (White's play) + 0.00 "
        "(Black's play) = -1.00." in summary.replace("\n", " ")
    )
    assert "With the luck taken out: -2.67 for White." in summary.replace("\n", " ")
    assert "The roll's luck for White: +" in detail


async def rolled_out(pilot: Pilot[None], screen: ReviewScreen) -> str:
    """Press r and wait for the shown turn's rollout; the verdict's words then. The
    rollout's worker starts once "Rolling out…" is drawn, so the app may have no worker
    yet to wait for just after the key; its answer is queued on the screen, not the app."""
    turn = screen.selected
    assert turn is not None
    await burst(pilot, "r")
    for _ in range(200):
        await pilot.app.workers.wait_for_complete()
        await drain(pilot)
        if turn.number in screen.rolled:
            break
        await pilot.pause(0.05)
    return str(screen.query_one("#review-detail", Static).content)


async def test_r_rolls_the_shown_turn_out_beside_the_estimates() -> None:
    app = ReviewApp(blunder_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        detail = await rolled_out(pilot, screen)
        # White's 6/1 5/off leaves Black a sure win; bearing both off wins at once.
        assert "The figures above are the expert's estimates; rolled out 36 times" in detail
        assert detail.count("olled out") == 1
        assert "the play made -1.000 (± 0.000), the best +1.000 (± 0.000): cost +2.000" in detail


async def test_at_a_match_score_r_gives_the_rolled_out_chance_to_win_the_match() -> None:
    stakes = Stakes(MatchScore(length=5, mover=2, opponent=3))
    app = ReviewApp(dataclasses.replace(blunder_game(), stakes=stakes))
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        detail = " ".join((await rolled_out(pilot, screen)).split())
        # A single win thrown into a single loss: 2-away against 2-away, or 3-away against
        # 1-away.
        worth = stakes.outcomes
        assert (
            f"The figures above are the expert's estimates; rolled out 36 times: the match "
            f"won {worth.lose:.1%} (± 0.0%) after the play made, {worth.win:.1%} (± 0.0%) "
            f"after the best; {worth.win - worth.lose:+.1%} given away."
        ) in detail
        assert f"(◌ ▲▼): {worth.lose:.1%}, cost {worth.win - worth.lose:.1%}: blunder." in detail


def best_play_game() -> ReviewRequest:
    """The blunder game's start, White bearing both checkers off as the expert would."""
    start = make_position({6: 1, 5: 1}, {1: 2})
    best = next(p for p in legal_plays(start, (6, 5)) if str(p[0]) == "6/off")
    return ReviewRequest(
        number=1,
        start=start,
        turns=(TurnRecord(Side.WHITE, (6, 5), best, "6/off 5/off"),),
        sides=frozenset(Side),
        view=Side.WHITE,
    )


async def test_a_play_that_was_the_best_keeps_its_own_marks_beside_the_star() -> None:
    app = ReviewApp(best_play_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        await pilot.pause()
        markers = {look.cell: look.marker for look in screen.query_one(BoardView).looks()}
        assert "◌" in markers[cell_of(Side.WHITE, 6)] and "☆" in markers[cell_of(Side.WHITE, 6)]
        tray = markers[tray_cell(Side.WHITE)]
        assert "★" in tray and ("▲" in tray or "▼" in tray)


async def test_m_in_a_game_without_mistakes_says_there_are_none() -> None:
    app = ReviewApp(best_play_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        await burst(pilot, "m")
        options = screen.query_one("#review-turns", OptionList).options
        assert [str(option.prompt) for option in options] == ["No mistakes in this game."]
        assert screen.selected is None
        await burst(pilot, "a")
        assert len(screen.query_one("#review-turns", OptionList).options) == 1
        assert screen.selected is not None


async def test_a_rollout_says_it_is_running_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    started, go_on = threading.Event(), threading.Event()

    def slow_roll_out(*args: object, **kwargs: object) -> RolledVerdict:
        started.set()
        go_on.wait(5)
        return roll_out_turn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("nardy_tui.ui.review.roll_out_turn", slow_roll_out)
    app = ReviewApp(blunder_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        await burst(pilot, "r")
        detail = str(screen.query_one("#review-detail", Static).content)
        assert "Rolling out… (36 games)" in detail
        go_on.set()
        await app.workers.wait_for_complete()
        for _ in range(200):  # the answer comes back through the event loop
            await pilot.pause(0.05)
            if "Rolling out" not in str(screen.query_one("#review-detail", Static).content):
                break
        assert started.is_set()
        assert "Rolling out" not in str(screen.query_one("#review-detail", Static).content)


async def test_at_80x24_the_reviews_footer_keeps_quit_whole(private_home: Path) -> None:
    saved_v1("match-v1-game-over.json", private_home)
    app = resumed()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await burst(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        keys = await footer_shown(pilot)
        assert {"Back", "Next", "Previous", "Turns", "Details", "Roll out", "Quit"} <= set(keys)
        palette = keys.pop("palette")
        assert all(key.region.right <= palette.region.x for key in keys.values())


async def test_a_turn_judged_after_the_review_was_closed_is_not_listed() -> None:
    """Escape takes the screen out of the stack at once; Textual removes it a moment later
    and still delivers what its worker posts meanwhile, which it must leave alone."""
    app = ReviewApp(blunder_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        [judged] = screen.reviewed
        screen.action_back()
        assert screen.gone and screen.is_attached
        assert screen.post_message(TurnReviewed(judged))  # queued, not dropped
        assert screen.post_message(ReviewProgress(1))
        await pilot.pause()
        assert screen.reviewed == [judged] and app.review_closed


async def test_once_the_review_screen_is_removed_its_workers_answers_are_dropped() -> None:
    app = ReviewApp(blunder_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = await finished(app)
        await burst(pilot, "escape")
        while screen.is_attached:
            await pilot.pause()
        assert not screen.post_message(ReviewFinished(screen.luck))  # type: ignore[arg-type]
