"""A network match's connection over its whole life: the host waits for its friend (and
for them again after a drop), the joiner reaches the host (and tries again after a drop).

The session knows nothing of the match: it hands every message to its ``Listener`` and
says when the line comes and goes. It runs in the event loop of the program that uses it
(the game's, under Textual), so the listener is called on that loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Coroutine
from datetime import datetime
from typing import Any, Protocol

from nardy_tui.i18n import _
from nardy_tui.net.addresses import with_port
from nardy_tui.net.auth import Role
from nardy_tui.net.gate import CodeGate
from nardy_tui.net.line import (
    PING_SECONDS,
    Line,
    LineClosed,
    Refused,
    Silent,
    Welcome,
    greet_host,
    greet_joiner,
    refuse_busy,
)
from nardy_tui.net.messages import MAX_LINE, Message, Ping, ProtocolError

RETRY_SECONDS = 2.0
"""How long the joiner waits before it tries to reach the host again."""
CONNECT_SECONDS = 10.0


class Listener(Protocol):
    """What hears of the line: the game's side of the session."""

    def connected(self, welcome: Welcome | None) -> None:
        """A line is up (the joiner hears what the host said of the match)."""

    def arrived(self, message: Message) -> None:
        """A message came, checked for its form (not for its sense)."""

    def lost(self, reason: str) -> None:
        """The line went down; the session tries again (joiner) or waits (host)."""

    def refused(self, reason: str) -> None:
        """Joiner: the host refused us, and the session has stopped."""

    def turned_away(self, address: str, reason: str) -> None:
        """Host: a connection from ``address`` failed the handshake (the host goes on
        waiting); ``reason`` is a stranger's failed attempt, in words for the host."""

    def broken(self, reason: str) -> None:
        """The peer sent something that is not a message of ours: the session has stopped."""


class Session:
    """One side's connection for one match: ``key`` comes from the match's code."""

    def __init__(self, role: Role, key: bytes, listener: Listener, points: int = 1) -> None:
        self.role = role
        self.key = key
        self.points = points
        """The match's length, which the host tells the joiner."""
        self.started: datetime | None = None
        """When the host started the match, which it tells the joiner too."""
        self.listener = listener
        self.line: Line | None = None
        self.stopped = False
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.gate = CodeGate()
        """Spaces out the code guesses of every connection to the host together."""

    @property
    def is_connected(self) -> bool:
        return self.line is not None

    def send(self, message: Message) -> None:
        """Send ``message`` if the line is up; if not, the next connection's sync sends
        again what the peer missed."""
        if self.line is not None:
            self.line.send(message)

    # -- the host --------------------------------------------------------------------------

    async def host(self, port: int, address: str = "") -> int:
        """Listen on ``port`` (0: any free one) and return the port listened on.

        Without an address the host listens on every interface, IPv4 and IPv6 alike; for
        port 0 a free port is found first, as each family would otherwise get its own.
        """
        if port == 0:
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            with socket.socket(family) as probe:
                probe.bind((address, 0))
                port = int(probe.getsockname()[1])
        self._server = await asyncio.start_server(
            self._welcome, address or None, port, limit=MAX_LINE
        )
        return port

    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.stopped:
            refuse_busy(writer)
            return
        try:
            line = await greet_joiner(
                reader, writer, self.key, self.points, self.gate, self.started
            )
        except (Refused, ProtocolError, LineClosed) as failed:
            writer.close()
            self.listener.turned_away(_peer_host(writer), _stranger_failed(failed))
            return
        if self.line is not None:
            # Only the friend knows the code: a friend who comes back while this side
            # still holds their old connection (cut, but not yet quiet long enough to
            # notice) is on the new one, and the old one is dead or soon will be.
            self.line.close()
        await self._serve(line, None)

    # -- the joiner ------------------------------------------------------------------------

    def join(self, address: str, port: int) -> None:
        """Reach the host in the background, and again whenever the line drops."""
        self._start(self._keep_joined(address, port))

    async def _keep_joined(self, address: str, port: int) -> None:
        while not self.stopped:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(address, port, limit=MAX_LINE), CONNECT_SECONDS
                )
            except (OSError, TimeoutError) as error:
                self.listener.lost(
                    _("cannot reach {where} ({reason})").format(
                        where=with_port(address, port), reason=_reason(error)
                    )
                )
                await asyncio.sleep(RETRY_SECONDS)
                continue
            try:
                line, welcome = await greet_host(reader, writer, self.key)
            except Refused as refused:
                writer.close()
                self.stopped = True
                self.listener.refused(str(refused))
                return
            except (ProtocolError, LineClosed) as failed:
                writer.close()
                self.listener.lost(str(failed))
                await asyncio.sleep(RETRY_SECONDS)
                continue
            await self._serve(line, welcome)
            if not self.stopped:
                await asyncio.sleep(RETRY_SECONDS)

    # -- both ------------------------------------------------------------------------------

    async def _serve(self, line: Line, welcome: Welcome | None) -> None:
        """Read the line until it drops; ping it while it is quiet."""
        self.line = line
        pinging = self._start(self._ping(line))
        self.listener.connected(welcome)
        try:
            while not self.stopped:
                message = await line.receive()
                if self.line is not line:
                    break  # a newer connection took the seat: nothing of this one counts
                self.listener.arrived(message)
        except LineClosed as closed:
            if not self.stopped and self.line is line:
                self.listener.lost(str(closed))
        except ProtocolError as bad:
            if self.line is line:
                self.stopped = True
                self.listener.broken(str(bad))
        finally:
            pinging.cancel()
            line.close()
            if self.line is line:
                self.line = None

    async def _ping(self, line: Line) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            line.send(Ping())

    def _start(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        """Stop for good: no more connections, the line closed."""
        self.stopped = True
        if self.line is not None:
            self.line.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()


def _peer_host(writer: asyncio.StreamWriter) -> str:
    """The address a connection came from (without its port, which changes each time)."""
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def _stranger_failed(error: Exception) -> str:
    """A failed handshake in words for the host: a stranger that said nothing is not a
    friend gone quiet."""
    return _("nothing said in time") if isinstance(error, Silent) else str(error)


def _reason(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return _("no answer")
    if isinstance(error, ConnectionRefusedError):
        return _("nobody is listening there: is the host's game open?")
    return getattr(error, "strerror", None) or str(error) or type(error).__name__
