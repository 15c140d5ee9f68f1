"""What one server instance publishes, every instance hears (itself included): within one
process for a SQLite lobby, between processes by PostgreSQL's LISTEN and NOTIFY."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from nardy_tui.lobby.bus import (
    Bus,
    BusClosed,
    LocalBus,
    Notice,
    PostgresBus,
    Subscription,
    Topic,
    bus_for,
)
from nardy_tui.lobby.database import DATABASE_FILE, PostgresServer, SqliteFile

HEARD_WITHIN = 10.0
"""Seconds a notice may take to arrive on a loaded machine (it takes milliseconds)."""


async def heard(subscription: Subscription) -> Notice:
    async with asyncio.timeout(HEARD_WITHIN):
        return await anext(subscription)


async def ended(subscription: Subscription) -> bool:
    """Whether the subscription's ``async for`` ends with nothing more heard."""
    async with asyncio.timeout(HEARD_WITHIN):
        return [notice async for notice in subscription] == []


@pytest.fixture
async def local_bus(tmp_path: Path) -> Bus:
    """The bus of a lobby on SQLite."""
    return await bus_for(SqliteFile(tmp_path / DATABASE_FILE))


@pytest.fixture
async def two_instances(
    postgres_database: PostgresServer,
) -> AsyncIterator[tuple[Bus, Bus]]:
    """The buses of two instances of a lobby on one PostgreSQL database."""
    one, other = await bus_for(postgres_database), await bus_for(postgres_database)
    yield one, other
    await one.close()
    await other.close()


async def test_a_sqlite_lobby_has_one_instance_and_the_bus_of_its_process(local_bus: Bus) -> None:
    assert isinstance(local_bus, LocalBus)


async def test_every_subscriber_hears_what_is_published_in_order(local_bus: Bus) -> None:
    async with local_bus.subscribe() as first, local_bus.subscribe() as second:
        await local_bus.publish(Topic.SEEKS, "7")
        await local_bus.publish(Topic.MESSAGE, "3")
        for subscription in (first, second):
            assert [await heard(subscription), await heard(subscription)] == [
                Notice(Topic.SEEKS, "7"),
                Notice(Topic.MESSAGE, "3"),
            ]


async def test_a_subscription_hears_only_while_it_is_entered(local_bus: Bus) -> None:
    subscription = local_bus.subscribe()
    await local_bus.publish(Topic.PRESENCE, "before")
    async with subscription:
        await local_bus.publish(Topic.PRESENCE, "while")
    await local_bus.publish(Topic.PRESENCE, "after")
    async with subscription:
        await local_bus.publish(Topic.PRESENCE, "again")
        assert [await heard(subscription), await heard(subscription)] == [
            Notice(Topic.PRESENCE, "while"),
            Notice(Topic.PRESENCE, "again"),
        ]


async def test_a_bus_closed_ends_its_subscriptions_and_publishes_no_more(local_bus: Bus) -> None:
    async with local_bus.subscribe() as subscription:
        await local_bus.publish(Topic.MATCH_STARTED, "5")
        await local_bus.close()
        assert await heard(subscription) == Notice(Topic.MATCH_STARTED, "5")
        assert await ended(subscription)
    with pytest.raises(BusClosed):
        await local_bus.publish(Topic.MATCH_STARTED, "6")


async def test_a_notice_names_what_changed_and_carries_no_body(local_bus: Bus) -> None:
    with pytest.raises(ValueError, match="an id"):
        await local_bus.publish(Topic.MESSAGE, '{"t": "play", "steps": [[24, 18, 6]]}' * 5)


@pytest.mark.slow
async def test_what_one_instance_publishes_on_postgresql_every_instance_hears(
    two_instances: tuple[Bus, Bus],
) -> None:
    one, other = two_instances
    assert isinstance(one, PostgresBus)
    async with one.subscribe() as at_one, other.subscribe() as at_other:
        await other.publish(Topic.MATCH_FINISHED, "17")
        await other.publish(Topic.MESSAGE, "18")
        for subscription in (at_one, at_other):
            assert [await heard(subscription), await heard(subscription)] == [
                Notice(Topic.MATCH_FINISHED, "17"),
                Notice(Topic.MESSAGE, "18"),
            ]


@pytest.mark.slow
async def test_an_instance_that_loses_postgresql_knows_it_hears_and_tells_no_more(
    two_instances: tuple[Bus, Bus], postgres_database: PostgresServer
) -> None:
    """Rather than wait for ever for notices that cannot come."""
    one, other = two_instances
    async with one.subscribe() as at_one, other.subscribe() as at_other:
        server = await asyncpg.connect(postgres_database.url)
        try:
            await server.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        finally:
            await server.close()
        assert await ended(at_one)
        assert await ended(at_other)
    with pytest.raises(BusClosed):
        await one.publish(Topic.SEEKS, "1")
