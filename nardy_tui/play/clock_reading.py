"""Both clocks of a lobby match as a player sees them: the server tells the times after
every message (the lobby's ``clock``), and between two tellings the side whose clock runs
spends its delay, then its reserve, second by second on this machine's own clock. Plain
numbers, so that the game screen reads them without the lobby's modules.

>>> clocks = ClockReading(173_000, 180_000, Side.WHITE, 7_300, heard_at=50.0)
>>> clocks.words(Side.WHITE, now=50.0), clocks.words(Side.BLACK, now=50.0)
('2:53 +8', '3:00')
>>> clocks.words(Side.WHITE, now=60.3)
'2:50'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from nardy_tui.engine import Side

READ_EVERY = 0.5
"""Seconds between two readings of a running clock on a screen: the figure shown never lags
a whole second behind."""


def time_words(seconds: float) -> str:
    """Seconds left as minutes and seconds, rounded up: a clock that shows 0:00 has run out.

    >>> time_words(0.2), time_words(65), time_words(3600)
    ('0:01', '1:05', '60:00')
    """
    whole = math.ceil(max(seconds, 0.0))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The clocks as last told, heard at ``heard_at`` on a monotonic clock: each side's
    reserve, whose clock runs (None: neither's) and what is left of its delay, in ms."""

    white_ms: int
    black_ms: int
    running: Side | None
    delay_ms: int
    heard_at: float

    def left(self, side: Side, now: float) -> tuple[float, float]:
        """What ``side`` has left at ``now``: of this turn's delay, and of its reserve, in
        seconds."""
        reserve = (self.white_ms if side is Side.WHITE else self.black_ms) / 1000
        if self.running is not side:
            return 0.0, reserve
        spent = max(now - self.heard_at, 0.0)
        delay = self.delay_ms / 1000
        return max(delay - spent, 0.0), max(reserve - max(spent - delay, 0.0), 0.0)

    def both(self, now: float) -> dict[Side, str]:
        """Each side's clock in words at ``now`` (``words``)."""
        return {side: self.words(side, now) for side in Side}

    def words(self, side: Side, now: float) -> str:
        """``side``'s reserve, and while its turn runs on the delay, the delay's seconds."""
        delay, reserve = self.left(side, now)
        shown = time_words(reserve)
        return f"{shown} +{math.ceil(delay)}" if delay > 0 else shown
