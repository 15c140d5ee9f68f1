"""The turn builder (``TurnBuilder``): what the UI asks the engine while a turn is built.

It must offer exactly the steps that begin some legal whole turn (RULES.md §6), and say in
plain words why any other move is refused.
"""

from __future__ import annotations

import random

import pytest

from nardy_tui.engine import Position, Side, legal_plays, legal_results
from nardy_tui.engine.step import Step
from nardy_tui.engine.turn import TurnBuilder

from .boards import position, self_play_positions

ON_THEIR_HEAD = {24: 15}


# -- sources, routes, move, undo, reset ------------------------------------------------------


def test_opening_5_3_offers_the_head_and_its_three_destinations() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert turn.sources() == [24]
    routes = {route.dst: route for route in turn.routes(24)}
    assert sorted(routes) == [16, 19, 21]
    assert not routes[19].is_combined and not routes[21].is_combined
    assert routes[16].is_combined and len(routes[16].steps) == 2
    assert turn.max_steps == 2 and not turn.is_complete and not turn.is_pass


def test_a_combined_route_goes_only_through_the_open_intermediate_point() -> None:
    turn = TurnBuilder(position({24: 15}, {7: 1, 24: 14}), (5, 3))  # our 19 is theirs
    route = turn.route(24, 16)
    assert route is not None and route.steps == (Step(24, 21, 3), Step(21, 16, 5))
    assert turn.route(24, 19) is None


def test_move_plays_the_route_and_completes_the_turn() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    assert turn.move(24, 16) == (Step(24, 19, 5), Step(19, 16, 3))
    assert turn.is_complete and turn.remaining_dice == ()
    assert turn.sources() == [] and turn.allowed_steps() == []
    assert turn.position_now().checkers(Side.WHITE, 16) == 1


def test_after_one_head_checker_the_head_is_no_longer_a_source() -> None:
    turn = TurnBuilder(position({24: 14, 21: 1}, ON_THEIR_HEAD), (3, 3))
    assert 24 in turn.sources()
    turn.move(24, 21)
    assert turn.sources() == [21]
    assert turn.remaining_dice == (3, 3, 3)


def test_undo_takes_back_one_step_and_reset_the_whole_turn() -> None:
    turn = TurnBuilder(Position.initial(), (5, 3))
    start = (turn.sources(), turn.allowed_steps(), turn.position_now())
    turn.move(24, 16)
    assert turn.undo() == Step(19, 16, 3)
    assert turn.steps == (Step(24, 19, 5),) and turn.remaining_dice == (3,)
    assert turn.sources() == [19]  # the head has given its one checker
    turn.reset()
    assert turn.steps == () and (turn.sources(), turn.allowed_steps(), turn.position_now()) == start
    assert turn.undo() is None


def test_a_pass_is_complete_at_once_and_every_die_is_unplayable() -> None:
    turn = TurnBuilder(position({24: 15}, {7: 1, 9: 1, 24: 13}), (5, 3))
    assert turn.is_pass and turn.is_complete and turn.play == ()
    assert turn.sources() == [] and sorted(turn.unplayable_dice()) == [3, 5]


def test_unplayable_dice_are_the_ones_no_legal_turn_uses() -> None:
    # Only the 6 of 6-5 can be played (the higher die, RULES.md §6).
    turn = TurnBuilder(position({24: 14, 13: 1}, {7: 1, 6: 1, 14: 1, 24: 12}), (6, 5))
    assert turn.unplayable_dice() == (5,) and turn.max_steps == 1
    assert turn.allowed_steps() == [Step(13, 7, 6)]
    turn.move(13, 7)
    assert turn.is_complete


def test_doubles_offer_several_dice_in_a_row() -> None:
    turn = TurnBuilder(Position.initial(), (5, 5))
    assert sorted(route.dst for route in turn.routes(24)) == [4, 9, 14, 19]
    turn.move(24, 4)
    assert turn.is_complete and len(turn.steps) == 4


def test_push_refuses_a_step_that_is_not_allowed() -> None:
    turn = TurnBuilder(Position.initial(), (6, 6))
    turn.push(Step(24, 18, 6))
    with pytest.raises(ValueError, match="opponent"):
        turn.push(Step(18, 12, 6))
    turn.push(Step(24, 18, 6))
    assert turn.is_complete


# -- it never offers a step that does not begin a legal whole turn --------------------------


def _reachable(turn: TurnBuilder) -> set[tuple[int, ...]]:
    """Every board the turn builder lets a player finish on, by trying every allowed step."""
    if turn.is_complete:
        return {turn.position_now().points}
    found: set[tuple[int, ...]] = set()
    for step in turn.allowed_steps():
        turn.push(step)
        found |= _reachable(turn)
        turn.undo()
    return found


def test_every_walk_of_allowed_steps_ends_on_a_legal_result_and_reaches_them_all() -> None:
    rng = random.Random(2024)
    checked = 0
    for number, (pos, dice) in enumerate(self_play_positions(seed=7, count=6000)):
        if number % 40:
            continue
        legal = {after.points for _, after in legal_results(pos, dice)}
        turn = TurnBuilder(pos, dice)
        # A random walk: each step offered must keep the turn completable.
        while not turn.is_complete:
            offered = turn.allowed_steps()
            assert offered, f"stuck before the turn is complete: {pos} {dice} {turn.steps}"
            turn.push(rng.choice(offered))
        assert turn.position_now().points in legal
        # Every legal result is reachable step by step, and nothing else is.
        turn.reset()
        assert _reachable(turn) == legal, f"{pos} {dice}"
        checked += 1
    assert checked == 150


def test_every_route_offered_can_be_moved() -> None:
    for number, (pos, dice) in enumerate(self_play_positions(seed=8, count=3000)):
        if number % 30:
            continue
        turn = TurnBuilder(pos, dice)
        for src in turn.sources():
            for route in turn.routes(src):
                assert route.steps[0].src == src and route.steps[-1].dst == route.dst
                turn.move(src, route.dst)
                turn.reset()


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


def test_forced_play_is_the_only_legal_play_or_none() -> None:
    """What the UI plays by itself with "play a forced play automatically" (the
    screen no longer counts the legal plays itself)."""
    forced = 0
    for pos, dice in self_play_positions(seed=9, count=1500):
        plays = legal_plays(pos, dice)
        expected = plays[0] if len(plays) == 1 else None
        assert TurnBuilder(pos, dice).forced_play == expected, (pos.points, dice)
        forced += expected is not None
    assert forced > 0


def test_the_tray_is_never_where_a_step_starts() -> None:
    turn = TurnBuilder(Position.initial(Side.WHITE), (5, 3))
    assert turn.why_not_from(0) == "Choose a checker to bear off first, then its tray."
    turn.move(24, 16)
    assert turn.is_complete
    assert turn.why_not_from(0) == "Choose a checker to bear off first, then its tray."
