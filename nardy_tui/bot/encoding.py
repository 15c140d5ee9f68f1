"""The network's inputs: a batch of positions as numbers, seen from the side to move.

Everything is in the mover's own numbering, so a position and the same position with the
colours swapped (and the other side to move) give identical inputs: the network cannot tell
White from Black, which makes its answers mirror-symmetric by construction.

For each side (the mover first, then the opponent), in that side's own numbering:

- each point 1-24: one, two, three or more checkers (three flags), and the checkers beyond
  three (a quarter each), as TD-Gammon encodes a point;
- the head (checkers / 15), checkers borne off (/ 15) and whether any are (mars),
  the pip count, checkers outside home and the pips still to bring them home;
- the rearmost checker's point;
- what this side does to the other: the expected number of the other's checkers that a roll
  leaves unable to move (the share of rolls blocked by the points held in front of each), and
  the longest run of held points in front of the other's rearmost checker.

Then three flags for the whole position: whether the sides are still in contact, and whether
each side is still to make its first turn (the head exception, RULES.md section 4).

The work is done with whole-batch numpy operations: a search encodes thousands of positions
at a time, and per-position Python would dominate its cost.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from nardy_tui.engine import (
    CHECKERS,
    HOME_TOP,
    POINTS,
    Position,
    Side,
    board_index,
    opposite_number,
)

PER_POINT = 4
SIDE_EXTRAS = 10
SIDE_INPUTS = POINTS * PER_POINT + SIDE_EXTRAS
INPUTS = 2 * SIDE_INPUTS + 3
"""Length of one position's input vector."""
MOVER_OFF = POINTS * PER_POINT + 1
OPPONENT_OFF = SIDE_INPUTS + MOVER_OFF
"""Columns holding each side's borne-off checkers / 15 (the evaluator reads mars from them)."""

_ORDER = {side: np.array([board_index(side, p) for p in range(1, POINTS + 1)]) for side in Side}
"""``_ORDER[side][p - 1]``: the board-array index of ``side``'s own point ``p``."""

_OPPOSITE = np.array([opposite_number(p) - 1 for p in range(1, POINTS + 1)])
"""Column ``p - 1`` of a side's points, read in the other side's numbering."""

_POINT_NUMBERS = np.arange(1, POINTS + 1, dtype=np.float32)
_TO_HOME = np.maximum(_POINT_NUMBERS - HOME_TOP, 0)
_BLOCKED_SHARE = (np.arange(7, dtype=np.float32) ** 2) / 36
"""Share of rolls with which a checker cannot move at all when ``k`` of the six points in
front of it are held (both dice must land on held points)."""

_FRONT = np.array([[q - d for d in range(1, 7)] for q in range(1, POINTS + 1)])
"""``_FRONT[q - 1]``: the six points in front of point ``q`` (zero or below: off the board)."""


