"""A visitor's game is opened by this server's own page, or by a client that is no
browser; a page of another site is refused, whatever its address looks like."""

from __future__ import annotations

import pytest

from nardy_tui.serve.origin import page_may_connect


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000"),
        ("http://[::1]:8000", "[::1]:8000"),
        ("http://nardy.example", "nardy.example"),
        ("http://nardy.example", "nardy.example:80"),
        ("https://NARDY.example", "nardy.example"),
        (None, "127.0.0.1:8000"),
        (None, None),
    ],
)
def test_the_servers_own_page_and_a_client_without_a_page_may_connect(
    origin: str | None, host: str | None
) -> None:
    assert page_may_connect(origin, host)


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://elsewhere.example", "127.0.0.1:8000"),
        ("http://127.0.0.1:8001", "127.0.0.1:8000"),
        ("http://localhost:8000", "127.0.0.1:8000"),
        ("https://nardy.example", "nardy.example:80"),
        ("http://nardy.example.elsewhere.example", "nardy.example"),
        ("null", "127.0.0.1:8000"),
        ("file://", "127.0.0.1:8000"),
        ("http://127.0.0.1:8000/page", "127.0.0.1:8000"),
        ("", "127.0.0.1:8000"),
        ("http://127.0.0.1:8000", None),
        ("http://127.0.0.1:8000", "127.0.0.1:8000/elsewhere"),
    ],
)
def test_a_page_of_another_site_is_refused(origin: str, host: str | None) -> None:
    assert not page_may_connect(origin, host)
