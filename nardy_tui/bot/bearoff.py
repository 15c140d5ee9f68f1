"""The one-sided bear-off database: for every way a side can stand with all its checkers
in its home (up to 15 on the 6 points: 54,264 homes, the empty one included), the chance of
having borne them all off in exactly n rolls, and of having borne off the first one in
exactly n rolls (what a mars turns on), each roll played to finish soonest on average.

A side's bear-off is a game of its own once both sides are home: nothing of the other
side's can block it (``tests/bot/test_bearoff.py`` holds this to the engine), so two of
these distributions give a race's chances (``bot.home_race``).

The moves are the bear-off rules of RULES.md section 7, one die at a time (a checker moved
down inside the home, or borne off from the die's point, or from the highest point when the
die is larger than it). In a home every die can always be played, so a whole turn is any
run of its dice's steps, stopping only when the last checker is off; the tests compare the
turns this allows with the engine's. The table is solved in order of pip count, which every
step lowers, with numpy over all homes of one pip count at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from nardy_tui.bot.chances import Evaluation
from nardy_tui.bot.players import ROLL_WEIGHTS
from nardy_tui.engine import CHECKERS, HOME_TOP

HOMES = comb(CHECKERS + HOME_TOP, HOME_TOP)
"""How many homes there are: 15 or fewer checkers on 6 points (54,264)."""
MOST_ROLLS = 40
"""More rolls than any home needs (15 on the 6-point rolling 2-1 every time need 30)."""
STEPS_IN_A_DOUBLE = 4
NO_HOME = HOMES
"""The index standing for a step that cannot be played (past the last home)."""

Counts = tuple[int, ...]
"""A side's checkers on its points 1 to 6, in that order: ``(0, 2, 0, 0, 0, 1)`` is two
on the 2-point and one on the 6."""


@dataclass(frozen=True, slots=True)
class BearoffDatabase:
    """The solved table: row ``home_index(counts)`` of ``finish`` holds the chance of having
    borne off every checker in exactly n rolls (column n); ``first_off``, of having borne
    off the first checker in exactly n rolls (column 0 holds 1 where one is off already)."""

    finish: np.ndarray
    first_off: np.ndarray

    def __post_init__(self) -> None:
        for table in (self.finish, self.first_off):
            table.setflags(write=False)  # shared by every lookup of the process

    def finishing(self, counts: Counts) -> np.ndarray:
        """The chance of having borne every checker off in exactly n rolls (item n)."""
        row: np.ndarray = self._rows(self.finish, np.array([counts]))[0]
        return row

    def first_checker_off(self, counts: Counts) -> np.ndarray:
        """The chance of having borne the first checker off in exactly n rolls (item n),
        as long as the finishing row (item 0 is 1 where one is off already)."""
        row: np.ndarray = self._rows(self.first_off, np.array([counts]))[0]
        return row

    def race_chances(self, mine: Counts, theirs: Counts) -> Evaluation:
        """The chances of the side to move with ``mine`` against ``theirs`` (both with
        checkers left): it rolls first, so it wins when it needs no more rolls than the
        other, and a mars needs the loser to have none off when the winner finishes."""
        [row] = self.races(np.array([mine]), np.array([theirs]))
        return Evaluation(*(float(value) for value in row))

    def races(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """``race_chances`` of many races at once: ``mine`` and ``theirs`` are (N, 6)
        counts, the result (N, 3) the movers' chances of winning, of winning with a mars
        and of losing with a mars."""
        my_finish, their_finish = self._rows(self.finish, mine), self._rows(self.finish, theirs)
        # left[:, n]: the chance of not having finished, or borne one off, after n rolls
        their_left = 1.0 - np.cumsum(their_finish, axis=1)
        their_none_off = 1.0 - np.cumsum(self._rows(self.first_off, theirs), axis=1)
        my_none_off = 1.0 - np.cumsum(self._rows(self.first_off, mine), axis=1)
        win = (my_finish[:, 1:] * their_left[:, :-1]).sum(axis=1)
        win_mars = (my_finish[:, 1:] * their_none_off[:, :-1]).sum(axis=1)
        # their n-th roll follows my n-th
        lose_mars = (their_finish[:, 1:] * my_none_off[:, 1:]).sum(axis=1)
        chances: np.ndarray = np.clip(np.column_stack([win, win_mars, lose_mars]), 0.0, 1.0)
        return chances

    def _rows(self, table: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """``table``'s rows of the homes with ``counts``, as wide as ``finish``."""
        rows = np.zeros((len(counts), self.finish.shape[1]))
        rows[:, : table.shape[1]] = table[_indices(np.asarray(counts, dtype=np.int64))]
        return rows

    def digest(self) -> str:
        """A fingerprint of the figures, which the file on disk is checked against."""
        hashed = hashlib.sha256()
        for table in (self.finish, self.first_off):
            hashed.update(str(table.shape).encode())
            hashed.update(np.ascontiguousarray(table).tobytes())
        return hashed.hexdigest()


def home_index(counts: Counts) -> int:
    """The row of the home with ``counts`` (a ranking of the compositions of 15 into the
    borne-off count and the six points' counts: the bars between them, in colex order).

    >>> home_index((0, 0, 0, 0, 0, 15)), home_index((0, 0, 0, 0, 0, 0))
    (0, 54263)
    """
    rank = 0
    bar = CHECKERS - sum(counts)  # the borne-off checkers come first
    for part, count in enumerate(counts, start=1):
        rank += comb(bar, part)
        bar += count + 1
    return rank


