"""The two sides of the board."""

from __future__ import annotations

from enum import Enum


class Side(Enum):
    """A player's colour. White moves first in the board array's own numbering.

    >>> Side.WHITE.opponent
    <Side.BLACK: 'black'>
    """

    WHITE = "white"
    BLACK = "black"

    @property
    def opponent(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def sign(self) -> int:
        """+1 for White, -1 for Black: how the board array counts this side's checkers."""
        return 1 if self is Side.WHITE else -1

    @property
    def label(self) -> str:
        return self.value.capitalize()
