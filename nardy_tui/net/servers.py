"""Which servers two players meet at by a short code: the ones given (``--mailbox``,
``--transit``), the environment's (``NARDY_MAILBOX``, ``NARDY_TRANSIT``), the ones last
given (the settings), or magic-wormhole's public ones. ``nardy host``, ``nardy join`` and
the app's own way to a friend (the new-match screen, a match taken up at start-up) all ask
here, so they meet at the same place."""

from __future__ import annotations

import ipaddress
import os
from enum import Enum
from urllib.parse import urlsplit

from nardy_tui.i18n import _
from nardy_tui.net.addresses import AddressError, split_address, with_port
from nardy_tui.net.rendezvous import DEFAULT_MAILBOX, DEFAULT_TRANSIT
from nardy_tui.options import Rendezvous
from nardy_tui.storage import load_settings

TRANSIT_PORT = 4001
"""The port of a transit relay given without one."""

SERVED = "NARDY_SERVED"
"""Set by ``nardy serve`` for every visitor's game (``Served``): the game runs on a server
for a stranger, whose friend's hints must not make the server connect where they say."""


class Served(Enum):
    """How a game served to a browser reaches a friend (``NARDY_SERVED``)."""

    RELAY = "relay"
    """Only through the transit relay the server was given (or the public one): the
    friend's hints are used only where they name it."""
    DIRECT = "direct"
    """Straight to the friend's machine too, when it can (``nardy serve --direct``); the
    friend's hints of other relays are still left out."""


class ServersError(ValueError):
    """What is wrong with a mailbox or transit relay as given, in one line."""


def meeting_servers(mailbox: str | None = None, transit: str | None = None) -> Rendezvous:
    """The servers to meet at: ``mailbox`` and ``transit`` if given, else from the
    environment, as last given, or magic-wormhole's public ones. Servers on this machine
    carry everything themselves, so that a check on one machine sends nothing past
    loopback. A game served to a browser (``NARDY_SERVED``) uses only the friend's hints
    that name its relay, and connects straight to the friend only if served ``direct``."""
    settings = load_settings()
    mailbox = mailbox or os.environ.get("NARDY_MAILBOX") or settings.mailbox
    transit = transit or os.environ.get("NARDY_TRANSIT") or settings.transit
    rendezvous = Rendezvous(
        mailbox_url(mailbox or DEFAULT_MAILBOX), transit_address(transit or DEFAULT_TRANSIT)
    )
    if _on_this_machine(rendezvous):
        rendezvous = Rendezvous(rendezvous.mailbox, rendezvous.transit, direct=False)
    served = os.environ.get(SERVED)
    if served is not None:
        rendezvous = Rendezvous(
            rendezvous.mailbox,
            rendezvous.transit,
            direct=rendezvous.direct and _served(served) is Served.DIRECT,
            their_relays=False,
        )
    return rendezvous


def _served(value: str) -> Served:
    """How a served game reaches a friend, by ``NARDY_SERVED``'s value: anything unknown
    as the strictest (only through the relay)."""
    try:
        return Served(value)
    except ValueError:
        return Served.RELAY


def mailbox_url(url: str) -> str:
    """``url`` if it names a mailbox server (``ServersError`` if not)."""
    if not url.startswith(("ws://", "wss://")) or any(c.isspace() for c in url):
        raise ServersError(
            _("{url} is not a mailbox server: it is a URL like ws://example.org:4000/v1").format(
                url=url
            )
        )
    return url


WORMHOLE_TRANSIT_PREFIX = "tcp:"
"""How magic-wormhole's documentation and its ``--transit-helper`` write a relay:
``tcp:HOST:PORT``. People copy it from there, so it is taken as well as the bare form."""


def transit_address(text: str) -> str:
    """A transit relay's ``HOST:PORT`` as given in ``text``, bare or in magic-wormhole's
    form (``tcp:HOST:PORT``); ``ServersError`` if it is neither, told as a relay's mistake
    (the address checks are the join line's, whose words would send a player astray).

    >>> transit_address("tcp:relay.example.org:4001"), transit_address("[::1]")
    ('relay.example.org:4001', '[::1]:4001')
    """
    try:
        host, port = split_address(text.removeprefix(WORMHOLE_TRANSIT_PREFIX), TRANSIT_PORT)
    except AddressError:
        raise ServersError(
            _(
                "{relay} is not a transit relay: type it like relay.example.org:4001, "
                "tcp:relay.example.org:4001 or [::1]:4001"
            ).format(relay=text)
        ) from None
    return with_port(host, port)


def _on_this_machine(rendezvous: Rendezvous) -> bool:
    """Whether both servers are on a loopback address of this machine."""
    hosts = [urlsplit(rendezvous.mailbox).hostname or "", split_address(rendezvous.transit, 0)[0]]
    for host in hosts:
        try:
            if not ipaddress.ip_address(host).is_loopback:
                return False
        except ValueError:
            if host != "localhost":
                return False
    return True
