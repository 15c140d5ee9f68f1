"""Point numbers typed at the keyboard: the digits in, the points they choose out.

Points 10 to 24 take two digits, so a typed 1 or 2 may be the first of two. It waits for
the second only while a point it could begin means something now (``choosable_points``),
and then for as long as the player takes: what the keys mean never depends on how fast
they come. (A wait of 0.7 s that then took the digit alone made "1, a pause, Enter" choose
point 1 and drop it again, and "2, a pause, 4" point 2 and then 4.) Enter takes a waiting
digit as its point; right after a typed point it has nothing to add, so it never chooses
that point a second time (which would drop it). Any other key takes a waiting digit as its
point before it acts, and Escape forgets it: nothing typed is ever used up unseen.

No widget is involved: the board feeds it keys and chooses the points it answers.
"""

from __future__ import annotations

from collections.abc import Collection

from nardy_tui.engine import POINTS, Side
from nardy_tui.play.cells import point_of
from nardy_tui.play.marks import Highlight, Marks

CHOOSABLE_MARKS = (
    Highlight.SOURCE,
    Highlight.SELECTED,
    Highlight.DEST_SINGLE,
    Highlight.DEST_COMBINED,
)
"""The marks of a cell whose choice does something: select a checker (or another), drop
the selection, move the chosen checker there."""


def choosable_points(marks: Marks, numbering: Side) -> frozenset[int]:
    """The points, in ``numbering``, that the board marks as a choice that does something
    (0 for the tray a checker may be borne off to)."""
    points = (point_of(numbering, cell) for mark in CHOOSABLE_MARKS for cell in marks.of(mark))
    return frozenset(point for point in points if point is not None)


def points_begun_by(digit: int) -> range:
    """The points whose number has two digits and begins with ``digit`` (none for 0, 3-9).

    >>> list(points_begun_by(2)), list(points_begun_by(3)), list(points_begun_by(0))
    ([20, 21, 22, 23, 24], [], [])
    """
    if digit == 0:
        return range(0)
    return range(digit * 10, min(digit * 10 + 9, POINTS) + 1)


class PointTyping:
    """The digits typed so far and what each key makes of them."""

    def __init__(self) -> None:
        self.waiting: int | None = None
        """A 1 or 2 typed that waits for its second digit."""
        self._just_chosen = False
        """The last key chose a point by its number (Enter then adds nothing)."""

    def digit(self, digit: int, choosable: Collection[int]) -> tuple[int, ...]:
        """The points ``digit`` chooses now, in order: none while it waits for a second
        digit (only while a point it begins is in ``choosable``); the point of a waiting
        digit and this one when the two make no point (2 then 7)."""
        first, self.waiting = self.waiting, None
        if first is not None and first * 10 + digit <= POINTS:
            return self._chosen(first * 10 + digit)
        taken = () if first is None else (first,)
        if any(point in choosable for point in points_begun_by(digit)):
            self.waiting = digit
            self._just_chosen = False
            return taken
        return taken + self._chosen(digit)

    def enter(self) -> tuple[int, ...] | None:
        """What Enter chooses: the waiting digit's point; nothing right after a point typed
        (it is chosen already); None when no digit came before it: the cursor's cell."""
        if self.waiting is not None:
            return self.take()
        if self._just_chosen:
            self._just_chosen = False
            return ()
        return None

    def take(self) -> tuple[int, ...]:
        """Another key (or a click): a waiting digit is first taken as its point."""
        self._just_chosen = False
        point, self.waiting = self.waiting, None
        return () if point is None else (point,)

    def forget(self) -> int | None:
        """Escape: the waiting digit, forgotten without choosing its point (None if none)."""
        self._just_chosen = False
        digit, self.waiting = self.waiting, None
        return digit

    def _chosen(self, point: int) -> tuple[int, ...]:
        self._just_chosen = True
        return (point,)
