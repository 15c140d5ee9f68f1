"""Dice: one seedable random source for a whole match, and the opening roll-off."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from nardy_tui.engine.side import Side


class DiceSource(Protocol):
    """Where a match's dice come from: ``DiceRoller`` in play, a fixed sequence when a record
    or a duplicate-dice arena game is replayed."""

    @property
    def seed(self) -> int: ...

    @property
    def rolled(self) -> int:
        """How many single dice have been drawn so far."""
        ...

    def die(self) -> int: ...


class DiceRoller:
    """Every die of a match comes from here, so a match replays exactly from its seed.

    >>> first, second = DiceRoller(7), DiceRoller(7)
    >>> [first.die() for _ in range(4)] == [second.die() for _ in range(4)]
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        # The system's randomness, as ``secrets`` draws it (its module is not imported for
        # this alone: it would load hashlib and hmac at every start).
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
        self._random = random.Random(self.seed)
        self.rolled = 0
        """How many single dice have been drawn so far."""

    def die(self) -> int:
        self.rolled += 1
        return self._random.randint(1, 6)


class ScriptedDice:
    """Dice given in advance, or as they become known, one die at a time (a record's
    roll-offs and rolls, in order, as its lines are read).

    >>> dice = ScriptedDice([5, 3])
    >>> dice.die(), dice.die(), dice.rolled
    (5, 3, 2)
    >>> dice.add(6, 6)
    >>> dice.die(), dice.die()
    (6, 6)
    """

    def __init__(self, dice: list[int], seed: int = 0) -> None:
        self.seed = seed
        self._dice = list(dice)
        self.rolled = 0

    def add(self, *dice: int) -> None:
        """Put ``dice`` at the end of the script."""
        self._dice.extend(dice)

    def die(self) -> int:
        if self.rolled >= len(self._dice):
            raise ValueError("no dice left in the script")
        self.rolled += 1
        return self._dice[self.rolled - 1]


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
