"""Who makes the choices for a side: the bot, seen through the small interface the game needs.

The bot package is imported only when a bot is first needed, inside the worker thread, so
neither start-up nor a hot-seat match pays for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from nardy_tui.engine import Dice, Play, Position
from nardy_tui.options import Level

if TYPE_CHECKING:
    from nardy_tui.bot import RankingWithChances, Stakes


class Chooser(Protocol):
    """What the game asks of a bot: ``nardy_tui.bot.Bot``'s face, which every bot
    ``get_bot`` makes has (and a test's stand-in, made a ``Bot`` too)."""

    def choose(self, position: Position, dice: Dice, stakes: Stakes) -> Play:
        """The play made at the ``stakes`` (the match's score: ``stakes_at``)."""
        ...

    def rank_with_chances(
        self, position: Position, dice: Dice, played: Position | None, stakes: Stakes
    ) -> RankingWithChances:
        """Every play ranked at the ``stakes``, with the bot's judgement of each where it
        has one; ``played`` judged as carefully as the best (the tutor's question)."""
        ...


BotFactory = Callable[[Level, int], Chooser]
"""Makes a bot from a level and a seed; tests inject a fast stand-in here."""

HINT_LEVEL = Level.EXPERT
"""The bot whose ranking the hint and the tutor show."""
FALLBACK_LEVEL = Level.HARD
"""Plays for ``expert`` when its weights cannot be loaded: the new-match screen and the
command line refuse to start an expert match then, so this only serves the hint and a match
resumed after the weights file was damaged."""


def load_bot(level: Level, seed: int) -> Chooser:
    """The real bot of ``level`` (imported lazily: it is not needed for the first frame)."""
    from nardy_tui.bot import WeightsError, get_bot

    try:
        return get_bot(level, seed=seed)
    except WeightsError:
        return get_bot(FALLBACK_LEVEL, seed=seed)


class MatchBots:
    """A match's bots, one per level, each made on first use (the bot's turn, the hint and
    the tutor share them), all with the match's seed."""

    def __init__(self, factory: BotFactory, seed: int) -> None:
        self._factory = factory
        self._seed = seed
        self._made: dict[Level, Chooser] = {}
        self._making = threading.Lock()
        """The workers that ask (the bot's, the hint's, the tutor's) make each bot once."""

    def __getitem__(self, level: Level) -> Chooser:
        with self._making:
            if level not in self._made:
                self._made[level] = self._factory(level, self._seed)
            return self._made[level]
