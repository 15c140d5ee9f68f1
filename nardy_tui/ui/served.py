"""What a game served to a browser (``nardy serve``) knows of its page, from the two
variables the server sets in its environment (the server starts the game as a command and
knows no game, so this is their whole contract):

- ``NARDY_PAGE_URL``: the address visitors open the page at, ending in ``/``. A friend is
  invited by a link to it, ``<page>?join=CODE``, rather than by a command to type.
- ``NARDY_JOIN_CODE``: the friend's code such a link carried; the game opens on the
  screen that joins a friend, with the code filled in.

Both come from a visitor's request in the end, so each is taken only in its strict form
(the server's ``serve.page_link`` is the other side of this contract).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import urlsplit

PAGE_VARIABLE = "NARDY_PAGE_URL"
JOIN_VARIABLE = "NARDY_JOIN_CODE"


@dataclass(frozen=True)
class BrowserPage:
    """The page a game served to a browser is played on; ``address`` None if the server
    did not say it (the game then gives a friend its code, not a link)."""

    address: str | None

    def join_link(self, code: str) -> str | None:
        """The link that opens a friend's game on the join screen with ``code`` filled in.

        >>> BrowserPage("https://nardy.example/play/").join_link("7-crossover-clockwork")
        'https://nardy.example/play/?join=7-crossover-clockwork'
        """
        return None if self.address is None else f"{self.address}?join={code}"


def browser_page() -> BrowserPage:
    """The page, as the server named it in the environment."""
    return BrowserPage(page_address(os.environ.get(PAGE_VARIABLE, "")))


def page_address(text: str) -> str | None:
    """``text`` if it is a page's address: http or https, a host, a path ending in ``/``,
    nothing after it (no query, no fragment, no spaces); else None.

    >>> page_address("http://[::1]:8000/"), page_address("https://nardy.example/play/")
    ('http://[::1]:8000/', 'https://nardy.example/play/')
    >>> page_address("javascript:alert(1)//"), page_address("http://h/?s=x"), page_address("")
    (None, None, None)
    """
    if not text.isprintable() or any(mark in text for mark in " ?#"):
        return None
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (a port that is no number raises here)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return text if parts.path.endswith("/") else None


def join_code_asked() -> str | None:
    """The friend's code the page was opened with (``?join=``), if it is a code.

    >>> os.environ[JOIN_VARIABLE] = "[b]k7m2-x9qp"
    >>> join_code_asked() is None
    True
    >>> os.environ[JOIN_VARIABLE] = " 7-Crossover-Clockwork"
    >>> join_code_asked()
    '7-crossover-clockwork'
    >>> del os.environ[JOIN_VARIABLE]
    """
    asked = os.environ.get(JOIN_VARIABLE, "")
    if not asked:  # in a terminal, and on most pages: no network layer to import
        return None
    from nardy_tui.net import wormhole_code

    return wormhole_code(asked)
