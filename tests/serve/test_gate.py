"""The gate in front of the web server: a connection must send a whole request within a
few seconds, one address may open only so many, the server holds only so many and makes
room for new ones by closing the oldest silent ones, and one address may play only so
many games. Trouble is said in the log once a minute, however often it happens.

An aiohttp page behind the gate, in this process, on loopback; other machines are other
loopback addresses (127.0.0.2, ...)."""

# ruff: noqa: RUF001 (the log counts with a multiplication sign)

from __future__ import annotations

import asyncio
import errno
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import aiohttp
import pytest
from aiohttp import web

from nardy_tui.serve.gate import Gate, GatedSite, Limits, address_of, connection_cap, ip_of
from nardy_tui.serve.troubles import Trouble, TroubleLog
from tests.test_layers import printed_by_a_fresh_interpreter

DEADLINE = 10.0
"""Seconds any one wait may take before the test fails: an upper bound, not a pause."""


@dataclass
class Door:
    """A page behind a gate: its address, the gate, and what the gate said in the log."""

    gate: Gate
    port: int
    said: list[str] = field(default_factory=list)
    _writers: list[asyncio.StreamWriter] = field(default_factory=list)
    """The silent connections' other ends, kept open as long as the test runs."""

    async def silent(self, host: str = "127.0.0.1") -> asyncio.StreamReader:
        """A connection from ``host`` that never sends anything."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(host, 0))
        self._writers.append(writer)
        return reader

    async def page(
        self, session: aiohttp.ClientSession, headers: dict[str, str] | None = None
    ) -> str:
        async with session.get(f"http://127.0.0.1:{self.port}/", headers=headers) as page:
            assert page.status == 200
            return await page.text()


@asynccontextmanager
async def door(limits: Limits) -> AsyncIterator[Door]:
    """A page (which tells the address its visitor counts as) behind a gate of
    ``limits``, served until the end."""
    said: list[str] = []
    gate = Gate(limits, TroubleLog(say=said.append))

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=str(gate.visitor_address(request)))

    app = web.Application(middlewares=[gate.middleware])
    app.add_routes([web.get("/", page)])
    runner = web.AppRunner(app)
    await runner.setup()
    site = GatedSite(runner, gate, "127.0.0.1", 0)
    await site.start()
    try:
        yield Door(gate, runner.addresses[0][1], said)
    finally:
        await runner.cleanup()


async def closed(reader: asyncio.StreamReader) -> None:
    """Wait until the server has closed the connection (it sends nothing before)."""
    async with asyncio.timeout(DEADLINE):
        with pytest.raises(ConnectionResetError):
            assert await reader.read() == b""
            raise ConnectionResetError  # closed without a reset: as good


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def test_a_connection_that_sends_no_whole_request_in_time_is_closed(
    session: aiohttp.ClientSession,
) -> None:
    async with door(Limits(header_seconds=0.3)) as served:
        silent = await served.silent()
        slow_reader, slow = await asyncio.open_connection("127.0.0.1", served.port)
        slow.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the empty line
        await closed(silent)
        await closed(slow_reader)
        assert served.said == ["connections closed: no whole request within 0.3 seconds (×1)"]
        assert len(served.gate) == 0
        assert await served.page(session) == "127.0.0.1"  # a whole request is answered


async def test_honest_visitors_get_the_page_while_many_silent_connections_are_open(
    session: aiohttp.ClientSession,
) -> None:
    async with door(Limits(connections=20)) as served:
        first = await served.silent("127.0.0.2")
        for machine in range(2, 12):
            for _ in range(4):
                await served.silent(f"127.0.0.{machine}")
        assert await served.page(session) == "127.0.0.1"
        await closed(first)  # the oldest silent one made room
        assert len(served.gate) <= 20
        assert served.said == [
            "connections closed to make room for new ones: they had sent no whole request yet (×1)"
        ]


async def test_one_address_may_open_only_so_many_connections(
    session: aiohttp.ClientSession,
) -> None:
    async with door(Limits(connections_per_address=3)) as served:
        kept = [await served.silent("127.0.0.2") for _ in range(3)]
        await closed(await served.silent("127.0.0.2"))
        assert await served.page(session) == "127.0.0.1"  # another address
        assert all(not reader.at_eof() for reader in kept)
        assert served.said == [
            "connections refused: one address may keep at most 3 open "
            "(--connections-per-address) (×1)"
        ]


async def test_only_the_proxys_forwarded_address_is_believed(
    session: aiohttp.ClientSession,
) -> None:
    forwarded = {"X-Forwarded-For": "198.51.100.1, 203.0.113.9"}
    async with door(Limits(proxy=ip_of("127.0.0.1"), connections_per_address=1)) as served:
        assert await served.page(session, forwarded) == "203.0.113.9"
        silent = [await served.silent() for _ in range(3)]  # the proxy's are not counted
        assert all(not reader.at_eof() for reader in silent)
    async with door(Limits(proxy=ip_of("127.0.0.2"))) as served:
        assert await served.page(session, forwarded) == "127.0.0.1"


def test_one_address_takes_only_so_many_seats_and_an_ipv6_address_counts_by_its_64() -> None:
    said: list[str] = []
    gate = Gate(Limits(seats_per_address=2), TroubleLog(say=said.append))
    home = address_of(ip_of("2001:db8:1:2::10"))
    assert gate.take_seat(home)
    assert gate.take_seat(address_of(ip_of("2001:db8:1:2:ffff::1")))  # the same /64
    assert not gate.take_seat(address_of(ip_of("2001:db8:1:2::99")))
    assert gate.take_seat(address_of(ip_of("2001:db8:1:3::10")))  # another /64
    gate.leave_seat(home)
    assert gate.take_seat(home)
    assert said == [
        "games refused: one address may play at most 2 at once (--visitors-per-address) (×1)"
    ]


def test_the_server_raises_its_limit_of_open_files_as_far_as_it_may() -> None:
    code = (
        "import resource\n"
        "from nardy_tui.serve.gate import raised_file_limit\n"
        "_soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))\n"
        "print(raised_file_limit() == resource.getrlimit(resource.RLIMIT_NOFILE)[0] > 64)\n"
    )
    assert printed_by_a_fresh_interpreter(code) == "True"


def test_the_connections_fit_within_the_limit_of_open_files() -> None:
    assert connection_cap(512, seats=4, files=1 << 16) == 512
    assert connection_cap(512, seats=4, files=512) == 512 - 64 - 128 - 4 * 4
    assert connection_cap(512, seats=100, files=512) == 1


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_each_kind_of_trouble_is_one_line_a_minute_with_its_count_and_the_rest_at_the_end() -> None:
    said: list[str] = []
    clock = Clock()
    troubles = TroubleLog(say=said.append, clock=clock)
    for second in range(120):
        clock.now = 1000.0 + second
        for _ in range(1000):
            troubles.note(Trouble.CANNOT_ACCEPT, reason="Too many open files")
        troubles.note(Trouble.SERVER_FULL, limit=20)
    clock.now += 0.5
    troubles.note(Trouble.CANNOT_ACCEPT, reason="Cannot allocate memory")
    troubles.flush()
    troubles.flush()
    assert said == [
        "cannot take new connections: Too many open files (×1)",
        "connections refused: the server keeps at most 20 open (--connections) (×1)",
        "cannot take new connections: Too many open files (×60000)",
        "connections refused: the server keeps at most 20 open (--connections) (×60)",
        "cannot take new connections: Cannot allocate memory (×60000)",
        "connections refused: the server keeps at most 20 open (--connections) (×59)",
    ]


async def test_a_flood_of_failed_accepts_is_one_line_not_a_traceback_each(
    caplog: pytest.LogCaptureFixture,
) -> None:
    said: list[str] = []
    loop = asyncio.get_running_loop()
    previous = loop.get_exception_handler()
    TroubleLog(say=said.append).hear_the_loop(loop)
    try:
        with socket.socket() as listening:
            for _ in range(10_000):
                loop.call_exception_handler(
                    {
                        "message": "socket.accept() out of system resource",
                        "exception": OSError(errno.EMFILE, "Too many open files"),
                        "socket": listening,
                    }
                )
        loop.call_exception_handler({"message": "something else"})
    finally:
        loop.set_exception_handler(previous)
    assert said == ["cannot take new connections: Too many open files (×1)"]
    assert [record.getMessage() for record in caplog.records] == ["something else"]


async def test_a_flood_of_requests_that_are_no_http_is_one_line_not_a_traceback_each(
    session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    """aiohttp answers them 400 and would log a traceback for each: a megabyte a second
    from a single address."""
    malformed = [
        b"GET / HTTP/1.1\r\nHost: x\r\nX: \x00\r\n\r\n",  # a byte no header may hold
        b"GET / HTTP/1.1\r\nCookie: " + b"a" * 9000 + b"\r\n\r\n",  # a line too long
    ]
    async with door(Limits()) as served:
        for request in malformed * 15:
            reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
            writer.write(request)
            async with asyncio.timeout(DEADLINE):
                assert (await reader.read()).startswith(b"HTTP/1.")  # answered, and closed
            writer.close()
        assert await served.page(session) == "127.0.0.1"
    assert served.said == [
        "requests refused: not HTTP, or not well-formed (×1)",
        "requests refused: not HTTP, or not well-formed (×29)",
    ]
    assert [record for record in caplog.records if record.exc_info] == []
