"""The line between two programs met by a code: transit's connection, one record a line,
bounded in what it holds for us (a peer that floods is cut off and said to have flooded)."""

from __future__ import annotations

import asyncio
from typing import Any

from nardy_tui.i18n import _
from nardy_tui.net.carrier import closed, flooded, silent, too_long
from nardy_tui.net.messages import MAX_LINE
from nardy_tui.net.twisted_thread import Reactor, call_soon

WAITING_RECORDS = 120
"""Records that may wait to be read; a peer that sends more is flooding, and is cut off."""
MAX_PENDING_BYTES = 2 * MAX_LINE
"""The most bytes of a record not yet whole that transit may hold: its length, its nonce
and its seal around a line of at most ``MAX_LINE``, with room to spare."""


def bound_records(connection: Any) -> None:
    """Bound what transit's ``connection`` holds for us, from the moment it is made (in
    the reactor's thread, before it reads again): at most ``MAX_PENDING_BYTES`` of a record
    not yet whole, and ``WAITING_RECORDS`` whole ones not yet read. A peer past either is
    flooding, and is cut off; so is one whose record transit cannot open (a changed or
    replayed record), without the error transit would leave to Twisted's log, which
    writes on the terminal the game draws on. Whole records in one burst are parsed
    before anything is counted, so a burst of good lines is never mistaken for a flood."""
    take = connection.dataReceived

    def bounded(data: bytes) -> None:
        try:
            take(data)
        except Exception:  # transit has hung up already; the reader hears it closed
            connection.transport.loseConnection()
            return
        waiting = len(connection._inbound_records)
        if len(connection.buf) > MAX_PENDING_BYTES or waiting > WAITING_RECORDS:
            connection.transport.loseConnection()

    connection.dataReceived = bounded


class TransitCarrier:
    """The lines of a transit connection: one record each, already encrypted by transit
    under a key from the introduction (and sealed by the line all the same)."""

    def __init__(self, reactor: Reactor, connection: Any, loop: asyncio.AbstractEventLoop) -> None:
        self._reactor = reactor
        self._connection = connection
        self._loop = loop
        self._records: asyncio.Queue[bytes | None] = asyncio.Queue(WAITING_RECORDS)
        self._gone = False
        self._flooded = False
        """More records came than may wait: nothing after them is read (a record left
        out would make the next one's seal look forged), and the reader hears why."""
        reactor.call(self._read)

    @property
    def where(self) -> str:
        return _("the other side")

    def send(self, line: bytes) -> None:
        if not self._gone:
            self._reactor.call(self._connection.send_record, line)

    async def receive(self, seconds: float) -> bytes:
        if self._flooded:
            raise flooded()
        if self._gone and self._records.empty():
            raise closed()
        try:
            record = await asyncio.wait_for(self._records.get(), seconds)
        except TimeoutError:
            raise silent() from None
        if record is None:
            self._gone = True
            raise closed()
        if len(record) > MAX_LINE:
            raise too_long()
        return record

    def close(self) -> None:
        if not self._gone:
            self._gone = True
            self._reactor.call(self._connection.close)

    # -- in the reactor's thread -----------------------------------------------------------

    def _read(self) -> None:
        reading = self._connection.receive_record()
        reading.addCallbacks(self._got, lambda failure: self._arrive(None))

    def _got(self, record: bytes) -> None:
        self._arrive(record)
        self._read()

    def _arrive(self, record: bytes | None) -> None:
        call_soon(self._loop, self._put, record)

    def _put(self, record: bytes | None) -> None:
        if self._flooded:
            return
        try:
            self._records.put_nowait(record)
        except asyncio.QueueFull:
            self._flooded = True
            self.close()
