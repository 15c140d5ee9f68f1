"""A game served to a browser connects only where its server says: of the friend's
connection hints it uses only the ways to its own transit relay, and the friend's own
addresses only if served ``--direct``. A stranger's friend cannot make the server connect
to a host and port of their choosing (the server's own network, a cloud's metadata
address). The game knows it is served from ``NARDY_SERVED``, which ``nardy serve`` sets."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from nardy_tui.cli.serve import build_parser
from nardy_tui.cli.serve import meeting_servers as served_meeting_servers
from nardy_tui.net import DEFAULT_MAILBOX, DEFAULT_TRANSIT, Role, meeting_servers
from nardy_tui.net.rendezvous import _their_hints, meet
from nardy_tui.options import Rendezvous
from nardy_tui.serve import MeetingServers
from tests.rendezvous_servers import free_port

OURS = "relay.example.org:4001"
OUR_WAY = {"type": "direct-tcp-v1", "hostname": "Relay.Example.org", "port": 4001}
ELSEWHERE = [
    {"type": "direct-tcp-v1", "hostname": "10.0.0.5", "port": 22},
    {"type": "direct-tcp-v1", "hostname": "169.254.169.254", "port": 80},
    {"type": "direct-tcp-v1", "hostname": "relay.example.org", "port": 4002},
]
FRIENDS_OWN = {"type": "direct-tcp-v1", "hostname": "192.0.2.7", "port": 4321}
SECONDS = 20.0


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    for name in ("NARDY_MAILBOX", "NARDY_TRANSIT", "NARDY_SERVED"):
        monkeypatch.delenv(name, raising=False)


def test_of_the_friends_relays_only_the_ways_to_our_own_are_used() -> None:
    sent = [
        FRIENDS_OWN,
        {"type": "relay-v1", "hints": [*ELSEWHERE, OUR_WAY]},
        {"type": "relay-v1", "hints": ELSEWHERE},
    ]
    message = json.dumps(sent).encode()
    ours = {"type": "relay-v1", "hints": [OUR_WAY]}
    assert _their_hints(message, direct=False, only_relay=OURS) == [ours]
    assert _their_hints(message, direct=True, only_relay=OURS) == [FRIENDS_OWN, ours]


def test_a_game_knows_from_its_environment_that_it_is_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert meeting_servers() == Rendezvous(DEFAULT_MAILBOX, DEFAULT_TRANSIT)
    served = Rendezvous(DEFAULT_MAILBOX, DEFAULT_TRANSIT, direct=False, their_relays=False)
    for value in ("relay", "", "anything else"):
        monkeypatch.setenv("NARDY_SERVED", value)
        assert meeting_servers() == served
    monkeypatch.setenv("NARDY_SERVED", "direct")
    assert meeting_servers() == Rendezvous(
        DEFAULT_MAILBOX, DEFAULT_TRANSIT, direct=True, their_relays=False
    )


def test_nardy_serve_tells_every_game_it_is_served_and_direct_only_if_asked() -> None:
    parser = build_parser()
    assert served_meeting_servers(parser, parser.parse_args([])) == MeetingServers()
    assert MeetingServers().environment() == {"NARDY_SERVED": "relay"}
    direct = served_meeting_servers(parser, parser.parse_args(["--direct"]))
    assert direct.environment() == {"NARDY_SERVED": "direct"}


async def test_a_served_side_hands_transit_no_way_to_the_friends_own_relay(
    rendezvous: Rendezvous, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The friend names a relay of its own (nobody listens there); the served side is
    handed no way to it, and meets the friend through its own relay all the same."""
    from wormhole.transit import TransitReceiver

    handed: list[dict[str, Any]] = []
    add_connection_hints = TransitReceiver.add_connection_hints

    def recorded(transit: TransitReceiver, hints: list[dict[str, Any]]) -> None:
        handed.extend(hints)
        add_connection_hints(transit, hints)

    monkeypatch.setattr(TransitReceiver, "add_connection_hints", recorded)
    friends_relay = f"127.0.0.1:{free_port()}"
    friend = Rendezvous(rendezvous.mailbox, friends_relay, direct=False)
    served = Rendezvous(rendezvous.mailbox, rendezvous.transit, direct=False, their_relays=False)
    codes: asyncio.Queue[str] = asyncio.Queue()
    async with asyncio.timeout(SECONDS):
        hosting = asyncio.create_task(meet(friend, Role.HOST, None, codes.put_nowait))
        host, joiner = await asyncio.gather(hosting, meet(served, Role.JOINER, await codes.get()))
    host.carrier.close()
    joiner.carrier.close()
    ways = [way for hint in handed for way in hint.get("hints", [hint])]
    assert all(f"{way['hostname']}:{way['port']}" == rendezvous.transit for way in ways)
