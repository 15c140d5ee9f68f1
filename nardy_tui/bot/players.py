"""The bots: how each level turns evaluations into a choice among the legal plays.

Every bot only ranks what the engine offers (``legal_results``): it never decides a rule.
Randomness comes from a generator seeded by the bot's seed *and* the position and dice, so a
bot's answer for a given position depends on nothing else (not on the games it played
before), which makes choices reproducible and hints stable.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from nardy_tui.bot.chances import RankedPlay
from nardy_tui.bot.heuristic import SIMPLE, STRONG, Weights, evaluate
from nardy_tui.bot.stakes import MONEY, Stakes
from nardy_tui.engine import (
    ALL_ROLLS,
    Dice,
    Play,
    Position,
    Side,
    legal_plays,
    legal_results,
)
from nardy_tui.options import Level

Ranking = list[tuple[Play, float]]
"""Plays with their scores, best first."""
RankingWithChances = list[RankedPlay]
"""Plays with their scores and, where the bot has one, its judgement of each, best first."""

ROLL_WEIGHTS: tuple[tuple[Dice, float], ...] = tuple(
    (roll, (1 if roll.is_double else 2) / 36) for roll in ALL_ROLLS
)
"""The 21 distinct rolls with their probabilities (a non-double comes up two ways in 36)."""


class Bot(ABC):
    """A player that ranks the legal plays of a position; ``choose`` takes the first."""

    level: Level

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, position: Position, dice: Dice, stakes: Stakes = MONEY) -> Play:
        """The play this bot makes: one of ``legal_plays(position, dice)``. A bot that
        judges by chances (the expert) weighs them by the ``stakes``; the others' scores
        know no match, so they play every score alike."""
        return self.rank(position, dice)[0][0]

    @abstractmethod
    def rank(self, position: Position, dice: Dice) -> Ranking:
        """Every legal play with its score for the side to move, best first."""

    def rank_with_chances(
        self,
        position: Position,
        dice: Dice,
        played: Position | None = None,
        stakes: Stakes = MONEY,
    ) -> RankingWithChances:
        """``rank``, with the bot's judgement of each play where it has one (the expert's
        ``judge`` at the ``stakes``: the chances after it, how deep it was searched); the
        others rank by scores alone. ``played``: a position the player reached, judged as
        carefully as the best."""
        return [RankedPlay(play, score) for play, score in self.rank(position, dice)]

    def _rng(self, position: Position, dice: Dice) -> random.Random:
        """A generator for this decision alone (string seeds hash with SHA-512, so this is
        stable across runs, unlike ``hash()``). The dice enter as a plain pair, ``(5, 3)``, as
        they always have, so a seed replays the games it played before."""
        key = f"{self.level}:{self.seed}:{position.points}:{position.turn.value}:"
        pair = (dice[0], dice[1])
        return random.Random(f"{key}{sorted(position.first_turns, key=str)}:{pair}")


class RandomBot(Bot):
    """Picks uniformly among the legal plays: the arena's baseline."""

    level = Level.RANDOM

    def rank(self, position: Position, dice: Dice) -> Ranking:
        plays = legal_plays(position, dice)
        self._rng(position, dice).shuffle(plays)
        return [(play, 0.0) for play in plays]


class EvaluatingBot(Bot):
    """Evaluates the position after each legal play and picks the best (no lookahead).

    ``noise`` (in points of equity) is added to every score: it is how the easy level makes
    the mistakes a beginner can punish while still preferring sensible moves.
    """

    def __init__(self, level: Level, weights: Weights, noise: float, seed: int = 0) -> None:
        super().__init__(seed)
        self.level = level
        self.weights = weights
        self.noise = noise

    def rank(self, position: Position, dice: Dice) -> Ranking:
        me = position.turn
        rng = self._rng(position, dice) if self.noise else None
        scored = []
        for play, after in legal_results(position, dice):
            score = evaluate(after, me, self.weights)
            if rng is not None:
                score += rng.gauss(0.0, self.noise)
            scored.append((play, score))
        scored.sort(key=lambda pair: -pair[1])
        return scored


class LookaheadBot(Bot):
    """The hard level: static evaluation to pick candidates, then one ply of expectimax.

    For each promising play, every one of the opponent's 21 rolls is considered, the
    opponent answers with the reply that is worst for us, and the results are averaged by
    the rolls' probabilities. Candidates are pruned twice: only the ``width`` best by the
    static evaluation, and only those within ``margin`` of the best, because a play that
    looks much worse statically almost never wins the search and costs as much as any other.
    Plays not searched keep their static score, capped below the searched ones so the
    ranking stays consistent with the choice.
    """

    level = Level.HARD

    def __init__(self, seed: int = 0, width: int = 5, margin: float = 0.3) -> None:
        super().__init__(seed)
        self.width = width
        self.margin = margin

    def rank(self, position: Position, dice: Dice) -> Ranking:
        me = position.turn
        statics = sorted(
            ((evaluate(after, me), play, after) for play, after in legal_results(position, dice)),
            key=lambda triple: -triple[0],
        )
        if len(statics) == 1:
            return [(statics[0][1], statics[0][0])]
        best_static = statics[0][0]
        searched = []
        rest = []
        for index, (score, play, after) in enumerate(statics):
            if index < self.width and score >= best_static - self.margin:
                searched.append((play, self._expectation(after, me)))
            else:
                rest.append((play, score))
        searched.sort(key=lambda pair: -pair[1])
        floor = searched[-1][1]
        return searched + [(play, min(score, floor)) for play, score in rest]

    @staticmethod
    def _expectation(after: Position, me: Side) -> float:
        """Our expected points after the opponent's roll and their best reply."""
        if after.winner is not None:
            return evaluate(after, me)
        total = 0.0
        for roll, weight in ROLL_WEIGHTS:
            total += weight * min(evaluate(reply, me) for _, reply in legal_results(after, roll))
        return total


def build(level: Level, seed: int) -> Bot:
    """A bot of the given level but the expert (see ``nardy_tui.bot.get_bot``)."""
    if level is Level.RANDOM:
        return RandomBot(seed)
    if level is Level.EASY:
        return EvaluatingBot(level, SIMPLE, noise=0.05, seed=seed)
    if level is Level.MEDIUM:
        return EvaluatingBot(level, STRONG, noise=0.0, seed=seed)
    if level is Level.HARD:
        return LookaheadBot(seed)
    raise ValueError(f"the {level} level is not built here")
