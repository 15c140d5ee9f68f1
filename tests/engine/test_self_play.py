"""Self-play: random legal games through ``Match`` (half of them by a player that likes to
hold many points, so rows of points are common), with the invariants of RULES.md checked
after every single step by code written here from the rules, not taken from the engine.
"""

from __future__ import annotations

import random

import pytest

from nardy_tui.engine import Dice, Play, Position, Side, legal_results
from nardy_tui.engine.match import Match, Phase
from nardy_tui.engine.step import Step

GAMES = 200
CHUNKS = 8
HEAD_EXCEPTION = {(6, 6), (4, 4), (3, 3)}


def white_point(side: Side, point: int) -> int:
    """RULES.md §1: Black's point b is White's point ((b + 11) % 24) + 1."""
    return point if side is Side.WHITE else (point + 11) % 24 + 1


def opponent_path(side: Side) -> list[int]:
    """The points (White's numbering) that ``side``'s opponent travels, in order (RULES §5)."""
    if side is Side.WHITE:  # Black runs from its head (White's 12) to its home (White's 13)
        return [*range(12, 0, -1), *range(24, 12, -1)]
    return list(range(24, 0, -1))


def checkers_of(points: list[int], side: Side) -> int:
    return (
        sum(n for n in points if n > 0) if side is Side.WHITE else -sum(n for n in points if n < 0)
    )


def has_illegal_block(points: list[int], side: Side) -> bool:
    """Six consecutive points held by ``side`` along the opponent's path, with no opposing
    checker further along that path than the whole block (borne off counts as past)."""
    sign = 1 if side is Side.WHITE else -1
    path = opponent_path(side)
    opponent_off = checkers_of(points, side.opponent) < 15
    for start in range(len(path) - 5):
        if all(points[w - 1] * sign > 0 for w in path[start : start + 6]):
            past = opponent_off or any(points[w - 1] * sign < 0 for w in path[start + 6 :])
            if not past:
                return True
    return False


def play_step(points: list[int], side: Side, step: Step, dice_left: list[int]) -> None:
    """Apply one step to the board, checking what a single step must respect."""
    sign = 1 if side is Side.WHITE else -1
    assert step.die in dice_left, f"{step} uses a die not rolled (left: {dice_left})"
    dice_left.remove(step.die)
    assert 1 <= step.src <= 24 and points[white_point(side, step.src) - 1] * sign > 0
    if step.dst == 0:
        assert step.src <= 6 and step.src - step.die <= 0, f"{step}: not a bear-off"
        home = [white_point(side, p) - 1 for p in range(1, 7)]
        assert checkers_of(points, side) == sum(
            points[i] * sign for i in home if points[i] * sign > 0
        ), f"{step}: bearing off with checkers outside home"
    else:
        assert step.dst == step.src - step.die, f"{step}: not a move of {step.die}"
        landing = points[white_point(side, step.dst) - 1]
        assert landing * sign >= 0, f"{step}: lands on an opposing checker"
        points[white_point(side, step.dst) - 1] += sign
    points[white_point(side, step.src) - 1] -= sign


def choose(pos: Position, dice: Dice, rng: random.Random, *, builder: bool) -> Play:
    """A random legal play; a "builder" prefers plays that hold the most points, so that
    long rows of points (and six-block attempts) are common."""
    results = legal_results(pos, dice)
    if not builder or rng.random() < 0.3:
        return rng.choice(results)[0]
    sign = pos.turn.sign
    held = [sum(n * sign > 0 for n in after.points) for _, after in results]
    return rng.choice([play for (play, _), n in zip(results, held, strict=True) if n == max(held)])


def play_checked_game(seed: int) -> bool:
    """Play game ``seed`` checking every invariant after every step; whether it was a mars."""
    rng = random.Random(seed)
    match = Match(length=1, seed=seed)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    borne_off = {Side.WHITE: 0, Side.BLACK: 0}
    moved: set[Side] = set()
    while match.phase is Phase.ROLL:
        side = match.position.turn
        dice = match.roll()
        play = choose(match.position, dice, rng, builder=seed % 2 == 0)
        board = list(match.position.points)
        head_before = board[white_point(side, 24) - 1] * side.sign
        dice_left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
        for step in play:
            play_step(board, side, step, dice_left)
            borne_off[side] += step.dst == 0
            assert not has_illegal_block(board, side), f"game {seed}: {step} blocks"
            for each in Side:
                assert checkers_of(board, each) + borne_off[each] == 15
        match.play(play)
        assert list(match.position.points) == board
        assert match.position.turn is side.opponent
        for each in Side:
            assert not has_illegal_block(board, each)
        left_head = head_before - board[white_point(side, 24) - 1] * side.sign
        if side not in moved and tuple(dice) in HEAD_EXCEPTION:
            assert left_head == 2, f"game {seed}: first-turn {dice} must take two"
        else:
            assert left_head <= 1, f"game {seed}: {left_head} checkers left the head"
        moved.add(side)
    assert match.phase is Phase.MATCH_OVER
    winner = match.game.winner
    assert winner is not None and borne_off[winner] == 15
    loser_off = borne_off[winner.opponent]
    assert 0 <= loser_off < 15
    assert match.game.points == (2 if loser_off == 0 else 1)
    assert match.score == {winner: match.game.points, winner.opponent: 0}
    return loser_off == 0


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_after_every_step(chunk: int) -> None:
    """``GAMES`` games in all, in ``CHUNKS`` tests that the test workers share."""
    for seed in range(chunk, GAMES, CHUNKS):
        play_checked_game(seed)


def test_random_play_ends_in_both_kinds_of_result() -> None:
    """So both branches of the scoring check were taken."""
    kinds: set[bool] = set()
    for seed in range(GAMES):
        kinds.add(play_checked_game(seed))
        if len(kinds) == 2:
            break
    assert kinds == {True, False}


def test_the_independent_block_checker_agrees_with_the_rules_examples() -> None:
    white_wrap = [0] * 24
    for point in (3, 2, 1, 24, 23, 22):
        white_wrap[point - 1] = 1
    white_wrap[11] = -15  # Black still all on its head, behind the block
    assert has_illegal_block(white_wrap, Side.WHITE)
    white_wrap[11], white_wrap[15] = -14, -1  # one Black checker on White's 16: past it
    assert not has_illegal_block(white_wrap, Side.WHITE)
    across_13_12 = [0] * 24
    for point in (15, 14, 13, 12, 11, 10):
        across_13_12[point - 1] = 1
    across_13_12[5] = -15
    assert not has_illegal_block(across_13_12, Side.WHITE)
    black_six = [0] * 24
    for point in range(20, 14, -1):  # White's 20..15 in a row on White's path
        black_six[point - 1] = -1
    black_six[23] = 15
    assert has_illegal_block(black_six, Side.BLACK)
    assert not has_illegal_block(black_six, Side.WHITE)
