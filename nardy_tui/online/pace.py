"""How fast a connection may send: the lobby's allowance of frames, which the server
enforces and a client keeps under.

The server lets a connection send ``FRAMES_PER_SECOND`` frames a second on average, and
``FRAMES_AT_ONCE`` in a burst (a token bucket); a frame over it is refused as
``too_fast``, and a connection that goes on is closed. A client that sends as fast as it
can (a bot against a bot, a script) holds its own frames back to ``CLIENT_SHARE`` of that,
so that the jitter of the line between them never makes an honest client look like a
flood.

>>> allowance = Allowance(per_second=2, at_once=2, now=0.0)
>>> allowance.take(0.0), allowance.take(0.0)
(True, True)
>>> allowance.wait(0.0)
0.5
>>> allowance.take(0.5), allowance.take(0.5)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

FRAMES_PER_SECOND = 50.0
"""Frames a second a connection may send on average: two bots playing as fast as they
can send about three a turn, several turns a second."""
FRAMES_AT_ONCE = 200
"""Frames a connection may send in one burst (a whole turn sent again after a drop)."""
CLIENT_SHARE = 0.8
"""The share of the server's allowance a client lets itself use."""


@dataclass
class Allowance:
    """A token bucket: ``per_second`` frames a second on average, ``at_once`` at most in
    a burst. Times are ``time.monotonic()``'s seconds."""

    per_second: float
    at_once: float
    now: float
    tokens: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.at_once

    def _refill(self, now: float) -> None:
        self.tokens = min(self.at_once, self.tokens + (now - self.now) * self.per_second)
        self.now = now

    def take(self, now: float) -> bool:
        """Whether a frame sent ``now`` is within the allowance (it is counted either
        way: a flood stays over it)."""
        self._refill(now)
        self.tokens -= 1
        return self.tokens >= 0

    def wait(self, now: float) -> float:
        """Seconds from ``now`` until a frame would be within the allowance."""
        self._refill(now)
        return max(0.0, (1 - self.tokens) / self.per_second)


def server_allowance(now: float) -> Allowance:
    """What the server allows one connection."""
    return Allowance(FRAMES_PER_SECOND, FRAMES_AT_ONCE, now)


def client_allowance(now: float) -> Allowance:
    """What a client lets itself send, within the server's allowance whatever the line."""
    return Allowance(FRAMES_PER_SECOND * CLIENT_SHARE, FRAMES_AT_ONCE * CLIENT_SHARE, now)
