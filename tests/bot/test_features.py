"""The evaluation's features on hand-made positions: what a Long Nardy player would say."""

from __future__ import annotations

from nardy_tui.bot.features import OPPOSITE, in_contact, rear_point, side_features, split
from nardy_tui.bot.heuristic import evaluate
from nardy_tui.engine import Position, Side


def board(white: dict[int, int], black: dict[int, int]) -> list[int]:
    """A board array from each side's checkers in its own numbering (RULES.md section 1)."""
    points = [0] * 24
    for point, count in white.items():
        points[point - 1] += count
    for point, count in black.items():
        points[OPPOSITE[point] - 1] -= count
    return points


BLACK_ON_HEAD = {24: 15}


def test_opposite_numbering_matches_the_rules() -> None:
    # Black's head (its 24) is White's 12, Black's home (its 1-6) is White's 13-18.
    assert OPPOSITE[24] == 12 and OPPOSITE[1] == 13 and OPPOSITE[6] == 18
    assert all(OPPOSITE[OPPOSITE[point]] == point for point in range(1, 25))


def test_split_reads_each_side_in_its_own_numbering() -> None:
    white, black = split(tuple(board({24: 10, 3: 5}, {24: 14, 7: 1})))
    assert white[24] == 10 and white[3] == 5
    assert black[24] == 14 and black[7] == 1


def test_five_point_block_in_front_of_the_opponent_beats_the_same_checkers_spread() -> None:
    # White's 11-7 are Black's 23-19: right in front of Black's head. Same pip count.
    block = board({24: 10, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1}, BLACK_ON_HEAD)
    spread = board({24: 10, 13: 1, 11: 1, 9: 1, 7: 1, 5: 1}, BLACK_ON_HEAD)
    with_block = Position.from_points(block, Side.BLACK)
    without = Position.from_points(spread, Side.BLACK)
    assert with_block.pip_count(Side.WHITE) == without.pip_count(Side.WHITE)
    assert evaluate(with_block, Side.WHITE) > evaluate(without, Side.WHITE)


def test_run_features_measure_the_block() -> None:
    white, black = split(tuple(board({24: 10, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1}, BLACK_ON_HEAD)))
    features = side_features(white, black, rear_point(black))
    assert features.runs[5] == 15  # a run of five with all 15 opposing checkers behind it
    assert features.runs[1] > 0  # White's head is a lone point in Black's way too
    assert features.pressure > 0  # Black's head checker is blocked for some rolls


def test_a_race_lead_beats_a_deficit() -> None:
    # No contact: both sides are in their home boards.
    ahead = Position.from_points(board({1: 5, 2: 5, 3: 5}, {6: 5, 5: 5, 4: 5}), Side.BLACK)
    behind = Position.from_points(board({6: 5, 5: 5, 4: 5}, {1: 5, 2: 5, 3: 5}), Side.BLACK)
    assert evaluate(ahead, Side.WHITE) > 0 > evaluate(behind, Side.WHITE)


def test_checkers_on_the_head_cost() -> None:
    # Same pips: one side keeps three checkers on the head, the other has left it.
    black = {24: 1, 3: 14}
    stuck = Position.from_points(board({24: 3, 6: 4, 5: 4, 4: 4}, black), Side.BLACK)
    free = Position.from_points(
        board({24: 1, 23: 1, 22: 1, 7: 1, 6: 4, 5: 4, 4: 3}, black), Side.BLACK
    )
    assert stuck.pip_count(Side.WHITE) == free.pip_count(Side.WHITE)
    assert side_features(*split(stuck.points), 24).head == 3
    assert evaluate(free, Side.WHITE) > evaluate(stuck, Side.WHITE)


def test_mars_counts_both_ways() -> None:
    # White is nearly off, Black has nothing borne off and checkers far from home.
    winning = Position.from_points(board({1: 2}, {24: 5, 20: 10}), Side.BLACK)
    assert evaluate(winning, Side.WHITE) > 1.5
    assert evaluate(winning, Side.BLACK) < -1.5
    # Once Black has borne one off, mars is gone: the game is worth one point at most.
    saved = Position.from_points(board({1: 2}, {1: 14}), Side.BLACK)
    assert evaluate(saved, Side.WHITE) <= 1.0


def test_evaluation_is_antisymmetric(positions: list) -> None:
    for position, _ in positions:
        total = evaluate(position, Side.WHITE) + evaluate(position, Side.BLACK)
        assert abs(total) < 1e-9
        assert -2.0 <= evaluate(position, Side.WHITE) <= 2.0


def test_contact_ends_when_no_side_has_to_pass_the_other() -> None:
    def contact(white: dict[int, int], black: dict[int, int]) -> bool:
        mine, theirs = split(tuple(board(white, black)))
        return in_contact(mine, theirs, rear_point(mine), rear_point(theirs))

    assert contact({24: 15}, {24: 15})
    # White on its 10 still has to pass Black's checker on Black's 20 (White's 8).
    assert contact({10: 1, 1: 14}, {20: 1, 1: 14})
    # Everyone is home: a pure race.
    assert not contact({6: 15}, {6: 15})
    # White's rear checker (its 12) has passed every Black checker (Black's 12 and below).
    assert not contact({12: 1, 1: 14}, {12: 1, 1: 14})
