"""The server behind a TLS proxy, as the socket sees it: the page at the public address
(``--public-url``) opens a game though the proxy asks the server at an address of its own;
a page the server refuses is told why in words on its terminal, and the server's log says
it once for each kind of refusal; a page at a name turned to the server (DNS rebinding) is
refused.

The refusals are seen of a server in the test's own process (no game starts); the page let
in, of ``nardy serve --public-url`` as a player starts it. Every wait has a deadline and
ends as soon as what it waits for has happened.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from yarl import URL

from nardy_tui.cli.serve import page_words_in_every_language
from nardy_tui.serve import GameServer, MeetingServers, Venue
from nardy_tui.serve.farewell import Farewell
from tests.serve.test_serving import Browser, Screen, serving
from tests.test_layers import ROOT

PUBLIC = URL("https://nardy.example/nardy/")
"""The address visitors use: a proxy with TLS, the game under a path of its own."""
REFUSED_LOG = "nardy_tui.serve.server"

InProcess = Callable[..., AbstractAsyncContextManager[URL]]


@pytest.fixture
def in_process(tmp_path: Path) -> InProcess:
    """A server in the test's process on a free loopback port (``public_url`` as given), its
    games ended at the end; yields its own address, where a proxy would send the visitors'
    requests."""

    @asynccontextmanager
    async def serve(public_url: URL | None = None) -> AsyncIterator[URL]:
        venue = Venue(
            "127.0.0.1", 0, 2, tmp_path, 60.0, "en", MeetingServers(), public_url=public_url
        )
        server = GameServer(venue, page_words_in_every_language(), secrets.token_bytes(32))
        runner = web.AppRunner(server.web_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        try:
            yield URL.build(scheme="http", host=host, port=port)
        finally:
            await server.end_every_game()
            await runner.cleanup()

    return serve


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


async def game_socket(
    session: aiohttp.ClientSession, upstream: URL, origin: str, host: str | None = None
) -> Screen:
    """The socket a page opens, the page loaded first as the browser would (through a proxy
    to ``upstream``, or with ``Host: host``), opened by a page of ``origin``."""
    headers = {} if host is None else {"Host": host}
    async with session.get(upstream, headers=headers) as page:
        assert page.status == 200
        found = re.search(r'data-socket="([^"]+)"', await page.text())
    assert found
    socket = page.url.join(URL(found.group(1))).with_scheme("ws").with_query(width=100, height=32)
    return Screen(await session.ws_connect(socket, origin=origin, headers=headers))


async def test_behind_a_proxy_the_public_urls_page_opens_a_game(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path, "--public-url", str(PUBLIC)) as served:
        behind_the_proxy = Browser(session, served, seen_at=PUBLIC)
        game = await behind_the_proxy.play(origin="https://nardy.example")
        await game.shows("Start the match")


async def test_without_the_public_url_a_proxys_page_is_told_why_and_the_log_says_it_once(
    in_process: InProcess, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, REFUSED_LOG)
    async with in_process() as upstream:
        for _ in range(2):
            refused = await game_socket(session, upstream, origin="https://nardy.example")
            await refused.shows("Behind a proxy, the server needs --public-url")
            await refused.closed()
            assert refused.socket.close_code == Farewell.NOT_STARTED
    [line] = [record.getMessage() for record in caplog.records]
    assert "refused a game to a page of 'https://nardy.example'" in line
    assert "--public-url" in line


async def test_a_page_at_a_name_turned_to_the_server_is_refused_dns_rebinding(
    in_process: InProcess, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, REFUSED_LOG)
    async with in_process() as upstream:
        rebound = f"attacker.example:{upstream.port}"
        refused = await game_socket(session, upstream, f"http://{rebound}", host=rebound)
        await refused.shows("the server is reached by a name")
        await refused.closed()
    [line] = [record.getMessage() for record in caplog.records]
    assert f"a page at the name '{rebound}'" in line


async def test_with_the_public_url_a_page_elsewhere_is_refused(
    in_process: InProcess, session: aiohttp.ClientSession
) -> None:
    async with in_process(public_url=PUBLIC) as upstream:
        own_address = str(upstream.origin())
        refused = await game_socket(session, upstream, origin=own_address)
        await refused.shows("it is not at the address the server is served at")
        await refused.closed()


def test_the_docs_proxy_example_counts_each_visitor_by_their_own_address() -> None:
    """Behind a proxy every connection comes from the proxy's address: unless the proxy
    forwards the visitor's and the server is told whose to believe, the whole site plays
    as one address (two games in all). The browser check runs the example's ``location``."""
    page = (ROOT / "docs" / "browser.md").read_text(encoding="utf-8")
    section = page.partition("## On the internet, behind a TLS proxy")[2]
    nginx = section.partition("```nginx\n")[2].partition("```")[0]
    command = section.partition("```sh\n")[2].partition("```")[0]
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in nginx
    assert "--proxy-address 127.0.0.1" in command
    location = nginx.partition("    location")[2].partition("    }")[0]
    checked = (ROOT / "tools" / "tls_proxy.py").read_text(encoding="utf-8")
    for line in location.replace("127.0.0.1:8000", "127.0.0.1:%(upstream)d").splitlines():
        assert line in checked
