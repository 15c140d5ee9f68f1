"""Where a lobby keeps its rows, and how the store reaches them: a SQLite file in the
server's data folder (nothing to set up; one server instance), or a PostgreSQL database
that several instances of one lobby share.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
from sqlalchemy import URL, event
from sqlalchemy.engine import Connection
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

DATABASE_FILE = "lobby.sqlite3"
"""The SQLite file in the server's data folder, when no database URL is given."""
BUSY_TIMEOUT_SECONDS = 10.0
"""How long a transaction waits for another one to finish with the SQLite file."""


@dataclass(frozen=True, slots=True)
class SqliteFile:
    """A database in one file, for a lobby served by one instance."""

    path: Path


@dataclass(frozen=True, slots=True)
class PostgresServer:
    """A PostgreSQL database that several instances of one lobby may share."""

    url: str
    """As its owner wrote it, libpq's ``postgresql://user:password@host:port/database?...``
    (asyncpg reads it the same way, parameters such as ``sslmode`` and ``host`` included)."""


Database = SqliteFile | PostgresServer


def database_at(url: str | None, data_folder: Path) -> Database:
    """The database ``--database URL`` names, or the SQLite file in ``data_folder`` without
    one; ValueError for a URL that is not PostgreSQL's.

    >>> database_at(None, Path("/srv/nardy"))
    SqliteFile(path=PosixPath('/srv/nardy/lobby.sqlite3'))
    >>> database_at("postgresql://lobby@db.example/nardy", Path("/srv/nardy"))
    PostgresServer(url='postgresql://lobby@db.example/nardy')
    """
    if url is None:
        return SqliteFile(data_folder / DATABASE_FILE)
    scheme, _, _ = url.partition("://")
    if scheme not in ("postgresql", "postgres"):
        raise ValueError(
            "a lobby's database is a PostgreSQL URL, postgresql://user@host/database "
            f"(without one, a SQLite file in the data folder), not {url!r}"
        )
    return PostgresServer(url)


def engine_for(database: Database) -> AsyncEngine:
    """SQLAlchemy's way to ``database``, which opens a connection when one is asked for."""
    if isinstance(database, PostgresServer):
        url = database.url
        return create_async_engine(
            "postgresql+asyncpg://", async_creator=lambda: asyncpg.connect(url)
        )
    path = str(database.path)
    engine = create_async_engine(
        URL.create("sqlite+aiosqlite", database=path),
        async_creator=lambda: SqliteHere(
            lambda: sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS)
        ),
        # One connection, each transaction in turn: every transaction takes the file's
        # write lock as it begins (``_begin_writing``), so on several connections they
        # would wait for each other in SQLite's busy handler, which sleeps up to 100 ms
        # at a time, rather than queue here.
        pool_size=1,
        max_overflow=0,
    )
    event.listen(engine.sync_engine, "connect", _prepare_sqlite)
    event.listen(engine.sync_engine, "begin", _begin_writing)
    return engine


class _CallAtOnce:
    """In place of aiosqlite's queue of calls for its thread: each call is made as it is
    queued, in the thread that queues it, and its future is answered at once."""

    def put_nowait(self, item: tuple[Any, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except BaseException as error:
            if future is not None:
                future.set_exception(error)
            return
        if future is not None:
            future.set_result(result)


class SqliteHere(aiosqlite.Connection):
    """An aiosqlite connection whose calls run in the server's own thread, not in a thread
    of their own.

    SQLite's work for one of the lobby's statements takes some tens of microseconds, and
    with write-ahead logging and ``synchronous=NORMAL`` a commit waits for no disk. Handing
    each call to aiosqlite's thread and its answer back (a queue, a thread woken, the event
    loop woken) cost more than the work: about eleven hand-overs for a stored message, 3.4
    ms of CPU in all. The lobby has one connection to its file (``engine_for``), so nothing
    of its own waits for a lock; only another program writing the file at that moment (the
    owner's ``sqlite3`` shell) would hold the server up, for as long as it writes.
    """

    def __init__(self, connector: Callable[[], sqlite3.Connection]) -> None:
        super().__init__(connector, iter_chunk_size=64)
        self._tx = _CallAtOnce()  # type: ignore[assignment]

    def __await__(self) -> Generator[Any, None, aiosqlite.Connection]:
        """Connect without starting aiosqlite's thread."""
        return self._connect().__await__()


def _prepare_sqlite(connection: DBAPIConnection, _entry: ConnectionPoolEntry) -> None:
    """Write-ahead logging, so that a backup or the ``sqlite3`` shell can read the file
    while the server writes, and synced to the disk at its checkpoints rather than at every
    commit (``synchronous=NORMAL``): a commit is in the file before anything is sent, so it
    outlives the server's crash or kill, and only the machine's own crash could take back
    its last moments, where syncing every commit cost the lobby most of its time; foreign
    keys checked (SQLite leaves them off unless asked);
    and transactions begun by the store (``_begin_writing``) instead of by Python's
    ``sqlite3``, which begins one only at the first write, after the reads it depends on."""
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _begin_writing(connection: Connection) -> None:
    """Take the SQLite file's write lock as a transaction begins, waiting for another
    transaction to end if need be: one that read first and wrote later could otherwise
    fail at its write, finding that another wrote meanwhile."""
    connection.exec_driver_sql("BEGIN IMMEDIATE")
