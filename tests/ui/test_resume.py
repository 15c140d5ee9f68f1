"""A saved match goes on from exactly where it was saved, whatever the phase.

Each test saves a match at one phase, loads it in a fresh app as ``nardy --resume`` does,
checks the dialog or prompt that was on screen is there again, and plays on to the next
phase with the keys a player would press.
"""

from __future__ import annotations

import inspect
import random
import shutil
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Static

from nardy_tui.engine import Match, Phase, Side, Step
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.storage import load_saved, save_match
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog, ResumeDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.storage.play import act
from tests.textual_seams import crash_of, notifications
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, game_screen, settle, status, turn_keys
from tests.ui.scenes import nearly_won

SIZE = (120, 40)
DATA = Path(__file__).parent.parent / "data"
HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=2)
BOT = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=3, seed=2)


def resumed(launch: LaunchOptions | None = None) -> NardyApp:
    """The app as ``nardy --resume`` starts it, with the fast stand-in bot."""
    return NardyApp(launch or LaunchOptions(resume=True), bot_factory=FirstPlayBot, pace=0)


def text_of(screen: object, selector: str) -> str:
    assert isinstance(screen, Screen)
    return str(screen.query_one(selector, Static).content)


def banner(screen: GameScreen) -> str:
    return str(screen.board.query_one("#banner", Static).content)


def rolled_off(seed: int, options: MatchOptions = HOT_SEAT) -> Match:
    match = Match(options.points, seed=seed)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    return match


def saved_v1(name: str, home: Path) -> None:
    """Put a save file written by format version 1 in place, as the user's own."""
    home.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DATA / name, home / "match.json")


async def test_resume_before_the_roll_off() -> None:
    save_match(Match(3, seed=2), HOT_SEAT)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        assert screen.match.phase is Phase.ROLL_OFF and not screen.match.game.roll_offs
        assert "roll-off" in banner(screen) and "(r)" in status(screen)
        await burst(pilot, "r")
        assert len(screen.match.game.roll_offs) == 1


async def test_resume_after_a_tied_roll_off() -> None:
    seed = next(seed for seed in range(100) if Match(3, seed=seed).roll_off().winner is None)
    match = Match(3, seed=seed)
    tie = match.roll_off()
    save_match(match, HOT_SEAT)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        assert f"White {tie.white} · Black {tie.black} · a tie" in banner(screen)
        assert "tie" in status(screen)
        await burst(pilot, "r")
        assert len(screen.match.game.roll_offs) == 2


async def test_resume_before_the_dice_are_rolled() -> None:
    match = rolled_off(4)
    save_match(match, HOT_SEAT)
    expected = match.roll()
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        mover = screen.match.position.turn
        assert screen.match.phase is Phase.ROLL and f"{mover.label} starts" in status(screen)
        await burst(pilot, "r")
        assert screen.match.phase is Phase.MOVE and screen.match.dice == expected


async def test_resume_a_half_played_turn_from_a_version_1_file(private_home: Path) -> None:
    """Black (the player) has played one step of a turn; the bot plays White."""
    saved_v1("match-v1-mid-turn.json", private_home)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        turn = match.turn
        assert turn is not None and len(turn.steps) == 1 and match.position.turn is Side.BLACK
        assert str(turn.steps[0]) in status(screen)
        first_step = turn.steps[0]
        turns = len(match.game.turns)
        await burst(pilot, *turn_keys(match), "c")
        await settle(pilot)
        played = match.game.turns[turns]
        assert played.side is Side.BLACK and played.play[0] == first_step
        assert match.game.turns[turns + 1].side is Side.WHITE
        assert match.phase is Phase.ROLL and match.position.turn is Side.BLACK


def after_a_pass() -> Match:
    """A seeded one-point match played by random legal choices until a side passes."""
    match, rng = Match(1, seed=85), random.Random(85)
    while not (match.phase is Phase.ROLL and match.game.turns and match.game.turns[-1].play == ()):
        act(match, rng)
    return match


async def test_resume_after_a_pass_shows_the_dice_that_could_not_be_played() -> None:
    match = after_a_pass()
    passed = match.game.turns[-1]
    save_match(match, MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=85))
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        assert "Pass" in status(screen) and str(passed) in status(screen)
        die = passed.dice[0]
        assert f"✗{die}✗" in text_of(screen, "#info")
        await burst(pilot, "r")
        assert screen.match.phase is Phase.MOVE
        assert f"✗{die}✗" not in text_of(screen, "#info") or screen.match.turn.is_pass


async def test_the_dice_of_a_pass_stay_shown_until_the_next_roll() -> None:
    """Live, not only after resuming: the dice panel keeps the passed dice."""
    match = after_a_pass()
    passed = match.game.turns[-1]
    save_match(match, MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=85))
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        info = text_of(game_screen(pilot), "#info")
        assert "Dice  -" not in info
        assert info.count(f"✗{passed.dice[0]}✗") == (4 if passed.dice[0] == passed.dice[1] else 1)


async def test_resume_when_the_bot_is_to_roll() -> None:
    match = Match(3, seed=2)
    while match.phase is Phase.ROLL_OFF or match.position.turn is Side.WHITE:
        act(match, random.Random(len(match.game.turns)))
    assert match.phase is Phase.ROLL and match.position.turn is Side.BLACK
    save_match(match, BOT)
    turns = len(match.game.turns)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = game_screen(pilot).match
        assert match.game.turns[turns].side is Side.BLACK
        assert match.phase is Phase.ROLL and match.position.turn is Side.WHITE
        await burst(pilot, "r")
        assert match.phase is Phase.MOVE


