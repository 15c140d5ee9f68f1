"""Why a move is refused (``engine.refusals``): the words a player reads when the board will
not take a step, asked through the turn builder as the game asks them.

Each question is a table of checks tried in order; the first reason found is the one said.
"""

from __future__ import annotations

import pytest

from nardy_tui.engine import IllegalPlayError, Position, Side
from nardy_tui.engine.refusals import why_not, why_not_from, why_not_step
from nardy_tui.engine.step import Step
from nardy_tui.engine.turn import TurnBuilder

from .boards import position

ON_THEIR_HEAD = {24: 15}


# -- why_not: the reason in plain words -----------------------------------------------------


def test_why_not_point_held_by_the_opponent() -> None:
    turn = TurnBuilder(position({24: 15}, {6: 1, 24: 14}), (6, 5))  # their 6 is our 18
    assert turn.why_not(24, 18) == "Point 18 is held by the opponent."
    with pytest.raises(ValueError, match="held by the opponent"):
        turn.move(24, 18)


def test_why_not_second_head_checker() -> None:
    turn = TurnBuilder(position({24: 14, 21: 1}, ON_THEIR_HEAD), (3, 3))
    turn.move(24, 21)
    assert turn.why_not(24, 21) == "Only one checker may leave the head per turn."


def test_a_first_turn_double_lets_exactly_two_checkers_leave_the_head() -> None:
    turn = TurnBuilder(Position.initial(), (6, 6))
    turn.move(24, 18)
    turn.move(24, 18)
    assert turn.is_complete  # two checkers may leave, but a third may not
    fresh = TurnBuilder(Position.initial(), (6, 6))
    fresh.move(24, 18)
    assert fresh.sources() == [24]


def test_why_not_six_block() -> None:
    # Our 18 (twice) .. 14 held, nothing of theirs past it: 24/19 would make 19..14.
    turn = TurnBuilder(
        position({24: 9, 18: 2, 17: 1, 16: 1, 15: 1, 14: 1}, {24: 11, 23: 1, 22: 1, 21: 1, 20: 1}),
        (6, 5),
    )
    reason = turn.why_not(24, 19)
    assert "block of six" in reason and "no opposing checker past it" in reason
    assert "block of six" in turn.why_not(18, 13)


def test_why_not_higher_die_must_be_played() -> None:
    turn = TurnBuilder(position({24: 14, 13: 1}, {7: 1, 6: 1, 14: 1, 24: 12}), (6, 5))
    reason = turn.why_not(13, 8)
    assert "must be the higher one (6)" in reason


def test_why_not_bearing_off_needs_all_15_home() -> None:
    turn = TurnBuilder(position({20: 1, 1: 14}, ON_THEIR_HEAD), (6, 1))
    assert turn.why_not(1, 0) == "Bearing off needs all 15 checkers in your home (points 1-6)."


def test_why_not_bearing_off_a_checker_outside_the_home_names_the_rule() -> None:
    # Asked of the straggler itself: no die takes it off, but the reason is the rule.
    turn = TurnBuilder(position({20: 1, 1: 14}, ON_THEIR_HEAD), (6, 1))
    assert turn.why_not(20, 0) == "Bearing off needs all 15 checkers in your home (points 1-6)."


def test_why_not_bearing_off_from_below_a_higher_checker() -> None:
    turn = TurnBuilder(position({6: 5, 4: 10}, ON_THEIR_HEAD), (5, 5))
    assert "point 6 must move first" in turn.why_not(4, 0)


# -- the reasons in the other player's numbering (hot-seat, the board turned) --------------


def test_reasons_can_name_the_points_as_the_other_player_numbers_them() -> None:
    held = TurnBuilder(position({24: 15}, {6: 1, 24: 14}, Side.BLACK), (6, 5))
    assert held.why_not(24, 18) == "Point 18 is held by the opponent."
    assert held.why_not(24, 18, reader=Side.WHITE) == "Point 6 is held by the opponent."
    assert held.why_not(24, 19, reader=Side.WHITE) == "12/7 is allowed."
    assert held.why_not_from(10, reader=Side.WHITE) == "You have no checker on point 22."
    away = TurnBuilder(position({20: 1, 1: 14}, ON_THEIR_HEAD, Side.BLACK), (6, 1))
    assert away.why_not(1, 0, reader=Side.WHITE) == (
        "Bearing off needs all 15 checkers in your home (points 13-18)."
    )
    above = TurnBuilder(position({6: 5, 4: 10}, ON_THEIR_HEAD, Side.BLACK), (5, 5))
    assert "point 18 must move first" in above.why_not(4, 0, reader=Side.WHITE)
    assert above.why_not(4, 0, reader=Side.BLACK) == above.why_not(4, 0)


