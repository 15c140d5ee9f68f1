"""Who a visitor is: a token only this server issues, kept in a cookie the server signs.

A link names no visitor: a link ends up in proxy logs, in a browser's history, in a chat,
and whoever has it would have the match; a link an attacker made up and got a victim to
open would hand the victim's match back to the attacker later. So the token lives in a
cookie the page itself never reads (``HttpOnly``), sent only by pages of this site
(``SameSite=Lax``), over https only when the site is served so (``Secure``), and signed
with a secret of the server's (an HMAC): a cookie the server did not sign names nobody,
and its bearer is given a new identity.

The secret is made once, at random, in a file of the server's data folder that only its
owner may read; cookies signed before a restart still name their visitors after it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from aiohttp import web
from yarl import URL

from nardy_tui.serve.visitor import Visitor

COOKIE = "nardy_visitor"
"""The name of the cookie that holds a visitor's signed token."""
COOKIE_LIFE = 400 * 24 * 3600
"""Seconds a browser keeps the cookie: the longest browsers allow (their matches are kept
as long, or until their folder expires)."""
SECRET_FILE = "serve-secret"
"""The secret's file, in nardy's data folder."""
SECRET_BYTES = 32
"""The secret's randomness, as long as the HMAC's hash."""
SIGNED_AS = b"nardy visitor "
"""What the server signs before a token: a signature made for anything else is no
visitor's."""


class UnusableSecret(Exception):
    """The server's secret file cannot be read, or holds no secret this server made (the
    wrong size, or readable by others)."""

    def __init__(self, path: Path, reason: str | None = None) -> None:
        super().__init__(f"{path}: {reason or 'not a secret of this server'}")
        self.path = path
        self.reason = reason
        """What the system said when the file was read; None if it was read, and wrong."""


def server_secret(path: Path) -> bytes:
    """The secret in ``path``, made there first if there is none.

    Made whole before it is put in place, so a server that starts at the same moment
    reads the same secret, never half of one. A file that is there and wrong is refused,
    never replaced: replacing it would silently take every visitor's match from them.
    """
    with contextlib.suppress(FileNotFoundError):
        return _read_secret(path)
    made, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # mode 0600
    try:
        with os.fdopen(made, "wb") as file:
            file.write(secrets.token_bytes(SECRET_BYTES))
        with contextlib.suppress(FileExistsError):  # another server made it first
            os.link(name, path)
    finally:
        os.unlink(name)
    return _read_secret(path)


def _read_secret(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            if stat.S_IMODE(os.fstat(file.fileno()).st_mode) & 0o077:
                raise UnusableSecret(path)
            secret = file.read(SECRET_BYTES + 1)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise UnusableSecret(path, error.strerror or str(error)) from error
    if len(secret) != SECRET_BYTES:
        raise UnusableSecret(path)
    return secret


class Identities:
    """The visitors' cookies, signed with the server's ``secret``, for the site at
    ``public_url`` (None: the server's own address, by plain http)."""

    def __init__(self, secret: bytes, public_url: URL | None = None) -> None:
        self._secret = secret
        self._path = "/" if public_url is None else public_url.raw_path or "/"
        """As the browser sends it, its letters escaped: a cookie's path is matched so."""
        self._secure = public_url is not None and public_url.scheme == "https"

    def visitor(self, cookies: Mapping[str, str]) -> Visitor | None:
        """The visitor a request's ``cookies`` name, if the server signed it; else None.

        >>> identities = Identities(bytes(32))
        >>> ann = Visitor("a" * 32)
        >>> identities.visitor({COOKIE: identities.cookie_value(ann)}) == ann
        True
        >>> identities.visitor({COOKIE: "a" * 32 + ".forged"}) is None
        True
        """
        token, dot, signature = cookies.get(COOKIE, "").partition(".")
        visitor = Visitor.parse(token)
        if visitor is None or not dot:
            return None
        expected = self._signature(visitor).encode()
        if not hmac.compare_digest(signature.encode("utf-8", "replace"), expected):
            return None  # compared as bytes: a str of other letters than ASCII is refused
        return visitor

    def cookie_value(self, visitor: Visitor) -> str:
        """The cookie that names ``visitor``: their token and its signature."""
        return f"{visitor.token}.{self._signature(visitor)}"

    def give(self, response: web.StreamResponse, visitor: Visitor) -> None:
        """Make ``response`` set the browser's cookie to ``visitor`` (again: a visitor who
        comes back keeps their cookie for another ``COOKIE_LIFE``)."""
        response.set_cookie(
            COOKIE,
            self.cookie_value(visitor),
            max_age=COOKIE_LIFE,
            path=self._path,
            secure=self._secure,
            httponly=True,
            samesite="Lax",
        )

    def _signature(self, visitor: Visitor) -> str:
        digest = hmac.new(self._secret, SIGNED_AS + visitor.token.encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()
