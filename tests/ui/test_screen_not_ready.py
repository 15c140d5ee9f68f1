"""The game screen while the player cannot see its board: an automatic play (the bot's
roll, its next step) that comes due while help or a dialog covers the board waits until
the game screen is on top again, and is made then."""

from __future__ import annotations

from nardy_tui.engine import Phase, Side
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.help import HelpScreen
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, drain, game_screen, roll_off, settle, turn_keys, type_turn

SIZE = (80, 24)


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
