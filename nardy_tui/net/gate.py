"""The host's door: how fast strangers may try codes, over all their connections together.

Each connection that reaches the code check waits its turn at one gate. The gate lets one
check through a second, and none for a while after many wrong codes in a row, so a stranger
who opens fifty connections at once guesses no faster than one who opens them one by one.
A connection that would wait longer than a joiner waits for its answer is turned away at
once, unchecked: a queue of strangers cannot grow, and a friend behind them tries again.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable

CHECK_SECONDS = 1.0
"""At most one code is checked each second."""
PAUSE_AFTER = 10
"""Wrong codes in a row after which no code is checked for ``PAUSE_SECONDS``."""
PAUSE_SECONDS = 30.0
LONGEST_WAIT = 5.0
"""The longest a connection waits for its turn: half of what a joiner waits for the host's
answer (``HANDSHAKE_SECONDS``), so that one let in line is answered before it gives up."""


class CodeGate:
    """One host's gate; ``clock`` and ``sleep`` are real time unless a test brings its own."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._clock = clock
        self._sleep = sleep
        self._lock = asyncio.Lock()
        self._next = -math.inf
        """When the next check may be made."""
        self._waiting = 0
        self._wrong = 0
        """Wrong codes since the last right one."""

    def wait(self) -> float:
        """About how long a connection that came now would wait for its turn."""
        return max(0.0, self._next - self._clock()) + self._waiting * CHECK_SECONDS

    async def turn(self) -> bool:
        """Wait for this connection's turn to have its code checked; False when that
        would take longer than ``LONGEST_WAIT`` (said at once, or as soon as the gate is
        shut by the wrong codes of those ahead)."""
        if self.wait() > LONGEST_WAIT:
            return False
        self._waiting += 1
        try:
            async with self._lock:
                delay = self._next - self._clock()
                if delay > LONGEST_WAIT:
                    return False
                if delay > 0:
                    await self._sleep(delay)
                self._next = self._clock() + CHECK_SECONDS
        finally:
            self._waiting -= 1
        return True

    def checked(self, right: bool) -> None:
        """What the check found: every ``PAUSE_AFTER``-th wrong code in a row closes the
        gate for ``PAUSE_SECONDS``; the right code starts the count again."""
        self._wrong = 0 if right else self._wrong + 1
        if self._wrong and self._wrong % PAUSE_AFTER == 0:
            self._next = self._clock() + PAUSE_SECONDS
