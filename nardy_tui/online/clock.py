"""Match clocks as Backgammon Galaxy keeps them: a delay for every turn, then a reserve for
the whole match, so that a player who walks away loses the match instead of holding it up.

A side's clock runs only in its own turn. A turn spends the delay first (the same for every
turn); only what it takes beyond the delay comes off the side's reserve, and a delay left
unused is not kept for later. Each side's reserve is set at the start, so many seconds for
every point of the match; a side whose reserve runs out while its turn runs has lost.

The clock never reads the time: every call is told ``now``, in seconds. A snapshot
(``to_json``) outlives the process that wrote it (a server restarts, another server on the
same database carries the match on), so ``now`` is read from a clock that every reader of
a snapshot shares: the servers' wall clock, not a monotonic one.

>>> clock = MatchClock(BLITZ, length=3)
>>> clock.start_turn(Side.WHITE, now=100.0)
>>> clock.stop_turn(now=112.5)
>>> clock.remaining(Side.WHITE, now=112.5), clock.remaining(Side.BLACK, now=112.5)
(55.5, 60.0)
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Mapping
from dataclasses import dataclass

from nardy_tui.engine import MATCH_LENGTHS, Side

MAX_DELAY = 120
MAX_RESERVE_PER_POINT = 1800
"""Half an hour a point: a slow match of seven points has three and a half hours a side."""
LATEST_TIME = 1e12
"""No reading of a clock is larger (31,700 years after 1970): a snapshot's bound."""

WRITTEN = re.compile(r"([0-9]{1,4})\+([0-9]{1,4})")
"""A clock rule as players write it: the delay and the reserve a point, in seconds."""


@dataclass(frozen=True, slots=True)
class ClockRule:
    """How much time each side has: ``delay`` seconds every turn before the reserve runs,
    and ``reserve_per_point`` seconds of reserve for every point of the match.

    >>> ClockRule.parse("10+60") == RAPID, str(SLOW)
    (True, '15+180')
    """

    delay: int
    reserve_per_point: int

    def __post_init__(self) -> None:
        if not 0 <= self.delay <= MAX_DELAY:
            raise ValueError(f"a clock's delay is 0 to {MAX_DELAY} seconds, not {self.delay}")
        if not 0 <= self.reserve_per_point <= MAX_RESERVE_PER_POINT:
            raise ValueError(
                f"a clock's reserve is 0 to {MAX_RESERVE_PER_POINT} seconds a point, "
                f"not {self.reserve_per_point}"
            )
        if self.delay == self.reserve_per_point == 0:
            raise ValueError("a clock of 0+0 gives no time at all: the first to move would lose")

    @classmethod
    def parse(cls, text: str) -> ClockRule:
        """The rule written as ``DELAY+RESERVE`` in seconds, as ``str`` writes it."""
        written = WRITTEN.fullmatch(text.strip())
        if written is None:
            raise ValueError(
                f"a clock is written as the delay and the reserve a point in seconds, "
                f"as 8+20, not {text!r}"
            )
        return cls(int(written[1]), int(written[2]))

    def __str__(self) -> str:
        return f"{self.delay}+{self.reserve_per_point}"


BLITZ = ClockRule(8, 20)
RAPID = ClockRule(10, 60)
SLOW = ClockRule(15, 180)


class ClockError(Exception):
    """A call that the clock's state does not allow (a turn started while another runs, a
    turn stopped when none runs, a pause while paused): a mistake of the caller's."""


