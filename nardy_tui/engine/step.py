"""Steps and plays: one die's move of one checker, and a whole turn of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from nardy_tui.engine.geometry import OFF


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


Play = tuple[Step, ...]
"""A whole turn: its steps in the order they are played. ``()`` is a pass."""

class Dice(NamedTuple):
    """A roll of the two dice in the order thrown; it writes itself as notation does.

    It is a pair, so ``first, second = dice`` and ``dice == (5, 3)`` work as for a tuple.

    >>> Dice(5, 3)
    Dice(first=5, second=3)
    >>> str(Dice(5, 3)), f"{Dice(6, 6)}"
    ('5-3', '6-6')
    >>> Dice(5, 3) == (5, 3)
    True
    """

    first: int
    second: int

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


ALL_ROLLS: tuple[Dice, ...] = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 distinct rolls, higher die first."""


def dice_steps(dice: Dice) -> tuple[int, ...]:
    """The die values a roll allows: four of them for doubles.

    >>> dice_steps((5, 3)), dice_steps((4, 4))
    ((5, 3), (4, 4, 4, 4))
    """
    first, second = dice
    if first == second:
        return (first,) * 4
    return (max(first, second), min(first, second))


def check_dice(dice: tuple[int, int]) -> Dice:
    """Return ``dice`` as ``Dice``, or raise ``ValueError`` if it is not a roll of two dice."""
    try:
        first, second = dice
    except (TypeError, ValueError):
        raise ValueError(f"dice must be two numbers from 1 to 6, not {dice!r}") from None
    for die in (first, second):
        if not isinstance(die, int) or not 1 <= die <= 6:
            raise ValueError(f"dice must be two numbers from 1 to 6, not {dice!r}")
    return Dice(first, second)
