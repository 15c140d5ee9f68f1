"""Every visitor's game ends with its visitor, with its server, or with its idle time,
whatever happens: a visitor who drops the connection right after the handshake, a burst of
reloads, a server killed outright, a server stopped with Ctrl+C while one of its games
does not answer. The game processes are found as the system lists them (Linux's /proc):
the processes whose NARDY_HOME is a visitor's folder of the test's server.
"""

from __future__ import annotations

import asyncio
import base64
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from nardy_tui.serve.server import SHUTDOWN_GRACE
from tests.serve.test_serving import DEADLINE, ROOT, Browser, Served

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="Linux /proc")

POLL = 0.02
"""Seconds between two looks at the processes running."""


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    """A browser's client: it keeps the cookies a server on a loopback address sets."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


@asynccontextmanager
async def server(
    home: Path, *options: str
) -> AsyncIterator[tuple[asyncio.subprocess.Process, Served]]:
    """``nardy serve`` on a free loopback port, its stderr in ``home/stderr``; killed at the
    end if the test has not ended it, and so are its games (those of a test that failed)."""
    with (home / "stderr").open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "nardy_tui", "serve", "--port", "0", *options),
            cwd=ROOT,
            env={**os.environ, "NARDY_HOME": str(home)},
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    assert process.stdout is not None
    try:
        line = (await asyncio.wait_for(process.stdout.readline(), DEADLINE)).decode()
        found = re.search(r"http://\S+", line)
        assert found, line
        yield process, Served(URL(found.group()), home / "visitors")
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        for game in games_running(home / "visitors"):
            os.kill(game, signal.SIGKILL)


def games_running(visitors: Path) -> list[int]:
    """The process ids of the games running now in a visitor's folder under ``visitors``."""
    games = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            entries = environ.read_bytes().split(b"\0")
        except OSError:  # ended meanwhile, or not ours to read
            continue
        homes = [
            entry[len(b"NARDY_HOME=") :] for entry in entries if entry.startswith(b"NARDY_HOME=")
        ]
        if homes and Path(os.fsdecode(homes[0])).parent == visitors:
            games.append(int(environ.parent.name))
    return games


async def until_no_game_runs(served: Served) -> None:
    async with asyncio.timeout(DEADLINE):
        while games_running(served.visitors):
            await asyncio.sleep(POLL)


async def socket_of(browser: Browser) -> str:
    """The address of the game's socket in the visitor's page."""
    status, html = await browser.open()
    assert status == 200, html
    found = re.search(r'data-socket="([^"]+)"', html)
    assert found, html
    return found.group(1)


async def drop_right_after_handshake(browser: Browser, path: str) -> None:
    """Open the game's socket as a script can, with the visitor's cookies, and drop the
    connection (no closing frame) as soon as the server has accepted it."""
    address = browser.link.join(URL(path)).with_query(width=100, height=32)
    cookies = "; ".join(
        f"{name}={morsel.value}" for name, morsel in browser.cookies.filter_cookies(address).items()
    )
    reader, writer = await asyncio.open_connection(address.host, address.port)
    key = base64.b64encode(os.urandom(16)).decode()
    headers = {
        "Host": f"{address.host}:{address.port}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": key,
        "Sec-WebSocket-Version": "13",
        **({"Cookie": cookies} if cookies else {}),
    }
    request = f"GET {address.raw_path_qs} HTTP/1.1\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in headers.items()
    )
    writer.write(f"{request}\r\n".encode())
    status = await asyncio.wait_for(reader.readline(), DEADLINE)
    writer.transport.abort()
    assert b" 101 " in status, status


async def test_visitors_who_drop_right_after_the_handshake_leave_no_game_running(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """Three scripts drop the connection as soon as the socket is accepted; a visitor who
    comes after them plays, and their game is soon the only one (all four from one address,
    which may play four games here)."""
    async with server(tmp_path, "--visitors-per-address", "4") as (_, served):
        scripts = [Browser(session, served) for _ in range(3)]
        paths = [await socket_of(script) for script in scripts]
        await asyncio.gather(
            *(drop_right_after_handshake(s, path) for s, path in zip(scripts, paths, strict=True))
        )
        await (await Browser(session, served).play()).shows("Start the match")
        async with asyncio.timeout(DEADLINE):
            while len(games_running(served.visitors)) > 1:
                await asyncio.sleep(POLL)


async def test_a_burst_of_reloads_leaves_one_game_on_the_visitors_folder(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """F5 pressed three times quickly: each reload drops the earlier page's socket and
    opens its own; the last page plays, and its game is the only one."""
    async with server(tmp_path) as (_, served):
        visitor = Browser(session, served)
        for _ in range(3):
            await drop_right_after_handshake(visitor, await socket_of(visitor))
        screen = await visitor.play()
        await screen.shows("Start the match")
        assert len(games_running(served.visitors)) == 1


async def test_a_server_killed_outright_leaves_no_game_running(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with server(tmp_path) as (process, served):
        await (await Browser(session, served).play()).shows("Start the match")
        process.kill()
        await process.wait()
        await until_no_game_runs(served)


async def test_ctrl_c_ends_every_game_within_the_grace_and_exits_0_though_one_does_not_answer(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """One game no longer answers (stopped by the system): it is killed once its grace is
    over, the others quit as asked, and the server exits 0 without a traceback."""
    async with server(tmp_path) as (process, served):
        for _ in range(3):
            await (await Browser(session, served).play()).shows("Start the match")
        os.kill(games_running(served.visitors)[0], signal.SIGSTOP)
        process.send_signal(signal.SIGINT)
        async with asyncio.timeout(SHUTDOWN_GRACE):
            assert await process.wait() == 0
        await until_no_game_runs(served)
    assert "Traceback" not in (tmp_path / "stderr").read_text()
