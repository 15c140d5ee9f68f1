"""Serving the game to browsers (``nardy serve``): a page per visitor, and behind it the
visitor's own game in a process of its own, with a save folder of its own.

This layer runs processes and knows no game: it starts ``nardy`` as a command.
"""

from nardy_tui.serve.game_process import MeetingServers
from nardy_tui.serve.gate import connection_limits
from nardy_tui.serve.identity import SECRET_FILE, UnusableSecret, server_secret
from nardy_tui.serve.origin import Refusal
from nardy_tui.serve.server import CannotListen, GameServer, PageWords, Venue

__all__ = [
    "SECRET_FILE",
    "CannotListen",
    "GameServer",
    "MeetingServers",
    "PageWords",
    "Refusal",
    "UnusableSecret",
    "Venue",
    "connection_limits",
    "server_secret",
]
