"""The schema's versions make exactly the tables the store uses, and every instance may
upgrade at start: on an up-to-date database, or several at once on a new one."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import asyncpg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from nardy_tui.lobby.database import Database, PostgresServer
from nardy_tui.lobby.store import Store, Table

if TYPE_CHECKING:
    from pgserver import PostgresServer as RunningPostgres


def engine_on(database: Database) -> AsyncEngine:
    """An engine of the test's own, to look at the tables as they are."""
    if isinstance(database, PostgresServer):
        url = database.url
        return create_async_engine(
            "postgresql+asyncpg://", async_creator=lambda: asyncpg.connect(url)
        )
    return create_async_engine(f"sqlite+aiosqlite:///{database.path}")


def differences(connection: Connection) -> list[Any]:
    return list(compare_metadata(MigrationContext.configure(connection), Table.metadata))


async def test_the_migrations_make_the_tables_the_store_uses(database: Database) -> None:
    engine = engine_on(database)
    try:
        async with engine.connect() as connection:
            assert await connection.run_sync(differences) == []
    finally:
        await engine.dispose()


@pytest.mark.slow
async def test_instances_starting_at_once_on_a_new_database_upgrade_it_one_after_another(
    postgres: RunningPostgres, worker_id: str
) -> None:
    name = f"lobby_new_{worker_id}"
    server = await asyncpg.connect(postgres.get_uri())
    await server.execute(f"CREATE DATABASE {name}")
    stores = [Store(PostgresServer(postgres.get_uri(name))) for _ in range(3)]
    try:
        await asyncio.gather(*(store.upgrade() for store in stores))
        assert await stores[0].player("anyone") is None
    finally:
        for store in stores:
            await store.close()
        await server.execute(f"DROP DATABASE {name}")
        await server.close()
