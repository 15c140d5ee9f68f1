"""How a lobby server instance tells every instance, itself included, that something happened:
a message stored in a match, a seek added or gone, a player come or gone, a match started
or ended.

A notice says what changed, never what it is now (a match's id, not its messages): the
instances that hear it read the rows from the store, so a notice missed or heard twice
costs a read, and nothing rides on it that the database does not have. With SQLite the
lobby is served by one instance, and ``LocalBus`` passes notices within the process; with
PostgreSQL, ``PostgresBus`` passes them between instances by LISTEN and NOTIFY, on a
connection of its own.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import asyncpg

from nardy_tui.lobby.database import Database, PostgresServer

LONGEST_PAYLOAD = 100
"""A notice's payload is an id or two (PostgreSQL refuses one over 8,000 bytes)."""
CHANNEL_PREFIX = "nardy_lobby_"
"""Each topic is a PostgreSQL channel of its own, its name this and the topic's."""


class BusClosed(Exception):
    """The bus was closed, or lost its connection: nothing more is published on it."""


class Topic(Enum):
    """What happened; the payload says to what."""

    MESSAGE = "message"
    """A message of a match was stored (the payload: the match's id and how many messages
    it has stored, ``"17 42"``)."""
    SEEKS = "seeks"
    """A seek was added, or it is gone (the seek's id)."""
    PRESENCE = "presence"
    """A player came online or went (the player's id)."""
    CHALLENGE = "challenge"
    """A challenge was made or answered (the challenge's id)."""
    MATCH_STARTED = "match_started"
    MATCH_FINISHED = "match_finished"
    """A match started or ended (the match's id)."""

    @property
    def channel(self) -> str:
        return CHANNEL_PREFIX + self.value


@dataclass(frozen=True, slots=True)
class Notice:
    topic: Topic
    payload: str


class Bus(Protocol):
    async def publish(self, topic: Topic, payload: str) -> None:
        """Tell every subscriber, on every instance, that ``topic`` happened to
        ``payload`` (BusClosed once the bus is closed or has lost its connection)."""

    def subscribe(self) -> Subscription:
        """What is published from now on, to read with ``async with`` and ``async for``."""

    async def close(self) -> None:
        """Stop: every subscription's ``async for`` ends."""


class Subscription:
    """The notices published while it is entered, in the order they were published; its
    ``async for`` ends when the bus closes (or loses its connection)."""

    def __init__(self, subscribers: set[asyncio.Queue[Notice | None]]) -> None:
        self._subscribers = subscribers
        self._heard: asyncio.Queue[Notice | None] = asyncio.Queue()
        """What was published and not read yet; None once the bus has closed."""

    async def __aenter__(self) -> Subscription:
        self._subscribers.add(self._heard)
        return self

    async def __aexit__(self, *_: object) -> None:
        self._subscribers.discard(self._heard)

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Notice:
        notice = await self._heard.get()
        if notice is None:
            self._heard.put_nowait(None)  # for a second ``async for``
            raise StopAsyncIteration
        return notice


class _Subscribers:
    """The subscriptions of one bus, and what a notice heard does to them."""

    def __init__(self) -> None:
        self._subscribers: set[asyncio.Queue[Notice | None]] = set()

    def subscribe(self) -> Subscription:
        return Subscription(self._subscribers)

    def _deliver(self, notice: Notice | None) -> None:
        for subscriber in self._subscribers:
            subscriber.put_nowait(notice)


def _checked(payload: str) -> str:
    if len(payload) > LONGEST_PAYLOAD:
        raise ValueError(
            f"a notice names what changed in {LONGEST_PAYLOAD} characters at most: "
            f"{len(payload)} is a body, not an id"
        )
    return payload


class LocalBus(_Subscribers):
    """Notices within one process: the bus of a lobby served by one instance."""

    def __init__(self) -> None:
        super().__init__()
        self._closed = False

    async def publish(self, topic: Topic, payload: str) -> None:
        if self._closed:
            raise BusClosed
        self._deliver(Notice(topic, _checked(payload)))

    async def close(self) -> None:
        self._closed = True
        self._deliver(None)


class PostgresBus(_Subscribers):
    """Notices between the instances that share one PostgreSQL database, by its LISTEN and
    NOTIFY, on a connection of the bus's own (a pooled connection may be closed or lent to
    another task; a listening one must stay)."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        """A bus on ``connection`` (``connect`` makes one that listens)."""
        super().__init__()
        self._connection = connection
        self._sending = asyncio.Lock()
        """One query at a time on the connection, as asyncpg allows."""

    @classmethod
    async def connect(cls, url: str) -> PostgresBus:
        """A bus listening to every topic on the database at ``url`` (libpq's form)."""
        connection = await asyncpg.connect(url)
        bus = cls(connection)
        for topic in Topic:
            await connection.add_listener(topic.channel, bus._heard)
        connection.add_termination_listener(bus._lost)
        return bus

    async def publish(self, topic: Topic, payload: str) -> None:
        async with self._sending:
            try:
                await self._connection.execute(
                    "SELECT pg_notify($1, $2)", topic.channel, _checked(payload)
                )
            except (asyncpg.InterfaceError, asyncpg.ConnectionDoesNotExistError) as lost:
                raise BusClosed from lost  # closed before, or lost meanwhile

    async def close(self) -> None:
        await self._connection.close()

    def _heard(self, _connection: object, _pid: int, channel: str, payload: str) -> None:
        self._deliver(Notice(Topic(channel.removeprefix(CHANNEL_PREFIX)), payload))

    def _lost(self, _connection: object) -> None:
        """The connection has closed (by ``close``, or PostgreSQL went away): nothing more
        will be heard on it, and every ``async for`` ends so that its reader knows."""
        self._deliver(None)


async def bus_for(database: Database) -> Bus:
    """The bus between the instances that share ``database``: PostgreSQL's for PostgreSQL,
    and for a SQLite file (one instance) the process's own."""
    if isinstance(database, PostgresServer):
        return await PostgresBus.connect(database.url)
    return LocalBus()
