"""How fast frames may come on one connection: so many a second on average, after a burst
(a token bucket). The mechanism alone; each server says its own numbers and what it does
with a frame over them. ``nardy serve`` reads a page's frames no faster (``serve.pace``:
a socket over it is read later); the lobby server refuses a client's frames over it, and
the game's lobby client holds its own frames back under it (``online.pace``).

>>> pace = FramePace(rate=10, burst=2, clock=lambda: 0.0)
>>> [pace.wait_after_frame() for _ in range(4)]
[0.0, 0.0, 0.1, 0.2]
"""

from __future__ import annotations

import time
from collections.abc import Callable


class FramePace:
    """The frames of one connection, at most ``rate`` a second after a burst of ``burst``,
    on the clock ``clock`` (seconds)."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate, self._burst, self._clock = rate, burst, clock
        self._allowance = burst
        """Frames that may come now without waiting; below 0, the frames that came early."""
        self._at = clock()

    def wait_after_frame(self) -> float:
        """A frame came (or went): the seconds to wait before the next one is within the
        pace (0: it is already); a frame that came while this was above 0 was over it."""
        now = self._clock()
        earned = (now - self._at) * self._rate
        self._allowance = min(self._burst, self._allowance + earned) - 1
        self._at = now
        return 0.0 if self._allowance >= 0 else -self._allowance / self._rate
