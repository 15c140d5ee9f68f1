"""Whose page opens a game: a browser names the site of the page that opens a websocket
(its ``Origin``), and any site's page may try to open one. A visitor's game is opened only
by this server's own page, so another site cannot play (or read) a visitor's game in their
browser. A client that is no browser sends no ``Origin``, and may connect.
"""

from __future__ import annotations

from yarl import URL


def page_may_connect(origin: str | None, host: str | None) -> bool:
    """Whether a socket asked for with ``Origin: origin`` to the server at ``Host: host``
    comes from this server's page (or from no page at all).

    >>> page_may_connect("http://127.0.0.1:8000", "127.0.0.1:8000")
    True
    >>> page_may_connect(None, "127.0.0.1:8000")
    True
    >>> page_may_connect("https://Nardy.example", "nardy.example")
    True
    >>> page_may_connect("http://elsewhere.example", "127.0.0.1:8000")
    False
    >>> page_may_connect("null", "127.0.0.1:8000")
    False
    """
    if origin is None:
        return True
    page = _site(origin)
    return page is not None and host is not None and page == _site(f"{page[0]}://{host}")


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
