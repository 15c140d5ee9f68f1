"""A new match's first meeting by a code never strands the two players: whatever happened at
the mailbox server or the transit relay, the host waits at the code its screen shows, and the
friend who types that code meets it once the fault is over (issue 48, item 3). Through the
tests' own mailbox server and transit relay on loopback; each side waits alone only a moment
before it claims its code again (the rule is the same, the test quicker).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from nardy_tui.net import Role, Session
from nardy_tui.net.line import greet_host
from nardy_tui.net.messages import NextGame
from nardy_tui.net.rendezvous import APP_ID, meet
from nardy_tui.options import Rendezvous
from tests.net.test_line_fuzz import Heard, assert_said_for_a_player
from tests.rendezvous_servers import Servers

SECONDS = 30.0
"""The issue's bound: both sides meet within 30 s of the fault ending."""
ALONE = 1.0
"""How long a side waits alone before it claims its code again, in these tests."""


@dataclass
class HostHeard(Heard):
    """A host's listener that also writes down each code the host shows its friend."""

    codes: list[str] = field(default_factory=list)

    def code_given(self, code: str) -> None:
        self.codes.append(code)


def side(role: Role, heard: Heard) -> Session:
    session = Session(role, b"", heard)
    session.first_alone_seconds = ALONE
    return session


@asynccontextmanager
async def new_match(rendezvous: Rendezvous) -> AsyncIterator[tuple[Session, HostHeard, str]]:
    """A new match's host waiting at the code the mailbox gave it: the session, what it
    heard, and the code."""
    hosted = HostHeard()
    host = side(Role.HOST, hosted)
    host.meet(rendezvous, None)
    try:
        assert await hosted.until(lambda: hosted.codes, SECONDS)
        yield host, hosted, hosted.codes[0]
    finally:
        await host.close()


@asynccontextmanager
async def friend(rendezvous: Rendezvous, code: str) -> AsyncIterator[tuple[Session, Heard]]:
    """The friend who typed ``code``."""
    joined = Heard()
    joiner = side(Role.JOINER, joined)
    joiner.meet(rendezvous, code)
    try:
        yield joiner, joined
    finally:
        await joiner.close()


async def assert_they_met(host: Session, hosted: HostHeard, joiner: Session, joined: Heard) -> None:
    """Both sides connected, on one code of later meetings, and the line carries."""
    assert await joined.until(lambda: joined.of("connected"), SECONDS), joined.said
    assert await hosted.until(lambda: hosted.of("connected"), SECONDS), hosted.said
    assert host.again is not None and host.again == joiner.again
    host.send(NextGame(2))
    assert await joined.until(lambda: NextGame(2) in joined.of("arrived"), SECONDS)


async def test_with_the_relay_down_the_host_keeps_its_code_and_both_meet_when_it_is_back(
    servers: Servers, rendezvous: Rendezvous
) -> None:
    servers.transit.stop()
    async with (
        new_match(rendezvous) as (host, hosted, code),
        friend(rendezvous, code) as (
            joiner,
            joined,
        ),
    ):
        assert await joined.until(lambda: joined.of("lost"), SECONDS), joined.said
        assert await hosted.until(lambda: hosted.of("lost"), SECONDS), hosted.said
        for reason in [*joined.of("lost"), *hosted.of("lost")]:
            assert "relay" in reason, reason
            assert_said_for_a_player(reason)
        # The mailbox answers all along: the relay's trouble is not said to be over.
        assert await joined.until(lambda: len(joined.of("lost")) >= 2, SECONDS), joined.said
        assert not joined.of("waiting") and not hosted.of("waiting")
        servers.transit.start()
        await assert_they_met(host, hosted, joiner, joined)
        assert hosted.codes == [code], "the code the friend holds never changed"


async def test_a_friend_whose_first_connection_died_in_the_handshake_comes_back_by_the_same_code(
    rendezvous: Rendezvous,
) -> None:
    async with new_match(rendezvous) as (host, hosted, code):
        # The friend's game met the host at the mailbox and went (a Ctrl+Q, a crash)
        # before nardy's handshake: it never kept the code of later meetings.
        died = await asyncio.wait_for(meet(rendezvous, Role.JOINER, code), SECONDS)
        died.carrier.close()
        assert await hosted.until(lambda: hosted.of("turned away"), SECONDS), hosted.said
        assert host.again is None
        async with friend(rendezvous, code) as (joiner, joined):
            await assert_they_met(host, hosted, joiner, joined)
        assert hosted.codes == [code]


