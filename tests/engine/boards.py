"""Helpers that let the engine tests describe positions the way RULES.md does.

A position is written as ``{point: checkers}`` for each side in that side's *own*
numbering (head 24, home 1-6), and a legal result as the mover's own layout, so a test
reads like the worked examples of the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from nardy_tui.engine import ALL_ROLLS, Dice, Position, Side, legal_results
from nardy_tui.engine.geometry import board_index

Layout = frozenset[tuple[int, int]]
"""One side's checkers as (own point, count) pairs; point 0 holds the borne-off count."""


def board(white: Mapping[int, int], black: Mapping[int, int]) -> list[int]:
    """The board array (White's numbering) with each side's checkers on its own points."""
    points = [0] * 24
    for side, layout in ((Side.WHITE, white), (Side.BLACK, black)):
        assert sum(layout.values()) <= 15, f"{side} has more than 15 checkers"
        for point, count in layout.items():
            index = board_index(side, point)
            assert points[index] == 0, f"both sides on White's point {index + 1}"
            points[index] = count * side.sign
    return points


def position(
    mover: Mapping[int, int],
    opponent: Mapping[int, int],
    side: Side = Side.WHITE,
    *,
    first_turn: bool = False,
) -> Position:
    """``side`` to move, each side's checkers given in its own numbering."""
    white, black = (mover, opponent) if side is Side.WHITE else (opponent, mover)
    return Position.from_points(board(white, black), side, first_turn=first_turn)


def layout_of(pos: Position, side: Side) -> Layout:
    """``side``'s checkers in its own numbering, borne-off count on point 0."""
    found = {point: pos.checkers(side, point) for point in range(1, 25)}
    found[0] = pos.borne_off(side)
    return frozenset((point, count) for point, count in found.items() if count)


def layout(checkers: Mapping[int, int]) -> Layout:
    """A layout written like ``{24: 13, 18: 2}``; the rest of the 15 are borne off."""
    full = dict(checkers)
    off = 15 - sum(full.values())
    if off:
        full[0] = full.get(0, 0) + off
    return frozenset((point, count) for point, count in full.items() if count)


def outcomes(pos: Position, dice: Dice) -> set[Layout]:
    """The mover's layouts after every legal whole turn."""
    return {layout_of(after, pos.turn) for _, after in legal_results(pos, dice)}


def steps_played(pos: Position, dice: Dice) -> set[int]:
    """How many dice the legal plays use (a set, which the rules say has one member)."""
    return {len(play) for play, _ in legal_results(pos, dice)}


def self_play_positions(seed: int, count: int) -> Iterator[tuple[Position, Dice]]:
    """``count`` (position, roll) pairs met in seeded random games, in order."""
    rng = random.Random(seed)
    made = 0
    while True:
        pos = Position.initial(rng.choice(list(Side)))
        while pos.winner is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            yield pos, dice
            made += 1
            if made == count:
                return
            play, after = rng.choice(legal_results(pos, dice))
            assert after == pos.apply(play, dice)
            pos = after


__all__ = [
    "ALL_ROLLS",
    "board",
    "layout",
    "layout_of",
    "outcomes",
    "position",
    "self_play_positions",
    "steps_played",
]
