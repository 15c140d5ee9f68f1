"""Seats are used fairly: a game's idle time counts from its visitor's own doing, so that
sockets that only chatter (empty input, pings, focus, the pointer passing, the same size
again) do not keep seats, and a frame the page would never send is dropped without harm.

Through ``nardy serve`` on loopback, as in ``test_serving``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.serve.test_serving import Browser, Screen, serving

CHATTER = [
    ["stdin", ""],
    ["ping", "1"],
    ["focus"],
    ["blur"],
    ["resize", {"width": 100, "height": 32}],  # the size the socket was opened at
    ["stdin", "\x1b[<35;10;5M"],  # the pointer passing over the page
    ["stdin", "\x1b[I"],  # focus in, as the terminal reports it
]


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def chatter(screen: Screen) -> None:
    """Send the page's own kinds of message, and never a key, until the socket closes."""
    with contextlib.suppress(ConnectionError):
        while not screen.socket.closed:
            for message in CHATTER:
                await screen.socket.send_json(message)
            await asyncio.sleep(0.1)


async def test_sockets_that_only_chatter_do_not_keep_their_seats_past_the_idle_time(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path, "--visitors", "2", "--idle", "0.02") as served:
        screens = [await Browser(session, served).play() for _ in range(2)]
        chatting = [asyncio.create_task(chatter(screen)) for screen in screens]
        for screen in screens:
            await screen.closed()
        await asyncio.gather(*chatting)
        await Browser(session, served).finds_a_seat()


async def test_frames_the_page_never_sends_are_dropped_and_the_game_plays_on(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        screen = await Browser(session, served).play()
        await screen.shows("Start the match")
        for frame in ("[" * 3000, "[" * 3000 + "]" * 3000, '{"a":' * 3000, "not json", "[]"):
            await screen.socket.send_str(frame)
        await screen.press("\x1b[A ")  # up to hot-seat, and choose it
        await screen.shows("●▌ Hot-seat")
