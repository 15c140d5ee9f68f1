"""The player's input on the board (``BoardListener``), handed to the turn flow and
applied on the game screen at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nardy_tui.ui.game.host import GameHost


class BoardInput:
    """Listens to the game's board: each choice is the flow's, and its outcome is applied."""

    def __init__(self, screen: GameHost) -> None:
        self._screen = screen

    def chosen(self, cell: int) -> None:
        self._screen.apply(self._screen.flow.choose(cell))

    def cancelled(self) -> None:
        self._screen.apply(self._screen.flow.cancel())

    def digit_waiting(self, digit: int, points: Sequence[int]) -> None:
        self._screen.apply(self._screen.flow.digit_waiting(digit, points))

    def digit_forgotten(self, digit: int) -> None:
        self._screen.apply(self._screen.flow.digit_forgotten(digit))
