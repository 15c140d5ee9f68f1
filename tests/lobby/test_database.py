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
