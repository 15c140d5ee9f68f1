"""A program that quits while it waits at the mailbox lets its code of later meetings go
before it ends: a claim left there would keep the next meetings out until the mailbox
forgets it. Through the tests' own mailbox server on loopback; the mailbox's state is read
from its database.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from nardy_tui.net import Role
from nardy_tui.net.rendezvous import again_code
from tests.rendezvous_servers import Servers

SECONDS = 40.0
ROOT = Path(__file__).parents[2]


def mailbox_rows(servers: Servers, sql: str, *values: str) -> list[tuple[object, ...]]:
    """``sql`` on the mailbox server's own database, read-only."""
    database = servers.mailbox.log.parent / "relay.sqlite"
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute(sql, values).fetchall()


def mailbox_of(servers: Servers, code: str) -> str | None:
    """The mailbox of ``code``'s nameplate, while someone claims it."""
    rows = mailbox_rows(
        servers, "SELECT mailbox_id FROM nameplates WHERE name = ?", code.split("-")[0]
    )
    return str(rows[0][0]) if rows else None


def phases_in(servers: Servers, mailbox: str) -> list[str]:
    """The phases of the messages in ``mailbox``, as they came."""
    rows = mailbox_rows(
        servers,
        "SELECT phase FROM messages WHERE mailbox_id = ? ORDER BY server_rx",
        mailbox,
    )
    return [str(phase) for (phase,) in rows]


def sides_in(servers: Servers, mailbox: str) -> int:
    rows = mailbox_rows(servers, "SELECT COUNT(*) FROM mailbox_sides WHERE mailbox_id = ?", mailbox)
    return int(str(rows[0][0]))


async def one_waits(servers: Servers, code: str) -> str:
    """The mailbox of ``code``, once one side waits in it (its first message there)."""

    def waiting() -> str | None:
        mailbox = mailbox_of(servers, code)
        return mailbox if mailbox is not None and phases_in(servers, mailbox) == ["pake"] else None

    await until(waiting, "waited at the mailbox")
    mailbox = waiting()
    assert mailbox is not None
    return mailbox


async def until(done: Callable[[], object], what: str, seconds: float = SECONDS) -> None:
    try:
        async with asyncio.timeout(seconds):
            while not done():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"never {what}") from None


@contextmanager
def side_apart(
    servers: Servers, role: Role, code: str, *how: str
) -> Iterator[subprocess.Popen[bytes]]:
    """One side in a program of its own (``tests/net/meeting_side.py``), killed on leaving."""
    rendezvous = servers.rendezvous
    command = [sys.executable, "-m", "tests.net.meeting_side", rendezvous.mailbox]
    program = subprocess.Popen(
        [*command, rendezvous.transit, role.value, code, *how],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        yield program
    finally:
        program.kill()
        program.wait()


async def test_a_side_that_quits_while_it_waits_lets_the_code_go(servers: Servers) -> None:
    """Quitting ends the program right after: the mailbox has heard the code let go (its
    mailbox gone with its one side), so it keeps nobody out."""
    again = again_code(secrets.token_bytes(32))
    with side_apart(servers, Role.HOST, again, "quits") as program:
        mailbox = await one_waits(servers, again)
        assert sides_in(servers, mailbox) == 1
        program.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(program.wait, SECONDS) == 0
    assert mailbox_of(servers, again) is None
    assert sides_in(servers, mailbox) == 0
