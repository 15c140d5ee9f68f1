"""Addresses as people type them and read them: ``nardy join``'s ADDRESS[:PORT], ``nardy
host``'s ``--address``, and what the host's screen shows: this machine's address, the line
the friend types, and how far that address reaches.

An IPv6 address is full of colons, so a port after it needs the address in brackets
(``[::1]:7520``); a bare IPv6 address (``::1``) is taken whole, with the default port.
"""

from __future__ import annotations

import ipaddress
import re
import socket

from nardy_tui.i18n import _

HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")
"""A host name's letters (or an IPv4 address's digits and dots), at most 253 of them."""


class AddressError(ValueError):
    """What is wrong with an address as typed, in one line."""


def split_address(text: str, default_port: int) -> tuple[str, int]:
    """The host and the port in ``text``: an IPv4 address or a host name with an optional
    ``:PORT``, a bare IPv6 address, or one in brackets with an optional ``:PORT``.

    >>> split_address("192.168.1.5", 7520), split_address("[::1]:7600", 7520)
    (('192.168.1.5', 7520), ('::1', 7600))
    >>> split_address("::1", 7520)
    ('::1', 7520)
    """
    if text.startswith("["):
        inside, bracket, after = text[1:].partition("]")
        if not bracket or not _is_ipv6(inside) or after[:1] not in ("", ":"):
            raise AddressError(_bad(text))
        return inside, _port(after[1:]) if after else default_port
    if text.count(":") > 1:  # a bare IPv6 address: a port after it would be part of it
        if not _is_ipv6(text):
            raise AddressError(_bad(text))
        return text, default_port
    host, colon, port = text.partition(":")
    if not _is_host(host):
        raise AddressError(_bad(text))
    return host, _port(port) if colon else default_port


def listen_address(text: str) -> str:
    """The IP address ``nardy host --address`` listens on, brackets or not; "" (every
    interface, as without ``--address``) for an unspecified one (``0.0.0.0``, ``::``).

    >>> listen_address("[::1]"), listen_address("127.0.0.1"), listen_address("0.0.0.0")
    ('::1', '127.0.0.1', '')
    """
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        raise AddressError(
            _("{address} is not an IP address (like 127.0.0.1 or ::1)").format(address=text)
        ) from None
    return "" if address.is_unspecified else str(address)


def cannot_listen(address: str, port: int) -> str | None:
    """Why this machine cannot listen on ``address`` and ``port``, or None.

    Asked before the game takes the terminal, so that an address that is not this
    machine's is one line on the terminal, not a screen that opens and closes.
    """
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
        try:
            probe.bind((address, port))
        except OSError as error:
            return error.strerror or str(error)
    return None


def with_port(host: str, port: int) -> str:
    """``host:port``, with an IPv6 address in brackets so that the port stands apart.

    >>> with_port("192.168.1.5", 7520), with_port("::1", 7520)
    ('192.168.1.5:7520', '[::1]:7520')
    """
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def join_line(code: str, address: str | None = None, port: int = 0) -> str:
    """What the friend types to join the host: by a short code, the code alone; directly,
    the host's ``address`` and ``port`` before the match's code.

    >>> join_line("7-crossover-clockwork")
    'nardy join 7-crossover-clockwork'
    >>> join_line("7-tiger-lamp", "::1", 7520)
    'nardy join [::1]:7520 7-tiger-lamp'
    """
    if address is None:
        return f"nardy join {code}"
    return f"nardy join {with_port(address, port)} {code}"


def reach(address: str) -> str:
    """How far the join line's ``address`` reaches: a loopback or private address only so
    far (a friend elsewhere then needs a tunnel or an opened port), a public one anywhere
    (""), as does a host name, which cannot be told."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return ""
    if ip.is_loopback:
        return _("This address works only on this machine (for a friend, through an SSH tunnel).")
    if ip.is_private:
        return _("This address works only on your own network.")
    return ""


def local_address() -> str:
    """This machine's address on its network, as a friend there would reach it.

    Connecting a UDP socket sends nothing; it only picks the interface a packet would
    leave by. Without a network it is the loopback address.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def _is_ipv6(text: str) -> bool:
    try:
        return isinstance(ipaddress.ip_address(text), ipaddress.IPv6Address)
    except ValueError:
        return False


def _is_host(text: str) -> bool:
    """A host name, or an IPv4 address when it is all digits and dots (so ``999.1.1.1`` is
    refused here rather than looked up for ever)."""
    if HOST_NAME.fullmatch(text) is None:
        return False
    if re.fullmatch(r"[0-9.]+", text):
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            return False
    return True


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and 0 < int(text) <= 65535):
        raise AddressError(
            _("{port} is not a port: a port is a number from 1 to 65535").format(port=repr(text))
        )
    return int(text)


def _bad(text: str) -> str:
    return _(
        "{address} is not an address to join: type it like 192.168.1.5, "
        "192.168.1.5:7520, example.org:7520, ::1 or [::1]:7520"
    ).format(address=text)
