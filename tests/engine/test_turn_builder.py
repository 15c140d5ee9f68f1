"""The turn builder (``TurnBuilder``): what the UI asks the engine while a turn is built.

It must offer exactly the steps that begin some legal whole turn (RULES.md §6); why any
other move is refused is ``tests/engine/test_refusals.py``'s.
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
    assert turn.is_pass and turn.is_complete and turn.steps == ()
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
