"""The lobby server's databases for its tests: a SQLite file, and a real PostgreSQL.

PostgreSQL comes from ``pgserver`` (PyPI: the server's own binaries, no system package),
started once for the whole run and shared by xdist's workers, each with a database of its
own. Each kind of database is upgraded to the latest schema once per worker; a test gets
it empty (a copy of the upgraded SQLite file, the PostgreSQL tables emptied), which costs
far less than a new database each time.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import asyncpg
import pytest

from nardy_tui.lobby.database import DATABASE_FILE, Database, PostgresServer, SqliteFile
from nardy_tui.lobby.store import Store, Table

if TYPE_CHECKING:
    from pgserver import PostgresServer as RunningPostgres

KINDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)]
"""Every test of the store runs on both. A test on PostgreSQL is slow (its first starts the
server), and so marked (here, and where a test asks for ``postgres_database`` itself)."""


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[RunningPostgres]:
    """A running PostgreSQL server (the test is skipped, saying why, if none can start)."""
    with warnings.catch_warnings():  # platformdirs, on a machine with no XDG_RUNTIME_DIR
        warnings.simplefilter("ignore")
        import pgserver

    run = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        run = run.parent  # every worker's: one server for the whole run
    # Beside pytest's folders, not in them: pytest makes its root readable by its user
    # alone whenever it starts, and the server runs as a user of its own.
    data = Path(tempfile.gettempdir()) / f"nardy-lobby-postgres-{run.name}"
    data.mkdir(exist_ok=True)  # pgserver makes it only if no other worker has yet
    try:
        server: RunningPostgres = pgserver.get_server(data, cleanup_mode="delete")
    except Exception as trouble:
        pytest.skip(f"no PostgreSQL: pgserver could not start one here ({trouble!r})")
    yield server
    server.cleanup()  # stops it and deletes its files once the last worker is done


@pytest.fixture(scope="session")
def postgres_lobby(postgres: RunningPostgres, worker_id: str) -> PostgresServer:
    """This worker's own PostgreSQL database, upgraded to the latest schema."""
    name = f"lobby_{worker_id}"

    async def made() -> PostgresServer:
        server = await asyncpg.connect(postgres.get_uri())
        try:
            await server.execute(f'DROP DATABASE IF EXISTS "{name}"')
            await server.execute(f'CREATE DATABASE "{name}"')
        finally:
            await server.close()
        database = PostgresServer(postgres.get_uri(name))
        await _upgraded(database)
        return database

    return asyncio.run(made())


@pytest.fixture(scope="session")
def sqlite_lobby(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file upgraded to the latest schema, to copy."""
    database = SqliteFile(tmp_path_factory.mktemp("upgraded") / DATABASE_FILE)
    asyncio.run(_upgraded(database))
    return database.path


async def _upgraded(database: Database) -> Database:
    store = Store(database)
    try:
        await store.upgrade()
    finally:
        await store.close()
    return database


@pytest.fixture
async def postgres_database(postgres_lobby: PostgresServer) -> PostgresServer:
    """An empty lobby of the latest schema on PostgreSQL: what several instances share."""
    tables = ", ".join(table.name for table in Table.metadata.sorted_tables)
    connection = await asyncpg.connect(postgres_lobby.url)
    try:
        await connection.execute(f"TRUNCATE {tables} RESTART IDENTITY")
    finally:
        await connection.close()
    return postgres_lobby


@pytest.fixture(params=KINDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Database:
    """An empty lobby of the latest schema, in SQLite and in PostgreSQL."""
    if request.param == "sqlite":
        empty = SqliteFile(tmp_path / DATABASE_FILE)
        shutil.copyfile(request.getfixturevalue("sqlite_lobby"), empty.path)
        return empty
    database: PostgresServer = request.getfixturevalue("postgres_database")
    return database


@pytest.fixture
async def store(database: Database) -> AsyncIterator[Store]:
    """A server instance's store on an empty lobby."""
    opened = Store(database)
    yield opened
    await opened.close()
