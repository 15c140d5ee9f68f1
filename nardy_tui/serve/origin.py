"""Whose page opens a game: a browser names the site of the page that opens a websocket
(its ``Origin``), and any site's page may try to open one. A visitor's game is opened only
by this server's own page, so another site cannot play (or read) a visitor's game in their
browser. A client that is no browser sends no ``Origin``, and may connect.

The server's own site is the address visitors use. Behind a proxy the server cannot see
it (the proxy asks for the game at an address of its own), so ``--public-url`` names it.
Without it the server's site is the one the browser asked for (its ``Host``), but only if
that is an address in numbers or ``localhost``: a name may be turned to this server by
whoever owns it after their page has loaded (DNS rebinding), and to the browser their page
is then of the same site as the server. A server reached by a name needs ``--public-url``.
"""

from __future__ import annotations

import ipaddress
from enum import Enum, auto

from yarl import URL

from nardy_tui.i18n import _

LONGEST_SHOWN = 200
"""The most of a header a log line repeats, in characters."""


class Refusal(Enum):
    """Why a page may not open a game."""

    NOT_THE_PUBLIC_URL = auto()
    """The page is not at the address visitors use (``--public-url``)."""
    ANOTHER_SITE = auto()
    """The page is not of the site the browser asked for: another site's, or a proxy's."""
    A_NAMED_HOST = auto()
    """The server is reached by a name, and ``--public-url`` does not say it is its own."""


def refusal(origin: str | None, host: str | None, public_url: URL | None) -> Refusal | None:
    """Why a socket asked for with ``Origin: origin`` to the server at ``Host: host`` may not
    open a game, with ``public_url`` the address visitors use (if given); None if it comes
    from this server's own page, or from no page at all.

    >>> refusal("http://127.0.0.1:8000", "127.0.0.1:8000", None) is None
    True
    >>> refusal(None, "127.0.0.1:8000", None) is None
    True
    >>> refusal("https://nardy.example", "127.0.0.1:8000", URL("https://nardy.example/n/")) is None
    True
    >>> refusal("https://nardy.example", "127.0.0.1:8000", None)
    <Refusal.ANOTHER_SITE: 2>
    >>> refusal("http://rebound.example:8000", "rebound.example:8000", None)
    <Refusal.A_NAMED_HOST: 3>
    """
    if origin is None:
        return None
    page = _site(origin)
    if public_url is not None:
        own = page is not None and page == _site(str(public_url.origin()))
        return None if own else Refusal.NOT_THE_PUBLIC_URL
    if page is None or host is None or page != _site(f"{page[0]}://{host}"):
        return Refusal.ANOTHER_SITE
    if not _in_numbers(page[1]):
        return Refusal.A_NAMED_HOST
    return None


def explained(
    refused: Refusal, origin: str | None, host: str | None, public_url: URL | None
) -> str:
    """One line for the server's log: which page was refused, and what would let it in.

    >>> print(explained(Refusal.ANOTHER_SITE, "https://nardy.example", "127.0.0.1:8000", None))
    ... # doctest: +NORMALIZE_WHITESPACE
    refused a game to a page of 'https://nardy.example' at '127.0.0.1:8000': the page is of
    another site, or a proxy stands between (then start the server with --public-url and the
    address visitors use)
    """
    shown = {"origin": _shown(origin), "host": _shown(host), "public_url": str(public_url)}
    match refused:
        case Refusal.NOT_THE_PUBLIC_URL:
            line = _(
                "refused a game to a page of {origin}: only pages at {public_url} may open one"
            )
        case Refusal.ANOTHER_SITE:
            line = _(
                "refused a game to a page of {origin} at {host}: the page is of another site, "
                "or a proxy stands between (then start the server with --public-url and the "
                "address visitors use)"
            )
        case Refusal.A_NAMED_HOST:
            line = _(
                "refused a game to a page at the name {host}: a server reached by a name takes "
                "games only when --public-url gives its address (a guard against DNS rebinding)"
            )
    return line.format(**shown)


def _site(address: str) -> tuple[str, str, int] | None:
    """Scheme, host and port of an absolute web address; None for anything else."""
    try:
        url = URL(address.strip())
    except ValueError:
        return None
    if url.scheme not in ("http", "https") or not url.host or url.port is None:
        return None
    if url.path not in ("", "/") or url.query_string or url.fragment:
        return None
    return url.scheme, url.host.lower(), url.port


def _in_numbers(host: str) -> bool:
    """Whether ``host`` is an IP address or ``localhost``: no name that someone else owns.

    >>> _in_numbers("::1"), _in_numbers("localhost"), _in_numbers("nardy.example")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _shown(header: str | None) -> str:
    """A header as a log line repeats it: quoted, escaped, cut short."""
    return repr(header if header is None else header[:LONGEST_SHOWN])
