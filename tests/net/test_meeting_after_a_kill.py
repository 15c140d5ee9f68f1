"""A program killed (SIGKILL, not quit) while it waits at the mailbox leaves its claim on
the code of later meetings there, which the mailbox keeps a quarter of an hour after anyone
last tried it: the side started again and its friend still meet at once, along the row of
later codes. A program that quits lets its code go before it ends. Through the tests' own
mailbox server and transit relay on loopback; the mailbox's state is read from its database.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pytest

from nardy_tui.net import Role, Session
from nardy_tui.net import rendezvous as meeting
from nardy_tui.net.codes import again_code, later_codes, wormhole_code
from nardy_tui.net.messages import NextGame
from tests.net.test_line_fuzz import Heard, assert_said_for_a_player
from tests.rendezvous_servers import Servers

SECONDS = 40.0
"""Generous: a side killed at the mailbox costs its friend a few of the quick waits below."""
ROOT = Path(__file__).parents[2]


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The waits of a meeting in seconds, not tens of them (this process's sides only)."""
    monkeypatch.setattr(meeting, "PROVE_SECONDS", 3.0)
    monkeypatch.setattr(meeting, "FIRST_ALONE_SECONDS", 2.0)
    monkeypatch.setattr(meeting, "ALONE_SECONDS", 5.0)
    monkeypatch.setattr(meeting, "HINTS_SECONDS", 2.0)
    monkeypatch.setattr(meeting, "LET_GO_SECONDS", 1.0)


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


async def kill(program: subprocess.Popen[bytes]) -> None:
    assert program.poll() is None, "the side ended before it was killed"
    program.send_signal(signal.SIGKILL)
    await asyncio.to_thread(program.wait)


@asynccontextmanager
async def meeting_sides(
    servers: Servers, again: str, roles: tuple[Role, ...] = tuple(Role)
) -> AsyncIterator[list[tuple[Session, Heard]]]:
    """Sessions of ``roles`` meeting by ``again``, the code of later meetings, as a saved
    match does; each with what it hears."""
    heard = [Heard() for _role in roles]
    sides = [(Session(role, b"", hears), hears) for role, hears in zip(roles, heard, strict=True)]
    for session, _heard in sides:
        session.again = again
        session.meet(servers.rendezvous, again)
    try:
        yield sides
    finally:
        for session, _heard in sides:
            await session.close()


async def assert_they_meet_and_talk(sides: list[tuple[Session, Heard]]) -> None:
    """Both sides connect, and a message goes each way."""
    for _session, heard in sides:
        assert await heard.until(lambda heard=heard: heard.of("connected"), SECONDS), heard.said
    for game, (session, _heard) in enumerate(sides, start=2):
        session.send(NextGame(game))
    for game, (_session, heard) in enumerate(reversed(sides), start=2):
        said = NextGame(game)
        assert await heard.until(lambda heard=heard, said=said: said in heard.of("arrived"))


@pytest.mark.parametrize(("killed", "friend_first"), [(Role.HOST, False), (Role.JOINER, True)])
async def test_a_side_killed_while_it_waits_meets_its_friend_when_started_again(
    servers: Servers, quick: None, killed: Role, friend_first: bool
) -> None:
    """Its friend and it come back together (one of them may be refused by the mailbox
    while it is already in); or the friend first, who meets the dead claim, gives it up
    when nothing proves the code, and waits further along the row."""
    again = again_code(secrets.token_bytes(32))
    with side_apart(servers, killed, again) as program:
        await one_waits(servers, again)
        await kill(program)
    friend = Role.JOINER if killed is Role.HOST else Role.HOST
    async with meeting_sides(servers, again, (friend,) if friend_first else ()) as early:
        if early:
            [(_session, heard)] = early
            assert await heard.until(lambda: heard.of("lost"), SECONDS), heard.said
        async with meeting_sides(servers, again, (killed,) if early else tuple(Role)) as late:
            await assert_they_meet_and_talk([*early, *late])


async def test_a_side_started_again_alone_says_its_own_dead_claim_held_the_code(
    servers: Servers, quick: None
) -> None:
    """The side killed while it waited, started again before its friend comes, meets its
    own dead claim at the first code: a key, and no proof after it. It says an earlier
    meeting held the code and that the next one is tried, not that the friend (who never
    came) has been silent too long."""
    again = again_code(secrets.token_bytes(32))
    with side_apart(servers, Role.HOST, again) as program:
        await one_waits(servers, again)
        await kill(program)
    async with meeting_sides(servers, again, (Role.HOST,)) as [(_session, heard)]:
        assert await heard.until(lambda: heard.of("lost"), SECONDS), heard.said
        reason = heard.of("lost")[0]
        assert "earlier meeting" in reason and "next code" in reason, reason
        assert "silent" not in reason, reason
        assert_said_for_a_player(reason)


async def test_a_side_killed_mid_introduction_meets_its_friend_when_started_again(
    servers: Servers, quick: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The joiner proved the code and was killed before it said how to reach it: the host
    gives that meeting up, and meets the joiner started again. (Both had heard each other,
    so both had let the code's nameplate go: a dead side here crowds no code, and this
    passes without the row of codes too.)"""
    for alone in ("FIRST_ALONE_SECONDS", "ALONE_SECONDS"):  # the host waits for the joiner
        monkeypatch.setattr(meeting, alone, 30.0)
    again = again_code(secrets.token_bytes(32))
    async with meeting_sides(servers, again, (Role.HOST,)) as [host]:
        mailbox = await one_waits(servers, again)
        with side_apart(servers, Role.JOINER, again, "proves") as program:
            await until(lambda: phases_in(servers, mailbox).count("version") == 2, "proved")
            await kill(program)
        async with meeting_sides(servers, again, (Role.JOINER,)) as [joiner]:
            await assert_they_meet_and_talk([host, joiner])


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


def test_the_later_codes_are_as_secret_as_the_code_of_later_meetings() -> None:
    """Each later code is drawn from the whole code, its words included: a stranger who
    sees the nameplate of the first (the mailbox lists it) knows nothing of the others."""
    first = again_code(secrets.token_bytes(32))
    same_nameplate = first.split("-")[0] + "-" + secrets.token_hex(16)
    codes, others = later_codes(first), later_codes(same_nameplate)
    assert codes[0] == first and others[0] == same_nameplate
    assert all(wormhole_code(code) == code for code in codes)
    assert not {code.split("-")[0] for code in codes[1:]} & {c.split("-")[0] for c in others[1:]}
    assert len({code.split("-")[1] for code in codes}) == len(codes)
