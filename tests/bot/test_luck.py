"""Luck: each roll measured against the mean of all 36 throws, so the dice's gift and the
play's cost can be told apart in a review."""

from __future__ import annotations

import pytest

from nardy_tui.bot import GameReview, RollLuck, get_bot
from nardy_tui.bot.rollout import THROWS
from nardy_tui.engine import Dice, Position, Side


def test_the_luck_of_all_36_throws_averages_to_nothing() -> None:
    expert = get_bot("expert")
    position = Position.initial()
    luck = expert.roll_luck([position] * 36, [Dice(*pair) for pair in THROWS])
    # The network computes in single precision: its sums agree to about 1e-7.
    assert sum(luck) == pytest.approx(0, abs=1e-6)
    assert max(luck) > 0 > min(luck)  # some throws are better than others


def test_where_every_roll_wins_no_roll_is_lucky() -> None:
    board = [0] * 24
    board[0] = 1     # White, to move, has one checker left, on its 1-point
    board[12] = -15  # Black's fifteen on Black's 1-point
    position = Position.from_points(board, Side.WHITE)
    expert = get_bot("expert")
    luck = expert.roll_luck([position] * 36, [Dice(*pair) for pair in THROWS])
    assert all(abs(value) < 1e-6 for value in luck)


def test_a_games_luck_is_one_sides_gain_and_the_others_loss() -> None:
    review = GameReview((), (RollLuck(1, Side.WHITE, Dice(6, 6), 0.5),
                             RollLuck(2, Side.BLACK, Dice(2, 1), -0.2)), (Side.BLACK, 2))
    assert review.luck_of(Side.WHITE) == pytest.approx(0.7)
    assert review.luck_of(Side.BLACK) == pytest.approx(-0.7)
    assert review.points_for(Side.WHITE) == -2
    assert review.luck_adjusted(Side.WHITE) == pytest.approx(-2.7)
    assert review.luck_adjusted(Side.BLACK) == pytest.approx(2.7)