def build() -> BearoffDatabase:
    """The whole table, solved from the rules (about a second)."""
    counts = all_homes()
    steps = step_table(counts)
    on_board = counts.sum(axis=1)
    return BearoffDatabase(
        finish=_solve(counts, steps, done=on_board == 0).astype(np.float32),
        first_off=_solve(counts, steps, done=on_board < CHECKERS).astype(np.float32),
    )


def all_homes() -> np.ndarray:
    """Every home's counts, row ``home_index(counts)``."""
    table = np.zeros((HOMES, HOME_TOP), dtype=np.int64)
    for counts in _compositions(CHECKERS, HOME_TOP):
        table[home_index(counts)] = counts
    return table


def _compositions(most: int, points: int) -> Iterator[Counts]:
    """Every way to stand at most ``most`` checkers on ``points`` points."""
    if points == 0:
        yield ()
        return
    for first in range(most + 1):
        for rest in _compositions(most - first, points - 1):
            yield (first, *rest)


def _indices(counts: np.ndarray) -> np.ndarray:
    """``home_index`` of each row of ``counts``."""
    choose = np.array(
        [[comb(n, k) for k in range(HOME_TOP + 1)] for n in range(CHECKERS + HOME_TOP + 1)]
    )
    bar = CHECKERS - counts.sum(axis=1)
    rank = np.zeros(len(counts), dtype=np.int64)
    for part in range(1, HOME_TOP + 1):
        rank += choose[bar, part]
        bar = bar + counts[:, part - 1] + 1
    return rank


def step_table(counts: np.ndarray) -> np.ndarray:
    """``steps[home, die - 1, point - 1]``: the home one step of ``die`` from ``point``
    leaves, or ``NO_HOME`` where that step cannot be played. A checker moves ``die``
    points down, or is borne off from the die's point, or from a lower point when none
    stands higher (RULES.md section 7)."""
    steps = np.full((len(counts), HOME_TOP, HOME_TOP), NO_HOME, dtype=np.int64)
    occupied = counts > 0
    # the highest occupied point of each home (0 for the empty one)
    highest = np.where(occupied.any(axis=1), HOME_TOP - np.argmax(occupied[:, ::-1], axis=1), 0)
    for die in range(1, HOME_TOP + 1):
        for point in range(1, HOME_TOP + 1):
            after = counts.copy()
            after[:, point - 1] -= 1
            if point > die:
                after[:, point - die - 1] += 1
                playable = occupied[:, point - 1]
            else:
                playable = occupied[:, point - 1] & ((point == die) | (highest == point))
            steps[playable, die - 1, point - 1] = _indices(after[playable])
    return steps


def _solve(counts: np.ndarray, steps: np.ndarray, done: np.ndarray) -> np.ndarray:
    """The distribution of rolls until a home is ``done`` (row n: the chance of n rolls),
    each roll played to the end with the fewest rolls still to come on average.

    ``best[die][k]`` is, for each home, the home ``k`` steps of ``die`` reach that is
    nearest to done on average (``mean`` its expected rolls): a double plays four steps, a
    roll of two dice one die's best single step then the other's. Every step lowers the
    pip count, so the homes are solved in order of it and a home's steps lead only to
    homes already solved.
    """
    homes = len(counts)
    mean = np.full(homes + 1, np.inf)  # the extra row: NO_HOME, never chosen
    mean[:homes][done] = 0.0
    spread = np.zeros((homes + 1, MOST_ROLLS))
    spread[:homes][done, 0] = 1.0
    itself = np.arange(homes + 1)
    best = {
        die: [itself.copy() for _ in range(STEPS_IN_A_DOUBLE + 1)] for die in range(1, HOME_TOP + 1)
    }
    weights = np.array([weight for _, weight in ROLL_WEIGHTS])
    pips = counts @ np.arange(1, HOME_TOP + 1)
    for pip in range(1, int(pips.max()) + 1):
        level = np.flatnonzero((pips == pip) & ~done)
        if not len(level):
            continue
        for die, reached in best.items():
            for k in range(1, STEPS_IN_A_DOUBLE + 1):
                options = reached[k - 1][steps[level, die - 1]]  # (homes, points)
                choice = np.argmin(mean[options], axis=1)
                reached[k][level] = options[np.arange(len(level)), choice]
        ends = np.stack(
            [_roll_end(best, steps, mean, level, roll) for roll, _ in ROLL_WEIGHTS], axis=1
        )
        mean[level] = 1.0 + mean[ends] @ weights
        spread[level, 1:] = np.einsum("r,hrn->hn", weights, spread[ends, :-1])
    assert not spread[:homes, -1].any(), "a home needs more than MOST_ROLLS rolls"
    return spread[:homes, : _longest(spread[:homes]) + 1]


def _roll_end(
    best: dict[int, list[np.ndarray]],
    steps: np.ndarray,
    mean: np.ndarray,
    level: np.ndarray,
    roll: Sequence[int],
) -> np.ndarray:
    """For each home of ``level``, the home its best play of ``roll`` leaves: a double's
    four steps, or either die's step followed by the other die's best step."""
    first, second = roll
    ends: np.ndarray
    if first == second:
        ends = best[first][STEPS_IN_A_DOUBLE][level]
        return ends
    options = np.concatenate(
        [best[second][1][steps[level, first - 1]], best[first][1][steps[level, second - 1]]],
        axis=1,
    )
    ends = options[np.arange(len(level)), np.argmin(mean[options], axis=1)]
    return ends


def _longest(spread: np.ndarray) -> int:
    """The most rolls any home can take (the last column with a chance above nothing)."""
    return int(np.flatnonzero(spread.any(axis=0)).max())