def mover_counts(points: NDArray[np.int64], white_to_move: NDArray[np.bool_],
                 ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The mover's and the opponent's checkers per own point, as two (N, 24) arrays.

    ``points`` is (N, 24) in White's numbering; column ``p - 1`` of each result is that
    side's own point ``p``.
    """
    sign = np.where(white_to_move, 1, -1)[:, None]
    signed = points * sign
    mine_order = np.where(white_to_move[:, None], _ORDER[Side.WHITE], _ORDER[Side.BLACK])
    theirs_order = np.where(white_to_move[:, None], _ORDER[Side.BLACK], _ORDER[Side.WHITE])
    mine = np.maximum(np.take_along_axis(signed, mine_order, axis=1), 0)
    theirs = np.maximum(-np.take_along_axis(signed, theirs_order, axis=1), 0)
    return mine, theirs


def _rear(counts: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each row's highest occupied point (0 once everything is borne off)."""
    occupied = counts > 0
    highest = POINTS - np.argmax(occupied[:, ::-1], axis=1)
    return np.where(occupied.any(axis=1), highest, 0)


def _blocking(held: NDArray[np.bool_], theirs: NDArray[np.int64], theirs_rear: NDArray[np.int64],
              ) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """What the held points (in the other side's numbering) do to the other side's checkers:
    the expected checkers a roll leaves unable to move, and the longest run of held points in
    front of the rearmost checker."""
    padded = np.concatenate([np.zeros((len(held), 1), dtype=bool), held], axis=1)
    front = padded[:, np.maximum(_FRONT, 0)] & (_FRONT > 0)
    share = _BLOCKED_SHARE[front.sum(axis=2)]
    movable = np.minimum(theirs, 2).astype(np.float32)
    movable[:, POINTS - 1] = np.minimum(theirs[:, POINTS - 1], 1)
    movable[:, :HOME_TOP] = 0
    pressure = (share * movable).sum(axis=1)
    in_front = held & (np.arange(1, POINTS + 1) < theirs_rear[:, None])
    counted = np.cumsum(in_front, axis=1)
    at_last_gap = np.maximum.accumulate(np.where(in_front, 0, counted), axis=1)
    longest: NDArray[np.int64] = (counted - at_last_gap).max(axis=1)
    return pressure.astype(np.float32), longest.astype(np.float32)


def _side_inputs(mine: NDArray[np.int64], theirs: NDArray[np.int64],
                 theirs_rear: NDArray[np.int64], out: NDArray[np.float32]) -> None:
    """Write one side's inputs (``mine`` against ``theirs``) into ``out``."""
    n = len(mine)
    per_point = out[:, :POINTS * PER_POINT].reshape(n, POINTS, PER_POINT)
    per_point[:, :, 0] = mine >= 1
    per_point[:, :, 1] = mine >= 2
    per_point[:, :, 2] = mine >= 3
    per_point[:, :, 3] = np.maximum(mine - 3, 0) / 4
    on_board = mine.sum(axis=1)
    off = CHECKERS - on_board
    held = mine[:, _OPPOSITE] > 0
    pressure, longest = _blocking(held, theirs, theirs_rear)
    extras = out[:, POINTS * PER_POINT:]
    extras[:, 0] = mine[:, POINTS - 1] / CHECKERS
    extras[:, 1] = off / CHECKERS
    extras[:, 2] = off > 0
    extras[:, 3] = (mine @ _POINT_NUMBERS) / 200
    extras[:, 4] = mine[:, HOME_TOP:].sum(axis=1) / CHECKERS
    extras[:, 5] = (mine @ _TO_HOME) / 150
    extras[:, 6] = _rear(mine) / POINTS
    extras[:, 7] = pressure / 4
    extras[:, 8] = longest / 6
    extras[:, 9] = longest >= 4


def _contact(mine: NDArray[np.int64], theirs: NDArray[np.int64], mine_rear: NDArray[np.int64],
             theirs_rear: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Whether either side still has to pass checkers of the other (otherwise: a race)."""
    numbers = np.arange(1, POINTS + 1)
    theirs_in_mine = theirs[:, _OPPOSITE] > 0
    mine_in_theirs = mine[:, _OPPOSITE] > 0
    ahead_of_me = (theirs_in_mine & (numbers < mine_rear[:, None])).any(axis=1)
    ahead_of_them = (mine_in_theirs & (numbers < theirs_rear[:, None])).any(axis=1)
    return np.logical_or(ahead_of_me, ahead_of_them)


def encode_arrays(points: NDArray[np.int64], white_to_move: NDArray[np.bool_],
                  first_turns: NDArray[np.bool_]) -> NDArray[np.float32]:
    """Inputs for a batch: ``points`` (N, 24) in White's numbering, whether White is to move
    (N,), and whether the mover and the opponent are still to make a first turn (N, 2)."""
    mine, theirs = mover_counts(points, white_to_move)
    mine_rear = _rear(mine)
    theirs_rear = _rear(theirs)
    out = np.zeros((len(points), INPUTS), dtype=np.float32)
    _side_inputs(mine, theirs, theirs_rear, out[:, :SIDE_INPUTS])
    _side_inputs(theirs, mine, mine_rear, out[:, SIDE_INPUTS:2 * SIDE_INPUTS])
    out[:, -3] = _contact(mine, theirs, mine_rear, theirs_rear)
    out[:, -2:] = first_turns
    return out


def encode(positions: Sequence[Position]) -> NDArray[np.float32]:
    """The inputs of each position, seen from its side to move: an (N, INPUTS) array.

    >>> encode([Position.initial()]).shape == (1, INPUTS)
    True
    """
    points = np.array([position.points for position in positions], dtype=np.int64)
    white = np.array([position.turn is Side.WHITE for position in positions], dtype=bool)
    first = np.array([(position.turn in position.first_turns,
                       position.turn.opponent in position.first_turns)
                      for position in positions], dtype=bool).reshape(len(positions), 2)
    return encode_arrays(points.reshape(len(positions), POINTS), white, first)

