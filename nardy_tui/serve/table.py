"""The table: who is playing on the server now, at most so many at once, one game each.

A visitor who comes back (a reload, a second tab, the link on another machine) takes the
place of their earlier connection, whose game is ended first: two games never write one
save folder.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from nardy_tui.serve.visitor import Visitor


@dataclass(eq=False)
class Place:
    """A place at the table for one visitor's game, held by one live connection: ``close``
    ends it, ``left`` is set once its game has ended."""

    close: Callable[[], Awaitable[None]]
    left: asyncio.Event = field(default_factory=asyncio.Event)


class Table:
    """The places taken, at most ``seats`` of them."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self._taken: dict[Visitor, Place] = {}

    def __len__(self) -> int:
        return len(self._taken)

    def has_room_for(self, visitor: Visitor) -> bool:
        """Whether ``visitor`` can sit now: a free seat, or their own place back."""
        return visitor in self._taken or len(self._taken) < self.seats

    async def sit(self, visitor: Visitor, place: Place) -> bool:
        """Give ``visitor`` the ``place``, once their earlier one (if any) has been left;
        False if the table is full."""
        while (earlier := self._taken.get(visitor)) is not None:
            await earlier.close()
            await earlier.left.wait()
        if len(self._taken) >= self.seats:
            return False
        self._taken[visitor] = place
        return True

    def leave(self, visitor: Visitor, place: Place) -> None:
        """``place``'s game has ended: its seat is free (unless the visitor sits elsewhere)."""
        if self._taken.get(visitor) is place:
            del self._taken[visitor]
        place.left.set()

    async def vacate(self, visitor: Visitor) -> None:
        """End ``visitor``'s game, if they have one, and wait until it has: their seat is
        then free, and nothing writes their folder."""
        while (place := self._taken.get(visitor)) is not None:
            await place.close()
            await place.left.wait()