class MatchClock:
    """Both sides' clocks in one match, as plain state: what each side's reserve was when
    its last turn ended, whose turn is on the clock, and how long it has run.

    A pause stops the clock of the turn that runs, and one may begin while paused; nothing
    counts until ``resume``. A server that comes back after a restart reads the snapshot,
    pauses the clock at the last moment it knew itself to be running (``pause(then)``), and
    resumes it when both players are back: nothing of the stop counts.
    """

    __slots__ = ("_paused", "_reserves", "_since", "_turn", "_used", "length", "rule")

    def __init__(self, rule: ClockRule, length: int) -> None:
        """The clock at the start of a ``length``-point match: each side's reserve full, no
        turn on the clock, not paused."""
        if length not in MATCH_LENGTHS:
            lengths = ", ".join(map(str, MATCH_LENGTHS))
            raise ValueError(f"a match is played to one of {lengths} points, not {length}")
        self.rule = rule
        self.length = length
        full = float(rule.reserve_per_point * length)
        self._reserves = {Side.WHITE: full, Side.BLACK: full}
        """Each side's reserve when its last turn ended."""
        self._turn: Side | None = None
        self._used = 0.0
        """The seconds the turn on the clock ran before its last pause."""
        self._since: float | None = None
        """When the turn on the clock began to run (again); None while it does not run."""
        self._paused = False

    @property
    def turn(self) -> Side | None:
        """The side whose turn is on the clock (running, or stopped by a pause)."""
        return self._turn

    @property
    def paused(self) -> bool:
        return self._paused

    def start_turn(self, side: Side, now: float) -> None:
        """``side``'s turn begins: its delay runs from ``now`` (from ``resume`` if paused)."""
        if self._turn is not None:
            raise ClockError(f"{self._turn.label}'s turn is still on the clock")
        self._turn, self._used = side, 0.0
        self._since = None if self._paused else now

    def stop_turn(self, now: float) -> None:
        """The turn on the clock ends: what it took beyond the delay comes off the side's
        reserve (to nothing at most: ask ``flagged`` first, for a side out of time lost)."""
        if self._turn is None:
            raise ClockError("no turn is on the clock")
        self._reserves[self._turn] = self.reserve_left(self._turn, now)
        self._turn, self._used, self._since = None, 0.0, None

    def remaining(self, side: Side, now: float) -> float:
        """The seconds ``side`` has before it loses on time: its reserve, and in its own turn
        what is left of the delay too (when to look at ``flagged`` again)."""
        if side is not self._turn:
            return self._reserves[side]
        return max(0.0, self._out_of_time_after(side) - self._run(now))

    def reserve_left(self, side: Side, now: float) -> float:
        """``side``'s reserve as its clock shows it: in its turn, less what the turn has
        taken beyond the delay."""
        return min(self._reserves[side], self.remaining(side, now))

    def flagged(self, now: float) -> Side | None:
        """The side that has lost on time: the one whose reserve ran out in its turn."""
        side = self._turn
        return side if side is not None and self.remaining(side, now) == 0 else None

    def pause(self, now: float) -> None:
        """Stop both clocks at ``now``: the turn on the clock keeps what it has run."""
        if self._paused:
            raise ClockError("the clock is already paused")
        if self._turn is not None:
            self._used = min(self._run(now), self._out_of_time_after(self._turn))
        self._since, self._paused = None, True

    def resume(self, now: float) -> None:
        """Start the clocks again at ``now``: the turn on the clock runs on from there."""
        if not self._paused:
            raise ClockError("the clock is not paused")
        self._paused = False
        if self._turn is not None:
            self._since = now

    def to_json(self) -> dict[str, object]:
        """The clock as plain numbers (and the side on turn as its word), for a database."""
        return {
            "delay": self.rule.delay,
            "reserve_per_point": self.rule.reserve_per_point,
            "length": self.length,
            "white": self._reserves[Side.WHITE],
            "black": self._reserves[Side.BLACK],
            "turn": None if self._turn is None else self._turn.value,
            "used": self._used,
            "since": self._since,
            "paused": self._paused,
        }

    @classmethod
    def from_json(cls, data: object) -> MatchClock:
        """The clock ``to_json`` wrote, each part checked: ValueError for anything else."""
        if not isinstance(data, Mapping) or set(data) != SNAPSHOT_KEYS:
            raise ValueError(f"a clock's snapshot has exactly the parts {sorted(SNAPSHOT_KEYS)}")
        rule = ClockRule(_whole(data, "delay"), _whole(data, "reserve_per_point"))
        clock = cls(rule, _whole(data, "length"))
        full = rule.reserve_per_point * clock.length
        clock._reserves = {side: _number(data, side.value, 0, full) for side in Side}
        clock._paused = _flag(data, "paused")
        turn = data["turn"]
        if turn is not None:
            if not isinstance(turn, str) or turn not in {side.value for side in Side}:
                shown = reprlib.repr(turn)
                raise ValueError(f"a clock's turn is white, black or None, not {shown}")
            clock._turn = Side(turn)
        longest = 0 if clock._turn is None else clock._out_of_time_after(clock._turn)
        clock._used = _number(data, "used", 0, longest)
        if clock._turn is not None and not clock._paused:
            clock._since = _number(data, "since", 0, LATEST_TIME)
        elif data["since"] is not None:
            since = reprlib.repr(data["since"])
            raise ValueError(f"a clock's since is None unless a turn runs, not {since}")
        return clock

    def _run(self, now: float) -> float:
        """How long the turn on the clock has run by ``now`` (a ``now`` before the turn
        began to run counts nothing)."""
        running = 0.0 if self._since is None else max(0.0, now - self._since)
        return self._used + running

    def _out_of_time_after(self, side: Side) -> float:
        """How long ``side``'s turn may run before it has lost on time."""
        return self.rule.delay + self._reserves[side]


SNAPSHOT_KEYS = frozenset(MatchClock(BLITZ, 1).to_json())


def _whole(data: Mapping[str, object], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a clock's {key} is a whole number, not {reprlib.repr(value)}")
    return value


def _number(data: Mapping[str, object], key: str, low: float, high: float) -> float:
    """``data[key]``, a number from ``low`` to ``high`` (so no NaN and no infinity)."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        shown = reprlib.repr(value)
        raise ValueError(f"a clock's {key} is a number from {low} to {high}, not {shown}")
    return float(value)


def _flag(data: Mapping[str, object], key: str) -> bool:
    value = data[key]
    if not isinstance(value, bool):
        raise ValueError(f"a clock's {key} is true or false, not {reprlib.repr(value)}")
    return value
