"""One lobby instance's hub with a connection of its own making: what it sends, and when."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from nardy_tui.lobby import frames
from nardy_tui.lobby.bus import LocalBus, Topic
from nardy_tui.lobby.database import DATABASE_FILE, SqliteFile
from nardy_tui.lobby.hub import Hub
from nardy_tui.lobby.store import InstanceId, Player, Store

KEY = "ab" * 32


class HeldConnection:
    """A connection that takes each frame only while it is let through (a slow reader)."""

    def __init__(self, player: Player) -> None:
        self.player: Player | None = player
        self.heard: asyncio.Queue[frames.Frame] = asyncio.Queue()
        self.let_through = asyncio.Event()
        self.let_through.set()
        self.held = asyncio.Event()
        """Set once a frame waits to be let through."""

    async def send(self, frame: frames.Frame | frames.Encoded) -> None:
        if not self.let_through.is_set():
            self.held.set()
            await self.let_through.wait()
        await self.heard.put(json.loads(frame.text) if isinstance(frame, frames.Encoded) else frame)

    async def close(self, code: int, why: str) -> None:
        self.player = None

    async def hear(self, kind: str) -> frames.Frame:
        """The next frame of ``kind``, waiting for it."""
        async with asyncio.timeout(5):
            while (frame := await self.heard.get())["t"] != kind:
                pass
        return frame


@pytest.fixture
async def store(tmp_path: Path, sqlite_lobby: Path) -> AsyncIterator[Store]:
    empty = SqliteFile(tmp_path / DATABASE_FILE)
    shutil.copyfile(sqlite_lobby, empty.path)
    opened = Store(empty)
    yield opened
    await opened.close()


async def test_a_seek_made_while_the_lists_are_being_sent_reaches_everyone_after_them(
    store: Store,
) -> None:
    bus = LocalBus()
    hub = Hub(store, bus, InstanceId("one"))
    await hub.take_lists()  # as an instance does when it starts
    listening = asyncio.create_task(hub.listen())
    anna = await store.register("anna", KEY, bot=False)
    boris = await store.register("boris", "cd" * 32, bot=False)
    connection = HeldConnection(anna)
    await hub.logged_in(connection, anna)
    connection.heard = asyncio.Queue()  # the lobby as it was at the login
    connection.let_through.clear()
    await store.add_seek(boris.id, 1, None)
    await bus.publish(Topic.SEEKS, str(boris.id))
    await asyncio.wait_for(connection.held.wait(), 5)  # that change is on its way
    await store.add_seek(anna.id, 3, None)
    await bus.publish(Topic.SEEKS, str(anna.id))
    connection.let_through.set()
    first = await connection.hear("seeks_changed")
    assert [seek["name"] for seek in first["seeks"]] == ["boris"]
    then = await connection.hear("seeks_changed")
    assert [seek["name"] for seek in then["seeks"]] == ["anna"] and then["gone"] == []
    listening.cancel()
    await bus.close()
