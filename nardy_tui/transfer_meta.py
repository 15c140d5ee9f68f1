"""What a served game and ``nardy serve`` say to each other to move a visitor to another
device, as textual-serve's meta packets (JSON objects with a ``type``) on the game's pipes.

The game asks (``TransferAsked``); the server answers with a code and the link that uses
it (``TransferOffered``). Both sides read what the other wrote in this one form only, and
take nothing longer than ``LONGEST``: the game runs what its visitor typed, and the server
is the only one who makes codes.

Here, between the two layers that may not know each other (the game's and the server's).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum

from yarl import URL

LONGEST = 4096
"""The longest meta packet of a move read, in bytes: a link is well under it."""
CODE_FORM = re.compile(r"[0-9A-Z]{6,16}")
LINK_LONGEST = 2048
Meta = dict[str, str | int | bool | None]
"""A meta packet's object, as textual-serve sends it."""


class TransferMeta(StrEnum):
    """The ``type`` of each meta packet of a move."""

    ASKED = "nardy_transfer_asked"
    OFFERED = "nardy_transfer_offered"


@dataclass(frozen=True)
class TransferAsked:
    """The game asks its server for a code that moves its visitor."""

    def meta(self) -> Meta:
        return {"type": TransferMeta.ASKED.value}

    @staticmethod
    def read(packet: bytes) -> TransferAsked | None:
        """The ask in a meta packet as the game wrote it, or None if it is none.

        >>> TransferAsked.read(json.dumps(TransferAsked().meta()).encode())
        TransferAsked()
        >>> TransferAsked.read(b'{"type": "open_url", "url": "x"}') is None
        True
        """
        return TransferAsked() if _object(packet) == TransferAsked().meta() else None


@dataclass(frozen=True)
class TransferOffered:
    """The server's answer: ``code`` moves the visitor once within ``minutes``; ``link``
    is the page's address with it."""

    code: str
    link: str
    minutes: int

    def meta(self) -> Meta:
        return {
            "type": TransferMeta.OFFERED.value,
            "code": self.code,
            "link": self.link,
            "minutes": self.minutes,
        }

    @staticmethod
    def read(meta: dict[str, object]) -> TransferOffered | None:
        """The offer in a meta packet as the game's driver decoded it, or None if it is
        none (or not of the form the server writes).

        >>> link = "https://nardy.example/?transfer=ABCDEFGH23"
        >>> offered = TransferOffered("ABCDEFGH23", link, 10)
        >>> TransferOffered.read(offered.meta()) == offered
        True
        >>> TransferOffered.read({**offered.meta(), "link": "javascript:alert(1)"}) is None
        True
        """
        match meta:
            case {
                "type": TransferMeta.OFFERED.value,
                "code": str(code),
                "link": str(link),
                "minutes": int(minutes),
            } if CODE_FORM.fullmatch(code) and _web_address(link) and 0 < minutes <= 60:
                return TransferOffered(code, link, minutes)
        return None


def _object(packet: bytes) -> object:
    """The JSON in ``packet``, if it is short and JSON; else None."""
    if len(packet) > LONGEST:
        return None
    try:
        return json.loads(packet)
    except (ValueError, RecursionError):
        return None


def _web_address(text: str) -> bool:
    if len(text) > LINK_LONGEST:
        return False
    try:
        url = URL(text)
    except ValueError:
        return False
    return url.scheme in ("http", "https") and bool(url.host)
