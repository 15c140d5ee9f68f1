"""Which names this player has registered on which lobby servers (``online.json`` in the
data folder), so that a client registers a name once and logs in with it afterwards.

The servers are told apart by their WebSocket URL as the player writes it: the URL is part
of what a login signs, so another spelling is another server to the client as to the
server.
"""

from __future__ import annotations

import json
import os
import urllib.parse
from pathlib import Path

from nardy_tui.i18n import _
from nardy_tui.online import name_key, name_problem
from nardy_tui.storage import write_atomically

SERVERS_FILE = "online.json"
FORMAT = "nardy-online"
VERSION = 1


LOBBY_SCHEMES = ("ws", "wss")
SERVED_LOBBY = "NARDY_LOBBY"
"""Where a game served to a browser plays strangers (``nardy serve --lobby URL``): the only
lobby such a game connects to."""


def served_lobby() -> str | None:
    """The lobby ``nardy serve`` gave this game, if it is served with one."""
    return os.environ.get(SERVED_LOBBY) or None


def address_problem(url: str, name: str) -> str | None:
    """What is wrong with a lobby's address and a player's name there, in words; None if
    nothing is.

    >>> address_problem("http://example.org", "anna")
    "a lobby's address begins with ws:// or wss://"
    >>> address_problem("wss://example.org/ws", "anna") is None
    True
    """
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in LOBBY_SCHEMES or not parts.netloc:
        return _("a lobby's address begins with ws:// or wss://")
    return name_problem(name)


class Registrations:
    """The names registered by this player's key, by server URL, in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / SERVERS_FILE

    def has(self, url: str, name: str) -> bool:
        return name_key(name) in {name_key(known) for known in self._read().get(url, [])}

    def remember(self, url: str, name: str) -> None:
        """Keep that ``name`` is this player's on ``url`` (OSError if it cannot be written:
        the next connection then registers again, is refused, and logs in instead)."""
        if self.has(url, name):
            return
        names = self._read()
        names.setdefault(url, []).append(name)
        self._write(names, self.last())

    def last(self) -> tuple[str, str] | None:
        """The server and name this player went online with last, if any."""
        last = self._document().get("last")
        if isinstance(last, list) and len(last) == 2 and all(isinstance(x, str) for x in last):
            return last[0], last[1]
        return None

    def remember_last(self, url: str, name: str) -> None:
        """Offer ``url`` and ``name`` next time (OSError if they cannot be written)."""
        self._write(self._read(), (url, name))

    def _write(self, names: dict[str, list[str]], last: tuple[str, str] | None) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        document: dict[str, object] = {"format": FORMAT, "version": VERSION, "registered": names}
        if last is not None:
            document["last"] = list(last)
        write_atomically(self.path, json.dumps(document, indent=1))

    def _document(self) -> dict[str, object]:
        """The file's contents; empty for a file that is missing or not this one's form (it
        costs one refused registration, never the player's name)."""
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            return {}
        return document

    def _read(self) -> dict[str, list[str]]:
        """The names by server."""
        registered = self._document().get("registered")
        if not isinstance(registered, dict):
            return {}
        return {
            url: [name for name in names if isinstance(name, str)]
            for url, names in registered.items()
            if isinstance(url, str) and isinstance(names, list)
        }
