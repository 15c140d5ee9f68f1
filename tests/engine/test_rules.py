"""One test per rule of RULES.md, using its worked examples.

Positions are written in each side's own numbering (head 24, home 1-6), as the rules are.
Most tests run for both colours: the rules are the same for Black along its own path.
"""

from __future__ import annotations

import pytest

from nardy_tui.engine import IllegalPlayError, Position, Side, legal_plays, legal_results
from nardy_tui.engine.match import Match, Phase

from .boards import layout, layout_of, outcomes, position, steps_played

BOTH = pytest.mark.parametrize("side", list(Side), ids=lambda side: side.value)
ON_THEIR_HEAD = {24: 15}
"""The opponent still has every checker on its head (the mover's point 12)."""


def opening(side: Side = Side.WHITE) -> Position:
    return position({24: 15}, ON_THEIR_HEAD, side, first_turn=True)


# -- §4 The head rule and its first-turn exception ------------------------------------------


@BOTH
def test_first_turn_6_6_plays_24_18_twice_and_nothing_else(side: Side) -> None:
    # Two checkers reach 18; they cannot go on to 12, the opponent's head.
    assert outcomes(opening(side), (6, 6)) == {layout({24: 13, 18: 2})}
    assert steps_played(opening(side), (6, 6)) == {2}


@BOTH
def test_first_turn_4_4_plays_24_16_twice(side: Side) -> None:
    assert outcomes(opening(side), (4, 4)) == {layout({24: 13, 16: 2})}


@BOTH
def test_first_turn_3_3_plays_24_18_twice_or_24_15_and_24_21(side: Side) -> None:
    assert outcomes(opening(side), (3, 3)) == {
        layout({24: 13, 18: 2}),
        layout({24: 13, 15: 1, 21: 1}),
    }


@BOTH
def test_first_turn_5_5_plays_one_checker_24_4(side: Side) -> None:
    assert outcomes(opening(side), (5, 5)) == {layout({24: 14, 4: 1})}


@pytest.mark.parametrize("dice, target", [((5, 5), 4), ((2, 2), 16), ((1, 1), 20)])
def test_other_doubles_on_the_first_turn_take_only_one_checker_off_the_head(
    dice: tuple[int, int], target: int
) -> None:
    assert outcomes(opening(), dice) == {layout({24: 14, target: 1})}


@pytest.mark.parametrize("dice", [(6, 5), (5, 3), (2, 1), (6, 1)])
def test_non_doubles_on_the_first_turn_take_only_one_checker_off_the_head(
    dice: tuple[int, int],
) -> None:
    for result in outcomes(opening(), dice):
        assert (24, 14) in result


@BOTH
def test_head_rule_outside_the_first_turn_lets_only_one_checker_leave(side: Side) -> None:
    # With two checkers off the head 3-3 could be 24/18(2) 21/15-style; with one it must be
    # 24/15 21/18 (the opponent's head on 12 stops every checker at 15).
    pos = position({24: 14, 21: 1}, ON_THEIR_HEAD, side, first_turn=False)
    assert outcomes(pos, (3, 3)) == {layout({24: 13, 18: 1, 15: 1})}


def test_6_6_after_the_first_turn_plays_only_the_one_step_the_head_allows() -> None:
    # Not the first turn: one checker leaves, stops at 18 (12 is the opponent's head).
    pos = position({24: 15}, ON_THEIR_HEAD, first_turn=False)
    assert outcomes(pos, (6, 6)) == {layout({24: 14, 18: 1})}


def test_the_head_exception_applies_to_blacks_first_turn_too() -> None:
    start = Position.initial()
    after_white = start.apply(legal_plays(start, (5, 3))[0], (5, 3))
    assert after_white.turn is Side.BLACK and after_white.is_first_turn
    assert outcomes(after_white, (6, 6)) == {layout({24: 13, 18: 2})}
    # ... and it is used up once Black has moved: White's second turn gets no exception.
    after_black = after_white.apply(legal_plays(after_white, (6, 6))[0], (6, 6))
    assert after_black.turn is Side.WHITE and not after_black.is_first_turn


# -- §3 Moving ------------------------------------------------------------------------------


@BOTH
def test_combined_move_only_through_an_open_intermediate_point(side: Side) -> None:
    # 5-3 by one checker from the head: through 19 (after the 5) or 21 (after the 3).
    nineteen_held = position({24: 15}, {7: 1, 24: 14}, side)  # their 7 is our 19
    assert outcomes(nineteen_held, (5, 3)) == {layout({24: 14, 16: 1})}
    both_held = position({24: 15}, {7: 1, 9: 1, 24: 13}, side)  # and their 9 our 21
    assert both_held.checkers(side.opponent, 9) == 1
    assert legal_plays(both_held, (5, 3)) == [()]  # 16 is open, but no way leads there


