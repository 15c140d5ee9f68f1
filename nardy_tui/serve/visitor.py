"""A visitor: the token the server gave them (in a cookie it signs, ``identity``), and the
save folder it names on the server.

The token is made by the server only, read in one strict form only, and never becomes a
path itself: the folder is named by its hash, and checked to lie inside the server's root
all the same.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

TOKEN_FORM = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a token looks like: URL-safe base64, long enough not to be guessed."""

TOKEN_BYTES = 24
"""The randomness in a new token: 32 characters once written."""


@dataclass(frozen=True)
class Visitor:
    """One visitor, known by their token: the same token, the same match.

    >>> Visitor.parse("not a token") is None
    True
    >>> Visitor.parse("a" * 16)
    Visitor(token='aaaaaaaaaaaaaaaa')
    """

    token: str

    @classmethod
    def new(cls) -> Visitor:
        """A visitor the server has not seen: a fresh random token."""
        return cls(secrets.token_urlsafe(TOKEN_BYTES))

    @classmethod
    def parse(cls, text: str) -> Visitor | None:
        """The visitor whose token ``text`` is, or None if it is not a token's form."""
        return cls(text) if TOKEN_FORM.fullmatch(text) else None

    def folder(self, root: Path) -> Path:
        """This visitor's save folder under ``root``.

        Named by the token's hash, so no token (nor a folder listing) tells another
        visitor's token; the check that it lies in ``root`` guards the naming itself.
        """
        name = hashlib.sha256(self.token.encode("ascii")).hexdigest()[:32]
        folder = (root / name).resolve()
        if folder.parent != root.resolve():
            raise ValueError(f"a visitor's folder outside the server's root: {folder}")
        return folder
