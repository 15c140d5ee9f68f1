"""The table seats at most so many visitors, one game each: a visitor who comes back takes
their own place again once their earlier game has ended."""

from __future__ import annotations

from nardy_tui.serve.table import Place, Table
from nardy_tui.serve.visitor import Visitor

ANN, BEN, CAT = Visitor("a" * 16), Visitor("b" * 16), Visitor("c" * 16)


class Connection:
    """A connection whose game ends as soon as it is closed, and which counts its closes."""

    def __init__(self, table: Table, visitor: Visitor) -> None:
        self.closes = 0
        self.place = Place(close=self.close)
        self._table, self._visitor = table, visitor

    async def close(self) -> None:
        self.closes += 1
        self._table.leave(self._visitor, self.place)


async def test_the_table_seats_as_many_as_it_has_seats_and_then_no_one_new() -> None:
    table = Table(2)
    assert await table.sit(ANN, Connection(table, ANN).place)
    assert await table.sit(BEN, Connection(table, BEN).place)
    assert not table.has_room_for(CAT)
    assert not await table.sit(CAT, Connection(table, CAT).place)
    assert len(table) == 2


async def test_a_visitor_who_comes_back_ends_their_earlier_game_and_takes_its_place() -> None:
    table = Table(1)
    earlier, later = Connection(table, ANN), Connection(table, ANN)
    assert await table.sit(ANN, earlier.place)
    assert table.has_room_for(ANN)
    assert await table.sit(ANN, later.place)
    assert (earlier.closes, later.closes) == (1, 0)
    assert earlier.place.left.is_set()
    assert len(table) == 1


async def test_a_seat_left_is_free_for_someone_new() -> None:
    table = Table(1)
    ann = Connection(table, ANN)
    await table.sit(ANN, ann.place)
    await ann.close()
    assert await table.sit(BEN, Connection(table, BEN).place)
