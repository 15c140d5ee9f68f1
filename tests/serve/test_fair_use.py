"""Seats and connections are used fairly: a game's idle time counts from its visitor's own
doing, so that sockets that only chatter (empty input, pings, focus, the pointer passing,
the same size again) do not keep seats; one address plays only so many games; a flood of
silent connections neither keeps visitors out nor floods the log; and a frame the page
would never send is dropped without harm.

Through ``nardy serve`` on loopback, as in ``test_serving``; other machines are other
loopback addresses (127.0.0.2, ...) or, behind a proxy, the addresses it forwards."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import resource
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import cast

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from aiohttp.typedefs import Handler
from yarl import URL

from nardy_tui.cli.serve import page_words_in_every_language
from nardy_tui.frame_pace import FramePace
from nardy_tui.serve import GameServer, MeetingServers, Venue
from nardy_tui.serve.activity import TerminalSize
from nardy_tui.serve.farewell import Farewell
from nardy_tui.serve.game_process import GameProcess
from nardy_tui.serve.pace import BURST, FRAMES_PER_SECOND
from nardy_tui.serve.server import _relay
from tests.serve.test_serving import DEADLINE, ROOT, Browser, Screen, Served, serving
from tests.serve.test_transfer import Clock

# ruff: noqa: RUF001 (the log counts with a multiplication sign)

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


async def test_a_socket_that_only_chatters_does_not_keep_its_seat_past_the_idle_time(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path, "--visitors", "1", "--idle", "0.02") as served:
        screen = await Browser(session, served).play()
        chatting = asyncio.create_task(chatter(screen))
        await screen.closed()
        await chatting
        await Browser(session, served).finds_a_seat()


async def test_frames_the_page_never_sends_are_dropped_and_the_game_plays_on(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        screen = await Browser(session, served).play()
        await screen.shows("Start the match")
        nested = ("[" * 3000, "[" * 3000 + "]" * 3000, '{"a":' * 3000)
        for frame in (*nested, "not json", "[]", '["stdin", ""]'):
            await screen.socket.send_str(frame)
        await screen.press("\x1b[A ")  # up to hot-seat, and choose it
        await screen.shows("●▌ Hot-seat")


async def test_one_address_plays_only_so_many_games_and_behind_a_proxy_the_forwarded_one(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    options = ("--visitors", "3", "--visitors-per-address", "1", "--proxy-address", "127.0.0.1")
    async with serving(tmp_path, *options) as served:
        ann, ben, cat = (Browser(session, served) for _ in range(3))
        ann.headers["X-Forwarded-For"] = ben.headers["X-Forwarded-For"] = "203.0.113.9"
        cat.headers["X-Forwarded-For"] = "198.51.100.1"
        await (await ann.play()).shows("Start the match")
        bens_game = await ben.play()
        await bens_game.shows("Your address plays as many games at once as one address may.")
        await bens_game.closed()
        await (await cat.play()).shows("Start the match")


async def test_one_address_starts_only_so_many_games_a_minute(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """A game's start costs the server about a second of a core: two seats started again
    and again from one address would keep it busy for everyone."""
    options = ("--visitors-per-address", "2", "--starts-per-minute", "1")
    async with serving(tmp_path, *options) as served:
        ann, again = Browser(session, served), Browser(session, served)
        await (await ann.play()).shows("Start the match")
        refused = await again.play()
        await refused.shows("Your address has started many games in the last minute.")
        await refused.closed()
        assert refused.socket.close_code == Farewell.NOT_STARTED


FEW_FILES = 256
"""The server's limit of open files in the flood test: the flood is more connections."""


@asynccontextmanager
async def serving_on_few_files(home: Path) -> AsyncIterator[tuple[Served, list[str]]]:
    """``nardy serve`` as in ``serving``, allowed ``FEW_FILES`` open files; and what it
    says on stderr, line by line (whole once it has stopped)."""

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (FEW_FILES, FEW_FILES))

    server = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "nardy_tui", "serve", "--port", "0", "--visitors", "1"),
        cwd=ROOT,
        env={**os.environ, "NARDY_HOME": str(home)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=few_files,
    )
    assert server.stdout is not None and server.stderr is not None
    said: list[str] = []

    async def hear(stderr: asyncio.StreamReader) -> None:
        while line := await stderr.readline():
            said.append(line.decode())

    hearing = asyncio.create_task(hear(server.stderr))
    try:
        line = (await asyncio.wait_for(server.stdout.readline(), DEADLINE)).decode()
        found = re.search(r"http://\S+", line)
        assert found, (line, said)
        yield Served(URL(found.group()), home / "visitors"), said
    finally:
        server.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(server.wait(), DEADLINE) == 0
        await asyncio.wait_for(hearing, DEADLINE)


