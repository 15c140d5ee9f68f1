"""Why a move is refused, in plain words: what a player reads when the board will not take
a step.

The rules themselves say only which rule a step breaks (``movegen.step_refusal``, asked of
every step the search tries, so it makes no words); this module turns that, and what the
turn in progress allows (``TurnSoFar``, which ``turn.TurnBuilder`` is), into sentences. Each
question is answered by a table of checks tried in order: the first that finds a reason
gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import accumulate, permutations
from typing import NamedTuple, Protocol, TypeVar

from nardy_tui.engine.geometry import HOME_TOP, OFF, POINTS, renumber
from nardy_tui.engine.movegen import MoverBoard, Refusal, step_by, step_refusal
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice, Step
from nardy_tui.i18n import _, continued

Numbering = Callable[[int], int]
"""How the words name a point: the mover's own number in, the reader's out."""


class TurnSoFar(Protocol):
    """What the explanations read of a turn in progress (``turn.TurnBuilder`` is one)."""

    @property
    def position(self) -> Position: ...

    @property
    def dice(self) -> Dice: ...

    @property
    def board(self) -> MoverBoard: ...

    @property
    def is_pass(self) -> bool: ...

    @property
    def is_complete(self) -> bool: ...

    @property
    def must_play_higher(self) -> bool: ...

    @property
    def remaining_dice(self) -> tuple[int, ...]: ...

    def own(self) -> tuple[int, ...]: ...

    def allows(self, own: tuple[int, ...], left: tuple[int, ...], step: Step) -> bool: ...

    def route(self, src: int, dst: int) -> object | None: ...

    def sources(self) -> list[int]: ...


@dataclass(frozen=True, slots=True)
class _Seen:
    """The turn as a question about it finds it: the mover's checkers now, the dice left,
    and how the words number points."""

    turn: TurnSoFar
    shown: Numbering
    own: tuple[int, ...]
    left: tuple[int, ...]

    @property
    def dice_left(self) -> list[int]:
        """The different dice left, higher first: the order reasons are looked for in."""
        return sorted(set(self.left), reverse=True)


class _Move(NamedTuple):
    """The question ``why_not`` answers: the checker on ``src`` to ``dst`` (the mover's
    points), by whatever dice take it there."""

    src: int
    dst: int


Question = TypeVar("Question")
Check = Callable[[_Seen, Question], str | None]


def _answer(
    turn: TurnSoFar,
    reader: Side | None,
    question: Question,
    checks: Sequence[Check[Question]],
    otherwise: Callable[[_Seen, Question], str],
) -> str:
    """The first reason ``checks`` find for ``question``, else ``otherwise``'s; a turn that
    is over (or never began) is first said to be so."""
    finished = _finished_reason(turn)
    if finished is not None:
        return finished
    mover = turn.position.turn
    shown = partial(renumber, mover=mover, reader=reader or mover)
    seen = _Seen(turn, shown, turn.own(), turn.remaining_dice)
    return _first_reason(seen, question, checks, otherwise)


def _first_reason(
    seen: _Seen,
    question: Question,
    checks: Sequence[Check[Question]],
    otherwise: Callable[[_Seen, Question], str],
) -> str:
    for check in checks:
        reason = check(seen, question)
        if reason is not None:
            return reason
    return otherwise(seen, question)


def _finished_reason(turn: TurnSoFar) -> str | None:
    """Why no step at all may come now, if none may."""
    if turn.is_pass:
        return _("Nothing can be played with this roll: the turn passes.")
    if turn.is_complete:
        return _("The turn is complete: confirm it, or undo a step.")
    return None


# -- may the checker on src go to dst? -------------------------------------------------------


def why_not(turn: TurnSoFar, src: int, dst: int, reader: Side | None = None) -> str:
    """Why the checker on ``src`` may not go to ``dst`` now, in plain words.

    ``src`` and ``dst`` are the mover's own points; the words name points as ``reader``
    numbers them (the mover by default).

    >>> from nardy_tui.engine import Position, TurnBuilder
    >>> turn = TurnBuilder(Position.initial(Side.BLACK), (6, 6))
    >>> why_not(turn, 24, 12), why_not(turn, 24, 12, reader=Side.WHITE)
    ('Point 12 is held by the opponent.', 'Point 24 is held by the opponent.')
    """
    return _answer(turn, reader, _Move(src, dst), _MOVE_CHECKS, _cannot_go_now)


def _is_allowed(seen: _Seen, move: _Move) -> str | None:
    if seen.turn.route(move.src, move.dst) is None:
        return None
    name = Step(seen.shown(move.src), seen.shown(move.dst), 0)
    return _("{move} is allowed.").format(move=name)


def _no_checker(seen: _Seen, move: _Move) -> str | None:
    return _no_checker_on(seen, move.src)


def _no_checker_on(seen: _Seen, src: int) -> str | None:
    if 1 <= src <= POINTS and seen.own[src]:
        return None
    return _("You have no checker on point {point}.").format(point=seen.shown(src))


def _backwards(seen: _Seen, move: _Move) -> str | None:
    if move.dst < move.src or move.dst == OFF:
        return None
    return _("Checkers move only forwards, towards your home.")


def _held(seen: _Seen, move: _Move) -> str | None:
    if move.dst == OFF or not seen.turn.board.blocked[move.dst]:
        return None
    return _("Point {point} is held by the opponent.").format(point=seen.shown(move.dst))


def _not_home(seen: _Seen, move: _Move) -> str | None:
    if move.dst != OFF or not any(seen.own[HOME_TOP + 1 :]):
        return None
    return _not_home_reason(seen.shown)


def _one_die_fails(seen: _Seen, move: _Move) -> str | None:
    """For a target one die reaches: why that step fails, for the higher such die first."""
    for die in _single_dice(seen, move):
        problem = _single_problem(seen, move.src, die)
        if problem is not None:
            return problem
    return None


def _every_way_fails(seen: _Seen, move: _Move) -> str | None:
    """For a target only several dice reach: why each way there fails (5-3 from 24 to 16
    names both 19 and 21 when both are held), or None if one of them does not."""
    if _single_dice(seen, move):
        return None
    problems: list[str] = []
    for order in _orders_reaching(seen.left, move.src, move.dst):
        problem = _way_problem(seen, move.src, order)
        if problem is None:
            return None
        if problem not in problems:
            problems.append(problem)
    if not problems:
        return None
    reasons = "; ".join(continued(problem).rstrip(".") for problem in problems)
    if move.dst == OFF:
        return _("On the way to off the board: {reason}").format(reason=f"{reasons}.")
    return _("On the way to point {point}: {reason}").format(
        point=seen.shown(move.dst), reason=f"{reasons}."
    )


def _no_dice_reach(seen: _Seen, move: _Move) -> str | None:
    if _single_dice(seen, move):
        return None
    if move.dst == OFF:
        return _(
            "No die or sum of dice you have left takes a checker from {point} to off the board."
        ).format(point=seen.shown(move.src))
    return _(
        "No die or sum of dice you have left takes a checker from {point} to point {target}."
    ).format(point=seen.shown(move.src), target=seen.shown(move.dst))


def _cannot_go_now(seen: _Seen, move: _Move) -> str:
    if move.dst == OFF:
        return _("The checker on {point} cannot go to off the board now.").format(
            point=seen.shown(move.src)
        )
    return _("The checker on {point} cannot go to point {target} now.").format(
        point=seen.shown(move.src), target=seen.shown(move.dst)
    )


_MOVE_CHECKS: tuple[Check[_Move], ...] = (
    _is_allowed,
    _no_checker,
    _backwards,
    _held,
    _not_home,
    _one_die_fails,
    _every_way_fails,
    _no_dice_reach,
)
"""What ``why_not`` asks, in order: the first reason found is the one said."""


# -- may a step start from src? --------------------------------------------------------------


def why_not_from(turn: TurnSoFar, src: int, reader: Side | None = None) -> str:
    """Why no step may start from ``src`` now, in plain words (points as in ``why_not``).

    ``src`` may be ``OFF``, the tray a checker is borne off into: never a step's start.

    >>> from nardy_tui.engine import Position, TurnBuilder
    >>> turn = TurnBuilder(Position.initial(), (5, 3))
    >>> turn.move(24, 21)
    Play.parse('24/21')
    >>> why_not_from(turn, 24)
    'No checker on 24 may move now: only one checker may leave the head per turn.'
    """
    if src == OFF:
        return _("Choose a checker to bear off first, then its tray.")
    return _answer(turn, reader, src, _FROM_CHECKS, _first_playable_die_fails)


def _may_start(seen: _Seen, src: int) -> str | None:
    if src not in seen.turn.sources():
        return None
    return _("A checker on {point} may move.").format(point=seen.shown(src))


def _every_die_refused(seen: _Seen, src: int) -> str | None:
    problems = [_step_problem(seen, seen.own, src, die) for die in seen.dice_left]
    if not all(problems):
        return None
    return _("No checker on {point} may move now: {reason}").format(
        point=seen.shown(src), reason=continued(str(problems[0]))
    )


def _first_playable_die_fails(seen: _Seen, src: int) -> str:
    """Some die's step from ``src`` breaks no rule of its own: why the move it makes is
    refused (it would leave dice unplayed, say)."""
    die = next(die for die in seen.dice_left if _step_problem(seen, seen.own, src, die) is None)
    return _first_reason(seen, _Move(src, max(src - die, OFF)), _MOVE_CHECKS, _cannot_go_now)


_FROM_CHECKS: tuple[Check[int], ...] = (_may_start, _no_checker_on, _every_die_refused)
"""What ``why_not_from`` asks, in order."""


# -- may this step (from, to and die) be played? --------------------------------------------


def why_not_step(turn: TurnSoFar, step: Step) -> str:
    """Why one given step (from, to and die, as a save file holds it) is not allowed, the
    points in the mover's numbering.

    Unlike ``why_not``, the die is part of the question: a step whose die is not left, or
    does not take the checker from its point to the one given, is refused for that reason,
    never with "is allowed" (which other dice could make true of the move).

    >>> from nardy_tui.engine import Position, TurnBuilder
    >>> why_not_step(TurnBuilder(Position.initial(), (5, 4)), Step(24, 15, 4))
    '24/15: a 4 takes a checker from point 24 to point 20, not to point 15.'
    """
    return _answer(turn, None, step, _STEP_CHECKS, _step_not_allowed_now)


def _die_not_left(seen: _Seen, step: Step) -> str | None:
    if step.die in seen.left:
        return None
    return _("{step}: there is no {die} left to play (dice left: {dice}).").format(
        step=step, die=step.die, dice=", ".join(map(str, seen.left))
    )


def _no_checker_to_step(seen: _Seen, step: Step) -> str | None:
    return _no_checker_on(seen, step.src)


def _wrong_die(seen: _Seen, step: Step) -> str | None:
    """A step whose die takes its checker elsewhere than the step's own ``dst``."""
    reached = step_by(step.src, step.die).dst
    if reached == step.dst:
        return None
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


