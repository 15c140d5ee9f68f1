"""Why the server closed a visitor's socket, as the close code the page reads to say it in
words (``templates/page.html``): a page whose socket closes cannot otherwise tell a table
that was full from a game that ended."""

from __future__ import annotations

from enum import IntEnum


class Farewell(IntEnum):
    """A close code the server sends, with words of its own on the page."""

    ENDED = 1000
    """The game has ended (quit, left alone, the page opened again elsewhere, the server
    stopping): a match in progress is saved, and a reload goes on with it."""
    FULL = 4001
    """The table is full: no game was started (a code of the range left to applications)."""
    NOT_STARTED = 4002
    """No game was started for a reason the page's terminal was told (a page refused, an
    address at its limit of games, a browser that keeps no cookie)."""
