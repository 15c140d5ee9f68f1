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

from nardy_tui.frame_pace import FramePace

FRAMES_PER_SECOND = 200.0
"""Frames of one socket read a second, once its burst is spent."""
BURST = 400.0
"""Frames of one socket read at once after a quiet while."""


def page_pace() -> FramePace:
    """The pace of one page's socket."""
    return FramePace(FRAMES_PER_SECOND, BURST)
