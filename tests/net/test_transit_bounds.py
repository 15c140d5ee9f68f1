"""What a friend's transit connection may make this side hold, and what it leaves behind:
whole records in a burst are all kept, a record that never ends or a pile of unread ones
cuts the line, a record transit cannot open cuts it without a word on the terminal, and a
connection that arrives as its meeting is given up on is let go; a burst of good records
too big to wait is said as a flood, never as a forgery."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import deque
from typing import Any

import pytest

from nardy_tui.net.auth import Role, Seal
from nardy_tui.net.carrier import Damaged, LineClosed
from nardy_tui.net.line import Line
from nardy_tui.net.messages import MAX_LINE, Ping, encode
from nardy_tui.net.rendezvous import MAX_HINTS, _their_hints
from nardy_tui.net.transit import (
    MAX_PENDING_BYTES,
    WAITING_RECORDS,
    TransitCarrier,
    bound_records,
)
from nardy_tui.net.twisted_thread import Reactor


class Transport:
    def __init__(self) -> None:
        self.lost = False

    def loseConnection(self) -> None:
        self.lost = True


class Connection:
    """Transit's connection as the bound sees it: a buffer of bytes not yet a whole
    record, the records not yet read, and records of a 2-byte length and their bytes."""

    def __init__(self) -> None:
        self.buf = b""
        self._inbound_records: deque[bytes] = deque()
        self.transport = Transport()

    def dataReceived(self, data: bytes) -> None:
        self.buf += data
        while len(self.buf) >= 2 and len(self.buf) >= 2 + (size := int.from_bytes(self.buf[:2])):
            record, self.buf = self.buf[2 : 2 + size], self.buf[2 + size :]
            if record == b"sealed by a stranger":
                raise ValueError("cannot open the record")
            self._inbound_records.append(record)


def bounded() -> Connection:
    connection = Connection()
    bound_records(connection)
    return connection


def record(body: bytes) -> bytes:
    return len(body).to_bytes(2) + body


def test_a_burst_of_whole_lines_longer_than_the_bound_is_kept_whole() -> None:
    connection = bounded()
    lines = [bytes([n]) * MAX_LINE for n in range(5)]
    assert 5 * MAX_LINE > MAX_PENDING_BYTES
    connection.dataReceived(b"".join(record(line) for line in lines))
    assert list(connection._inbound_records) == lines
    assert not connection.transport.lost


def test_a_record_that_never_ends_cuts_the_line() -> None:
    connection = bounded()
    connection.dataReceived((60_000).to_bytes(2) + b"x" * (MAX_PENDING_BYTES - 2))
    assert not connection.transport.lost
    connection.dataReceived(b"x")
    assert connection.transport.lost


def test_more_unread_records_than_may_wait_cut_the_line() -> None:
    connection = bounded()
    connection.dataReceived(record(b"turn") * WAITING_RECORDS)
    assert not connection.transport.lost
    connection.dataReceived(record(b"turn"))
    assert connection.transport.lost


def test_a_record_transit_cannot_open_cuts_the_line_without_an_error_escaping() -> None:
    connection = bounded()
    connection.dataReceived(record(b"sealed by a stranger"))
    assert connection.transport.lost


def test_at_most_so_many_ways_to_the_other_side_are_tried_in_all() -> None:
    way = {"type": "direct-tcp-v1", "hostname": "192.0.2.1", "port": 4001}
    relays = [{"type": "relay-v1", "hints": [way] * 4}] * 8
    kept = _their_hints(json.dumps([way, *relays]).encode(), direct=True)
    assert MAX_HINTS < 1 + 4 * 8
    ways = sum(len(hint["hints"]) if hint["type"] == "relay-v1" else 1 for hint in kept)
    assert ways == MAX_HINTS


async def test_a_connection_that_arrives_once_its_meeting_is_given_up_on_is_let_go() -> None:
    reactor = Reactor.running()
    from twisted.internet.defer import Deferred

    arriving: asyncio.Queue[Deferred[str]] = asyncio.Queue()
    loop = asyncio.get_running_loop()
    let_go: asyncio.Future[str] = loop.create_future()

    async def meeting() -> Any:
        connection: Deferred[str] = Deferred()
        loop.call_soon_threadsafe(arriving.put_nowait, connection)
        return await connection

    def unwanted(connection: str) -> None:
        loop.call_soon_threadsafe(let_go.set_result, connection)

    waiting = asyncio.create_task(reactor.run(meeting, unwanted))
    connection = await asyncio.wait_for(arriving.get(), 10)
    reactor.call(connection.callback, "the connection")
    waiting.cancel()  # before the loop hears of it: the reactor's thread has it already
    assert await asyncio.wait_for(let_go, 10) == "the connection"


def test_twisted_writes_nothing_on_the_terminal_once_the_reactor_runs() -> None:
    """In a program of its own: Twisted's log keeps the stream it found when first
    imported, which under pytest is not the terminal's."""
    program = (
        "import gc\n"
        "from nardy_tui.net.twisted_thread import Reactor\n"
        "Reactor.running()\n"
        "from twisted.internet.defer import fail\n"
        "fail(RuntimeError('a connection given up on'))\n"
        "gc.collect()\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    assert ran.stderr == ""


class InPlace:
    """The reactor's thread, played by the test's own: each call runs at once."""

    def call(self, call: Any, *args: Any) -> None:
        call(*args)


class Records:
    """Transit's connection as the carrier reads it: a Deferred for each record asked
    for, fired by the test as the records come."""

    def __init__(self) -> None:
        self.asked: deque[Any] = deque()
        self.closed = False

    def receive_record(self) -> Any:
        from twisted.internet.defer import Deferred

        asked: Deferred[bytes] = Deferred()
        self.asked.append(asked)
        return asked

    def send_record(self, record: bytes) -> None:
        pass

    def close(self) -> None:
        self.closed = True


async def test_a_burst_of_good_records_too_big_to_wait_is_said_as_a_flood_not_a_forgery() -> None:
    connection = Records()
    in_place: Any = InPlace()
    carrier = TransitCarrier(in_place, connection, asyncio.get_running_loop())
    key = b"k" * 32
    friend, line = Seal(key, Role.HOST), Line(carrier, Seal(key, Role.JOINER))
    for _sent in range(5 * WAITING_RECORDS):
        connection.asked.popleft().callback(friend.close(encode(Ping())))
    with pytest.raises(LineClosed) as cut:
        for _read in range(5 * WAITING_RECORDS):
            await asyncio.wait_for(line.receive(), 10)
    assert not isinstance(cut.value, Damaged), cut.value
    assert "too much at once" in str(cut.value)
    assert connection.closed
