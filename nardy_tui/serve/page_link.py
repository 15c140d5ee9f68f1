"""What a visitor's page tells their game: the page's own address, so that the game can
give a friend a link to it, and the friend's code that such a link (``?join=CODE``)
carried, so that the game opens on the screen that joins the friend.

The game reads them from its environment, ``NARDY_PAGE_URL`` (ending in ``/``) and
``NARDY_JOIN_CODE`` (the game's ``ui.served`` is the other side of this contract). Both
come from a visitor's request, so each is passed on only in its strict form: a code as a
mailbox hands them out, a host as a ``Host`` header names one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PAGE_VARIABLE = "NARDY_PAGE_URL"
JOIN_VARIABLE = "NARDY_JOIN_CODE"

JOIN_FORM = re.compile(r"[0-9]{1,9}(-[a-z0-9]{1,40}){1,8}")
"""A friend's code: a nameplate's number, then its words (as the game takes one)."""
HOST_FORM = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
"""A ``Host`` header: a name or an IPv4 address, or an IPv6 address in brackets, and a
port."""


@dataclass(frozen=True)
class PageLink:
    """The page's ``address`` (None if unknown) and the ``join`` code in its link, if any."""

    address: str | None
    join: str | None = None

    @classmethod
    def asked(cls, scheme: str, host: str | None, join: str | None) -> PageLink:
        """The page's link as a visitor's request names it: the page at the root of
        ``scheme://host``, and ``join`` if it is a code's form.

        >>> PageLink.asked("http", "127.0.0.1:8000", "7-crossover-clockwork")
        PageLink(address='http://127.0.0.1:8000/', join='7-crossover-clockwork')
        >>> PageLink.asked("http", "evil/?x=", "7-x; rm -rf /")
        PageLink(address=None, join=None)
        """
        named = host is not None and HOST_FORM.fullmatch(host) is not None
        known = named and scheme in ("http", "https")
        return cls(f"{scheme}://{host}/" if known else None, friend_code(join))

    def environment(self) -> dict[str, str]:
        """The link as the game reads it from its environment: only what is known, so
        that nothing of the server's own environment stands in for it.

        >>> PageLink("http://[::1]:8000/").environment()
        {'NARDY_PAGE_URL': 'http://[::1]:8000/'}
        """
        named = {PAGE_VARIABLE: self.address, JOIN_VARIABLE: self.join}
        return {name: value for name, value in named.items() if value is not None}


def friend_code(text: str | None) -> str | None:
    """``text`` if it is a friend's code, else None.

    >>> friend_code("12-tiger-lamp"), friend_code("12-tiger-lamp&s=x"), friend_code(None)
    ('12-tiger-lamp', None, None)
    """
    return text if text is not None and JOIN_FORM.fullmatch(text) else None
