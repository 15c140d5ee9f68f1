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

_POINT_CODES = np.array(
    [[count >= 1, count >= 2, count >= 3, max(count - 3, 0) / 4] for count in range(CHECKERS + 1)],
    dtype=np.float32,
)
"""The four inputs of a point holding ``count`` checkers (TD-Gammon's encoding)."""

_IN_FRONT = np.array(
    [[q - 6 <= p < q for q in range(1, POINTS + 1)] for p in range(1, POINTS + 1)], dtype=np.float32
)
"""``_IN_FRONT[p - 1, q - 1]``: whether point ``p`` is one of the six in front of point ``q``;
held points (as 0/1) times this matrix count the held points in front of every point."""

_BIT_OF_POINT = (2.0 ** np.arange(POINTS)).astype(np.float32)
"""Point ``p``'s bit when a row of flags is read as one 24-bit number (exact in float32)."""


def mover_counts(
    points: NDArray[np.int64],
    white_to_move: NDArray[np.bool_],
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


def _held(counts: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Each row's held points, read in the other side's numbering."""
    held: NDArray[np.bool_] = np.take(counts, _OPPOSITE, axis=1) > 0
    return held


def _blocked_share(held: NDArray[np.bool_]) -> NDArray[np.float32]:
    """For every point of the other side, the share of rolls with which a checker there
    cannot move for the ``held`` points in front of it."""
    # A matrix product rather than running sums along each row: numpy's row-wise cumsum on
    # 24 columns costs several times more (self-play encodes thousands of positions a turn).
    front = held.astype(np.float32) @ _IN_FRONT
    share: NDArray[np.float32] = np.take(_BLOCKED_SHARE, front.astype(np.int64))
    return share


def _movable(counts: NDArray[np.int64]) -> NDArray[np.float32]:
    """How many of each point's checkers a roll can leave stuck there (two at most, the
    head's one, none at home)."""
    movable = np.minimum(counts, 2).astype(np.float32)
    movable[:, POINTS - 1] = np.minimum(counts[:, POINTS - 1], 1)
    movable[:, :HOME_TOP] = 0
    return movable


def _longest_run(flags: NDArray[np.bool_]) -> NDArray[np.int64]:
    """The longest run of consecutive set flags in each row: read as bits, a row loses the
    last bit of each run each time it is ANDed with itself shifted by one."""
    bits = (flags.astype(np.float32) @ _BIT_OF_POINT).astype(np.int64)
    longest = np.zeros(len(bits), dtype=np.int64)
    while (left := bits != 0).any():
        longest += left
        bits &= bits >> 1
    return longest


OWN_INPUTS = POINTS * PER_POINT + 7
"""The leading columns of a side's inputs that depend on that side's checkers alone."""


def _own_inputs(
    mine: NDArray[np.int64], mine_rear: NDArray[np.int64], out: NDArray[np.float32]
) -> None:
    """Write the inputs that depend on one side's checkers alone into ``out``."""
    # np.take, not mine-as-index: the same gather, several times faster in numpy.
    codes = np.take(_POINT_CODES, mine.ravel(), axis=0)
    out[:, : POINTS * PER_POINT] = codes.reshape(len(mine), POINTS * PER_POINT)
    off = CHECKERS - mine.sum(axis=1)
    extras = out[:, POINTS * PER_POINT :]
    extras[:, 0] = mine[:, POINTS - 1] / CHECKERS
    extras[:, 1] = off / CHECKERS
    extras[:, 2] = off > 0
    extras[:, 3] = (mine @ _POINT_NUMBERS) / 200
    extras[:, 4] = mine[:, HOME_TOP:].sum(axis=1) / CHECKERS
    extras[:, 5] = (mine @ _TO_HOME) / 150
    extras[:, 6] = mine_rear / POINTS


def _against_inputs(
    share: NDArray[np.float32],
    in_front: NDArray[np.bool_],
    movable: NDArray[np.float32],
    out: NDArray[np.float32],
) -> None:
    """Write what one side does to the other into ``out``: the expected checkers a roll
    leaves unable to move (``share`` of each point's ``movable`` ones), and the longest run
    of held points ``in_front`` of the other's rearmost checker."""
    pressure = (share * movable).sum(axis=1).astype(np.float32)
    longest = _longest_run(in_front).astype(np.float32)
    out[:, 0] = pressure / 4
    out[:, 1] = longest / 6
    out[:, 2] = longest >= 4


def encode_arrays(
    points: NDArray[np.int64], white_to_move: NDArray[np.bool_], first_turns: NDArray[np.bool_]
) -> NDArray[np.float32]:
    """Inputs for a batch: ``points`` (N, 24) in White's numbering, whether White is to move
    (N,), and whether the mover and the opponent are still to make a first turn (N, 2)."""
    mine, theirs = mover_counts(points, white_to_move)
    return encode_sides(mine, theirs, first_turns)


def encode_sides(
    mine: NDArray[np.int64],
    theirs: NDArray[np.int64],
    first_turns: NDArray[np.bool_],
    mover_of_row: NDArray[np.int64] | None = None,
) -> NDArray[np.float32]:
    """Inputs for a batch given as each side's checkers on its own points 1-24 (two (N, 24)
    arrays, the mover's first), and whether each is still to make a first turn (N, 2).

    With ``mover_of_row``, ``mine`` holds each distinct mover once and row ``i``'s mover is
    ``mine[mover_of_row[i]]``: the answers to one position (every end of every roll) share
    the mover's side of the work.
    """
    rows = np.arange(len(mine)) if mover_of_row is None else mover_of_row
    mine_rear = _rear(mine)
    theirs_rear = _rear(theirs)
    mine_held = _held(mine)
    theirs_held = _held(theirs)
    numbers = np.arange(1, POINTS + 1)
    mine_ahead = np.take(mine_held, rows, axis=0) & (numbers < theirs_rear[:, None])
    theirs_ahead = theirs_held & (numbers < np.take(mine_rear, rows)[:, None])
    out = np.zeros((len(theirs), INPUTS), dtype=np.float32)
    movers = np.zeros((len(mine), OWN_INPUTS), dtype=np.float32)
    _own_inputs(mine, mine_rear, movers)
    out[:, :OWN_INPUTS] = np.take(movers, rows, axis=0)
    share = np.take(_blocked_share(mine_held), rows, axis=0)
    _against_inputs(share, mine_ahead, _movable(theirs), out[:, OWN_INPUTS:SIDE_INPUTS])
    _own_inputs(theirs, theirs_rear, out[:, SIDE_INPUTS : SIDE_INPUTS + OWN_INPUTS])
    _against_inputs(
        _blocked_share(theirs_held),
        theirs_ahead,
        np.take(_movable(mine), rows, axis=0),
        out[:, SIDE_INPUTS + OWN_INPUTS : 2 * SIDE_INPUTS],
    )
    # In contact while either side still has to pass checkers of the other.
    out[:, -3] = mine_ahead.any(axis=1) | theirs_ahead.any(axis=1)
    out[:, -2:] = first_turns
    return out


def encode(positions: Sequence[Position]) -> NDArray[np.float32]:
    """The inputs of each position, seen from its side to move: an (N, INPUTS) array.

    >>> encode([Position.initial()]).shape == (1, INPUTS)
    True
    """
    points = np.array([position.points for position in positions], dtype=np.int64)
    white = np.array([position.turn is Side.WHITE for position in positions], dtype=bool)
    return encode_arrays(points.reshape(len(positions), POINTS), white, first_turn_flags(positions))


def first_turn_flags(positions: Sequence[Position]) -> NDArray[np.bool_]:
    """(N, 2): whether the side to move, then its opponent, is still to make its first
    turn of the game (the head rule's exception)."""
    return np.array(
        [
            (position.turn in position.first_turns, position.turn.opponent in position.first_turns)
            for position in positions
        ],
        dtype=bool,
    ).reshape(len(positions), 2)