async def test_a_flood_of_silent_connections_keeps_no_visitor_out_and_is_a_line_in_the_log(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving_on_few_files(tmp_path) as (served, said):
        host, port = served.address.host, served.address.port
        async with asyncio.timeout(DEADLINE):
            flood = [
                await asyncio.open_connection(host, port, local_addr=(f"127.0.0.{2 + n % 20}", 0))
                for n in range(2 * FEW_FILES)
            ]
        status, page = await Browser(session, served).open()
        assert status == 200, page
        for _reader, writer in flood:
            writer.close()
    assert not any("Traceback" in line for line in said), said
    lines_of_a_kind = Counter(line.partition("(×")[0] for line in said)
    assert set(lines_of_a_kind.values()) <= {1, 2}, said  # as it begins, and as it stops


@web.middleware
async def gone_before_the_answer(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The page of a game's socket goes away as the server answers its handshake, as a
    script's handshakes dropped at once do: its connection is closing."""
    if request.path.startswith("/ws/") and request.transport is not None:
        request.transport.is_closing = lambda: True  # type: ignore[method-assign]
    return await handler(request)


async def test_sockets_gone_before_their_answer_are_no_error_in_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Whether the page would have played or been refused (another site's), a socket gone
    before its handshake is answered was a traceback each in the log: a script that drops
    its handshakes in a loop filled it."""
    venue = Venue("127.0.0.1", 0, 4, tmp_path, 60.0, "en", MeetingServers())
    server = GameServer(venue, page_words_in_every_language(), bytes(32))
    app = server.web_app()
    app.middlewares.append(gone_before_the_answer)
    async with TestServer(app) as http, TestClient(http) as browser:
        assert (await browser.get("/")).status == 200  # the visitor's cookie
        for origin in (str(http.make_url("/").origin()), "https://elsewhere.example"):
            with pytest.raises(aiohttp.ClientError):
                await browser.ws_connect("/ws/en", origin=origin)
        assert not server._games
    assert [record.getMessage() for record in caplog.records if record.exc_info] == [], caplog.text


class NoGame:
    """A game that takes whatever it is sent: the socket's idle time alone is looked at."""

    async def send_bytes(self, data: bytes) -> bool:
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        pass

    async def focus(self) -> None:
        pass

    async def blur(self) -> None:
        pass


async def test_a_socket_that_chatters_past_its_idle_time_then_falls_silent_loses_its_seat() -> None:
    """aiohttp takes a receive timeout of 0 for none at all: a frame read once the idle
    time had run out left the socket waiting for ever, its seat kept by the heartbeat."""
    idle = 0.3
    relayed = asyncio.Event()

    async def socket(request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse()
        await websocket.prepare(request)
        await _relay(websocket, cast(GameProcess, NoGame()), TerminalSize(100, 32), idle)
        relayed.set()
        await websocket.close()
        return websocket

    app = web.Application()
    app.add_routes([web.get("/", socket)])
    async with TestServer(app) as http, TestClient(http) as page:
        websocket = await page.ws_connect("/")
        loop = asyncio.get_running_loop()
        past_the_idle_time = loop.time() + 2 * idle
        while loop.time() < past_the_idle_time and not relayed.is_set():
            for _ in range(50):
                await websocket.send_json(["focus"])  # the page's own doing: never answered
            await asyncio.sleep(0)
        async with asyncio.timeout(DEADLINE):
            await relayed.wait()


def test_a_sockets_frames_are_read_at_a_pace_once_its_burst_is_spent() -> None:
    clock = Clock()
    pace = FramePace(rate=100, burst=3, clock=clock)
    assert [pace.wait_after_frame() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert pace.wait_after_frame() == pytest.approx(0.01)
    clock.now += 0.01  # waited as told
    assert pace.wait_after_frame() == pytest.approx(0.01)
    clock.now += 60.0  # a quiet minute earns one burst, not more
    assert [pace.wait_after_frame() > 0 for _ in range(4)] == [False, False, False, True]


async def test_a_socket_that_floods_the_server_with_frames_is_read_at_a_pace() -> None:
    """A script on a seat sending tiny frames as fast as it can took the server's time
    from every other page: its frames are read at the pace, after a burst."""
    flood = int(BURST + FRAMES_PER_SECOND)  # one second's worth past the burst
    pongs = 0

    async def socket(request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse()
        await websocket.prepare(request)
        await _relay(websocket, cast(GameProcess, NoGame()), TerminalSize(100, 32), 60.0)
        return websocket

    app = web.Application()
    app.add_routes([web.get("/", socket)])
    async with TestServer(app) as http, TestClient(http) as page:
        websocket = await page.ws_connect("/")
        loop = asyncio.get_running_loop()
        began = loop.time()
        for _ in range(flood):
            await websocket.send_json(["ping", "1"])
        async with asyncio.timeout(DEADLINE):
            while pongs < flood:
                assert (await websocket.receive_json())[0] == "pong"
                pongs += 1
        assert loop.time() - began >= 0.8 * (flood - BURST) / FRAMES_PER_SECOND
        await websocket.close()
