"""Every level picks legal plays, ranks exactly the legal plays, and repeats itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_tui.bot import get_bot
from nardy_tui.engine import Dice, Position, Side, legal_plays
from nardy_tui.options import Level

Sample = list[tuple[Position, Dice]]


def few(positions: Sample, level: Level) -> Sample:
    """The hard bot and the expert search; a third of the sample keeps the suite fast."""
    return positions[::3] if level in (Level.HARD, Level.EXPERT) else positions


@pytest.mark.parametrize("level", Level)
def test_every_choice_is_legal(level: Level, positions: Sample) -> None:
    bot = get_bot(level, seed=5)
    for position, dice in few(positions, level):
        assert bot.choose(position, dice) in legal_plays(position, dice)


@pytest.mark.parametrize("level", Level)
def test_rank_holds_exactly_the_legal_plays_best_first(level: Level, positions: Sample) -> None:
    bot = get_bot(level, seed=5)
    for position, dice in few(positions, level)[:30]:
        ranked = bot.rank(position, dice)
        plays = [play for play, _ in ranked]
        assert sorted(plays, key=repr) == sorted(legal_plays(position, dice), key=repr)
        scores = [score for _, score in ranked]
        if level is not Level.EXPERT:  # the expert ranks by the deepest look first (test_two_rolls)
            assert scores == sorted(scores, reverse=True)
        assert bot.choose(position, dice) == plays[0]


@pytest.mark.parametrize("level", Level)
def test_same_seed_same_choices(level: Level, positions: Sample) -> None:
    first = get_bot(level, seed=3)
    second = get_bot(level, seed=3)
    sample = few(positions, level)[:25]
    choices = [first.choose(position, dice) for position, dice in sample]
    # The second bot sees the positions in reverse order: history must not matter.
    again = [second.choose(position, dice) for position, dice in reversed(sample)]
    assert choices == again[::-1]


def test_a_pass_is_ranked_as_the_only_play() -> None:
    # White's checkers all stand on 24 and Black holds 22-18: White cannot play 6-5.
    points = [0] * 24
    points[23] = 15
    for white_point in range(18, 23):
        points[white_point - 1] = -3
    position = Position.from_points(points, turn=Side.WHITE)
    for level in Level:
        assert legal_plays(position, (6, 5)) == [()]
        assert [play for play, _ in get_bot(level).rank(position, (6, 5))] == [()]


def test_only_the_expert_plays_with_a_weights_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="only the expert level plays with a weights file"):
        get_bot(Level.HARD, weights=tmp_path / "expert.npz")