def test_why_not_leaving_dice_unplayed() -> None:
    # 9/4 would leave the 6 unplayable (13/7 is held, the head is stuck); 9/3 or 13/8 do not.
    turn = TurnBuilder(position({24: 13, 13: 1, 9: 1}, {7: 1, 6: 1, 19: 1, 24: 12}), (6, 5))
    assert sorted(map(str, turn.allowed_steps())) == ["13/8", "9/3"]
    assert turn.why_not(9, 4) == (
        "That would leave dice unplayed that could be played: the whole roll must be played."
    )


def test_why_not_closed_intermediate_point_of_a_combined_move() -> None:
    # 24/16 with 5-3 needs 19 or 21 open; both are theirs (their 7 and 9). 13 can still move.
    turn = TurnBuilder(position({24: 14, 13: 1}, {7: 1, 9: 1, 24: 13}), (5, 3))
    assert not turn.is_complete
    assert turn.why_not(24, 16) == (
        "On the way to point 16: point 19 is held by the opponent; "
        "point 21 is held by the opponent."
    )


def test_why_not_an_allowed_move_says_it_is_allowed() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert turn.why_not(24, 16) == "24/16 is allowed."


def test_why_not_on_a_pass_says_nothing_can_be_played() -> None:
    # All of White is on the head; Black holds 19 and 21 (its own 7 and 9).
    turn = TurnBuilder(position({24: 15}, {7: 1, 9: 1, 24: 13}), (5, 3))
    assert turn.is_pass
    assert "Nothing can be played" in turn.why_not(24, 19)


def test_why_not_a_checker_that_is_not_there_or_goes_backwards() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert turn.why_not(20, 15) == "You have no checker on point 20."
    turn.move(24, 21)
    assert "forwards" in turn.why_not(21, 23)


def test_why_not_from_explains_a_point_no_step_may_start_from() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert turn.why_not_from(20) == "You have no checker on point 20."
    turn.move(24, 21)
    assert turn.why_not_from(24) == (
        "No checker on 24 may move now: only one checker may leave the head per turn."
    )
    assert turn.why_not_from(21) == "A checker on 21 may move."


def test_the_tray_is_never_where_a_step_starts() -> None:
    turn = TurnBuilder(Position.initial(Side.WHITE), (5, 3))
    assert turn.why_not_from(0) == "Choose a checker to bear off first, then its tray."
    turn.move(24, 16)
    assert turn.is_complete
    assert turn.why_not_from(0) == "Choose a checker to bear off first, then its tray."


# -- a step as a save file holds it: from, to and die ----------------------------------------


def test_a_step_whose_die_is_not_left_is_refused_for_that() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert why_not_step(turn, Step(24, 18, 6)) == (
        "24/18: there is no 6 left to play (dice left: 5, 3)."
    )


def test_a_step_whose_die_goes_elsewhere_says_where_it_goes() -> None:
    turn = TurnBuilder(Position.initial(), (5, 4))
    assert why_not_step(turn, Step(24, 15, 4)) == (
        "24/15: a 4 takes a checker from point 24 to point 20, not to point 15."
    )
    home = TurnBuilder(position({3: 15}, ON_THEIR_HEAD), (5, 4))
    assert why_not_step(home, Step(3, 1, 4)) == (
        "3/1: a 4 takes a checker from point 3 to off the board, not to point 1."
    )


def test_a_step_breaking_a_rule_names_the_rule_after_the_step() -> None:
    turn = TurnBuilder(Position.initial(), (6, 6))
    turn.push(Step(24, 18, 6))
    with pytest.raises(IllegalPlayError) as refused:
        turn.push(Step(18, 12, 6))
    assert str(refused.value) == "18/12: point 12 is held by the opponent."


# -- the order of the checks -----------------------------------------------------------------


def test_a_finished_turn_is_said_before_anything_about_the_move() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    turn.move(24, 16)
    finished = "The turn is complete: confirm it, or undo a step."
    assert why_not(turn, 20, 15) == why_not_from(turn, 20) == finished
    assert why_not_step(turn, Step(24, 19, 5)) == finished


def test_no_checker_comes_before_the_direction_or_the_target() -> None:
    # Point 20 is empty, and 20/22 would be backwards onto a point held by nobody.
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert why_not(turn, 20, 22) == "You have no checker on point 20."
