"""Who is who at one screen: the side the board is seen from, whose numbering the words
use, and what each player is called.

Against the bot (or a friend elsewhere) all three follow the player at this keyboard. In
hot-seat either player could be "you": the board may turn to each mover in turn (a
setting), the numbering follows the board, and the words name the players by colour.
"""

from __future__ import annotations

from collections.abc import Mapping

from nardy_tui.engine import Side
from nardy_tui.i18n import _
from nardy_tui.play.reading import Reader
from nardy_tui.play.seats import Seat
from nardy_tui.storage import Settings


class Viewpoint:
    """The sides a screen's words and board are for; ``settings`` are the player's (shared
    with the app, so turning the board to the mover counts at once)."""

    def __init__(self, seats: Mapping[Side, Seat], settings: Settings) -> None:
        self.seats = seats
        self.settings = settings
        self.hot_seat = all(seat.at_keyboard for seat in seats.values())
        """Both sides at this keyboard: "you" could be either, so words name the player."""
        self.view = self.human_side
        """The side the board is seen from."""
        self._turned_to: Side | None = None

    @property
    def human_side(self) -> Side:
        """The side the board is seen from at first: the human's (White in hot-seat)."""
        return next((side for side in Side if self.seats[side].at_keyboard), Side.WHITE)

    @property
    def reader(self) -> Reader:
        """Whose own numbering everything on screen uses: the board's edge, typed points,
        messages, history and hints. Against the bot the human's; in hot-seat that of the
        player the board is seen from."""
        return Reader(self.view if self.hot_seat else self.human_side)

    @property
    def names(self) -> dict[Side, str]:
        if self.hot_seat:
            return {side: side.name_shown for side in Side}
        return {side: self.seats[side].name() for side in Side}

    def follow(self, mover: Side | None) -> None:
        """In hot-seat, show the board from the mover's side once per turn (a setting).

        Only when the mover changes, so a player's own flip (f) holds for the turn.
        """
        if not self.hot_seat or not self.settings.auto_flip or mover is None:
            return
        if mover is not self._turned_to:
            self._turned_to = mover
            self.view = mover

    def addressed(self, mover: Side, words: str) -> str:
        """Words for the player at the keyboard: in hot-seat, where "you" could be either
        player, led by the name of the one whose turn it is."""
        if not self.hot_seat:
            return words
        return _("{player}: {reason}").format(player=self.names[mover], reason=words)
