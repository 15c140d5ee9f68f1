"""The two sides of the board."""

from __future__ import annotations

from enum import Enum

from nardy_tui.i18n import N_, _

NAMES = {"white": N_("White"), "black": N_("Black")}


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
        """The colour in English, as records and notation write it (language-neutral files)."""
        return NAMES[self.value]

    @property
    def name_shown(self) -> str:
        """The colour in the player's language, for the screen and messages."""
        return _(NAMES[self.value])
