"""A worker's answer (a message posted to the screen) reaches only the screen that asked:
a language change while the bot thinks (or a hint is being found) makes the game screen
anew on the same match, and the old screen's answer must neither crash on its vanished
board nor play the bot's turn twice."""

from __future__ import annotations

import asyncio
import threading

from nardy_tui.bot import MONEY, Bot, Stakes
from nardy_tui.engine import Dice, Phase, Play, Position, Side, legal_plays
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game.answers import BotChose
from tests.ui.driver import game_screen, roll_off, settle

SIZE = (120, 40)


class HeldBot(Bot):
    """A bot that answers only once ``release`` is set: the test decides when it has
    finished thinking. Every play it was asked for is counted."""

    release = threading.Event()
    asked = 0

    def __init__(self, level: Level, seed: int) -> None:
        super().__init__(seed)
        self.level = level

    def choose(self, position: Position, dice: Dice, stakes: Stakes = MONEY) -> Play:
        HeldBot.asked += 1
        HeldBot.release.wait(timeout=10)
        return legal_plays(position, dice)[0]

    def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
        HeldBot.release.wait(timeout=10)
        return [(play, 0.0) for play in legal_plays(position, dice)]


def bot_app(color: Side) -> NardyApp:
    HeldBot.release = threading.Event()
    HeldBot.asked = 0
    options = MatchOptions(
        mode=Mode.BOT,
        bot_level=Level.EASY,
        color=color,
        points=1,
        seed=5,
    )
    return NardyApp(LaunchOptions(match=options, resume=False), bot_factory=HeldBot, pace=0)


async def test_changing_the_language_while_the_bot_thinks_plays_its_turn_once() -> None:
    app = bot_app(Side.BLACK)  # seed 5: White, the bot, wins the roll-off
    async with app.run_test(size=SIZE) as pilot:
        match = await roll_off(pilot)
        await pilot.pause()
        assert match.position.turn is Side.WHITE and match.phase is Phase.MOVE
        assert HeldBot.asked == 1
        old = game_screen(pilot)
        app.change_language("ru")
        while game_screen(pilot) is old or old.is_attached:
            await pilot.pause()
        HeldBot.release.set()
        await settle(pilot)
        assert match.game.turns[0].side is Side.WHITE
        assert [record.side for record in match.game.turns] == [Side.WHITE]
        assert match.position.turn is Side.BLACK
        assert game_screen(pilot).match is match


async def test_an_answer_to_a_screen_already_removed_is_dropped_by_textual() -> None:
    app = bot_app(Side.BLACK)
    HeldBot.release.set()
    async with app.run_test(size=SIZE) as pilot:
        match = await roll_off(pilot)
        await settle(pilot)
        old = game_screen(pilot)
        app.change_language("ru")
        while game_screen(pilot) is old or old.is_attached:
            await pilot.pause()
        play = legal_plays(match.position, Dice(6, 5))[0]
        # A worker of the old screen finishing now, from its thread.
        queued = await asyncio.to_thread(old.post_message, BotChose(play, len(match.game.turns)))
        assert not queued
        assert game_screen(pilot).match is match


async def test_an_answer_between_the_old_screen_and_the_new_is_not_played_by_the_old() -> None:
    """The old screen leaves the app's stack at once but is removed only once the new one
    has mounted: Textual still delivers what is posted to it meanwhile."""
    app = bot_app(Side.BLACK)  # seed 5: White, the bot, wins the roll-off
    async with app.run_test(size=SIZE) as pilot:
        match = await roll_off(pilot)
        await pilot.pause()
        assert match.position.turn is Side.WHITE and match.phase is Phase.MOVE
        assert match.turn is not None and match.dice is not None
        old = game_screen(pilot)
        app.start_match(old.options, match)  # as a language change does
        assert old.gone and old.is_attached
        play = legal_plays(match.position, match.dice)[0]
        assert old.post_message(BotChose(play, len(match.game.turns)))  # queued
        await pilot.pause()
        assert not match.game.turns and not match.turn.steps and not old.flow.away_steps
        HeldBot.release.set()
        await settle(pilot)
        assert [record.side for record in match.game.turns] == [Side.WHITE]
        assert game_screen(pilot) is not old and match.position.turn is Side.BLACK
