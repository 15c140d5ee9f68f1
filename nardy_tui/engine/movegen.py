"""Legal-play generation: every rule of RULES.md sections 3 to 7.

The search works on the position as the side to move sees it (``MoverBoard``): its own
checkers counted on its own points 1-24 (index 0 holds the borne-off count), and which of
those points the opponent holds. A turn is searched step by step, each step one die, and
every rule is judged after each single step; whole turns that use the most dice (and the
higher die, where that applies) are kept, one per distinct resulting position.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from types import MappingProxyType

from nardy_tui.engine.geometry import (
    CHECKERS,
    HEAD,
    HOME_TOP,
    LANE,
    OFF,
    POINT_AT_LANE,
    POINTS,
    board_index,
)
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import ALL_ROLLS, Dice, Play, Step

HEAD_EXCEPTION_DOUBLES = frozenset({6, 4, 3})
"""Doubles with which two checkers may leave the head on a first turn (RULES.md section 4)."""

_INDEX_OF_POINT = {
    side: (-1, *(board_index(side, point) for point in range(1, POINTS + 1))) for side in Side
}
# _STEPS[src][die]: the Step object for that move, built once (plays share them). Die 0
# and point 0 are never looked up; they only keep the indexes plain.
_STEPS: tuple[tuple[Step, ...], ...] = tuple(
    tuple(Step(src, max(src - die, OFF), die) for die in range(7)) for src in range(POINTS + 1)
)


def step_by(src: int, die: int) -> Step:
    """The step of ``die`` from the mover's point ``src`` (1-24), borne off if it goes past
    the last point."""
    return _STEPS[src][die]


class IllegalPlayError(ValueError):
    """A play that is not a legal whole turn for the position (and dice) given."""


@dataclass(frozen=True, slots=True)
class MoverBoard:
    """A position seen by the side to move, the form the search works on.

    ``own[p]`` is the mover's checkers on its point ``p`` (``own[0]``: borne off);
    ``blocked[p]`` whether the opponent holds ``p``; ``block_floor`` the lowest lane (see
    ``geometry.LANE``) on which the opponent has a checker, -1 once it has borne one off,
    so a block of the mover's on lanes above it has an opposing checker past it;
    ``head_floor`` how many checkers must stay on the head this turn.
    """

    side: Side
    own: tuple[int, ...]
    blocked: tuple[bool, ...]
    block_floor: int
    head_floor: int

    @classmethod
    def of(cls, position: Position, dice: Dice) -> MoverBoard:
        side = position.turn
        sign = side.sign
        index = _INDEX_OF_POINT[side]
        own = [0] * (POINTS + 1)
        blocked = [False] * (POINTS + 1)
        floor = POINTS
        opponent_on_board = 0
        for point in range(1, POINTS + 1):
            count = position.points[index[point]] * sign
            if count > 0:
                own[point] = count
            elif count < 0:
                blocked[point] = True
                opponent_on_board -= count
                floor = min(floor, LANE[point])
        own[OFF] = CHECKERS - sum(own)
        if opponent_on_board < CHECKERS:
            floor = -1
        exception = dice.is_double and dice.first in HEAD_EXCEPTION_DOUBLES
        leaving = 2 if position.is_first_turn and exception else 1
        head_floor = max(own[HEAD] - leaving, 0)
        return cls(side, tuple(own), tuple(blocked), floor, head_floor)

    def to_position(self, own: tuple[int, ...], before: Position) -> Position:
        """The position after the mover reached ``own``; the turn passes to the opponent."""
        points = list(before.points)
        index = _INDEX_OF_POINT[self.side]
        sign = self.side.sign
        for point in range(1, POINTS + 1):
            if not self.blocked[point]:
                points[index[point]] = own[point] * sign
        return Position(tuple(points), self.side.opponent, before.first_turns - {self.side})


def makes_illegal_block(own: list[int] | tuple[int, ...], landed: int, floor: int) -> bool:
    """Whether the mover, having just occupied the empty point ``landed``, now holds six
    or more points in a row along the opponent's path with no opposing checker past them.
    """
    lane = LANE[landed]
    low = lane
    while low > 0 and own[POINT_AT_LANE[low - 1]]:
        low -= 1
    if floor < low:
        return False
    high = lane
    while high < POINTS - 1 and own[POINT_AT_LANE[high + 1]]:
        high += 1
    return high - low >= 5


def search(
    board: MoverBoard,
    own_start: tuple[int, ...],
    remaining: tuple[int, ...],
) -> tuple[int, dict[tuple[int, ...], Play]]:
    """Every way to play the dice ``remaining`` from ``own_start``.

    Returns the most steps any sequence can play, and for each distinct end position a
    sequence that reaches it with that many steps. The higher-die rule is not applied here.
    """
    own = list(own_start)
    blocked = board.blocked
    floor = board.block_floor
    head_floor = board.head_floor
    outside = sum(own[HOME_TOP + 1 :])
    results: dict[tuple[int, ...], Play] = {}
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    path: list[Step] = []
    best = 0

    def visit(dice_left: tuple[int, ...]) -> None:
        nonlocal outside, best
        state = tuple(own)
        if (state, dice_left) in seen:
            return
        seen.add((state, dice_left))
        moved = False
        for position_in_dice, die in enumerate(dice_left):
            if die in dice_left[:position_in_dice]:
                continue
            rest = dice_left[:position_in_dice] + dice_left[position_in_dice + 1 :]
            for src in range(POINTS, 0, -1):
                if not own[src] or (src == HEAD and own[HEAD] <= head_floor):
                    continue
                dst = src - die
                if dst > 0:
                    if blocked[dst]:
                        continue
                    own[src] -= 1
                    own[dst] += 1
                    if own[dst] == 1 and makes_illegal_block(own, dst, floor):
                        own[src] += 1
                        own[dst] -= 1
                        continue
                    entered_home = src > HOME_TOP >= dst
                    outside -= entered_home
                    path.append(_STEPS[src][die])
                    visit(rest)  # noqa: F821 (bound until the del below)
                    path.pop()
                    outside += entered_home
                    own[src] += 1
                    own[dst] -= 1
                    moved = True
                elif not outside and (dst == 0 or not any(own[src + 1 : HOME_TOP + 1])):
                    own[src] -= 1
                    own[OFF] += 1
                    path.append(_STEPS[src][die])
                    visit(rest)  # noqa: F821 (bound until the del below)
                    path.pop()
                    own[src] += 1
                    own[OFF] -= 1
                    moved = True
        if not moved:
            depth = len(path)
            if depth > best:
                best = depth
                results.clear()
            if depth == best and state not in results:
                results[state] = Play(path)

    visit(remaining)
    # ``visit`` refers to itself: its own name is one of its free variables. Left as it
    # is, every search would leave that loop, and ``seen`` with its thousands of tuples,
    # for the garbage collector to find; emptying the name breaks the loop, and they go
    # at once.
    del visit
    return best, results


def _higher_die_only(plays: dict[tuple[int, ...], Play], dice: Dice) -> dict[tuple[int, ...], Play]:
    """RULES.md section 6: when only one die can be played but either could, the higher."""
    higher = max(dice)
    with_higher = {state: play for state, play in plays.items() if play[0].die == higher}
    return with_higher or plays


@lru_cache(maxsize=64)
def _legal_states(
    position: Position,
    dice: Dice,
) -> tuple[MoverBoard, Mapping[tuple[int, ...], Play]]:
    """The mover's board and every legal end state with a play reaching it.

    Remembered for the last few positions: one turn asks several times over (the turn
    builder, applying the play, writing its notation and reading that back), and the search
    is the engine's costliest step. What it returns is shared, so it cannot be changed.
    """
    board = MoverBoard.of(position, dice)
    depth, plays = search(board, board.own, dice.steps)
    if depth == 1 and not dice.is_double:
        plays = _higher_die_only(plays, dice)
    return board, MappingProxyType(plays)


def legal_plays(position: Position, dice: Dice) -> list[Play]:
    """Every legal whole turn for the side to move, one per distinct resulting position.

    Each play lists its steps in the order they are played; ``[()]`` means a pass.

    >>> plays = legal_plays(Position.initial(), (6, 6))
    >>> [str(play) for play in plays]
    ['24/18 24/18']
    """
    plays = _legal_states(position, Dice.of(dice))[1]
    return list(plays.values())


def legal_results(position: Position, dice: Dice) -> list[tuple[Play, Position]]:
    """``legal_plays`` together with the position each play leads to."""
    board, plays = _legal_states(position, Dice.of(dice))
    return [(play, board.to_position(state, position)) for state, play in plays.items()]


class Refusal(Enum):
    """Which rule of a single step a move breaks (``step_refusal``)."""

    NO_CHECKER = "no checker"
    HEAD_TWO = "two from the head"
    HEAD_ONE = "one from the head"
    HELD = "held"
    BLOCK = "block"
    NOT_HOME = "not home"
    HIGHER_FIRST = "higher first"


def step_refusal(
    board: MoverBoard,
    own: tuple[int, ...],
    src: int,
    die: int,
) -> tuple[Refusal, int] | None:
    """The rule that moving a checker from ``src`` by ``die`` breaks as a single step, with
    the point its words name (the mover's own number; 0 where none), or None if the step
    itself is allowed (RULES.md sections 3, 4, 5 and 7). No words are made here: the search
    asks this of many steps, and ``refusals`` says it for a player.

    Whether the step also leaves the rest of the roll playable is the turn's business
    (see ``turn.TurnBuilder``).
    """
    if not 1 <= src <= POINTS or not own[src]:
        return Refusal.NO_CHECKER, src
    if src == HEAD and own[HEAD] <= board.head_floor:
        if board.own[HEAD] - board.head_floor == 2:
            return Refusal.HEAD_TWO, HEAD
        return Refusal.HEAD_ONE, HEAD
    dst = src - die
    if dst > 0:
        if board.blocked[dst]:
            return Refusal.HELD, dst
        after = list(own)
        after[src] -= 1
        after[dst] += 1
        if after[dst] == 1 and makes_illegal_block(after, dst, board.block_floor):
            return Refusal.BLOCK, dst
        return None
    if any(own[HOME_TOP + 1 :]):
        return Refusal.NOT_HOME, 0
    if dst < 0:
        higher = next((point for point in range(HOME_TOP, src, -1) if own[point]), None)
        if higher is not None:
            return Refusal.HIGHER_FIRST, higher
    return None


def apply_play(position: Position, play: Play, dice: Dice | None = None) -> Position:
    """The position after ``play``; ``IllegalPlayError`` if it is not a legal turn (or not
    made of ``Step``s at all: the public contract promises a ``ValueError`` for any play
    that cannot be played)."""
    if not all(isinstance(step, Step) for step in play):
        raise IllegalPlayError(f"{play!r} is not a play: a play is a tuple of Steps.")
    rolls = [Dice.of(dice)] if dice is not None else _rolls_matching(play)
    for roll in rolls:
        after = _follow(position, play, roll)
        if after is not None:
            return after
    with_dice = f" with {dice}" if dice is not None else ""
    raise IllegalPlayError(
        f"{Play(play)} is not a legal turn for {position.turn.label}{with_dice}."
    )


def _rolls_matching(play: Play) -> list[Dice]:
    """The rolls a play's steps could have come from (all 21 for a pass)."""
    if not play:
        return list(ALL_ROLLS)
    dies = sorted({step.die for step in play}, reverse=True)
    if len(dies) == 2:
        return [Dice(dies[0], dies[1])]
    if len(play) > 1:
        return [Dice(dies[0], dies[0])]
    return [Dice(dies[0], other) for other in range(1, 7)]


def _follow(position: Position, play: Play, dice: Dice) -> Position | None:
    """The position after ``play`` with ``dice`` if every step and the whole turn are legal."""
    board, plays = _legal_states(position, dice)
    own = list(board.own)
    dies = list(dice.steps)
    for step in play:
        if step.die not in dies or not 1 <= step.src <= POINTS:
            return None
        if step != _STEPS[step.src][step.die]:
            return None
        if step_refusal(board, tuple(own), step.src, step.die) is not None:
            return None
        own[step.src] -= 1
        own[step.dst] += 1
        dies.remove(step.die)
    state = tuple(own)
    if state not in plays or len(plays[state]) != len(play):
        return None
    return board.to_position(state, position)
