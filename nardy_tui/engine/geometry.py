"""Point numbering: each side's own numbering, the board array, and the opponent's path.

Every rule is stated in the mover's own numbering (head 24, home 1-6, 0 = borne off). The
board array is in White's numbering. These helpers convert between the two, and give the
order of the mover's points along the *opponent's* path, which is what the six-block rule
(RULES.md section 5) is judged along.
"""

from __future__ import annotations

from nardy_tui.engine.side import Side

POINTS = 24
CHECKERS = 15
HEAD = 24
HOME_TOP = 6
OFF = 0


def board_index(side: Side, point: int) -> int:
    """Index into the board array of ``side``'s own point ``point`` (1-24).

    >>> board_index(Side.WHITE, 24), board_index(Side.BLACK, 24), board_index(Side.BLACK, 1)
    (23, 11, 12)
    """
    return point - 1 if side is Side.WHITE else (point + 11) % POINTS


def own_point(side: Side, index: int) -> int:
    """``side``'s own number for the board array's ``index`` (0-23).

    >>> own_point(Side.BLACK, 11), own_point(Side.WHITE, 0)
    (24, 1)
    """
    return index + 1 if side is Side.WHITE else (index + 12) % POINTS + 1


def opposite_number(point: int) -> int:
    """The opponent's own number for the mover's point ``point``.

    The conversion is the same in both directions (RULES.md section 1).

    >>> opposite_number(24), opposite_number(12), opposite_number(13)
    (12, 24, 1)
    """
    return (point + 11) % POINTS + 1


def renumber(point: int, mover: Side, reader: Side) -> int:
    """``mover``'s own point ``point`` as ``reader`` numbers it; 0 (off) and numbers outside
    1-24 stay as they are.

    >>> renumber(24, Side.BLACK, Side.WHITE), renumber(24, Side.WHITE, Side.WHITE)
    (12, 24)
    >>> renumber(OFF, Side.BLACK, Side.WHITE)
    0
    """
    if mover is reader or not 1 <= point <= POINTS:
        return point
    return opposite_number(point)


# The mover's points in the order the opponent travels them, far end first: LANE[p] is the
# place of the mover's point p along the opponent's path, counted from the opponent's last
# point (lane 0 = the opponent's point 1, lane 23 = the opponent's head). The opponent moves
# towards lower lanes, so a checker of theirs on a lower lane than a block is past it.
LANE: tuple[int, ...] = (-1, *(opposite_number(p) - 1 for p in range(1, POINTS + 1)))
POINT_AT_LANE: tuple[int, ...] = tuple(LANE.index(lane) for lane in range(POINTS))
