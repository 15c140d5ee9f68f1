"""How fast the server reads a page's frames: each socket at most so many a second, after a
burst, so that one socket sending tiny frames as fast as it can (pings, focus, empty
input) cannot take the server's time from every other page.

A frame costs the server the same whatever it holds: reading it, parsing it, perhaps an
answer. A script on a seat sent 36,000 pings a second, and every other page of the server
then took two seconds instead of two milliseconds. A socket over its pace is not closed,
only read later: its frames wait in its connection, and the sender is slowed by TCP
itself. A page never comes near the pace: a key, a paste, a click or a wheel turn is one
frame, and the pointer's motion one frame for each cell it crosses.
"""

from __future__ import annotations

import time
from collections.abc import Callable

FRAMES_PER_SECOND = 200.0
"""Frames of one socket read a second, once its burst is spent."""
BURST = 400.0
"""Frames of one socket read at once after a quiet while."""


class Pace:
    """The frames of one socket, read at most ``rate`` a second after a burst of ``burst``,
    on the clock ``clock`` (seconds)."""

    def __init__(
        self,
        rate: float = FRAMES_PER_SECOND,
        burst: float = BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._rate, self._burst, self._clock = rate, burst, clock
        self._allowance = burst
        """Frames that may be read now without waiting; below 0, the frames read ahead."""
        self._at = clock()

    def wait_after_frame(self) -> float:
        """A frame was read: the seconds to wait before reading the next one (0 at once).

        >>> pace = Pace(rate=10, burst=2, clock=lambda: 0.0)
        >>> [pace.wait_after_frame() for _ in range(4)]
        [0.0, 0.0, 0.1, 0.2]
        """
        now = self._clock()
        earned = (now - self._at) * self._rate
        self._allowance = min(self._burst, self._allowance + earned) - 1
        self._at = now
        return 0.0 if self._allowance >= 0 else -self._allowance / self._rate
