"""A visitor's game is opened by this server's own page, or by a client that is no browser;
a page of another site is refused, whatever its address looks like. Behind a proxy the
server's own page is at the address ``--public-url`` gives; without it, at the address the
browser asked for, and only if that is in numbers (or localhost): a name may be turned to
this server by someone else's page (DNS rebinding)."""

from __future__ import annotations

import pytest
from yarl import URL

from nardy_tui.serve.origin import Refusal, refusal

PUBLIC = URL("https://nardy.example/nardy/")
"""The address visitors use, behind a proxy."""
UPSTREAM = "127.0.0.1:8000"
"""The Host a proxy asks the server with (nginx's ``proxy_pass http://127.0.0.1:8000/``)."""


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000"),
        ("http://[::1]:8000", "[::1]:8000"),
        ("http://localhost:8000", "localhost:8000"),
        ("http://192.168.1.20", "192.168.1.20:80"),
        (None, "127.0.0.1:8000"),
        (None, "nardy.example"),
        (None, None),
    ],
)
def test_the_servers_own_page_at_an_address_in_numbers_and_a_client_without_a_page_may_connect(
    origin: str | None, host: str | None
) -> None:
    assert refusal(origin, host, None) is None


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://elsewhere.example", "127.0.0.1:8000"),
        ("http://127.0.0.1:8001", "127.0.0.1:8000"),
        ("http://localhost:8000", "127.0.0.1:8000"),
        ("null", "127.0.0.1:8000"),
        ("file://", "127.0.0.1:8000"),
        ("http://127.0.0.1:8000/page", "127.0.0.1:8000"),
        ("", "127.0.0.1:8000"),
        ("http://127.0.0.1:8000", None),
        ("http://127.0.0.1:8000", "127.0.0.1:8000/elsewhere"),
    ],
)
def test_a_page_of_another_site_is_refused(origin: str, host: str | None) -> None:
    assert refusal(origin, host, None) is Refusal.ANOTHER_SITE


def test_a_proxys_page_is_the_servers_own_only_with_the_public_url() -> None:
    assert refusal("https://nardy.example", UPSTREAM, PUBLIC) is None
    assert refusal("https://NARDY.example:443", UPSTREAM, PUBLIC) is None
    assert refusal("https://nardy.example", UPSTREAM, None) is Refusal.ANOTHER_SITE


@pytest.mark.parametrize(
    "origin",
    [
        "http://nardy.example",
        "https://nardy.example:8443",
        "https://elsewhere.example",
        "https://nardy.example.elsewhere.example",
        "http://127.0.0.1:8000",
        "null",
    ],
)
def test_with_the_public_url_only_a_page_at_it_may_connect(origin: str) -> None:
    assert refusal(origin, UPSTREAM, PUBLIC) is Refusal.NOT_THE_PUBLIC_URL
    assert refusal(None, UPSTREAM, PUBLIC) is None


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://attacker.example:8000", "attacker.example:8000"),
        ("http://nardy.example", "nardy.example"),
        ("https://NARDY.example", "nardy.example"),
        ("http://localhost.attacker.example:8000", "localhost.attacker.example:8000"),
    ],
)
def test_a_page_at_a_name_is_refused_without_the_public_url_dns_rebinding(
    origin: str, host: str
) -> None:
    assert refusal(origin, host, None) is Refusal.A_NAMED_HOST
    assert refusal(origin, host, URL(f"{origin}/")) is None