def _step_fails(seen: _Seen, step: Step) -> str | None:
    problem = _single_problem(seen, step.src, step.die)
    if problem is None:
        return None
    return _("{move}: {reason}").format(move=step, reason=continued(problem))


def _step_not_allowed_now(seen: _Seen, step: Step) -> str:
    return _("{step}: it is not allowed now.").format(step=step)


_STEP_CHECKS: tuple[Check[Step], ...] = (
    _die_not_left,
    _no_checker_to_step,
    _wrong_die,
    _step_fails,
)
"""What ``why_not_step`` asks, in order."""


# -- one step, one die -----------------------------------------------------------------------


def _single_problem(seen: _Seen, src: int, die: int) -> str | None:
    """Why the one step of ``die`` from ``src`` is not allowed now, or None if it is."""
    problem = _step_problem(seen, seen.own, src, die)
    if problem is not None:
        return problem
    turn = seen.turn
    if turn.must_play_higher and die != max(turn.dice):
        return _(
            "Only one die can be played this turn, so it must be the higher one ({die})."
        ).format(die=max(turn.dice))
    if not turn.allows(seen.own, seen.left, step_by(src, die)):
        return _unplayed_dice_reason()
    return None


def _way_problem(seen: _Seen, src: int, order: tuple[int, ...]) -> str | None:
    """Why one checker may not walk from ``src`` by the dice of ``order``, or None."""
    walked = list(seen.own)
    dice_left = list(seen.left)
    at = src
    for die in order:
        step = step_by(at, die)
        problem = _step_problem(seen, tuple(walked), at, die)
        if problem is None and not seen.turn.allows(tuple(walked), tuple(dice_left), step):
            problem = _unplayed_dice_reason()
        if problem is not None:
            return problem
        walked[at] -= 1
        walked[step.dst] += 1
        dice_left.remove(die)
        at = step.dst
    return None