def bot_turn_begun(own_first_step: bool) -> tuple[Match, tuple[Step, ...]]:
    """A bot match saved with one step of the bot's (Black's) turn on the board: the first
    step of the play the stand-in bot chooses, or another one. Also that choice."""
    match = Match(3, seed=2)
    rng = random.Random(5)
    while not (
        match.phase is Phase.MOVE
        and match.position.turn is Side.BLACK
        and match.turn is not None
        and len(match.turn.allowed_steps()) > 1
        and not match.turn.steps
        and match.game.turns
    ):
        act(match, rng)
    assert match.turn is not None
    choice = FirstPlayBot(Level.EASY, 0).choose(match.turn.position, match.turn.dice)
    step = (
        choice[0]
        if own_first_step
        else next(step for step in match.turn.allowed_steps() if step != choice[0])
    )
    match.turn.push(step)
    return match, choice


@pytest.mark.parametrize("own_first_step", [True, False])
async def test_resume_in_the_middle_of_the_bots_turn(own_first_step: bool) -> None:
    """The bot had shown one step of its play; it finishes its turn after resuming, going on
    from that step if its choice starts with it, or taking it back first (it used to crash)."""
    match, choice = bot_turn_begun(own_first_step)
    save_match(match, BOT)
    turns = len(match.game.turns)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert crash_of(app) is None
        match = game_screen(pilot).match
        played = match.game.turns[turns]
        assert played.side is Side.BLACK and played.play == choice
        assert match.phase is Phase.ROLL and match.position.turn is Side.WHITE
        await burst(pilot, "r")
        assert match.phase is Phase.MOVE


async def test_a_match_saved_between_games_goes_on_with_its_score(private_home: Path) -> None:
    """Issue 13: a 3-point match saved after game 1 (format version 1, as written then)."""
    saved_v1("match-v1-game-over.json", private_home)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, GameOverDialog)
        assert "White 1 - 0 Black, match to 3" in text_of(dialog, ".dialog-body")
        await burst(pilot, "enter")
        screen = game_screen(pilot)
        match = screen.match
        assert match.phase is Phase.ROLL_OFF and match.game.number == 2
        assert "Game 2" in banner(screen)
        await burst(pilot, "r")
        assert len(match.game.roll_offs) == 1
        assert match.score == {Side.WHITE: 1, Side.BLACK: 0}
    saved = load_saved()
    assert saved is not None and len(saved.match.games) == 2
    assert saved.match.score == {Side.WHITE: 1, Side.BLACK: 0}


async def test_a_match_between_games_is_offered_and_resumed_with_its_dialog(
    private_home: Path,
) -> None:
    saved_v1("match-v1-game-over.json", private_home)
    app = resumed(LaunchOptions())
    async with app.run_test(size=SIZE) as pilot:
        dialog = app.screen
        assert isinstance(dialog, ResumeDialog)
        assert "White 1 - Black 0" in text_of(dialog, ".dialog-body")
        assert "game 1 over" in text_of(dialog, ".dialog-body")
        await burst(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)
        await burst(pilot, "enter")
        assert game_screen(pilot).match.game.number == 2


async def test_the_palette_offers_the_next_game_at_game_over(private_home: Path) -> None:
    saved_v1("match-v1-game-over.json", private_home)
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert "Next game" in commands
        started = commands["Next game"].callback()
        if inspect.isawaitable(started):
            await started
        await pilot.pause()
        assert game_screen(pilot).match.game.number == 2


async def test_a_match_saved_at_match_over_shows_its_result(private_home: Path) -> None:
    """A save at match over (say the record could not be written then) is not lost."""
    match = nearly_won(7, length=1)
    match.commit()
    assert match.phase is Phase.MATCH_OVER
    save_match(match, MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=7))
    app = resumed()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MatchOverDialog)
        assert "wins the match" in str(dialog.query_one(".dialog-title", Static).content)
        records = list((private_home / "records").glob("*.txt"))
        assert len(records) == 1 and "Match result: " in records[0].read_text()
        assert not (private_home / "match.json").exists()
        await burst(pilot, "enter")
        assert isinstance(app.screen, NewMatchScreen)


async def test_a_match_asked_for_on_the_command_line_is_named_beside_the_saved_one() -> None:
    """``nardy --bot easy --points 5`` with a hot-seat match saved: the question names both
    and that starting the new one gives the saved one up; resuming says the other was not
    started."""
    save_match(Match(3, seed=2), HOT_SEAT)
    asked = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, points=5, seed=3)
    app = resumed(LaunchOptions(match=asked))
    async with app.run_test(size=SIZE) as pilot:
        dialog = app.screen
        assert isinstance(dialog, ResumeDialog)
        body = " ".join(text_of(dialog, ".dialog-body").split())
        assert "hot-seat, match to 3" in body
        assert "The command line asks for a new match: against the Easy bot, match to 5" in body
        assert "A new match gives the saved one up (kept as a record)." in body
        await burst(pilot, "r")
        screen = game_screen(pilot)
        assert screen.match.length == 3 and screen.options.mode is Mode.HOT_SEAT
        assert any("was not started" in str(note.message) for note in notifications(app))
