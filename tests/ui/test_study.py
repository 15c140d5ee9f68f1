"""Studying from the game: the position's ID, to paste into ``nardy analyze``, and the
tutor, which questions a mistake before it counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from nardy_tui.bot import Bot
from nardy_tui.engine import (
    Dice,
    Match,
    Phase,
    Play,
    Position,
    Side,
    TurnBuilder,
    legal_plays,
    legal_results,
    read_position_id,
)
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.storage import Switch, Tutor, load_saved, load_settings, parse_record
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import QuitDialog, TutorDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.textual_seams import notifications
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, drain, first_roll, keys_for, racing_move, status, turn_keys

SIZE = (80, 24)


def hot_seat(seed: int = 5) -> NardyApp:
    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=seed)
    return NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)


async def test_the_position_id_is_shown_and_copied_with_the_dice_thrown() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        await burst(pilot, "number_sign")
        copied = app.clipboard
        assert read_position_id(copied) == (match.position, match.dice)
        assert copied in status(screen)


async def from_the_palette(pilot: Pilot[int], words: str) -> None:
    """Open the command palette, type ``words`` and run the first command found."""
    await burst(pilot, "ctrl+p")
    for key in words:
        await burst(pilot, "space" if key == " " else key)
    await burst(pilot, "enter")


async def test_the_palette_offers_the_position_id_before_the_roll_too() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await from_the_palette(pilot, "position id")
        assert Position.from_id(app.clipboard) == Position.initial()
        assert read_position_id(app.clipboard)[1] is None


class RacingIsWrongBot(Bot):
    """A stand-in expert that calls the driver's racing play a blunder (it costs 1.5
    points) and every other play good, so a test knows what the tutor will say."""

    def __init__(self, level: Level, seed: int) -> None:
        super().__init__(seed)
        self.level = level

    def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
        turn = TurnBuilder(position, dice)
        while not turn.is_complete:
            turn.move(*racing_move(turn))
        racing = position.apply(turn.steps, dice)
        ranked = [
            (play, -1.0 if after == racing else 0.5)
            for play, after in legal_results(position, dice)
        ]
        return sorted(ranked, key=lambda pair: -pair[1])


def tutored(tutor: Tutor) -> NardyApp:
    app = NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=5), resume=False),
        bot_factory=RacingIsWrongBot,
        pace=0,
    )
    app.settings.tutor = tutor
    return app


async def to_a_real_choice(pilot: Pilot[int]) -> Match:
    """Roll and play racing turns (the tutor says nothing of a forced one) until the
    player to move has more than one distinct play."""
    _, match = await first_roll(pilot)
    while len(legal_results(match.position, match.dice)) < 2:
        await burst(pilot, *turn_keys(match), "c")
        await judged(pilot)
        await burst(pilot, "r")
    return match


async def judged(pilot: Pilot[int]) -> None:
    """Wait for the tutor's worker and what its answer does."""
    await pilot.app.workers.wait_for_complete()
    await drain(pilot)


async def confirm_a_blunder(pilot: Pilot[int]) -> Match:
    match = await to_a_real_choice(pilot)
    await burst(pilot, *turn_keys(match), "c")
    await judged(pilot)
    return match


async def test_the_tutor_questions_a_blunder_and_rethink_takes_the_turn_back() -> None:
    app = tutored(Tutor.BLUNDER)
    async with app.run_test(size=SIZE) as pilot:
        match = await confirm_a_blunder(pilot)
        turns = len(match.game.turns)
        assert isinstance(app.screen, TutorDialog)
        words = " ".join(str(widget.content) for widget in app.screen.query(Static))
        # A one-point match: the cost is told in the chance to win it.
        assert "gives away 75.0% of your chance to win the match: " in words
        assert "points" not in words  # one unit: the match's chance
        await burst(pilot, "t")
        assert isinstance(app.screen, GameScreen)
        assert len(match.game.turns) == turns and match.turn is not None
        assert match.turn.steps == ()


