"""The bots the game asks: the real one by level (hard in expert's place when the weights
cannot be loaded), and the hint's ranking, with judgements where the bot has them."""

from __future__ import annotations

import pytest

import nardy_tui.bot
from nardy_tui.bot import MONEY, Bot, WeightsError
from nardy_tui.engine import Dice, Play, Position, legal_plays
from nardy_tui.options import Level
from nardy_tui.play import FALLBACK_LEVEL, MatchBots, load_bot

OPENING = Position.initial()
DICE = Dice(6, 5)


class ScoresOnly(Bot):
    """A test's stand-in: it ranks by scores and has no judgement to give."""

    level = Level.EASY

    def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
        return [(play, -index) for index, play in enumerate(legal_plays(position, dice))]


def test_load_bot_gives_the_level_asked_for() -> None:
    bot = load_bot(Level.EASY, 3)
    assert isinstance(bot, Bot)
    assert bot.choose(OPENING, DICE) in legal_plays(OPENING, DICE)


def test_an_expert_without_its_weights_plays_as_the_fallback_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = nardy_tui.bot.get_bot
    asked: list[str] = []

    def no_weights(level: Level, seed: int = 0) -> Bot:
        asked.append(level)
        if level is Level.EXPERT:
            raise WeightsError("the weights file is damaged")
        return real(level, seed=seed)

    monkeypatch.setattr(nardy_tui.bot, "get_bot", no_weights)
    assert isinstance(load_bot(Level.EXPERT, 1), Bot)
    assert asked == [Level.EXPERT, FALLBACK_LEVEL]


def test_a_bot_that_ranks_by_scores_gives_no_judgements() -> None:
    ranking = ScoresOnly().rank_with_chances(OPENING, DICE, None, MONEY)
    assert [ranked.play for ranked in ranking] == legal_plays(OPENING, DICE)
    assert all(ranked.judged is None for ranked in ranking)


def test_a_real_bot_ranks_every_legal_play() -> None:
    ranking = load_bot(Level.HARD, 1).rank_with_chances(OPENING, DICE, None, MONEY)
    assert {ranked.play for ranked in ranking} == set(legal_plays(OPENING, DICE))


def test_a_match_makes_each_level_once_with_its_seed() -> None:
    made: list[tuple[str, int]] = []

    def factory(level: Level, seed: int) -> ScoresOnly:
        made.append((level, seed))
        return ScoresOnly()

    bots = MatchBots(factory, 7)
    assert bots[Level.HARD] is bots[Level.HARD]
    bots[Level.EXPERT]
    assert made == [(Level.HARD, 7), (Level.EXPERT, 7)]
