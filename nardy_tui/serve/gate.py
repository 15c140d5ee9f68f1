"""The gate every connection passes before the web server sees it: so many open at once,
so many from one address, and a whole request within a few seconds, so that silent or
slow connections cannot fill the server and keep honest visitors out.

aiohttp has no timeout for a request's head and no cap on connections, so the gate sits
between the listening socket and aiohttp's protocol (``GatedSite``): a connection over a
limit is closed before aiohttp hears of it; one that has not sent a whole request within
``HEADER_SECONDS`` is closed, and so, once the server is full, is the oldest of those still
silent, to make room for a new one (a silent connection cannot hold a place that an honest
visitor's request would use at once). The gate hears that a request is whole from
aiohttp's middleware (``Gate.middleware``); from then on aiohttp's keep-alive timeout
(``KEEPALIVE_SECONDS``) closes a connection that waits too long for its next request.

The gate also counts seats by address: one address may play only so many games at once.

An address is a machine's IPv4 address, or an IPv6 address's /64 network (the smallest a
provider gives one customer: a machine has a whole /64 to choose addresses from). Behind
a reverse proxy every visitor comes from the proxy's address: ``Limits.proxy`` names it,
its connections are not counted by address (the proxy has limits of its own), and its
visitors' seats are counted by the address it forwards (the last of ``X-Forwarded-For``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import resource
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from aiohttp import hdrs, web
from aiohttp.log import server_logger
from aiohttp.typedefs import Handler

from nardy_tui.serve.troubles import Trouble, TroubleLog

IP = ipaddress.IPv4Address | ipaddress.IPv6Address
Address = ipaddress.IPv4Address | ipaddress.IPv6Network
"""Whom a connection counts against: a machine's IPv4 address, or an IPv6 /64."""

HEADER_SECONDS = 10.0
"""Seconds a connection has to send a whole request's head once it is open."""
KEEPALIVE_SECONDS = 15.0
"""Seconds a connection may wait for its next request once it has sent one."""
FILES_KEPT = 64
"""Open files the server needs beside its connections and games (its own modules, the
listening sockets, static files being sent)."""
MOST_FILES = 1 << 20
"""Linux's own ceiling on a process's open files (``fs.nr_open``), unless raised."""
ACCEPTS_AT_ONCE = 128
"""Connections asyncio accepts in one go (the listening socket's backlog): those the gate
closes at once hold their files until the loop comes round again, so a full server needs
this many files to spare to refuse them."""
ADDRESSES_KEPT = 10_000
"""Addresses whose game starts are remembered before the quiet ones are forgotten."""
FILES_PER_GAME = 4
"""Open files the server holds for each game: its three pipes, and one to spare."""


@dataclass(frozen=True)
class Limits:
    """How much the server, and one address, may take at once."""

    connections: int = 512
    connections_per_address: int = 16
    """A browser opens up to six at once for a page, and one for its game's socket."""
    seats_per_address: int = 2
    starts_per_minute: int = 12
    """Games one address may start a minute: a game's start costs about a second of a
    core, so two seats started again and again would keep the server busy for everyone."""
    proxy: IP | None = None
    """The reverse proxy's address, whose ``X-Forwarded-For`` is believed (and only
    its)."""
    header_seconds: float = HEADER_SECONDS


def connection_limits(
    *,
    connections: int,
    connections_per_address: int,
    seats: int,
    seats_per_address: int,
    starts_per_minute: int = Limits.starts_per_minute,
    proxy: str | None,
) -> Limits:
    """The limits as given (``proxy`` an IP address), with fewer connections if the
    limit of open files, raised as far as it goes, would not hold them."""
    return Limits(
        connections=connection_cap(connections, seats, raised_file_limit()),
        connections_per_address=connections_per_address,
        seats_per_address=seats_per_address,
        starts_per_minute=starts_per_minute,
        proxy=None if proxy is None else ip_of(proxy),
    )