async def test_at_80x24_b_shows_the_board_under_the_tutors_question_and_brings_it_back() -> None:
    app = tutored(Tutor.BLUNDER)
    async with app.run_test(size=(80, 24)) as pilot:
        await confirm_a_blunder(pilot)
        dialog = app.screen
        assert isinstance(dialog, TutorDialog)
        box = dialog.query_one(".dialog")
        assert "b shows the board under this question" in " ".join(
            str(widget.content) for widget in dialog.query(Static)
        )
        await burst(pilot, "b")
        assert app.screen is dialog and not box.display
        looking = dialog.query_one(".tutor-looking", Static)
        assert looking.display
        # Under the board, the keys that answer the hidden question (c and u do not).
        assert "t rethinks, h shows the hint, p plays anyway" in str(looking.content)
        assert looking.region.bottom <= 24
        await burst(pilot, "b")
        assert box.display and not dialog.query_one(".tutor-looking").display
        await burst(pilot, "t")
        assert isinstance(app.screen, GameScreen)


async def test_play_anyway_counts_the_turn_and_remembers_the_warning_for_the_review() -> None:
    app = tutored(Tutor.ERROR)
    async with app.run_test(size=SIZE) as pilot:
        match = await confirm_a_blunder(pilot)
        turns = len(match.game.turns)
        await burst(pilot, "p")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert len(match.game.turns) == turns + 1
        assert screen.tutor.overridden == {(1, turns + 1)}
        saved = load_saved()
        assert saved is not None and saved.warned == {(1, turns + 1)}  # kept for a resume


