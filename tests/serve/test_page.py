"""The page around a visitor's game, as the server hands it out (in process, no game
started): an icon of its own, a sign that the game is coming, and closing words for each
way its socket can close, none of which promises a saved match to a visitor who never had
a game."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from yarl import URL

from nardy_tui.cli.serve import page_words_in_every_language
from nardy_tui.serve import GameServer, MeetingServers, Venue
from nardy_tui.serve.farewell import Farewell


@pytest.fixture
async def page_server(tmp_path: Path) -> AsyncIterator[URL]:
    venue = Venue("127.0.0.1", 0, 1, tmp_path, 60.0, "en", MeetingServers())
    server = TestServer(GameServer(venue, page_words_in_every_language(), bytes(32)).web_app())
    await server.start_server()
    try:
        yield server.make_url("/")
    finally:
        await server.close()


async def visitors_page(address: URL) -> str:
    async with aiohttp.ClientSession() as session, session.get(address) as page:
        assert page.status == 200
        return await page.text()


def said_on_closing(page: str) -> dict[int, str]:
    """The words the page shows once its socket closes, by the server's close code."""
    return {
        int(code): words.strip() for code, words in re.findall(r'data-code="(\d+)">([^<]*)<', page)
    }


async def test_the_page_has_an_icon_of_its_own(page_server: URL) -> None:
    page = await visitors_page(page_server)
    found = re.search(r'<link rel="icon" href="([^"]+)"', page)
    assert found
    icon_address = page_server.join(URL(found.group(1)))
    async with aiohttp.ClientSession() as session, session.get(icon_address) as icon:
        assert icon.status == 200
        assert icon.content_type == "image/svg+xml"
        assert (await icon.text()).startswith("<svg")


async def test_the_page_says_the_game_is_starting_until_it_draws(page_server: URL) -> None:
    page = await visitors_page(page_server)
    assert '<div class="loading">Starting the game…</div>' in page
    assert "body.-first-byte .loading" in page  # hidden once textual.js has drawn a frame


async def test_the_closing_words_fit_why_the_socket_closed(page_server: URL) -> None:
    page = await visitors_page(page_server)
    said = said_on_closing(page)
    assert said[Farewell.FULL].startswith("The table is full")
    assert said[Farewell.ENDED].startswith(
        "The game has closed; a match you were playing is saved."
    )
    assert said[Farewell.NOT_STARTED] == "No game was started: the screen above says why."
    assert "The game could not be opened" in page  # a socket that never opened
    assert "its match is saved" not in page


async def test_the_page_is_never_kept_framed_by_another_site_or_told_as_a_referrer(
    page_server: URL,
) -> None:
    async with aiohttp.ClientSession() as session, session.get(page_server) as page:
        assert page.headers["Cache-Control"] == "no-store"
        assert page.headers["X-Frame-Options"] == "DENY"
        assert page.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
        assert page.headers["Referrer-Policy"] == "no-referrer"
