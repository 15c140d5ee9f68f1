"""A visitor's game runs with their folder as its NARDY_HOME, in their language, meeting
friends at the server's chosen mailbox, at a size within reason and at a lower priority
than the server, and has ended once stopped; a game ends once its server is gone."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from nardy_tui.serve.game_process import GAME_COMMAND, NICENESS, GameProcess, MeetingServers
from nardy_tui.serve.page_link import PageLink

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="Linux /proc")


async def nothing(*_: object) -> None:
    pass


async def test_the_game_has_the_visitors_folder_language_and_mailbox_a_sane_size_and_priority(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "visitor"
    game = GameProcess(
        folder,
        "ro",
        MeetingServers(mailbox="ws://127.0.0.1:4000/v1"),
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
    )
    await game.start(10**6, 1)
    process = game.process
    assert process is not None
    environment = dict(
        entry.split("=", 1)
        for entry in Path(f"/proc/{process.pid}/environ").read_text().split("\0")
        if "=" in entry
    )
    priority = os.getpriority(os.PRIO_PROCESS, process.pid)
    await game.stop()
    assert (environment["NARDY_HOME"], environment["LANGUAGE"]) == (str(folder), "ro")
    assert environment["NARDY_MAILBOX"] == "ws://127.0.0.1:4000/v1"
    assert (environment["COLUMNS"], environment["ROWS"]) == ("500", "8")
    assert priority == min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)
    assert folder.is_dir()
    assert process.returncode is not None


def test_every_game_keeps_the_bots_tables_in_the_servers_one_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solved once for all visitors, not once in each visitor's folder."""
    from nardy_tui.storage import tables_dir

    game = GameProcess(
        tmp_path / "visitor",
        "en",
        MeetingServers(),
        tables=tmp_path,
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
    )
    environment = game.environment(80, 24)
    assert environment["NARDY_HOME"] == str(tmp_path / "visitor")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert tables_dir() == tmp_path


DEADLINE = 30.0
"""Seconds any one wait may take before the test fails: an upper bound, not a pause."""
SERVED = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "COLUMNS": "80", "ROWS": "24"}
"""The environment of a game started by a server (textual-serve's)."""


async def test_a_game_whose_input_ends_quits(tmp_path: Path) -> None:
    """A server that closes the pipe (or dies) leaves no game running."""
    drawn = asyncio.Event()

    async def draw(_: bytes) -> None:
        drawn.set()

    game = GameProcess(
        tmp_path / "visitor",
        "en",
        MeetingServers(),
        write_bytes=draw,
        write_str=nothing,
        close=nothing,
    )
    await game.start(80, 24)
    process = game.process
    assert process is not None and process.stdin is not None
    try:
        await asyncio.wait_for(drawn.wait(), DEADLINE)
        process.stdin.close()
        await asyncio.wait_for(process.wait(), DEADLINE)
    finally:
        if process.returncode is None:
            process.kill()


async def test_a_game_whose_server_dies_quits_even_with_its_input_still_open(
    tmp_path: Path,
) -> None:
    """The server is killed, but something else still holds the game's input open: the
    game ends all the same (the kernel tells it that its parent died)."""
    reading, writing = os.pipe()
    screen = tmp_path / "screen"
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "import subprocess, sys, time\n"
        f"game = subprocess.Popen({list(GAME_COMMAND)!r}, stdin={reading}, "
        f"stdout=open({str(screen)!r}, 'wb'), stderr=subprocess.DEVNULL)\n"
        "print(game.pid, flush=True)\n"
        "time.sleep(600)\n",
        pass_fds=(reading,),
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, **SERVED, "NARDY_HOME": str(tmp_path)},
    )
    os.close(reading)
    assert server.stdout is not None
    game = int(await asyncio.wait_for(server.stdout.readline(), DEADLINE))
    try:
        async with asyncio.timeout(DEADLINE):
            while b"__GANGLION__" not in screen.read_bytes():
                await asyncio.sleep(0.02)
        server.kill()
        await server.wait()
        async with asyncio.timeout(DEADLINE):
            while runs(game):
                await asyncio.sleep(0.02)
    finally:
        os.close(writing)
        if server.returncode is None:
            server.kill()
        if runs(game):
            os.kill(game, signal.SIGKILL)


def runs(pid: int) -> bool:
    """Whether the process ``pid`` exists and has not ended (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_the_game_is_told_its_pages_address_and_the_friends_code_of_its_link_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the visitor's request named, never what the server's own environment holds."""
    monkeypatch.setenv("NARDY_JOIN_CODE", "1-left-over")
    link = PageLink.asked("http", "127.0.0.1:8000", "12-tiger-lamp")
    with_link, without = (
        GameProcess(
            tmp_path / "visitor",
            "en",
            MeetingServers(),
            page=page,
            write_bytes=nothing,
            write_str=nothing,
            close=nothing,
        ).environment(80, 24)
        for page in (link, PageLink(None))
    )
    assert with_link["NARDY_PAGE_URL"] == "http://127.0.0.1:8000/"
    assert with_link["NARDY_JOIN_CODE"] == "12-tiger-lamp"
    assert "NARDY_JOIN_CODE" not in without and "NARDY_PAGE_URL" not in without