async def test_show_hint_takes_the_turn_back_and_stars_the_best_play() -> None:
    app = tutored(Tutor.DOUBTFUL)
    async with app.run_test(size=SIZE) as pilot:
        match = await confirm_a_blunder(pilot)
        await burst(pilot, "h")
        await app.workers.wait_for_complete()
        await drain(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert match.turn is not None and match.turn.steps == ()
        assert screen.flow.hint is not None
        assert status(screen).startswith("Hint:")


async def test_a_good_play_is_confirmed_without_a_question() -> None:
    app = tutored(Tutor.DOUBTFUL)
    async with app.run_test(size=SIZE) as pilot:
        match = await to_a_real_choice(pilot)
        best = RacingIsWrongBot(Level.EXPERT, 0).rank(match.position, match.dice)[0][0]
        turns = len(match.game.turns)
        for step in best:
            await burst(pilot, *keys_for(step.src), *keys_for(step.dst))
        await burst(pilot, "c")
        await app.workers.wait_for_complete()
        await drain(pilot)
        assert isinstance(app.screen, GameScreen)
        assert len(match.game.turns) == turns + 1


async def test_with_the_tutor_off_a_blunder_counts_at_once() -> None:
    app = tutored(Tutor.OFF)
    async with app.run_test(size=SIZE) as pilot:
        match = await to_a_real_choice(pilot)
        turns = len(match.game.turns)
        await burst(pilot, *turn_keys(match), "c")
        assert isinstance(app.screen, GameScreen) and len(match.game.turns) == turns + 1


async def test_a_turn_left_complete_in_a_saved_match_is_judged_as_soon_as_resumed() -> None:
    app = tutored(Tutor.BLUNDER)
    async with app.run_test(size=SIZE) as pilot:
        match = await to_a_real_choice(pilot)
        await burst(pilot, *turn_keys(match))  # complete, not confirmed, then quit
    ranked: list[Position] = []

    class WatchedExpert(RacingIsWrongBot):
        def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
            ranked.append(position)
            return super().rank(position, dice)

    resumed = NardyApp(LaunchOptions(resume=True), bot_factory=WatchedExpert, pace=0)
    resumed.settings.tutor = Tutor.BLUNDER
    async with resumed.run_test(size=SIZE) as pilot:
        await judged(pilot)
        assert ranked == [match.position]  # before any key, as for a turn completed here
        await burst(pilot, "c")
        assert isinstance(resumed.screen, TutorDialog)


async def test_a_confirmation_starts_the_tutor_when_it_was_turned_on_after_the_turn() -> None:
    app = tutored(Tutor.OFF)
    async with app.run_test(size=SIZE) as pilot:
        match = await to_a_real_choice(pilot)
        await burst(pilot, *turn_keys(match))
        app.settings.tutor = Tutor.BLUNDER
        await burst(pilot, "c")
        await judged(pilot)
        assert isinstance(app.screen, TutorDialog)


async def test_automatic_confirming_turned_on_at_a_complete_turn_asks_the_tutor_first() -> None:
    app = tutored(Tutor.BLUNDER)
    async with app.run_test(size=SIZE) as pilot:
        match = await to_a_real_choice(pilot)
        turns = len(match.game.turns)
        await burst(pilot, *turn_keys(match))
        app.change_setting(Switch.AUTO_CONFIRM, True)
        await judged(pilot)
        assert isinstance(app.screen, TutorDialog) and len(match.game.turns) == turns


async def test_confirming_a_turn_not_complete_says_how_many_steps_are_left() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        assert match.dice is not None and match.dice[0] != match.dice[1]  # two steps
        step = legal_plays(match.position, match.dice)[0][0]
        await burst(pilot, *keys_for(step.src), *keys_for(step.dst), "c")
        said = status(screen)
        assert "The turn is not complete: 1 more step to play." in said
        assert match.turn is not None and len(match.turn.steps) == 1


async def test_undo_with_nothing_to_undo_says_so() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        await burst(pilot, "u")
        assert "Nothing to undo: no step of this turn has been played yet." in status(screen)
        await burst(pilot, "U")
        assert "Nothing to undo" in status(screen)
        assert match.turn is not None and not match.turn.steps


def last_checker_on_six() -> Position:
    """White's last checker on its 6-point, Black's on its 1-point: with 3-1 the only play
    is 6/3/2 (or 6/5/2), a turn that ends on point 2, which waits for a second digit."""
    board = [0] * 24
    board[5], board[12] = 1, -1
    return Position.from_points(board, Side.WHITE)


async def test_a_point_still_waiting_for_its_second_digit_is_taken_before_confirming() -> None:
    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=2)
    start = last_checker_on_six().to_id((3, 1))
    app = NardyApp(
        LaunchOptions(match=options, resume=False, start=start), bot_factory=FirstPlayBot, pace=0
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await burst(pilot, "6", "3", "3", "2", "c")
        assert len(screen.match.game.turns) == 1  # played 6/3/2 and confirmed, at once


async def test_the_roll_key_after_confirm_does_not_answer_the_tutor_unread() -> None:
    """c then r, as a player who expects the turn to count rolls for the next: the r
    comes once the question is up, too soon to have read it, and answers nothing."""
    app = tutored(Tutor.BLUNDER)
    async with app.run_test(size=SIZE) as pilot:
        match = await confirm_a_blunder(pilot)
        assert isinstance(app.screen, TutorDialog) and match.turn is not None
        steps = match.turn.steps
        await burst(pilot, "r")
        assert isinstance(app.screen, TutorDialog) and match.turn.steps == steps


async def test_quitting_over_the_tutors_question_hides_it_and_keeps_it_open() -> None:
    app = tutored(Tutor.ERROR)
    async with app.run_test(size=SIZE) as pilot:
        match = await confirm_a_blunder(pilot)
        turns = len(match.game.turns)
        tutor = app.screen
        assert isinstance(tutor, TutorDialog)
        await burst(pilot, "ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        assert not tutor.query_one(".dialog").visible  # only the quit dialog's box is drawn
        await burst(pilot, "escape")
        assert app.screen is tutor and tutor.query_one(".dialog").visible
        await burst(pilot, "p")
        assert len(match.game.turns) == turns + 1


def almost_borne_off() -> Position:
    """Two checkers each on the 1-point, White to move: a practice game a turn or two
    long."""
    board = [0] * 24
    board[0], board[12] = 2, -2  # White's point 1, Black's point 1
    return Position.from_points(board, Side.WHITE)


async def test_a_practice_game_from_an_id_is_played_to_its_end_and_recorded_as_one(
    private_home: Path,
) -> None:
    start = almost_borne_off()
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=1, seed=2)
    app = NardyApp(
        LaunchOptions(match=options, resume=False, start=start.to_id((3, 1))),
        bot_factory=FirstPlayBot,
        pace=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        match = screen.match
        assert match.position == start and match.dice == (3, 1)  # no roll-off, dice thrown
        await burst(pilot, *turn_keys(match), "c")
        await app.workers.wait_for_complete()
        await drain(pilot)
        assert match.phase is Phase.MATCH_OVER and match.winner is Side.WHITE
    [record] = (private_home / "records").glob("*.txt")
    text = record.read_text(encoding="utf-8")
    assert f"Start: {start.to_id((3, 1))} (a practice game from this position" in text
    assert parse_record(text).games[0].start == start


async def test_a_practice_game_without_dice_starts_with_the_mover_to_roll() -> None:
    start = almost_borne_off()
    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=2)
    app = NardyApp(
        LaunchOptions(match=options, resume=False, start=start.to_id()),
        bot_factory=FirstPlayBot,
        pace=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match.phase is Phase.ROLL and screen.match.mover is Side.WHITE
        assert "practice game" in status(screen)
        await burst(pilot, "r")
        assert screen.match.phase is Phase.MOVE


async def test_the_new_match_screen_starts_a_practice_game_from_a_pasted_id() -> None:
    start = almost_borne_off()
    app = NardyApp(LaunchOptions(seed=3, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#position")
        await burst(pilot, *start.to_id((6, 5)), "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match.length == 1 and screen.match.position == start
        assert screen.match.dice == (6, 5)


async def test_the_new_match_screen_refuses_an_id_that_is_no_position() -> None:
    app = NardyApp(LaunchOptions(seed=3, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#position")
        await burst(pilot, *"sssss", "enter")  # an s typed here is a letter, not Start
        assert isinstance(app.screen, NewMatchScreen)
        assert any("is not a position ID" in str(note.message) for note in notifications(app))


async def test_the_tutor_judges_steps_made_in_any_order() -> None:
    """The expert ranks each result once, by one order of its steps; a player who made
    them in the other order is judged all the same."""
    app = tutored(Tutor.BLUNDER)
    async with app.run_test(size=SIZE) as pilot:
        match = await to_a_real_choice(pilot)
        assert match.turn is not None
        play = next(
            (
                play
                for play in legal_plays(match.position, match.dice)
                if len(play) == 2 and play[0].dst != play[1].src and play[0].src != play[1].src
            ),
            None,
        )
        if play is None:
            pytest.skip("no two-checker play in this position")
        for step in reversed(play):
            await burst(pilot, *keys_for(step.src), *keys_for(step.dst))
        assert match.turn.steps == tuple(reversed(play))
        await burst(pilot, "c")
        await judged(pilot)
        assert app.is_running and isinstance(app.screen, (GameScreen, TutorDialog))


async def test_a_language_change_keeps_the_plays_made_against_the_tutor() -> None:
    app = tutored(Tutor.ERROR)
    async with app.run_test(size=SIZE) as pilot:
        match = await confirm_a_blunder(pilot)
        turns = len(match.game.turns)
        await burst(pilot, "p")
        app.change_language("ru")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.match is match
        assert screen.tutor.overridden == {(1, turns + 1)}


async def test_the_tutor_is_chosen_in_the_palette_and_remembered() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await from_the_palette(pilot, "blunders only")
        assert app.settings.tutor is Tutor.BLUNDER
    assert load_settings().tutor is Tutor.BLUNDER


async def test_a_key_typed_after_enter_in_the_same_burst_does_not_change_the_id() -> None:
    start = almost_borne_off()
    app = NardyApp(LaunchOptions(seed=3, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#position")
        await burst(pilot, *start.to_id(), "enter", "r")
        screen = app.screen
        assert isinstance(screen, GameScreen), [str(n.message) for n in notifications(app)]
        assert screen.match.position == start
