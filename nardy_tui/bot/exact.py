"""Exact endgames: the true chances of a small bear-off race, by dynamic programming over
every roll. The expert plays and judges small races by them, and measures their dice's luck
by them (the network errs most there), and the tests check the rollouts against them.

A race is *small* when every checker of both sides is in its own home (points 1-6) and
neither side has more than ``MOST_CHECKERS`` left: the homes face each other across the
board, so nothing can block, and with at least eleven borne off nobody can be marred, so
the equity is ``2·win - 1``. The mover's chance is the average over the 21 rolls of the
best play's (the one leaving the opponent the least), each side playing perfectly.

The plays are generated here from the bear-off rules alone (RULES.md sections 6 and 7; no
blocking can arise in the homes) because the engine's general search is far slower than
this table needs; ``tests/bot/test_exact.py`` holds them to the engine's own answers.
"""

from __future__ import annotations

from functools import cache

from nardy_tui.bot.chances import Evaluation
from nardy_tui.engine import ALL_ROLLS, HOME_TOP, POINTS, Dice, Position, Side

MOST_CHECKERS = 4
Home = tuple[int, ...]
"""A side's checkers still on the board, by point, highest first (``(6, 3, 3)``)."""


def home_of(position: Position, side: Side) -> Home | None:
    """``side``'s checkers as a ``Home``, or None if one is outside its home."""
    checkers: list[int] = []
    for point in range(1, POINTS + 1):
        count = position.checkers(side, point)
        if count and point > HOME_TOP:
            return None
        checkers += [point] * count
    return tuple(sorted(checkers, reverse=True))


def is_small_race(position: Position) -> bool:
    """Whether the exact table covers ``position``: both sides in their homes, at most
    ``MOST_CHECKERS`` each, the game not over."""
    homes = [home_of(position, side) for side in Side]
    return all(home is not None and 0 < len(home) <= MOST_CHECKERS for home in homes)


def exact_chances(position: Position) -> Evaluation:
    """The side to move's exact chances in a small race (``is_small_race``)."""
    if not is_small_race(position):
        raise ValueError(
            "the exact table covers races with at most four checkers a side, all in their homes"
        )
    mine, theirs = home_of(position, position.turn), home_of(position, position.turn.opponent)
    assert mine is not None and theirs is not None
    return Evaluation(win_chance(mine, theirs), 0.0, 0.0)


@cache
def win_chance(mine: Home, theirs: Home) -> float:
    """The mover's chance to win, both sides playing to win, the mover still to roll."""
    total = 0.0
    for dice in ALL_ROLLS:
        weight = (1 if dice.is_double else 2) / 36
        total += weight * _best_win(mine, theirs, dice)
    return min(total, 1.0)  # the 21 weights add up to 1 but for rounding


def _best_win(mine: Home, theirs: Home, dice: Dice) -> float:
    """The mover's chance to win after its best play with ``dice``."""
    return max(1.0 if not end else 1.0 - win_chance(theirs, end) for end in turn_ends(mine, dice))


@cache
def turn_ends(home: Home, dice: Dice) -> frozenset[Home]:
    """Every home the mover can end the turn with: as many dice played as can be, and if
    only one of two different dice can be, the higher if that one can."""
    first, second = dice
    orders = [dice.steps] if dice.is_double else [(first, second), (second, first)]
    reached: dict[Home, int] = {}
    for order in orders:
        for end, used in _plays(home, order):
            reached[end] = max(reached.get(end, 0), used)
    most = max(reached.values())
    ends = {end: used for end, used in reached.items() if used == most}
    if not dice.is_double and most == 1:
        higher = max(dice)
        with_higher = {end for end in ends if end in _steps(home, higher)}
        if with_higher:
            return frozenset(with_higher)
    return frozenset(ends)


def _plays(home: Home, dice: tuple[int, ...]) -> list[tuple[Home, int]]:
    """Every (end, dice used) playing ``dice`` in order, stopping when none can be."""
    if not dice or not home:
        return [(home, 0)]
    steps = _steps(home, dice[0])
    if not steps:
        return [(home, 0)]
    return [(end, used + 1) for after in steps for end, used in _plays(after, dice[1:])]


def _steps(home: Home, die: int) -> set[Home]:
    """The homes one step of ``die`` can leave: a checker moved down within the home, or
    borne off from the die's point (from a lower one if none stands higher)."""
    results: set[Home] = set()
    highest = home[0]
    for index, point in enumerate(home):
        if index and point == home[index - 1]:
            continue  # the same point: the same result
        rest = home[:index] + home[index + 1 :]
        if point > die:
            results.add(tuple(sorted((*rest, point - die), reverse=True)))
        elif point == die or (point < die and point == highest):
            results.add(rest)
    return results