@BOTH
def test_doubles_are_played_as_four_steps(side: Side) -> None:
    pos = position({24: 13, 20: 1, 17: 1}, ON_THEIR_HEAD, side)
    for play, after in legal_results(pos, (2, 2)):
        assert len(play) == 4 and all(step.die == 2 for step in play)
        assert pos.pip_count(side) - after.pip_count(side) == 8


@BOTH
def test_landing_is_blocked_by_even_one_opposing_checker(side: Side) -> None:
    one_on_18 = position({24: 15}, {6: 1, 24: 14}, side)  # their 6 is our 18
    assert outcomes(one_on_18, (6, 5)) == {layout({24: 14, 13: 1})}  # 24/19/13 only
    assert legal_plays(one_on_18, (6, 6)) == [()]


# -- §5 No six-point block ------------------------------------------------------------------

WRAP = {24: 1, 23: 1, 22: 1, 2: 1, 1: 1, 9: 10}
"""Our 22, 23, 24, 1, 2 held; 9/3 would complete 3,2,1,24,23,22 along their path."""


def _holds(result: frozenset[tuple[int, int]], points: range | list[int]) -> bool:
    held = {point for point, count in result if count and point}
    return all(point in held for point in points)


@BOTH
def test_six_block_across_the_1_24_wrap_is_illegal_with_no_opposing_checker_past_it(
    side: Side,
) -> None:
    block = [3, 2, 1, 24, 23, 22]
    none_past = position(WRAP, ON_THEIR_HEAD, side)
    assert not any(_holds(result, block) for result in outcomes(none_past, (6, 1)))


@BOTH
def test_six_block_across_the_1_24_wrap_is_legal_once_an_opposing_checker_is_past(
    side: Side,
) -> None:
    block = [3, 2, 1, 24, 23, 22]
    one_past = position(WRAP, {8: 1, 24: 14}, side)  # their 8 (our 20) is past the block
    assert any(_holds(result, block) for result in outcomes(one_past, (6, 1)))


@BOTH
def test_six_points_across_13_12_are_not_a_block(side: Side) -> None:
    # Our 15..10 are their 3, 2, 1 and 24, 23, 22: the ends of their path, not a row on it.
    pos = position({16: 1, 15: 1, 14: 1, 13: 1, 11: 1, 10: 1, 24: 9}, {20: 15}, side)
    assert any(_holds(result, range(10, 16)) for result in outcomes(pos, (4, 1)))


@BOTH
def test_a_block_of_five_is_always_allowed(side: Side) -> None:
    # 24/18 19/14 leaves 22..18 held: five in a row, allowed with nothing past it.
    pos = position({24: 10, 22: 1, 21: 1, 20: 1, 19: 2}, ON_THEIR_HEAD, side)
    assert any(_holds(result, range(18, 23)) for result in outcomes(pos, (6, 5)))


# Our 18..14 held (18 twice), the head behind them, their checkers on our 12..8.
# A 5 could only be 24/19 or 18/13, and each would make a six-block (19..14 or 18..13);
# 17..14 would land on their checkers. A 6 can only be 24/18.
TEMPORARY = ({24: 9, 18: 2, 17: 1, 16: 1, 15: 1, 14: 1}, {24: 11, 23: 1, 22: 1, 21: 1, 20: 1})


@BOTH
def test_six_block_is_judged_after_every_single_step(side: Side) -> None:
    # 18/13/7 would end with no block (13 is left again) but its first step makes 18..13
    # for a moment, so it is refused; the turn is the 6 alone.
    pos = position(*TEMPORARY, side)
    assert outcomes(pos, (6, 5)) == {layout({24: 8, 18: 3, 17: 1, 16: 1, 15: 1, 14: 1})}


@BOTH
def test_a_refused_block_step_does_not_count_as_playable(side: Side) -> None:
    # 24/19/14 would play all four 5s and end with no block, but every first 5 makes a
    # six-block, so no 5 is playable at all: 5-5 is a pass, and 6-5 plays only the 6.
    pos = position(*TEMPORARY, side)
    assert legal_plays(pos, (5, 5)) == [()]
    assert [[step.die for step in play] for play in legal_plays(pos, (6, 5))] == [[6]]
    assert steps_played(pos, (6, 5)) == {1}


# -- §6 The whole roll must be played -------------------------------------------------------

# One checker on 13 and a stuck head (their checkers on our 19 and 18).
STUCK_HEAD = {7: 1, 6: 1}


@BOTH
def test_maximum_dice_both_dice_must_be_played(side: Side) -> None:
    # 13/8 alone would be a turn of one die; 13/8/2 plays both, so it is the only turn.
    pos = position({24: 14, 13: 1}, {**STUCK_HEAD, 19: 1, 24: 12}, side)  # their 19: our 7
    assert outcomes(pos, (6, 5)) == {layout({24: 14, 2: 1})}
    assert steps_played(pos, (6, 5)) == {2}


