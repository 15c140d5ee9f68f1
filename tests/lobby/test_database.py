"""Where a lobby keeps its rows: a SQLite file in its data folder unless its owner names a
PostgreSQL database."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from nardy_tui.lobby.database import PostgresServer, SqliteFile, database_at


def test_a_lobby_is_kept_in_its_data_folder_or_on_a_postgresql_server(tmp_path: Path) -> None:
    assert database_at(None, tmp_path) == SqliteFile(tmp_path / "lobby.sqlite3")
    libpq = "postgresql://lobby:secret@db.example:5433/nardy?sslmode=require"
    assert database_at(libpq, tmp_path) == PostgresServer(libpq)
    with pytest.raises(ValueError, match="PostgreSQL"):
        database_at("mysql://lobby@db.example/nardy", tmp_path)


def test_a_sqlite_lobby_writes_ahead_in_a_log(sqlite_lobby: Path) -> None:
    """So that a backup, or the sqlite3 shell, reads the file while the server writes."""
    with closing(sqlite3.connect(f"file:{sqlite_lobby}?mode=ro", uri=True)) as file:
        assert file.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_a_sqlite_lobbys_calls_run_in_the_servers_own_thread(tmp_path: Path) -> None:
    """No thread of aiosqlite's is started: each call is made where it is asked for."""
    import threading

    from nardy_tui.lobby.store import Store

    before = set(threading.enumerate())
    store = Store(SqliteFile(tmp_path / "lobby.sqlite3"))
    try:
        await store.upgrade()
        anna = await store.register("anna", "key", bot=False)
        assert await store.player("anna") == anna
        assert set(threading.enumerate()) == before
    finally:
        await store.close()


def test_a_call_that_fails_gives_its_error_to_the_one_who_waits_for_it() -> None:
    import asyncio

    from nardy_tui.lobby.database import SqliteHere

    async def connect_and_fail() -> None:
        connection = await SqliteHere(lambda: sqlite3.connect(":memory:"))
        try:
            with pytest.raises(sqlite3.OperationalError, match="no such table"):
                await connection.execute("SELECT * FROM nowhere")
            assert await (await connection.execute("SELECT 1 + 1")).fetchone() == (2,)
        finally:
            await connection.close()

    asyncio.run(connect_and_fail())
