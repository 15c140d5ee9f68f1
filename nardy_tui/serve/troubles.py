"""The server's log of trouble at its door: one line for each kind of trouble at most once
a minute, with a count, however often it happens.

A server on the internet meets floods: a thousand silent connections, or accept() failing
thousands of times a second once the process is out of files. A line (or a traceback) for
each would fill the disk and hide everything else; whoever runs the server needs to know
what happens and how often, not each time. A kind's line is said when it first happens,
and again when it happens a minute or more after its last line, then with the count of
times since that line (a multiplication sign and the count); what is left untold when the
server stops is told then (``flush``).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from aiohttp.http_exceptions import HttpProcessingError

from nardy_tui.i18n import N_, _

EVERY = 60.0
"""Seconds at least between two lines of one kind."""

OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""accept()'s failures for want of files or memory: asyncio tries again a second later."""

LOG = logging.getLogger(__name__)


class Trouble(Enum):
    """A kind of trouble at the door, and its line in the log."""

    CANNOT_ACCEPT = N_("cannot take new connections: {reason}")
    SERVER_FULL = N_("connections refused: the server keeps at most {limit} open (--connections)")
    ADDRESS_FULL = N_(
        "connections refused: one address may keep at most {limit} open (--connections-per-address)"
    )
    TOO_SLOW = N_("connections closed: no whole request within {seconds:g} seconds")
    MADE_ROOM = N_(
        "connections closed to make room for new ones: they had sent no whole request yet"
    )
    ADDRESS_SEATED = N_(
        "games refused: one address may play at most {limit} at once (--visitors-per-address)"
    )
    ADDRESS_STARTING = N_("games refused: one address may start at most {limit} a minute")
    BAD_REQUEST = N_("requests refused: not HTTP, or not well-formed")


@dataclass
class _Tally:
    said_at: float
    since: int = 0
    """Times it happened since its last line."""
    details: dict[str, object] = field(default_factory=dict)
    """The placeholders of its line, as it last happened."""


class TroubleLog:
    """Counts each kind of trouble, and says it in the log at most once every ``every``
    seconds of ``clock``, to ``say`` (the server's log by default)."""

    def __init__(
        self,
        say: Callable[[str], None] = LOG.warning,
        clock: Callable[[], float] = time.monotonic,
        every: float = EVERY,
    ) -> None:
        self._say, self._clock, self._every = say, clock, every
        self._tallies: dict[Trouble, _Tally] = {}

    def note(self, trouble: Trouble, **details: object) -> None:
        """``trouble`` happened (its line's placeholders: ``details``)."""
        now = self._clock()
        tally = self._tallies.get(trouble)
        if tally is None:
            tally = self._tallies[trouble] = _Tally(said_at=now - self._every)
        tally.since += 1
        tally.details = details
        if now - tally.said_at >= self._every:
            self._tell(trouble, tally, now)

    def flush(self) -> None:
        """Say each kind that happened since its last line (the server stops)."""
        for trouble, tally in self._tallies.items():
            if tally.since:
                self._tell(trouble, tally, self._clock())

    def _tell(self, trouble: Trouble, tally: _Tally, now: float) -> None:
        self._say(f"{_(trouble.value).format(**tally.details)} (×{tally.since})")  # noqa: RUF001
        tally.said_at, tally.since = now, 0

    def hear_the_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        """Take over ``loop``'s errors: accept() out of files or memory is a trouble
        (asyncio itself would log a traceback each time, thousands a second); any other
        error goes to asyncio's own handler, as before."""
        loop.set_exception_handler(self._loop_error)

    def hear_aiohttp(self, logger: logging.Logger) -> None:
        """Take over the requests aiohttp's ``logger`` refuses as no HTTP or not well-formed
        (it answers them 400, and logs a traceback each: a flood of them, a megabyte a
        second); any other error it logs as before. Until ``deaf_to_aiohttp``."""
        logger.addFilter(self._bad_request)

    def deaf_to_aiohttp(self, logger: logging.Logger) -> None:
        """Leave aiohttp's ``logger`` as it was before ``hear_aiohttp``."""
        logger.removeFilter(self._bad_request)

    def _bad_request(self, record: logging.LogRecord) -> bool:
        """Whether aiohttp's ``record`` is to be logged: not if it is a bad request's."""
        if record.exc_info and isinstance(record.exc_info[1], HttpProcessingError):
            self.note(Trouble.BAD_REQUEST)
            return False
        return True

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if "socket" in context and isinstance(error, OSError) and error.errno in OUT_OF_RESOURCES:
            self.note(Trouble.CANNOT_ACCEPT, reason=error.strerror or error)
        else:
            loop.default_exception_handler(context)