@BOTH
def test_higher_die_when_either_but_not_both_can_be_played(side: Side) -> None:
    pos = position({24: 14, 13: 1}, {**STUCK_HEAD, 14: 1, 24: 12}, side)  # their 14: our 2
    assert outcomes(pos, (6, 5)) == {layout({24: 14, 7: 1})}
    assert [[step.die for step in play] for play in legal_plays(pos, (6, 5))] == [[6]]


@BOTH
def test_only_the_lower_die_playable_plays_the_lower(side: Side) -> None:
    pos = position({24: 14, 13: 1}, {**STUCK_HEAD, 14: 1, 19: 1, 24: 11}, side)
    assert outcomes(pos, (6, 5)) == {layout({24: 14, 8: 1})}


@BOTH
def test_nothing_playable_is_a_pass(side: Side) -> None:
    pos = position({24: 14, 13: 1}, {**STUCK_HEAD, 14: 1, 19: 1, 20: 1, 24: 10}, side)
    assert legal_plays(pos, (6, 5)) == [()]
    after = pos.apply(())
    assert after.points == pos.points and after.turn is side.opponent
    assert pos.apply((), (6, 5)) == after
    [(play, result)] = legal_results(pos, (6, 5))
    assert play == () and result == after


def test_a_pass_is_not_allowed_when_something_can_be_played() -> None:
    with pytest.raises(IllegalPlayError):
        opening().apply((), (6, 5))


def test_a_play_not_made_of_steps_is_refused_as_illegal() -> None:
    with pytest.raises(IllegalPlayError, match="a play is a tuple of Steps"):
        opening().apply(((24, 18), (18, 13)))  # type: ignore[arg-type]


# -- §7 Home and bearing off ----------------------------------------------------------------


@BOTH
def test_bearing_off_needs_all_15_home(side: Side) -> None:
    pos = position({20: 1, 1: 14}, ON_THEIR_HEAD, side)
    assert outcomes(pos, (6, 1)) == {layout({13: 1, 1: 14})}


@BOTH
def test_a_die_bears_off_from_the_point_of_its_number(side: Side) -> None:
    pos = position({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, ON_THEIR_HEAD, side)
    assert layout({6: 3, 5: 3, 4: 2, 3: 3, 2: 2}) in outcomes(pos, (4, 2))


@BOTH
def test_with_checkers_above_the_die_must_move_inside_home(side: Side) -> None:
    # 5-5 with nothing on 5 and checkers on 6: every 5 is 6/1, none bears off from 4.
    pos = position({6: 5, 4: 10}, ON_THEIR_HEAD, side)
    assert outcomes(pos, (5, 5)) == {layout({6: 1, 4: 10, 1: 4})}


@BOTH
def test_with_no_checker_above_a_higher_die_bears_off_from_the_highest_point(side: Side) -> None:
    pos = position({3: 2, 2: 5, 1: 8}, ON_THEIR_HEAD, side)
    assert outcomes(pos, (6, 5)) == {layout({2: 5, 1: 8})}


@BOTH
def test_6_1_bears_off_from_5_and_1_when_the_highest_checker_is_on_5(side: Side) -> None:
    pos = position({5: 1, 1: 14}, ON_THEIR_HEAD, side)
    # 5/off 1/off, or 5/4 4/off: both legal, nothing else.
    assert outcomes(pos, (6, 1)) == {layout({1: 13}), layout({1: 14})}


@BOTH
def test_bearing_off_becomes_possible_when_the_last_checker_enters_home(side: Side) -> None:
    pos = position({8: 1, 6: 14}, ON_THEIR_HEAD, side)
    assert pos.borne_off(side) == 0
    assert layout({6: 14}) in outcomes(pos, (6, 2))  # 8/6 6/off or 8/2 2/off
    assert layout({6: 13, 4: 1, 2: 1}) in outcomes(pos, (6, 2))


# -- §8 Winning and mars --------------------------------------------------------------------


def _last_turn(black_borne_off: int) -> Match:
    """A match in which White is about to bear off its last checker."""
    match = Match(length=3, seed=11)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    black = {24: 15 - black_borne_off} if black_borne_off < 15 else {}
    match.position = position({1: 1}, black, Side.WHITE)
    match.roll()
    [play] = legal_plays(match.position, match.dice or (1, 1))
    match.play(play)
    return match


def test_a_win_is_one_point_when_the_loser_has_borne_off_a_checker() -> None:
    match = _last_turn(black_borne_off=1)
    assert match.phase is Phase.GAME_OVER
    assert match.game.winner is Side.WHITE and match.game.points == 1
    assert match.score == {Side.WHITE: 1, Side.BLACK: 0}


def test_mars_is_two_points_when_the_loser_has_borne_off_none() -> None:
    match = _last_turn(black_borne_off=0)
    assert match.game.winner is Side.WHITE and match.game.points == 2 and match.game.is_mars
    assert match.score == {Side.WHITE: 2, Side.BLACK: 0}


def test_each_side_sees_its_own_layout() -> None:
    assert layout_of(Position.initial(), Side.BLACK) == layout({24: 15})
