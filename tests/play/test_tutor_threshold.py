"""The tutor warns of a play the expert marks at the player's threshold or worse."""

from __future__ import annotations

import pytest

from nardy_tui.bot import TurnReview, Verdict
from nardy_tui.engine import Dice, Position, Side, TurnRecord
from nardy_tui.play import warns
from nardy_tui.play.tutor import threshold
from nardy_tui.storage import Tutor

LOSSES = {Verdict.NONE: 0.0, Verdict.DOUBTFUL: 0.05, Verdict.ERROR: 0.1, Verdict.BLUNDER: 0.3}
"""A loss (in points) that earns each verdict."""


def judged(verdict: Verdict) -> TurnReview:
    """A turn the expert marks ``verdict``."""
    turn = TurnRecord(Side.WHITE, Dice(6, 5), (), "")
    review = TurnReview(turn, 1, Position.initial(), (), -LOSSES[verdict], 0.0, ())
    assert review.verdict is verdict
    return review


def test_each_threshold_but_off_is_the_verdict_of_its_word() -> None:
    assert threshold(Tutor.OFF) is None
    assert [threshold(tutor) for tutor in Tutor if tutor is not Tutor.OFF] == [
        verdict for verdict in Verdict if verdict is not Verdict.NONE
    ]


@pytest.mark.parametrize(
    ("tutor", "warned"),
    [
        (Tutor.OFF, set()),
        (Tutor.DOUBTFUL, {Verdict.DOUBTFUL, Verdict.ERROR, Verdict.BLUNDER}),
        (Tutor.ERROR, {Verdict.ERROR, Verdict.BLUNDER}),
        (Tutor.BLUNDER, {Verdict.BLUNDER}),
    ],
)
def test_the_tutor_warns_of_its_threshold_and_worse(tutor: Tutor, warned: set[Verdict]) -> None:
    assert {verdict for verdict in Verdict if warns(judged(verdict), tutor)} == warned
