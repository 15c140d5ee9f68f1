"""Dice: one seedable random source for a whole match, and the opening roll-off."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice


class DiceRoller:
    """Every die of a match comes from here, so a match replays exactly from its seed.

    >>> DiceRoller(7).roll() == DiceRoller(7).roll()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else secrets.randbits(32)
        self._random = random.Random(self.seed)
        self.rolled = 0
        """How many single dice have been drawn so far."""

    def die(self) -> int:
        self.rolled += 1
        return self._random.randint(1, 6)

    def roll(self) -> Dice:
        return (self.die(), self.die())


@dataclass(frozen=True, slots=True)
class RollOff:
    """One throw of the opening roll-off: a die for each side (RULES.md section 2).

    >>> RollOff(white=5, black=3).winner
    <Side.WHITE: 'white'>
    >>> RollOff(white=4, black=4).winner is None
    True
    """

    white: int
    black: int

    @property
    def winner(self) -> Side | None:
        """The side that moves first, or None on a tie (roll again)."""
        if self.white == self.black:
            return None
        return Side.WHITE if self.white > self.black else Side.BLACK

    def die_of(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black