async def test_a_friend_whose_game_died_just_after_the_handshake_comes_back_by_the_same_code(
    rendezvous: Rendezvous,
) -> None:
    async with new_match(rendezvous) as (host, hosted, code):
        # The friend's game went through nardy's handshake and died before it kept the
        # code of later meetings (which the host now has): it comes back only by the code.
        died = await asyncio.wait_for(meet(rendezvous, Role.JOINER, code), SECONDS)
        line, _welcome = await greet_host(died.carrier, died.key)
        assert await hosted.until(lambda: hosted.of("connected"), SECONDS)
        line.close()
        assert await hosted.until(lambda: hosted.of("lost"), SECONDS), hosted.said
        async with friend(rendezvous, code) as (joiner, joined):
            await assert_they_met(host, hosted, joiner, joined)
        assert hosted.codes == [code]


async def test_a_mailbox_restarted_without_its_records_forgets_no_host(servers: Servers) -> None:
    rendezvous = servers.rendezvous
    async with new_match(rendezvous) as (host, hosted, code):
        servers.mailbox.stop()
        records = next(
            Path(argument.split("=", 1)[1])
            for argument in servers.mailbox.arguments
            if argument.startswith("--channel-db=")
        )
        records.unlink()
        servers.mailbox.start()
        async with friend(rendezvous, code) as (joiner, joined):
            await assert_they_met(host, hosted, joiner, joined)
        assert hosted.codes == [code] and not hosted.of("refused")


@asynccontextmanager
async def silent_claim(rendezvous: Rendezvous, code: str) -> AsyncIterator[None]:
    """A stranger who read the code's number in the mailbox's list, claims it and says
    nothing; leaving, it lets nothing go (its claim stays at the mailbox)."""
    async with aiohttp.ClientSession() as web, web.ws_connect(rendezvous.mailbox) as socket:
        for message in (
            {"type": "bind", "appid": APP_ID, "side": secrets.token_hex(5)},
            {"type": "claim", "nameplate": code.split("-")[0]},
        ):
            await socket.send_str(json.dumps({**message, "id": secrets.token_hex(2)}))
        async with asyncio.timeout(SECONDS):
            while json.loads(await socket.receive_str()).get("type") != "claimed":
                pass
        yield


async def test_a_code_held_by_a_silent_stranger_sends_both_sides_along_its_spare_row(
    rendezvous: Rendezvous,
) -> None:
    async with new_match(rendezvous) as (host, hosted, code):
        async with silent_claim(rendezvous, code):
            pass  # the stranger is gone; its claim is not
        async with friend(rendezvous, code) as (joiner, joined):
            await assert_they_met(host, hosted, joiner, joined)
            [detour, *_] = joined.of("lost")
            assert "two others hold this code" in detour
            assert_said_for_a_player(detour)
        assert hosted.codes == [code]


async def test_a_host_who_asked_for_three_words_shows_such_a_code_and_it_meets(
    rendezvous: Rendezvous,
) -> None:
    hosted = HostHeard()
    host = side(Role.HOST, hosted)
    host.meet(rendezvous, None, code_words=3)
    try:
        assert await hosted.until(lambda: hosted.codes, SECONDS)
        [code] = hosted.codes
        assert len(code.split("-")) == 1 + 3
        async with friend(rendezvous, code) as (joiner, joined):
            await assert_they_met(host, hosted, joiner, joined)
    finally:
        await host.close()


async def test_a_host_whose_mailbox_was_away_says_it_waits_again_once_it_answers(
    servers: Servers,
) -> None:
    rendezvous = servers.rendezvous
    async with new_match(rendezvous) as (host, hosted, code):
        servers.mailbox.stop()
        try:
            assert await hosted.until(lambda: hosted.of("lost"), SECONDS), hosted.said
        finally:
            servers.mailbox.start()
        assert await hosted.until(lambda: hosted.kinds[-1] == "waiting", SECONDS), hosted.said
        async with friend(rendezvous, code) as (joiner, joined):
            await assert_they_met(host, hosted, joiner, joined)


async def test_a_friend_at_a_code_nobody_hosts_hears_that_nobody_has_come(
    rendezvous: Rendezvous,
) -> None:
    async with friend(rendezvous, "1999-nobody-hosts") as (joiner, joined):
        assert await joined.until(lambda: joined.of("waiting"), SECONDS), joined.said
        assert not joiner.stopped and not joined.of("refused")
