"""Races with both sides home: their chances from the bear-off database, and the one place
that says which positions' chances are known rather than estimated.

With every checker of both sides in its own home nothing can meet again: the homes face
each other across the board, so each side bears off as if alone, and each side's number of
rolls to finish (and to bear off its first checker) is a distribution from the database.
The mover rolls first, so it wins if it needs no more rolls than the opponent: P(win) is
the sum over n of P(mover finishes in n) times P(the opponent needs n or more). A mars
needs the loser still to have all 15 on the board when the winner finishes.

Each side's rolls are played to finish soonest on average whatever the other has left (as
GNU Backgammon's one-sided tables are), which is near the best race play but not always it:
where the exact table of small races applies (``bot.exact``), it is used first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from nardy_tui.bot.bearoff_file import bearoff_database
from nardy_tui.bot.chances import Evaluation, JudgedPlay
from nardy_tui.bot.exact import MOST_CHECKERS, Home, home_of, win_chance
from nardy_tui.engine import HOME_TOP, Position


def is_home_race(position: Position) -> bool:
    """Whether both sides have every checker in their homes, the game not over."""
    return _homes(position) is not None


def known_chances(position: Position) -> Evaluation | None:
    """The side to move's chances where a table knows them, both sides home: the exact
    small-race table where it applies, else the bear-off database; None elsewhere."""
    homes = _homes(position)
    if homes is None:
        return None
    mine, theirs = homes
    if len(mine) <= MOST_CHECKERS and len(theirs) <= MOST_CHECKERS:
        return Evaluation(win_chance(mine, theirs), 0.0, 0.0)
    return bearoff_database().race_chances(_counts(mine), _counts(theirs))


def with_known_chances(position: Position, judged: Sequence[JudgedPlay]) -> list[JudgedPlay]:
    """The plays judged from ``position``, each that leaves a race both sides home with the
    tables' chances (``known_chances``): where they are known, they replace the estimate.
    (The caller ranks them.)"""
    if home_of(position, position.turn.opponent) is None:
        return list(judged)  # a play moves the mover's checkers only: no home race ahead
    known = [None if entry.settled else known_chances(entry.after) for entry in judged]
    return [
        entry if chances is None else _known(entry, chances.mirrored())
        for entry, chances in zip(judged, known, strict=True)
    ]


def _known(entry: JudgedPlay, chances: Evaluation) -> JudgedPlay:
    """``entry`` with a table's ``chances``: no look ahead of the search's is left in it."""
    return replace(entry, chances=chances, exact=True, searched=False, two_rolls=False)


def _homes(position: Position) -> tuple[Home, Home] | None:
    """The mover's home and the opponent's if both sides are home with checkers left."""
    mine = home_of(position, position.turn)
    theirs = None if not mine else home_of(position, position.turn.opponent)
    return (mine, theirs) if mine and theirs else None


def _counts(home: Home) -> tuple[int, ...]:
    """A home's checkers counted by point, 1 to 6."""
    return tuple(home.count(point) for point in range(1, HOME_TOP + 1))
