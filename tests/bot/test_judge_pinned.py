"""The expert's judgement pinned on a few decisions: each play's place, equity, depth of look
and whether the table gave it, as the shipped weights judge them.

These pin the search's passes (the network alone, one roll deeper for the best few, two
rolls for the closest two, the table in a small race, a reviewed play searched as deep as
the best) so that rewriting them cannot move a figure. New weights move every figure: then
print the judgements again and replace the tables below.
"""

from __future__ import annotations

import pytest

from nardy_tui.bot import JudgedPlay
from nardy_tui.bot.expert import ExpertBot, shipped_network
from nardy_tui.engine import Dice, Position, read_position_id

Pinned = list[tuple[str, float, int, bool]]
"""The best plays, best first: notation, equity, depth (rolls looked ahead), exact."""

RANKINGS: dict[str, Pinned] = {
    # The opening 6-5: one play, searched a roll deeper.
    "eoAAAP_-AAAB__w": [("24/13", 0.303, 1, False)],
    # The best two close: both searched two rolls deep, four more one roll, the rest alone.
    "CQCABD_-AAkIP_w": [
        ("24/22 20/14", -0.073, 2, False),
        ("24/16", -0.113, 2, False),
        ("24/22 20/16 8/6", -0.129, 1, False),
        ("24/18 8/6", -0.172, 1, False),
        ("24/18 20/18", -0.204, 1, False),
        ("24/22 8/2", -0.264, 1, False),
    ],
    "mIgABh_-AAkIP_w": [
        ("13/7 24/23", 0.356, 2, False),
        ("15/9 24/23", 0.320, 2, False),
        ("19/13 24/23", 0.229, 1, False),
        ("24/17", 0.151, 1, False),
        ("13/7 15/14", 0.134, 1, False),
        ("15/9 19/18", 0.099, 1, False),
    ],
    # The best stands out: no second roll; the plays the network likes less are its alone.
    "CwgQgQ_-BASQH_w": [
        ("14/8 24/22", 0.242, 1, False),
        ("24/16", 0.055, 1, False),
        ("20/14 24/22", -0.019, 0, False),
        ("10/4 24/22", -0.151, 0, False),
        ("14/8 4/2", -0.229, 0, False),
        ("14/6", -0.279, 0, False),
    ],
    # A small race, two on the six against three on the two, 4-1: the table's figures.
    "EIMAAA4AAAAAAAA": [
        ("6/2 6/5", -0.091, 0, True),
        ("6/1", -0.282, 0, True),
    ],
}


@pytest.fixture(scope="module")
def expert() -> ExpertBot:
    return ExpertBot(shipped_network(), seed=3)  # as get_bot makes the expert level


def said(position: Position, dice: Dice, entry: JudgedPlay) -> tuple[str, float, int, bool]:
    return position.notation(entry.play, dice), entry.chances.equity, entry.depth, entry.exact


def assert_pinned(found: list[tuple[str, float, int, bool]], pinned: Pinned) -> None:
    assert [(play, depth, exact) for play, _, depth, exact in found] == [
        (play, depth, exact) for play, _, depth, exact in pinned
    ]
    assert [equity for _, equity, _, _ in found] == pytest.approx(
        [equity for _, equity, _, _ in pinned], abs=1e-3
    )


@pytest.mark.parametrize("position_id", RANKINGS)
def test_the_expert_ranks_as_pinned(expert: ExpertBot, position_id: str) -> None:
    position, dice = read_position_id(position_id)
    assert dice is not None
    pinned = RANKINGS[position_id]
    judged = expert.judge(position, dice)[: len(pinned)]
    assert_pinned([said(position, dice, entry) for entry in judged], pinned)


@pytest.mark.parametrize(
    ("position_id", "played", "pinned"),
    [
        # Looked at by the network alone, searched one roll deep as the best was.
        ("CwgQgQ_-BASQH_w", "10/4 24/22", ("10/4 24/22", -0.154, 1, False)),
        # Looked at one roll deep, searched two as the best was; its place stays.
        ("mIgABh_-AAkIP_w", "24/17", ("24/17", 0.132, 2, False)),
    ],
)
def test_a_reviewed_play_is_searched_as_deep_as_the_best_in_its_place(
    expert: ExpertBot, position_id: str, played: str, pinned: tuple[str, float, int, bool]
) -> None:
    position, dice = read_position_id(position_id)
    assert dice is not None
    after = position.apply(position.parse_play(played, dice), dice)
    plain = [entry.after for entry in expert.judge(position, dice)]
    judged = expert.judge(position, dice, played=after)
    assert [entry.after for entry in judged] == plain
    [reviewed] = [entry for entry in judged if entry.after == after]
    assert reviewed.deepened
    assert_pinned([said(position, dice, reviewed)], [pinned])
