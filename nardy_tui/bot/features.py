"""What a Long Nardy player looks at in a position, measured for one side.

Everything here works on plain lists in a side's own numbering (index ``p`` = that side's
point ``p``, head 24, home 1-6), built once per position by ``split``. The bot evaluates
thousands of positions per move, so the features are computed in a single pass each with
precomputed tables, in pure Python.

The board array is in White's numbering (RULES.md section 1); the tables below are built
once from the engine's conversions.
"""

from __future__ import annotations

from typing import NamedTuple

from nardy_tui.engine import HEAD, HOME_TOP, POINTS, Side, opposite_number, own_point

OPPOSITE: tuple[int, ...] = (0, *(opposite_number(p) for p in range(1, POINTS + 1)))
"""``OPPOSITE[p]``: the opponent's own number for a side's point ``p`` (the map is its own
inverse, RULES.md section 1)."""

_BLACK_POINT: tuple[int, ...] = tuple(own_point(Side.BLACK, i) for i in range(POINTS))
"""Black's own number for board index ``i`` (White's point ``i + 1``)."""

BEAR_OFF_WASTE: tuple[float, ...] = (0.0, 3.0, 2.4, 1.9, 1.5, 1.2, *(1.0,) * 19)
"""Pips a checker on each point wastes on average by the end of the game: bearing off from a
low point uses a whole die to travel a pip or two, so a checker on point 1 costs about four
pips' worth of dice, not one. Piling checkers deep in home is a real loss of time."""

_NEAR = (1.0,) * 7 + (0.75,) * 6 + (0.5,) * 12
"""Weight of a run by the distance from it to the nearest opposing checker behind it: a run
within a roll of the checkers it stops works now, a distant one only later (if ever)."""

_BLOCKED_SHARE = tuple(k * k / 36 for k in range(7))
"""Share of the 36 rolls with which a checker cannot move at all when ``k`` of the six
points in front of it are held: both dice must land on held points."""


class SideFeatures(NamedTuple):
    """One side's features. ``block`` and ``pressure`` measure what this side does to the
    opponent; the rest describe this side's own checkers."""

    pips: int
    """Total distance still to travel."""
    effective_pips: float
    """``pips`` plus the wastage of bearing off (``BEAR_OFF_WASTE``)."""
    on_board: int
    """Checkers not yet borne off."""
    head: int
    """Checkers on the head: only one may leave per turn, so each is a future turn spent."""
    runs: tuple[float, ...]
    """Runs of held points in front of the opponent's checkers, by length (index 1-6, six
    capping longer ones): the opposing checkers each run holds back, nearer runs counting
    more. The evaluation weighs them by length."""
    pressure: float
    """Expected number of opposing checkers (outside their home) that a roll leaves unable
    to move: the share of rolls blocked, weighted by the checkers it stops."""
    spares: int
    """Checkers beyond the first on a point (head excluded): moves that break no point."""
    stacking: int
    """Checkers beyond the third on a point (head excluded): wasted blocking material."""
    to_home: int
    """Pips needed to bring every checker home: how far the side is from bearing off."""
    rear: int
    """The side's rearmost occupied point (0 once all are off)."""


def split(points: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """White's and Black's checkers, each as a list in its own numbering (index 0 unused).

    >>> white, black = split((0,) * 11 + (-15,) + (0,) * 11 + (15,))
    >>> white[24], black[24]
    (15, 15)
    """
    white = [0] * (POINTS + 1)
    black = [0] * (POINTS + 1)
    for index, count in enumerate(points):
        if count > 0:
            white[index + 1] = count
        elif count < 0:
            black[_BLACK_POINT[index]] = -count
    return white, black


def in_contact(mine: list[int], theirs: list[int], mine_rear: int, theirs_rear: int) -> bool:
    """Whether either side still has to pass checkers of the other.

    Once no checker of one side stands on a point the other still has to travel, the sides
    can never block each other again and the game is a pure race.
    """
    for point in range(1, theirs_rear + 1):
        if theirs[point] and OPPOSITE[point] < mine_rear:
            return True
    return any(mine[point] and OPPOSITE[point] < theirs_rear for point in range(1, mine_rear + 1))


def rear_point(checkers: list[int]) -> int:
    """The highest occupied point of a side (0 if it has borne everything off)."""
    for point in range(POINTS, 0, -1):
        if checkers[point]:
            return point
    return 0


def side_features(mine: list[int], theirs: list[int], theirs_rear: int) -> SideFeatures:
    """The features of the side whose checkers are ``mine`` against ``theirs``."""
    pips = 0
    waste = 0.0
    on_board = 0
    spares = 0
    stacking = 0
    to_home = 0
    rear = 0
    for point in range(1, POINTS + 1):
        count = mine[point]
        if count:
            rear = point
            pips += point * count
            waste += BEAR_OFF_WASTE[point] * count
            on_board += count
            if point > HOME_TOP:
                to_home += (point - HOME_TOP) * count
            if point != HEAD and count > 1:
                spares += count - 1
                if count > 3:
                    stacking += count - 3
    # held[q]: whether this side holds the opponent's point q (the opponent's numbering).
    held = [False] * (POINTS + 1)
    for point in range(1, POINTS + 1):
        if mine[point]:
            held[OPPOSITE[point]] = True
    return SideFeatures(
        pips=pips,
        effective_pips=pips + waste,
        on_board=on_board,
        head=mine[HEAD],
        runs=_runs(held, theirs, theirs_rear),
        pressure=_pressure(held, theirs, theirs_rear),
        spares=spares,
        stacking=stacking,
        to_home=to_home,
        rear=rear,
    )


def _runs(held: list[bool], theirs: list[int], theirs_rear: int) -> tuple[float, ...]:
    """For each run length, the opposing checkers behind runs of that length in front of
    the opponent's rearmost checker, weighted by ``_NEAR``. Runs are consecutive along the
    opponent's path, as in the six-block rule."""
    runs = [0.0] * 7
    behind = 0
    nearest = 0  # the lowest opposing point above the current position (0: none yet)
    point = theirs_rear
    while point >= 1:
        if held[point]:
            top = point
            while point >= 1 and held[point]:
                point -= 1
            runs[min(top - point, 6)] += behind * _NEAR[nearest - top]
        else:
            count = theirs[point]
            if count:
                behind += count
                nearest = point
            point -= 1
    return tuple(runs)


def _pressure(held: list[bool], theirs: list[int], theirs_rear: int) -> float:
    """Expected opposing checkers outside their home that cannot move for the next roll.

    A stack counts at most two checkers (a roll moves at most two), the head one (only one
    may leave it per turn)."""
    total = 0.0
    for point in range(HOME_TOP + 1, theirs_rear + 1):
        count = theirs[point]
        if count:
            blocked = 0
            for die in range(1, 7):
                if held[point - die]:
                    blocked += 1
            if blocked:
                weight = 1 if point == HEAD else min(count, 2)
                total += weight * _BLOCKED_SHARE[blocked]
    return total
