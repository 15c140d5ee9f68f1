"""What carries a line's text between two nardy programs: one line of bytes at a time,
whatever lies beneath (a TCP stream for ``--direct``, a rendezvous's connection otherwise).

The line (``line``) seals and checks what it carries; a carrier only moves the bytes, keeps
each line within ``MAX_LINE`` and says, in the same three ways for every carrier, when it is
gone: closed, silent too long, or damaged.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from nardy_tui.i18n import _


class LineClosed(ConnectionError):
    """The line is gone: closed by the peer, cut, or gone quiet."""


class Silent(LineClosed):
    """The line has been quiet too long (in the handshake: a stranger that said nothing)."""


class Damaged(LineClosed):
    """A line came that does not carry the friend's seal: changed on the way, or sent by
    someone who does not know the code. It says nothing about the friend, so only this
    connection is dropped; the match waits for the next one."""


class Carrier(Protocol):
    """One connection's bytes, a line at a time."""

    @property
    def where(self) -> str:
        """Where the other end is, as the host's notice of strangers names it."""
        ...

    def send(self, line: bytes) -> None:
        """Queue one line (without its end); a dead carrier shows on the next receive."""

    async def receive(self, seconds: float) -> bytes:
        """The next line (without its end): ``Silent`` after ``seconds`` of nothing,
        ``Damaged`` for a line too long, ``LineClosed`` once the connection is gone."""
        ...

    def close(self) -> None:
        """Let the connection go (again is harmless)."""


def silent() -> Silent:
    return Silent(_("the other side has been silent too long"))


def too_long() -> Damaged:
    return Damaged(_("a message is too long"))


def closed() -> LineClosed:
    return LineClosed(_("the connection was closed"))


def flooded() -> LineClosed:
    return LineClosed(_("the other side sent too much at once, so the connection was closed"))


class StreamCarrier:
    """A TCP connection's lines, each ended by a newline (``nardy host --direct``)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer

    @property
    def where(self) -> str:
        """The address the connection came from (without its port, which changes)."""
        peer = self._writer.get_extra_info("peername")
        return str(peer[0]) if isinstance(peer, tuple) and peer else "?"

    def send(self, line: bytes) -> None:
        if not self._writer.is_closing():
            self._writer.write(line + b"\n")

    async def receive(self, seconds: float) -> bytes:
        try:
            line = await asyncio.wait_for(self._reader.readuntil(b"\n"), seconds)
        except TimeoutError:
            raise silent() from None
        except asyncio.LimitOverrunError:  # too long to carry a seal worth checking
            raise too_long() from None
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            raise closed() from None
        return line.rstrip(b"\n")

    def close(self) -> None:
        if not self._writer.is_closing():
            self._writer.close()
