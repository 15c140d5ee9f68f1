"""Luck: what a roll gave the side that threw it is what the other side lost, so the
dice's gift and the play's cost can be told apart in a review."""

from __future__ import annotations

import pytest

from nardy_tui.bot import GameReview, RollLuck
from nardy_tui.engine import Dice, Side


def test_a_games_luck_is_one_sides_gain_and_the_others_loss() -> None:
    review = GameReview(
        (),
        (RollLuck(1, Side.WHITE, Dice(6, 6), 0.5), RollLuck(2, Side.BLACK, Dice(2, 1), -0.2)),
        (Side.BLACK, 2),
        end_value=-2.0,  # White lost a mars: -2 for White where the game ends
    )
    assert review.luck_of(Side.WHITE) == pytest.approx(0.7)
    assert review.luck_of(Side.BLACK) == pytest.approx(-0.7)
    assert review.points_for(Side.WHITE) == -2
    assert review.luck_adjusted(Side.WHITE) == pytest.approx(-2.7)
    assert review.luck_adjusted(Side.BLACK) == pytest.approx(2.7)
