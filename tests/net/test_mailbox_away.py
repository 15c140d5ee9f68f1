"""A match under way never ends because the mailbox server is away for a while (a restart,
a short outage): both sides taking up a saved match say so and try again, waiting longer
each time, and meet once it is back. Through the tests' own mailbox server and transit
relay on loopback, the mailbox stopped for a few tries and started again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from nardy_tui.net import Role, Session
from nardy_tui.net.codes import again_code
from nardy_tui.net.messages import NextGame
from nardy_tui.net.session import Backoff
from tests.net.test_line_fuzz import Heard, assert_said_for_a_player
from tests.rendezvous_servers import Servers

SECONDS = 30.0
"""The issue's bound: both sides meet within 30 s of the server coming back."""
QUICK = Backoff(first=0.2, most=1.0)
"""Tries of an away server a fraction of a second apart, not seconds (this test's sides)."""


@pytest.fixture
def mailbox_away(servers: Servers) -> Iterator[Servers]:
    """The tests' servers with the mailbox stopped; started again whatever the test did."""
    servers.mailbox.stop()
    try:
        yield servers
    finally:
        if servers.mailbox.process is None:
            servers.mailbox.start()


async def test_sides_taking_up_a_match_wait_out_a_mailbox_outage_and_then_meet(
    mailbox_away: Servers,
) -> None:
    again = again_code(secrets.token_bytes(32))
    sides = [
        (Session(role, b"", heard, backoff=QUICK), heard)
        for role, heard in ((role, Heard()) for role in Role)
    ]
    for session, _heard in sides:
        session.again = again
        session.meet(mailbox_away.rendezvous, again)
    try:
        for session, heard in sides:
            # Tried, waited, and tried again: not stopped, and said so in words.
            assert await heard.until(lambda heard=heard: len(heard.of("lost")) >= 3, SECONDS)
            assert not heard.of("refused") and not session.stopped, heard.said
            [*_before, reason] = heard.of("lost")
            assert mailbox_away.rendezvous.mailbox in reason and "waits" in reason, reason
            assert_said_for_a_player(reason)
        mailbox_away.mailbox.start()
        for _session, heard in sides:
            assert await heard.until(lambda heard=heard: heard.of("connected"), SECONDS), heard.said
        (host, _hosted), (_joiner, joiner_heard) = sides
        host.send(NextGame(2))
        assert await joiner_heard.until(lambda: NextGame(2) in joiner_heard.of("arrived"))
    finally:
        for session, _heard in sides:
            await session.close()


def test_the_wait_for_an_away_server_doubles_up_to_its_most() -> None:
    backoff = Backoff(first=2.0, most=30.0)
    assert [backoff.after(tries) for tries in range(1, 7)] == [2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
