"""A visitor is named by a cookie the server signs with a secret of its own: a cookie it
did not sign names nobody, the secret survives a restart (and with it every cookie), a
secret file that is wrong is refused in words, and the cookie is kept from the page's
script, from other sites and, on an https site, from plain http."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from aiohttp import web
from yarl import URL

from nardy_tui.cli.serve import serve_main
from nardy_tui.serve.identity import (
    COOKIE,
    SECRET_BYTES,
    SECRET_FILE,
    Identities,
    UnusableSecret,
    server_secret,
)
from nardy_tui.serve.visitor import Visitor


def given_cookie(identities: Identities, visitor: Visitor) -> dict[str, str | bool]:
    """The cookie's value and attributes as a response of the server sets it."""
    response = web.Response()
    identities.give(response, visitor)
    morsel = response.cookies[COOKIE]
    return {"value": morsel.value, **{key: morsel[key] for key in morsel if morsel[key]}}


def test_the_secret_is_made_once_for_its_owner_only_and_read_again_after_a_restart(
    tmp_path: Path,
) -> None:
    path = tmp_path / SECRET_FILE
    secret = server_secret(path)
    assert len(secret) == SECRET_BYTES
    assert path.stat().st_mode & 0o777 == 0o600
    assert server_secret(path) == secret
    assert [entry.name for entry in tmp_path.iterdir()] == [SECRET_FILE]

    visitor = Visitor.new()
    before_the_restart = Identities(secret).cookie_value(visitor)
    assert Identities(server_secret(path)).visitor({COOKIE: before_the_restart}) == visitor


def test_a_cookie_signed_with_another_secret_or_altered_names_nobody() -> None:
    ours, theirs = Identities(b"1" * SECRET_BYTES), Identities(b"2" * SECRET_BYTES)
    visitor = Visitor.new()
    cookie = ours.cookie_value(visitor)
    assert ours.visitor({COOKIE: cookie}) == visitor
    assert ours.visitor({COOKIE: theirs.cookie_value(visitor)}) is None
    assert ours.visitor({COOKIE: visitor.token}) is None
    assert ours.visitor({COOKIE: cookie + "x"}) is None
    assert ours.visitor({COOKIE: "../../" + cookie}) is None
    assert ours.visitor({COOKIE: f"{visitor.token}.é"}) is None
    assert ours.visitor({COOKIE: f"{visitor.token}.\udcff\ud800"}) is None
    assert ours.visitor({}) is None


@pytest.mark.parametrize(
    ("content", "mode"),
    [(b"", 0o600), (b"x" * (SECRET_BYTES + 1), 0o600), (b"x" * SECRET_BYTES, 0o644)],
    ids=["empty", "too long", "readable by others"],
)
def test_a_secret_file_that_is_wrong_is_refused_not_replaced(
    tmp_path: Path, content: bytes, mode: int
) -> None:
    path = tmp_path / SECRET_FILE
    path.write_bytes(content)
    path.chmod(mode)
    with pytest.raises(UnusableSecret) as refused:
        server_secret(path)
    assert refused.value.reason is None
    assert path.read_bytes() == content


def test_nardy_serve_says_in_one_line_what_is_wrong_with_its_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    (tmp_path / SECRET_FILE).write_bytes(b"not a secret")
    assert serve_main(["--port", "0"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line == (
        f"nardy serve: {tmp_path / SECRET_FILE} is not a secret of this server (32 bytes, "
        "readable by its owner only); remove it to make a new one (every visitor then "
        "starts afresh)"
    )

    (tmp_path / SECRET_FILE).unlink()
    (tmp_path / SECRET_FILE).mkdir()
    assert serve_main(["--port", "0"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"nardy serve: cannot read the server's secret {tmp_path}")


def test_the_cookie_is_for_the_server_only_its_path_and_on_https_for_https_only() -> None:
    visitor = Visitor.new()
    secret = os.urandom(SECRET_BYTES)
    assert given_cookie(Identities(secret), visitor) == {
        "value": Identities(secret).cookie_value(visitor),
        "path": "/",
        "max-age": str(400 * 24 * 3600),
        "httponly": True,
        "samesite": "Lax",
    }
    behind_a_proxy = Identities(secret, URL("https://example.org/nardy/"))
    cookie = given_cookie(behind_a_proxy, visitor)
    assert (cookie["path"], cookie["secure"], cookie["httponly"]) == ("/nardy/", True, True)
    assert cookie["samesite"] == "Lax"
    plain = given_cookie(Identities(secret, URL("http://192.0.2.1:8000/")), visitor)
    assert "secure" not in plain


@pytest.mark.parametrize(
    ("public_url", "path"),
    [
        ("https://example.org/%C3%A9t%C3%A9/", "/%C3%A9t%C3%A9/"),
        ("https://example.org/été/", "/%C3%A9t%C3%A9/"),
        ("https://example.org/a b/", "/a%20b/"),
        ("https://example.org/%0d%0aSet-Cookie:x/", "/%0D%0ASet-Cookie:x/"),
    ],
)
def test_the_cookies_path_is_the_public_urls_as_the_browser_sends_it(
    public_url: str, path: str
) -> None:
    """Written as it stands in the address a browser asks for (its letters escaped): a
    path in other letters would never match it, and the browser would never send the
    cookie back (every visit a new visitor); a line break would break the header."""
    cookie = given_cookie(Identities(bytes(SECRET_BYTES), URL(public_url)), Visitor.new())
    assert cookie["path"] == path
