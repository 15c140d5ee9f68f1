"""Building a turn one step at a time, as a player at the board does.

``TurnBuilder`` knows every legal whole turn for a position and roll, and after each step
answers which steps may come next, so a player can never start a turn that breaks
RULES.md section 6. It also explains in plain words why a move is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import accumulate, permutations

from nardy_tui.engine.geometry import HOME_TOP, OFF, POINTS, renumber
from nardy_tui.engine.movegen import (
    IllegalPlayError,
    MoverBoard,
    legal_plays,
    legal_results,
    not_home_problem,
    search,
    step_problem,
    step_refusal,
)
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice, Play, Step, dice_steps
from nardy_tui.i18n import _, continued


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
    (Step(src=24, dst=19, die=5), Step(src=19, dst=16, die=3))
    >>> turn.is_complete, str(turn.play)
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
    def play(self) -> Play:
        return Play(self._steps)

    @property
    def max_steps(self) -> int:
        """How many dice this turn must use (RULES.md section 6)."""
        return self._total

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        """The die values not used yet, higher first."""
        left = list(dice_steps(self.dice))
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
        (Step(src=24, dst=18, die=6), Step(src=18, dst=13, die=5))
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
        after = self._board.to_position(self._own(), self.position)
        return Position(after.points, self.position.turn, self.position.first_turns)

    # -- what may come next --------------------------------------------------------------

    def allowed_steps(self) -> list[Step]:
        """Every single step that begins some legal completion of the turn."""
        own = self._own()
        left = self.remaining_dice
        return [step for step in self._candidates(own, left) if self._allowed(own, left, step)]

    def sources(self) -> list[int]:
        """Points the next step may start from, highest first."""
        return sorted({step.src for step in self.allowed_steps()}, reverse=True)

    def routes(self, src: int) -> list[Route]:
        """Where the checker on ``src`` may go now: one die, or several dice in a row."""
        found: dict[int, Route] = {}
        self._extend_routes(self._own(), self.remaining_dice, src, (), found)
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
            own = self._own()
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
            raise IllegalPlayError(self._why_not_step(step))
        self._steps.append(step)

    def undo(self) -> Step | None:
        """Take back the last step, if any."""
        return self._steps.pop() if self._steps else None

    def reset(self) -> None:
        """Take back every step of the turn."""
        self._steps.clear()

    # -- explanations --------------------------------------------------------------------

    @property
    def must_play_higher(self) -> bool:
        """Whether only one die can be played and it must be the higher (RULES.md section 6)."""
        return self._must_use_higher

    def why_not(self, src: int, dst: int, reader: Side | None = None) -> str:
        """Why the checker on ``src`` may not go to ``dst`` now, in plain words.

        ``src`` and ``dst`` are the mover's own points; the words name points as ``reader``
        numbers them (the mover by default).

        >>> from nardy_tui.engine import Position
        >>> turn = TurnBuilder(Position.initial(Side.BLACK), (6, 6))
        >>> turn.why_not(24, 12), turn.why_not(24, 12, reader=Side.WHITE)
        ('Point 12 is held by the opponent.', 'Point 24 is held by the opponent.')
        """
        finished = self._finished_reason()
        if finished is not None:
            return finished
        shown = self._shown(reader)
        own = self._own()
        left = self.remaining_dice
        if self.route(src, dst) is not None:
            return _("{move} is allowed.").format(move=_move_name(src, dst, shown))
        if not 1 <= src <= POINTS or not own[src]:
            return _("You have no checker on point {point}.").format(point=shown(src))
        if dst >= src and dst != OFF:
            return _("Checkers move only forwards, towards your home.")
        if dst != OFF and self._board.blocked[dst]:
            return _("Point {point} is held by the opponent.").format(point=shown(dst))
        if dst == OFF and any(own[HOME_TOP + 1 :]):
            return not_home_problem(shown)
        single = [die for die in sorted(set(left), reverse=True) if _reaches(src, die, dst)]
        for die in single:
            problem = self._single_problem(own, left, src, die, shown)
            if problem is not None:
                return problem
        if not single:
            problem = self._combined_problem(own, left, src, dst, shown)
            if problem is not None:
                return problem
            if dst == OFF:
                return _(
                    "No die or sum of dice you have left takes a checker "
                    "from {point} to off the board."
                ).format(point=shown(src))
            return _(
                "No die or sum of dice you have left takes a checker "
                "from {point} to point {target}."
            ).format(point=shown(src), target=shown(dst))
        if dst == OFF:
            return _("The checker on {point} cannot go to off the board now.").format(
                point=shown(src)
            )
        return _("The checker on {point} cannot go to point {target} now.").format(
            point=shown(src), target=shown(dst)
        )

    def why_not_from(self, src: int, reader: Side | None = None) -> str:
        """Why no step may start from ``src`` now, in plain words (points as in ``why_not``).

        ``src`` may be ``OFF``, the tray a checker is borne off into: never a step's start.
        """
        if src == OFF:
            return _("Choose a checker to bear off first, then its tray.")
        finished = self._finished_reason()
        if finished is not None:
            return finished
        shown = self._shown(reader)
        own = self._own()
        left = self.remaining_dice
        if src in self.sources():
            return _("A checker on {point} may move.").format(point=shown(src))
        if not 1 <= src <= POINTS or not own[src]:
            return _("You have no checker on point {point}.").format(point=shown(src))
        problems = [
            step_problem(self._board, own, src, die, shown)
            for die in sorted(set(left), reverse=True)
        ]
        if all(problems):
            return _("No checker on {point} may move now: {reason}").format(
                point=shown(src), reason=_sentence_case(str(problems[0]))
            )
        playable = [
            die
            for die, problem in zip(sorted(set(left), reverse=True), problems, strict=True)
            if problem is None
        ]
        return self.why_not(src, max(src - playable[0], OFF), reader)

    def _why_not_step(self, step: Step) -> str:
        """Why one given step (from, to and die, as a save file holds it) is not allowed.

        Unlike ``why_not``, the die is part of the question: a step whose die is not left,
        or does not take the checker from its point to the one given, is refused for that
        reason, never with "is allowed" (which other dice could make true of the move).

        >>> from nardy_tui.engine import Position
        >>> TurnBuilder(Position.initial(), (5, 4)).push(Step(24, 15, 4))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        nardy_tui.engine.movegen.IllegalPlayError: 24/15: a 4 takes a checker ... not to point 15.
        """
        finished = self._finished_reason()
        if finished is not None:
            return finished
        left = self.remaining_dice
        if step.die not in left:
            return _("{step}: there is no {die} left to play (dice left: {dice}).").format(
                step=step, die=step.die, dice=", ".join(map(str, left))
            )
        if not 1 <= step.src <= POINTS or not self._own()[step.src]:
            return _("You have no checker on point {point}.").format(point=step.src)
        reached = _step(step.src, step.die).dst
        if reached != step.dst:
            return _wrong_die_reason(step, reached)
        problem = self._single_problem(self._own(), left, step.src, step.die, _as_is)
        if problem is None:
            return _("{step}: it is not allowed now.").format(step=step)
        return _("{move}: {reason}").format(move=step, reason=_sentence_case(problem))

    def _single_problem(
        self,
        own: tuple[int, ...],
        left: tuple[int, ...],
        src: int,
        die: int,
        shown: Callable[[int], int],
    ) -> str | None:
        """Why the one step of ``die`` from ``src`` is not allowed now, or None if it is."""
        problem = step_problem(self._board, own, src, die, shown)
        if problem is not None:
            return problem
        if self._must_use_higher and die != max(self.dice):
            return _(
                "Only one die can be played this turn, so it must be the higher one ({die})."
            ).format(die=max(self.dice))
        if not self._allowed(own, left, _step(src, die)):
            return _unplayed_dice_reason()
        return None

    def _shown(self, reader: Side | None) -> Callable[[int], int]:
        """How the words number points: as ``reader`` does (the mover when None)."""
        mover = self.position.turn
        return partial(renumber, mover=mover, reader=reader or mover)

    def _finished_reason(self) -> str | None:
        """Why no step at all may come now, if none may."""
        if self.is_pass:
            return _("Nothing can be played with this roll: the turn passes.")
        if self.is_complete:
            return _("The turn is complete: confirm it, or undo a step.")
        return None

    # -- internals -----------------------------------------------------------------------

    def _own(self) -> tuple[int, ...]:
        own = list(self._board.own)
        for step in self._steps:
            own[step.src] -= 1
            own[step.dst] += 1
        return tuple(own)

    def _candidates(self, own: tuple[int, ...], left: tuple[int, ...]) -> list[Step]:
        return [
            _step(src, die)
            for die in sorted(set(left), reverse=True)
            for src in range(POINTS, 0, -1)
            if own[src] and step_refusal(self._board, own, src, die) is None
        ]

    def _allowed(self, own: tuple[int, ...], left: tuple[int, ...], step: Step) -> bool:
        if self._must_use_higher and step.die != max(self.dice):
            return False
        needed = self._total - (len(dice_steps(self.dice)) - len(left)) - 1
        after = list(own)
        after[step.src] -= 1
        after[step.dst] += 1
        rest = list(left)
        rest.remove(step.die)
        return self._depth(tuple(after), tuple(rest)) == needed

    def _depth(self, own: tuple[int, ...], left: tuple[int, ...]) -> int:
        """The most steps the dice ``left`` can play from ``own``."""
        return _most_steps(self._board, own, left)

    def _extend_routes(
        self,
        own: tuple[int, ...],
        left: tuple[int, ...],
        src: int,
        so_far: tuple[Step, ...],
        found: dict[int, Route],
    ) -> None:
        for step in self._candidates(own, left):
            if step.src != src or not self._allowed(own, left, step):
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

    def _combined_problem(
        self,
        own: tuple[int, ...],
        left: tuple[int, ...],
        src: int,
        dst: int,
        shown: Callable[[int], int],
    ) -> str | None:
        """For a target only several dice reach: why each way there fails (5-3 from 24 to
        16 names both 19 and 21 when both are held), or None if one of them does not."""
        problems: list[str] = []
        for order in _orders_reaching(left, src, dst):
            problem = self._way_problem(own, left, src, order, shown)
            if problem is None:
                return None
            if problem not in problems:
                problems.append(problem)
        if not problems:
            return None
        reasons = "; ".join(_sentence_case(problem).rstrip(".") for problem in problems)
        return _on_the_way_reason(dst, shown, f"{reasons}.")

    def _way_problem(
        self,
        own: tuple[int, ...],
        left: tuple[int, ...],
        src: int,
        order: tuple[int, ...],
        shown: Callable[[int], int],
    ) -> str | None:
        """Why one checker may not walk from ``src`` by the dice of ``order``, or None."""
        walked = list(own)
        dice_left = list(left)
        at = src
        for die in order:
            step = _step(at, die)
            problem = step_problem(self._board, tuple(walked), at, die, shown)
            if problem is None and not self._allowed(tuple(walked), tuple(dice_left), step):
                problem = _unplayed_dice_reason()
            if problem is not None:
                return problem
            walked[at] -= 1
            walked[step.dst] += 1
            dice_left.remove(die)
            at = step.dst
        return None


def _unused_dice(dice: Dice, plays: list[Play]) -> tuple[int, ...]:
    """The dice no legal play uses: all of them for a pass, the rest of a partial turn."""
    left = list(dice_steps(dice))
    for step in plays[0]:
        left.remove(step.die)
    return tuple(left)


def _orders_reaching(left: tuple[int, ...], src: int, dst: int) -> list[tuple[int, ...]]:
    """Orders of two or more of the dice ``left`` that carry one checker from src to dst."""
    orders: set[tuple[int, ...]] = set()
    for count in range(2, len(left) + 1):
        for order in permutations(left, count):
            stops = list(accumulate(order, lambda at, die: at - die, initial=src))[1:]
            if all(stop > 0 for stop in stops[:-1]) and _reaches(stops[-2], order[-1], dst):
                orders.add(order)
    return sorted(orders, reverse=True)


def _step(src: int, die: int) -> Step:
    return Step(src, max(src - die, OFF), die)


def _reaches(src: int, die: int, dst: int) -> bool:
    """Whether ``die`` could take a checker from ``src`` to ``dst`` (bearing off included)."""
    return src - die == dst if dst != OFF else src - die <= 0


def _sentence_case(reason: str) -> str:
    """A reason continued after a colon: its first letter in lower case."""
    return continued(reason)


def _unplayed_dice_reason() -> str:
    return _("That would leave dice unplayed that could be played: the whole roll must be played.")


def _on_the_way_reason(dst: int, shown: Callable[[int], int], reason: str) -> str:
    """Why a move several dice make fails on its way: ``reason``, continued after a colon."""
    if dst == OFF:
        return _("On the way to off the board: {reason}").format(reason=reason)
    return _("On the way to point {point}: {reason}").format(point=shown(dst), reason=reason)


def _wrong_die_reason(step: Step, reached: int) -> str:
    """A step whose die takes its checker to ``reached``, not to the step's own ``dst``."""
    if reached == OFF:
        message = _(
            "{step}: a {die} takes a checker from point {point} to off the board, "
            "not to point {target}."
        )
    elif step.dst == OFF:
        message = _(
            "{step}: a {die} takes a checker from point {point} to point {reached}, "
            "not to off the board."
        )
    else:
        message = _(
            "{step}: a {die} takes a checker from point {point} to point {reached}, "
            "not to point {target}."
        )
    return message.format(step=step, die=step.die, point=step.src, reached=reached, target=step.dst)


def _as_is(point: int) -> int:
    return point


def _move_name(src: int, dst: int, shown: Callable[[int], int]) -> str:
    return str(Step(shown(src), shown(dst), 0))


@lru_cache(maxsize=4096)
def _most_steps(board: MoverBoard, own: tuple[int, ...], left: tuple[int, ...]) -> int:
    """The most steps the dice ``left`` can play from ``own`` on ``board``.

    Remembered across turns, not only within one: every step offered or checked asks it
    for each candidate, and replaying a saved match (or its record) asks again for every
    turn already played, the engine's costliest question otherwise.
    """
    return search(board, own, left)[0]
