"""Steps, plays and dice: one die's move of one checker, a whole turn of them, and a roll."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from nardy_tui.engine.geometry import OFF
from nardy_tui.i18n import _

PASS = "(no move)"
"""How notation writes a turn in which nothing can be played."""

_STEP = re.compile(r"(\d{1,2})/(\d{1,2}|off)")


class NotationError(ValueError):
    """Text not written as notation writes it: a malformed move, roll or turn. (A turn that
    is well written but breaks the rules is an ``IllegalPlayError``.)"""


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die, in the mover's own numbering (``dst == 0``: borne off).

    >>> Step(24, 18, 6)
    Step(src=24, dst=18, die=6)
    >>> str(Step(5, 0, 6))
    '5/off'
    """

    src: int
    dst: int
    die: int

    def __str__(self) -> str:
        return f"{self.src}/{'off' if self.dst == OFF else self.dst}"


class Play(tuple[Step, ...]):
    """A whole turn: its steps in the order they are played. ``Play()`` is a pass.

    It is a tuple of steps, so it compares equal to one (``legal_plays`` promises tuples of
    ``Step``); it writes itself step by step, as a turn is shown without its position
    (``Position.notation`` joins a checker's steps, which needs the position and dice).

    >>> play = Play.parse("24/18 18/13")
    >>> play[0], play
    (Step(src=24, dst=18, die=6), Play.parse('24/18 18/13'))
    >>> str(play), str(Play())
    ('24/18 18/13', '(no move)')
    >>> play == (Step(24, 18, 6), Step(18, 13, 5))
    True
    """

    __slots__ = ()

    def __new__(cls, steps: Iterable[Step] = ()) -> Play:
        return super().__new__(cls, steps)

    @classmethod
    def parse(cls, text: str) -> Play:
        """The play ``text`` writes step by step, as ``str`` does (``24/18 18/13``, or
        ``(no move)``); ``NotationError`` if it is written otherwise.

        Each step's die is the distance it moves; a checker borne off is taken to use the die
        of its own point. Reading a turn written compactly (``24/13``), or one that bears off
        with a higher die, needs the position and dice: that is ``Position.parse_play``.

        >>> list(Play.parse("6/off 5/off"))
        [Step(src=6, dst=0, die=6), Step(src=5, dst=0, die=5)]
        >>> Play.parse("24-18")
        Traceback (most recent call last):
        ...
        nardy_tui.engine.step.NotationError: '24-18' is not a step (write it like 24/18 or 5/off)
        """
        if text.strip() == PASS:
            return cls()
        steps = []
        for token in text.split():
            found = _STEP.fullmatch(token)
            if found is None:
                raise NotationError(f"{token!r} is not a step (write it like 24/18 or 5/off)")
            src = int(found.group(1))
            dst = OFF if found.group(2) == "off" else int(found.group(2))
            steps.append(Step(src, dst, src - dst))
        return cls(steps)

    def __str__(self) -> str:
        return " ".join(map(str, self)) or PASS

    def __repr__(self) -> str:
        """The play as the code that makes it, in notation: a turn read at a glance, where
        its steps' fields would be three numbers each. A checker borne off with a higher die
        than its point's is written without that die, so a play with one shows its steps.

        >>> Play.parse("24/18 18/13"), Play()
        (Play.parse('24/18 18/13'), Play())
        >>> Play([Step(3, 0, 5)])
        Play((Step(src=3, dst=0, die=5),))
        """
        if not self:
            return "Play()"
        written = str(self)
        if Play.parse(written) == self:
            return f"Play.parse({written!r})"
        return f"Play({tuple(self)!r})"


_FACES = range(1, 7)


class _Pair(NamedTuple):
    """The fields of ``Dice``: a NamedTuple may not define ``__new__``, a subclass of one may,
    so ``Dice`` can check its dice."""

    first: int
    second: int


class Dice(_Pair):
    """A roll of the two dice; it writes itself as notation does, and checks that it is one.

    The dice keep the order they are given in: ``Dice.thrown`` puts the higher first, as a
    match rolls them and a record writes them. It is a pair, so ``first, second = dice``
    and ``dice == (5, 3)`` work as for a tuple.

    >>> Dice(5, 3)
    Dice(first=5, second=3)
    >>> str(Dice(5, 3)), f"{Dice(6, 6)}"
    ('5-3', '6-6')
    >>> Dice(5, 3) == (5, 3), Dice.thrown(3, 5), Dice(4, 4).is_double
    (True, Dice(first=5, second=3), True)
    >>> Dice(7, 3)
    Traceback (most recent call last):
    ...
    ValueError: dice must be two numbers from 1 to 6, not (7, 3)
    """

    __slots__ = ()

    def __new__(cls, first: int, second: int) -> Dice:
        # Any number equal to a face will do (a bot's dice may come from numpy); it is kept
        # as an int, so a roll prints and compares the same wherever it came from.
        if first not in _FACES or second not in _FACES:
            raise ValueError(f"dice must be two numbers from 1 to 6, not {(first, second)!r}")
        return super().__new__(cls, int(first), int(second))

    @classmethod
    def of(cls, pair: tuple[int, int]) -> Dice:
        """``pair`` as ``Dice``; ``ValueError`` if it is not a roll.

        The engine's public functions (``legal_plays``, ``Turn``, ``Match``) promise to take
        a plain pair such as ``(5, 3)`` as well as ``Dice``, so that a caller needs no type
        of the engine's to name a roll: this is where such a pair becomes one.

        >>> Dice.of((5, 3)), Dice.of(Dice(6, 6))
        (Dice(first=5, second=3), Dice(first=6, second=6))
        """
        if isinstance(pair, cls):
            return pair
        try:
            first, second = pair
        except (TypeError, ValueError):
            raise ValueError(f"dice must be two numbers from 1 to 6, not {pair!r}") from None
        return cls(first, second)

    @classmethod
    def thrown(cls, first: int, second: int) -> Dice:
        """Two dice as they fell, higher first, as a roll is written (``5-3``)."""
        return cls(max(first, second), min(first, second))

    @classmethod
    def parse(cls, text: str) -> Dice:
        """The roll ``text`` writes: ``5-3`` as ``str`` gives it, or ``53``, ``5 3``, ``5,3``
        as a person may type it, the dice in the order written. ``NotationError`` (a
        ``ValueError``) if it is not a roll.

        >>> Dice.parse("5-3"), Dice.parse("3 5")
        (Dice(first=5, second=3), Dice(first=3, second=5))
        >>> Dice.parse("7-2")
        Traceback (most recent call last):
        ...
        nardy_tui.engine.step.NotationError: '7-2' is not a roll: two dice from 1 to 6, like 5-3
        """
        digits = [character for character in text if character not in "- ,"]
        if len(digits) != 2 or not all(digit in "123456" for digit in digits):
            raise NotationError(
                _("{text} is not a roll: two dice from 1 to 6, like 5-3").format(
                    text=repr(text[:20])
                )
            )
        return cls(int(digits[0]), int(digits[1]))

    @property
    def is_double(self) -> bool:
        """Whether both dice show the same number, so the roll plays four times."""
        return self.first == self.second

    @property
    def steps(self) -> tuple[int, ...]:
        """The die values the roll plays, higher first: four of them for a double.

        >>> Dice(3, 5).steps, Dice(4, 4).steps
        ((5, 3), (4, 4, 4, 4))
        """
        if self.is_double:
            return (self.first,) * 4
        return (max(self), min(self))

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


ALL_ROLLS: tuple[Dice, ...] = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 distinct rolls, higher die first."""
