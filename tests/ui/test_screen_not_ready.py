"""The game screen while the player cannot see its board: a setting changed or the line's
news come before the board is up, and the automatic plays (the bot's roll, its next step)
come due while help or a dialog covers it. Nothing is played where it cannot be seen: the
news waits for the board, a play for the screen to be on top again. And the line's news
that is not to be said goes to the side panel only, leaving the status line to the game."""

from __future__ import annotations

from textual.widgets import Static

from nardy_tui.engine import Match, Phase, Side
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.play import LineReport, against_friend, hot_seat
from nardy_tui.storage import Switch
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.help import HelpScreen
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import (
    burst,
    drain,
    game_screen,
    roll_off,
    settle,
    status,
    turn_keys,
    type_turn,
)

SIZE = (80, 24)


def side_panel(screen: GameScreen) -> str:
    """What the side panel's box for the other side's doings says."""
    return str(screen.query_one("#bot-activity", Static).content)


def friends_screen(app: NardyApp) -> GameScreen:
    """The game screen of a new match with a friend on another machine, made as the
    network game makes it (here with no line: its news is handed to the screen)."""
    options = MatchOptions(mode=Mode.NETWORK, color=Side.WHITE, points=1)
    return GameScreen(
        Match(length=1, seed=5), options, against_friend(Side.WHITE), app.game_services
    )


async def test_a_setting_changed_before_the_board_is_up_does_nothing() -> None:
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = Match(length=1, seed=5)
        while match.phase is Phase.ROLL_OFF:
            match.roll_off()
        options = MatchOptions(mode=Mode.HOT_SEAT, points=1)
        screen = GameScreen(match, options, hot_seat(), app.game_services)
        app.push_screen(screen)
        assert screen.is_attached and not screen.board_shown
        app.settings.auto_roll = True
        screen.setting_changed(Switch.AUTO_ROLL)
        assert match.phase is Phase.ROLL, "nothing is rolled before the board is up"
        await drain(pilot)
        assert screen.board_shown  # the screen starts as any other, the setting on


async def test_the_bots_steps_wait_while_help_covers_the_board() -> None:
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=1, seed=7)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=30)
    app.settings.auto_confirm = True
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        if match.position.turn is Side.WHITE:
            await type_turn(pilot)
        await app.workers.wait_for_complete()
        await drain(pilot)
        assert match.turn is not None and match.position.turn is Side.BLACK
        assert screen.flow.away_steps and match.turn.steps == ()
        await burst(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        screen.away_step()  # the step's time has come
        assert match.turn.steps == (), "no step behind the help"
        await burst(pilot, "escape")
        assert app.screen is screen and len(match.turn.steps) == 1


async def test_the_bots_roll_waits_while_help_covers_the_board() -> None:
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=1, seed=7)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = await roll_off(pilot)
        await settle(pilot)
        await burst(pilot, "r")
        await burst(pilot, *turn_keys(match))
        screen.action_command("confirm")
        app.action_help()  # before the bot's roll, which waits for the events at hand
        await drain(pilot)
        assert match.phase is Phase.ROLL and match.position.turn is Side.BLACK
        await burst(pilot, "escape")
        await settle(pilot)
        assert match.game.turns[-1].side is Side.BLACK and match.position.turn is Side.WHITE


async def test_the_lines_news_before_the_board_is_up_is_shown_once_it_is() -> None:
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = friends_screen(app)
        app.push_screen(screen)
        assert screen.is_attached and not screen.board_shown
        # Told straight away: news posted to the screen (``hear_friend``) waits in its
        # queue behind its start, which puts the board up first.
        screen.line_news("Your friend is back.")
        await drain(pilot)
        assert status(screen) == side_panel(screen) == "Your friend is back."


async def test_the_lines_news_not_to_be_said_goes_to_the_side_panel_only() -> None:
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = friends_screen(app)
        app.push_screen(screen)
        await drain(pilot)
        said = status(screen)
        screen.hear_friend(LineReport("The line to your friend is up.", said=False))
        await drain(pilot)
        assert side_panel(screen) == "The line to your friend is up."
        assert status(screen) == said
