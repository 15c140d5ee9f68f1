"""How fast a lobby connection may send: the lobby's numbers for ``FramePace``, which the
server enforces and a client keeps under.

The server lets a connection send ``FRAMES_PER_SECOND`` frames a second on average, and
``FRAMES_AT_ONCE`` in a burst; a frame over it is refused as ``too_fast``, and a
connection that goes on is closed. A client that sends as fast as it can (a bot against a
bot, a script) holds its own frames back to ``CLIENT_SHARE`` of that, so that the jitter
of the line between them never makes an honest client look like a flood.
"""

from __future__ import annotations

from nardy_tui.frame_pace import FramePace

FRAMES_PER_SECOND = 50.0
"""Frames a second a connection may send on average: two bots playing as fast as they
can send about three a turn, several turns a second."""
FRAMES_AT_ONCE = 200
"""Frames a connection may send in one burst (a whole turn sent again after a drop)."""
CLIENT_SHARE = 0.8
"""The share of the server's allowance a client lets itself use."""


def server_pace() -> FramePace:
    """What the server allows one connection."""
    return FramePace(FRAMES_PER_SECOND, FRAMES_AT_ONCE)


def client_pace() -> FramePace:
    """What a client lets itself send, within the server's allowance whatever the line."""
    return FramePace(FRAMES_PER_SECOND * CLIENT_SHARE, FRAMES_AT_ONCE * CLIENT_SHARE)
