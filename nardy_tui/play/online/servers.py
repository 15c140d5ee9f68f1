"""Which names this player has registered on which lobby servers (``online.json`` in the
data folder), so that a client registers a name once and logs in with it afterwards.

The servers are told apart by their WebSocket URL as the player writes it: the URL is part
of what a login signs, so another spelling is another server to the client as to the
server.
"""

from __future__ import annotations

import json
from pathlib import Path

from nardy_tui.online import name_key
from nardy_tui.storage import write_atomically

SERVERS_FILE = "online.json"
FORMAT = "nardy-online"
VERSION = 1


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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        document = {"format": FORMAT, "version": VERSION, "registered": names}
        write_atomically(self.path, json.dumps(document, indent=1))

    def _read(self) -> dict[str, list[str]]:
        """The names by server; none from a file that is missing or not this one's form (it
        costs one refused registration, never the player's name)."""
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            return {}
        registered = document.get("registered")
        if not isinstance(registered, dict):
            return {}
        return {
            url: [name for name in names if isinstance(name, str)]
            for url, names in registered.items()
            if isinstance(url, str) and isinstance(names, list)
        }