def _single_dice(seen: _Seen, move: _Move) -> list[int]:
    """The dice left, higher first, any one of which reaches ``dst`` from ``src``."""
    return [die for die in seen.dice_left if _reaches(move.src, die, move.dst)]


def _orders_reaching(left: tuple[int, ...], src: int, dst: int) -> list[tuple[int, ...]]:
    """Orders of two or more of the dice ``left`` that carry one checker from src to dst."""
    orders: set[tuple[int, ...]] = set()
    for count in range(2, len(left) + 1):
        for order in permutations(left, count):
            stops = list(accumulate(order, lambda at, die: at - die, initial=src))[1:]
            if all(stop > 0 for stop in stops[:-1]) and _reaches(stops[-2], order[-1], dst):
                orders.add(order)
    return sorted(orders, reverse=True)


def _reaches(src: int, die: int, dst: int) -> bool:
    """Whether ``die`` could take a checker from ``src`` to ``dst`` (bearing off included)."""
    return src - die == dst if dst != OFF else src - die <= 0


def _unplayed_dice_reason() -> str:
    return _("That would leave dice unplayed that could be played: the whole roll must be played.")


# -- the rules of a single step --------------------------------------------------------------


def _step_problem(seen: _Seen, own: tuple[int, ...], src: int, die: int) -> str | None:
    """Why moving a checker from ``src`` by ``die`` (the mover's checkers at ``own``) breaks
    a rule of a single step (``movegen.step_refusal``), in plain words, or None if the step
    itself is allowed."""
    refused = step_refusal(seen.turn.board, own, src, die)
    if refused is None:
        return None
    refusal, point = refused
    shown = seen.shown
    if refusal is Refusal.NO_CHECKER:
        return _("You have no checker on point {point}.").format(point=shown(point))
    if refusal is Refusal.HEAD_TWO:
        return _("Only two checkers may leave the head on this first turn.")
    if refusal is Refusal.HEAD_ONE:
        return _("Only one checker may leave the head per turn.")
    if refusal is Refusal.HELD:
        return _("Point {point} is held by the opponent.").format(point=shown(point))
    if refusal is Refusal.BLOCK:
        return _("That would make a block of six points in a row with no opposing checker past it.")
    if refusal is Refusal.NOT_HOME:
        return _not_home_reason(shown)
    return _(
        "A {die} bears off from point {point} or, if no checker is above it, "
        "from the highest point; a checker on point {higher} must move first."
    ).format(die=die, point=shown(die), higher=shown(point))


def _not_home_reason(shown: Numbering) -> str:
    """Why no checker may be borne off yet: some are still outside the home."""
    return _("Bearing off needs all 15 checkers in your home (points {points}).").format(
        points=_span(shown(1), shown(HOME_TOP))
    )


def _span(first: int, last: int) -> str:
    """A run of points written low to high: ``1-6``, ``13-18``."""
    return f"{min(first, last)}-{max(first, last)}"