def ip_of(host: str) -> IP:
    """The IP address ``host`` (an IPv4 address within IPv6 as itself; ``ValueError`` if
    it is none).

    >>> ip_of("::ffff:192.0.2.7"), ip_of("fe80::1%eth0")
    (IPv4Address('192.0.2.7'), IPv6Address('fe80::1'))
    """
    ip = ipaddress.ip_address(host.partition("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def address_of(ip: IP) -> Address:
    """Whom a connection from ``ip`` counts against.

    >>> address_of(ip_of("192.0.2.7")), address_of(ip_of("2001:db8:1:2:3:4:5:6"))
    (IPv4Address('192.0.2.7'), IPv6Network('2001:db8:1:2::/64'))
    """
    if isinstance(ip, ipaddress.IPv6Address):
        return ipaddress.IPv6Network((ip, 64), strict=False)
    return ip


def raised_file_limit() -> int:
    """Raise this process's limit of open files to the most it may have, and return it:
    each connection and each game holds some. An unlimited limit is taken as
    ``MOST_FILES``, the most Linux gives a process unless told otherwise."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_FILES
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else hard
    if wanted <= soft:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft
    return wanted


def connection_cap(wanted: int, seats: int, files: int) -> int:
    """At most ``wanted`` connections, and fewer if ``files`` (the limit of open files)
    would not hold them beside ``seats`` games, the server itself and a batch of
    connections being refused: a process out of files cannot accept anyone, not even to
    refuse them.

    >>> connection_cap(512, 4, 1024), connection_cap(512, 4, 256)
    (512, 48)
    """
    spare = files - FILES_KEPT - ACCEPTS_AT_ONCE - FILES_PER_GAME * seats
    return max(1, min(wanted, spare))


class Gate:
    """The connections open and the seats taken, by address, within ``limits``; trouble
    goes to ``troubles``."""

    def __init__(
        self, limits: Limits, troubles: TroubleLog, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limits = limits
        self.troubles = troubles
        self._clock = clock
        self._starts: dict[Address | None, deque[float]] = {}
        """By address, when its games started in the last minute."""
        self._open: set[_GatedConnection] = set()
        self._silent: dict[asyncio.BaseTransport, _GatedConnection] = {}
        """The connections that have not sent a whole request yet, oldest first."""
        self._connections = Counter[Address | None]()
        self._seats = Counter[Address | None]()
        """By address; None: an address that could not be read, all of them together."""

    def __len__(self) -> int:
        """The connections open."""
        return len(self._open)

    def protocol_factory(
        self, aiohttp_protocol: Callable[[], asyncio.Protocol]
    ) -> Callable[[], asyncio.Protocol]:
        """The listening socket's protocol factory: aiohttp's, behind the gate."""
        return lambda: _GatedConnection(self, aiohttp_protocol())

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """aiohttp's middleware: a request has come whole; its connection is no longer
        timed by the gate."""
        connection = self._silent.pop(request.transport, None) if request.transport else None
        if connection is not None:
            connection.heard()
        return await handler(request)

    def visitor_address(self, request: web.Request) -> Address | None:
        """The address a visitor's request comes from: the one the proxy forwards for a
        request from the proxy, else the connection's own (None if it cannot be read)."""
        try:
            ip = ip_of(request.remote or "")
            if ip == self.limits.proxy:
                forwarded = request.headers.getall(hdrs.X_FORWARDED_FOR, [])
                ip = ip_of(",".join(forwarded).rpartition(",")[2].strip())
        except ValueError:
            return None
        return address_of(ip)

    def take_seat(self, address: Address | None) -> bool:
        """Whether a visitor at ``address`` may play one more game; if so, it counts
        against the address until ``leave_seat``."""
        if self._seats[address] >= self.limits.seats_per_address:
            self.troubles.note(Trouble.ADDRESS_SEATED, limit=self.limits.seats_per_address)
            return False
        self._seats[address] += 1
        return True

    def may_start_game(self, address: Address | None) -> bool:
        """Whether a visitor at ``address`` may start a game now (fewer than
        ``starts_per_minute`` started from it in the last minute); if so, it is counted.

        >>> now, said = [0.0], []
        >>> gate = Gate(Limits(starts_per_minute=2), TroubleLog(said.append), lambda: now[0])
        >>> [gate.may_start_game(None) for _ in range(3)], len(said)
        ([True, True, False], 1)
        >>> now[0] = 60.0
        >>> gate.may_start_game(None)
        True
        """
        now = self._clock()
        starts = self._starts.setdefault(address, deque())
        while starts and starts[0] <= now - 60.0:
            starts.popleft()
        if len(starts) >= self.limits.starts_per_minute:
            self.troubles.note(Trouble.ADDRESS_STARTING, limit=self.limits.starts_per_minute)
            return False
        starts.append(now)
        if len(self._starts) > ADDRESSES_KEPT:
            self._forget_quiet_addresses(now)
        return True

    def _forget_quiet_addresses(self, now: float) -> None:
        """Forget the addresses that started no game in the last minute (a flood of
        addresses must not fill the server's memory)."""
        for address in [a for a, starts in self._starts.items() if starts[-1] <= now - 60.0]:
            del self._starts[address]

    def leave_seat(self, address: Address | None) -> None:
        """A game of ``address`` has ended."""
        self._seats[address] -= 1
        if self._seats[address] <= 0:
            del self._seats[address]

    def _admit(self, connection: _GatedConnection) -> bool:
        """Whether ``connection`` may come in; if so it is counted and timed."""
        address = connection.address
        from_proxy = self.limits.proxy is not None and connection.ip == self.limits.proxy
        if not from_proxy and self._connections[address] >= self.limits.connections_per_address:
            self.troubles.note(Trouble.ADDRESS_FULL, limit=self.limits.connections_per_address)
            return False
        if len(self._open) >= self.limits.connections:
            if not self._silent:
                self.troubles.note(Trouble.SERVER_FULL, limit=self.limits.connections)
                return False
            self._forget(next(iter(self._silent.values())).close(Trouble.MADE_ROOM))
        self._open.add(connection)
        self._silent[connection.transport] = connection
        self._connections[address] += 1
        return True

    def _forget(self, connection: _GatedConnection) -> None:
        """``connection`` is closed, or closing: it no longer counts."""
        if connection not in self._open:
            return
        self._open.remove(connection)
        self._silent.pop(connection.transport, None)
        self._connections[connection.address] -= 1
        if self._connections[connection.address] <= 0:
            del self._connections[connection.address]


class _GatedConnection(asyncio.Protocol):
    """One connection at the gate: passed on to ``aiohttp`` once the gate lets it in,
    closed if it has not sent a whole request in time."""

    def __init__(self, gate: Gate, aiohttp: asyncio.Protocol) -> None:
        self._gate, self._aiohttp = gate, aiohttp
        self.transport: asyncio.Transport
        self.ip: IP | None = None
        self.address: Address | None = None
        self._admitted = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # a listening TCP socket's
        peer = transport.get_extra_info("peername")
        with contextlib.suppress(ValueError):
            self.ip = ip_of(peer[0] if isinstance(peer, tuple) else "")
            self.address = address_of(self.ip)
        if not self._gate._admit(self):
            self.transport.abort()
            return
        self._admitted = True
        self._timer = asyncio.get_running_loop().call_later(
            self._gate.limits.header_seconds, self.close, Trouble.TOO_SLOW
        )
        self._aiohttp.connection_made(transport)

    def heard(self) -> None:
        """A whole request came: the connection is no longer timed."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def close(self, why: Trouble) -> _GatedConnection:
        """Close the connection, for ``why`` (said in the log)."""
        self.heard()
        self._gate.troubles.note(why, seconds=self._gate.limits.header_seconds)
        self.transport.abort()
        return self

    def connection_lost(self, exc: Exception | None) -> None:
        self.heard()
        if self._admitted:
            self._gate._forget(self)
            self._aiohttp.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._admitted:
            self._aiohttp.data_received(data)

    def eof_received(self) -> bool | None:
        return self._aiohttp.eof_received() if self._admitted else None

    def pause_writing(self) -> None:
        self._aiohttp.pause_writing()

    def resume_writing(self) -> None:
        self._aiohttp.resume_writing()


class GatedSite(web.TCPSite):
    """aiohttp's TCP site, with its connections through ``gate`` and its bad requests one
    of the gate's troubles (not a traceback each); once stopped, the trouble not yet said
    is said. It starts its listening socket as ``TCPSite`` does, with the attributes
    ``TCPSite`` keeps (aiohttp 3.9 and later)."""

    def __init__(self, runner: web.BaseRunner, gate: Gate, host: str, port: int) -> None:
        super().__init__(runner, host, port)
        self._gate = gate

    async def start(self) -> None:
        await web.BaseSite.start(self)  # the runner knows its site (and stops it)
        loop = asyncio.get_running_loop()
        self._gate.troubles.hear_the_loop(loop)
        self._gate.troubles.hear_aiohttp(server_logger)
        aiohttp_protocol = self._runner.server
        assert aiohttp_protocol is not None
        self._server = await loop.create_server(
            self._gate.protocol_factory(aiohttp_protocol),
            self._host,
            self._port,
            backlog=ACCEPTS_AT_ONCE,
        )

    async def stop(self) -> None:
        await super().stop()
        self._gate.troubles.deaf_to_aiohttp(server_logger)
        self._gate.troubles.flush()
