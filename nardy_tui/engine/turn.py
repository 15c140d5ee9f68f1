"""Building a turn one step at a time, as a player at the board does.

``TurnBuilder`` knows every legal whole turn for a position and roll, and after each step
answers which steps may come next, so a player can never start a turn that breaks
RULES.md section 6. Why a move is refused, in plain words, is ``refusals``' business; the
builder asks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from nardy_tui.engine import refusals
from nardy_tui.engine.geometry import OFF, POINTS
from nardy_tui.engine.movegen import (
    IllegalPlayError,
    MoverBoard,
    legal_plays,
    legal_results,
    search,
    step_by,
    step_refusal,
)
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice, Play, Step


@dataclass(frozen=True, slots=True)
class Route:
    """How one checker reaches ``dst`` from its point this turn: one step or several."""

    dst: int
    steps: tuple[Step, ...]

    @property
    def is_combined(self) -> bool:
        return len(self.steps) > 1


class TurnBuilder:
    """The turn in progress for ``position`` and ``dice``.

    >>> from nardy_tui.engine import Position
    >>> turn = TurnBuilder(Position.initial(), (5, 3))
    >>> turn.sources()
    [24]
    >>> sorted(route.dst for route in turn.routes(24))
    [16, 19, 21]
    >>> turn.move(24, 16)
    Play.parse('24/19 19/16')
    >>> turn.is_complete, str(turn.steps)
    (True, '24/19 19/16')
    """

    def __init__(self, position: Position, dice: Dice) -> None:
        self.position = position
        self.dice = Dice.of(dice)
        self._board = MoverBoard.of(position, self.dice)
        plays = legal_plays(position, self.dice)
        self._plays = plays
        self._total = len(plays[0])
        self._must_use_higher = (
            self._total == 1 and not self.dice.is_double and plays[0][0].die == max(self.dice)
        )
        self._unplayable = _unused_dice(self.dice, plays)
        self._steps: list[Step] = []

    # -- state ---------------------------------------------------------------------------

    @property
    def mover(self) -> Side:
        """The side playing this turn."""
        return self.position.turn

    @property
    def steps(self) -> Play:
        """The steps played so far this turn."""
        return Play(self._steps)

    @property
    def max_steps(self) -> int:
        """How many dice this turn must use (RULES.md section 6)."""
        return self._total

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        """The die values not used yet, higher first."""
        left = list(self.dice.steps)
        for step in self._steps:
            left.remove(step.die)
        return tuple(left)

    @property
    def is_complete(self) -> bool:
        """True once no further step is allowed: the turn can be confirmed."""
        return len(self._steps) == self._total

    @property
    def is_pass(self) -> bool:
        """True if nothing at all can be played with this roll."""
        return self._total == 0

    @property
    def forced_play(self) -> Play | None:
        """The whole turn when the rules allow exactly one (a pass included), else None.

        >>> from nardy_tui.engine import Position, Side
        >>> TurnBuilder(Position.initial(Side.WHITE), (6, 5)).forced_play  # one off the head
        Play.parse('24/18 18/13')
        >>> spread = Position.from_points([0] * 9 + [2, 0, -15] + [0] * 11 + [13], Side.WHITE)
        >>> TurnBuilder(spread, (6, 5)).forced_play is None
        True
        """
        return self._plays[0] if len(self._plays) == 1 else None

    @property
    def bears_off_the_last(self) -> bool:
        """Whether every legal turn bears off the mover's last checker, so that any die
        left over has nothing to move (rather than a rule forbidding it).

        >>> from nardy_tui.engine import Position, Side
        >>> last = Position.from_points([0, 1] + [0] * 9 + [-15] + [0] * 12, Side.WHITE)
        >>> TurnBuilder(last, (6, 3)).bears_off_the_last
        True
        """
        return all(
            after.on_board(self.mover) == 0 for _, after in legal_results(self.position, self.dice)
        )

    def unplayable_dice(self) -> tuple[int, ...]:
        """The dice of this roll that the turn can never use (shown as unplayable)."""
        return self._unplayable

    def position_now(self) -> Position:
        """The board with the steps so far played (the turn not yet passed on)."""
        after = self._board.to_position(self.own(), self.position)
        return Position(after.points, self.position.turn, self.position.first_turns)

    # -- what may come next --------------------------------------------------------------

    def allowed_steps(self) -> list[Step]:
        """Every single step that begins some legal completion of the turn."""
        own = self.own()
        left = self.remaining_dice
        return [step for step in self._candidates(own, left) if self.allows(own, left, step)]

    def sources(self) -> list[int]:
        """Points the next step may start from, highest first."""
        return sorted({step.src for step in self.allowed_steps()}, reverse=True)

    def routes(self, src: int) -> list[Route]:
        """Where the checker on ``src`` may go now: one die, or several dice in a row."""
        found: dict[int, Route] = {}
        self._extend_routes(self.own(), self.remaining_dice, src, (), found)
        return sorted(found.values(), key=lambda route: (len(route.steps), -route.dst))

    def route(self, src: int, dst: int) -> Route | None:
        return next((route for route in self.routes(src) if route.dst == dst), None)

    def completions(self) -> dict[Position, Play]:
        """Every way to finish the turn from the steps played so far: each position the
        turn can end in (the turn passed on, as ``legal_results`` gives it), with the steps
        still to play to reach it.

        >>> from nardy_tui.engine import Position
        >>> turn = TurnBuilder(Position.initial(), (6, 5))
        >>> [" ".join(map(str, rest)) for rest in turn.completions().values()]
        ['24/18 18/13']
        >>> turn.push(turn.allowed_steps()[0])
        >>> [" ".join(map(str, rest)) for rest in turn.completions().values()]
        ['18/13']
        """
        found: dict[Position, Play] = {}
        walked: set[tuple[tuple[int, ...], int]] = set()
        rest: list[Step] = []

        def walk() -> None:
            own = self.own()
            if (own, len(rest)) in walked:
                return
            walked.add((own, len(rest)))
            if self.is_complete:
                found[self._board.to_position(own, self.position)] = Play(rest)
                return
            for step in self.allowed_steps():
                self._steps.append(step)
                rest.append(step)
                walk()
                rest.pop()
                self._steps.pop()

        walk()
        return found

    # -- changing the turn ---------------------------------------------------------------

    def move(self, src: int, dst: int) -> Play:
        """Move the checker on ``src`` to ``dst`` (``0``: off), with one die or several.

        Returns the steps played; raises ``IllegalPlayError`` (a ``ValueError``) with the
        reason if not allowed.
        """
        route = self.route(src, dst)
        if route is None:
            raise IllegalPlayError(self.why_not(src, dst))
        self._steps.extend(route.steps)
        return Play(route.steps)

    def push(self, step: Step) -> None:
        """Play one step; raises ``IllegalPlayError`` (a ``ValueError``) with the reason if
        it is not allowed."""
        if step not in self.allowed_steps():
            raise IllegalPlayError(refusals.why_not_step(self, step))
        self._steps.append(step)

    def undo(self) -> Step | None:
        """Take back the last step, if any."""
        return self._steps.pop() if self._steps else None

    def reset(self) -> None:
        """Take back every step of the turn."""
        self._steps.clear()

    # -- explanations (``refusals`` words them) -------------------------------------------

    @property
    def must_play_higher(self) -> bool:
        """Whether only one die can be played and it must be the higher (RULES.md section 6)."""
        return self._must_use_higher

    def why_not(self, src: int, dst: int, reader: Side | None = None) -> str:
        """Why the checker on ``src`` may not go to ``dst`` now, in plain words, the points
        named as ``reader`` numbers them (the mover by default): ``refusals.why_not``.

        >>> from nardy_tui.engine import Position
        >>> TurnBuilder(Position.initial(Side.BLACK), (6, 6)).why_not(24, 12, Side.WHITE)
        'Point 24 is held by the opponent.'
        """
        return refusals.why_not(self, src, dst, reader)

    def why_not_from(self, src: int, reader: Side | None = None) -> str:
        """Why no step may start from ``src`` now, in plain words: ``refusals.why_not_from``."""
        return refusals.why_not_from(self, src, reader)

    # -- what the explanations read --------------------------------------------------------

    @property
    def board(self) -> MoverBoard:
        """The position as the mover sees it at the start of the turn (``MoverBoard``)."""
        return self._board

    def own(self) -> tuple[int, ...]:
        """The mover's checkers on its own points now, the steps so far played (index 0:
        borne off)."""
        own = list(self._board.own)
        for step in self._steps:
            own[step.src] -= 1
            own[step.dst] += 1
        return tuple(own)

    def allows(self, own: tuple[int, ...], left: tuple[int, ...], step: Step) -> bool:
        """Whether ``step``, from the checkers ``own`` with the dice ``left``, begins a legal
        completion of the turn: it plays the higher die where that must be, and leaves the
        rest of the roll as playable as the rules demand."""
        if self._must_use_higher and step.die != max(self.dice):
            return False
        needed = self._total - (len(self.dice.steps) - len(left)) - 1
        after = list(own)
        after[step.src] -= 1
        after[step.dst] += 1
        rest = list(left)
        rest.remove(step.die)
        return _most_steps(self._board, tuple(after), tuple(rest)) == needed

    # -- internals -----------------------------------------------------------------------

    def _candidates(self, own: tuple[int, ...], left: tuple[int, ...]) -> list[Step]:
        return [
            step_by(src, die)
            for die in sorted(set(left), reverse=True)
            for src in range(POINTS, 0, -1)
            if own[src] and step_refusal(self._board, own, src, die) is None
        ]

    def _extend_routes(
        self,
        own: tuple[int, ...],
        left: tuple[int, ...],
        src: int,
        so_far: tuple[Step, ...],
        found: dict[int, Route],
    ) -> None:
        for step in self._candidates(own, left):
            if step.src != src or not self.allows(own, left, step):
                continue
            route = Route(step.dst, (*so_far, step))
            if step.dst not in found:
                found[step.dst] = route
            if step.dst == OFF:
                continue
            after = list(own)
            after[step.src] -= 1
            after[step.dst] += 1
            rest = list(left)
            rest.remove(step.die)
            self._extend_routes(tuple(after), tuple(rest), step.dst, route.steps, found)


def _unused_dice(dice: Dice, plays: list[Play]) -> tuple[int, ...]:
    """The dice no legal play uses: all of them for a pass, the rest of a partial turn."""
    left = list(dice.steps)
    for step in plays[0]:
        left.remove(step.die)
    return tuple(left)


@lru_cache(maxsize=4096)
def _most_steps(board: MoverBoard, own: tuple[int, ...], left: tuple[int, ...]) -> int:
    """The most steps the dice ``left`` can play from ``own`` on ``board``.

    Remembered across turns, not only within one: every step offered or checked asks it
    for each candidate, and replaying a saved match (or its record) asks again for every
    turn already played, the engine's costliest question otherwise.
    """
    return search(board, own, left)[0]
