"""Meeting by a short code, through the tests' own mailbox server and transit relay on
loopback: both sides agree on a key the code never leaves, lines go both ways, a wrong
code is refused on both sides, a mailbox that cannot be reached is said in words, and the
code the first meeting gives meets again without a new one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from nardy_tui.net import Role, Session, typed_code, wormhole_code
from nardy_tui.net.carrier import Silent
from nardy_tui.net.codes import again_code
from nardy_tui.net.rendezvous import Met, Unreachable, WrongCode, meet
from nardy_tui.net.session import WRONG_CODES
from nardy_tui.options import Rendezvous
from tests.net.test_line_fuzz import Heard, assert_said_for_a_player

SECONDS = 20.0


@asynccontextmanager
async def two_meet(
    rendezvous: Rendezvous, wrong: bool = False
) -> AsyncIterator[tuple[Met | BaseException, Met | BaseException]]:
    """The host takes a code from the mailbox, the joiner types it (or another one)."""
    codes: asyncio.Queue[str] = asyncio.Queue()
    hosting = asyncio.create_task(meet(rendezvous, Role.HOST, None, codes.put_nowait))
    code = await asyncio.wait_for(codes.get(), SECONDS)
    assert wormhole_code(code) == code
    typed = f"{code}-wrong" if wrong else code
    joining = asyncio.create_task(meet(rendezvous, Role.JOINER, typed))
    async with asyncio.timeout(SECONDS):
        host, joiner = await asyncio.gather(hosting, joining, return_exceptions=True)
    yield host, joiner
    for side in (host, joiner):
        if isinstance(side, Met):
            side.carrier.close()


async def test_both_sides_agree_on_a_key_and_carry_lines_both_ways(
    rendezvous: Rendezvous,
) -> None:
    async with two_meet(rendezvous) as (host, joiner):
        assert isinstance(host, Met) and isinstance(joiner, Met)
        assert host.key == joiner.key and len(host.key) == 32
        assert host.again == joiner.again and wormhole_code(host.again) == host.again
        host.carrier.send(b"to the joiner")
        joiner.carrier.send(b"to the host")
        assert await joiner.carrier.receive(SECONDS) == b"to the joiner"
        assert await host.carrier.receive(SECONDS) == b"to the host"


async def test_a_wrong_code_is_refused_on_both_sides_in_words(rendezvous: Rendezvous) -> None:
    async with two_meet(rendezvous, wrong=True) as sides:
        for side in sides:
            assert isinstance(side, WrongCode), side
            assert_said_for_a_player(str(side))


async def test_the_code_of_the_first_meeting_meets_again(rendezvous: Rendezvous) -> None:
    async with two_meet(rendezvous) as (first, _joiner):
        assert isinstance(first, Met)
        again = first.again
    async with asyncio.timeout(SECONDS):
        host, joiner = await asyncio.gather(
            meet(rendezvous, Role.HOST, again), meet(rendezvous, Role.JOINER, again)
        )
    assert host.key == joiner.key != first.key
    assert host.again == joiner.again
    host.carrier.send(b"again")
    assert await joiner.carrier.receive(SECONDS) == b"again"


async def test_no_mailbox_is_said_in_one_line(rendezvous: Rendezvous) -> None:
    from tests.rendezvous_servers import free_port

    nowhere = Rendezvous(f"ws://127.0.0.1:{free_port()}/v1", rendezvous.transit, direct=False)
    with pytest.raises(Unreachable) as unreachable:
        await asyncio.wait_for(meet(nowhere, Role.HOST, None), SECONDS)
    assert_said_for_a_player(str(unreachable.value))


async def test_a_session_that_cannot_reach_a_mailbox_stops_and_names_the_direct_mode(
    rendezvous: Rendezvous,
) -> None:
    from tests.rendezvous_servers import free_port

    heard = Heard()
    session = Session(Role.JOINER, b"", heard)
    session.meet(Rendezvous(f"ws://127.0.0.1:{free_port()}/v1", rendezvous.transit), "7-a-b")
    assert await heard.until(lambda: heard.of("refused"), SECONDS)
    [reason] = heard.of("refused")
    assert "--direct" in reason and session.stopped
    assert_said_for_a_player(reason)


async def test_a_side_taking_up_a_match_met_by_a_code_is_not_sent_to_the_direct_mode(
    rendezvous: Rendezvous,
) -> None:
    """``--direct`` cannot go on with a match met by a code: without a mailbox, such a
    side hears what can (the servers when they are back, or servers of its own)."""
    from tests.rendezvous_servers import free_port

    heard = Heard()
    session = Session(Role.JOINER, b"", heard, taking_up=True)
    session.meet(Rendezvous(f"ws://127.0.0.1:{free_port()}/v1", rendezvous.transit), "7-a-b")
    assert await heard.until(lambda: heard.of("refused"), SECONDS)
    [reason] = heard.of("refused")
    assert "--direct" not in reason and "--mailbox" in reason and "saved" in reason
    assert_said_for_a_player(reason)
    await session.close()


async def test_a_relay_that_refuses_is_named_when_the_sides_meet_again(
    rendezvous: Rendezvous,
) -> None:
    """Both sides meet at the mailbox, and the transit relay they name refuses them: each
    says it cannot reach the relay, at its address, not that the connection was closed."""
    from tests.rendezvous_servers import free_port

    down = Rendezvous(rendezvous.mailbox, f"127.0.0.1:{free_port()}", direct=False)
    again = again_code(secrets.token_bytes(32))
    heard_by = {role: Heard() for role in Role}
    sides = [(Session(role, b"", heard), heard) for role, heard in heard_by.items()]
    for session, _heard in sides:
        session.again = again
        session.meet(down, again)
    try:
        for _session, heard in sides:
            assert await heard.until(lambda heard=heard: heard.of("lost"), SECONDS), heard.said
            reason = heard.of("lost")[0]
            assert f"cannot reach the transit relay {down.transit} (" in reason, reason
            assert_said_for_a_player(reason)
    finally:
        for session, _heard in sides:
            await session.close()


async def test_two_sessions_meet_by_the_code_and_hear_each_other(rendezvous: Rendezvous) -> None:
    codes: list[str] = []

    class HostHeard(Heard):
        def code_given(self, code: str) -> None:
            codes.append(code)

    hosted, joined = HostHeard(), Heard()
    host = Session(Role.HOST, b"", hosted, points=3)
    joiner = Session(Role.JOINER, b"", joined)
    host.meet(rendezvous, None)
    assert await hosted.until(lambda: codes, SECONDS)
    joiner.meet(rendezvous, codes[0])
    assert await joined.until(lambda: joined.of("connected"), SECONDS)
    [welcome] = joined.of("connected")
    assert welcome.points == 3
    assert host.again == joiner.again is not None
    await host.close()
    await joiner.close()


@dataclass
class HostHeard(Heard):
    """A host's listener that also writes down each code the host gives its friend."""

    codes: list[str] = field(default_factory=list)

    def code_given(self, code: str) -> None:
        self.codes.append(code)


async def new_match_host(rendezvous: Rendezvous) -> tuple[Session, HostHeard]:
    """A new match's host waiting at the code the mailbox gave it, pausing only a moment
    after a wrong code (the rule is the same, the test quicker)."""
    hosted = HostHeard()
    host = Session(Role.HOST, b"", hosted)
    host.wrong_code_seconds = 0.01
    host.meet(rendezvous, None)
    assert await hosted.until(lambda: hosted.codes, SECONDS)
    return host, hosted


async def guess(rendezvous: Rendezvous, code: str, attempt: int) -> None:
    """A stranger who read the code's number in the mailbox's list guesses its words."""
    nameplate = code.split("-")[0]
    with pytest.raises(WrongCode):
        await asyncio.wait_for(
            meet(rendezvous, Role.JOINER, f"{nameplate}-guess-{attempt}"), SECONDS
        )


async def test_a_wrong_code_stops_the_joiner_and_the_host_keeps_its_code_for_the_friend(
    rendezvous: Rendezvous,
) -> None:
    """A wrong code costs the guesser, not the players: the host's code does not change
    while a stranger guesses, and the friend who holds it still gets in."""
    host, hosted = await new_match_host(rendezvous)
    [code] = hosted.codes
    refused = Heard()
    guesser = Session(Role.JOINER, b"", refused)
    guesser.meet(rendezvous, code + "-wrong")
    assert await refused.until(lambda: refused.of("refused"), SECONDS)
    assert guesser.stopped
    for attempt in range(WRONG_CODES - 2):  # one short of the limit, with the one above
        await guess(rendezvous, code, attempt)
    assert await hosted.until(lambda: len(hosted.of("turned away")) == WRONG_CODES - 1, SECONDS)
    assert hosted.codes == [code] and not host.stopped
    for reason in [*refused.of("refused"), *hosted.of("turned away")]:
        assert_said_for_a_player(reason)
    joined = Heard()
    friend = Session(Role.JOINER, b"", joined)
    friend.meet(rendezvous, code)
    assert await joined.until(lambda: joined.of("connected"), SECONDS)
    await host.close()
    await friend.close()
    await guesser.close()


async def test_after_a_few_wrong_codes_the_host_gives_its_code_up_and_says_so(
    rendezvous: Rendezvous,
) -> None:
    host, hosted = await new_match_host(rendezvous)
    [code] = hosted.codes
    for attempt in range(WRONG_CODES):
        await guess(rendezvous, code, attempt)
    assert await hosted.until(lambda: hosted.of("refused"), SECONDS)
    assert host.stopped and hosted.codes == [code]
    [reason] = hosted.of("refused")
    assert f"wrong codes {WRONG_CODES} times" in reason and "new code" in reason
    assert_said_for_a_player(reason)
    await host.close()


async def test_a_code_typed_at_the_prompt_meets_on_the_wormhole_it_opened(
    rendezvous: Rendezvous, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the player types at ``nardy join``'s prompt (Tab completing it there) is the
    code the meeting then uses, on the wormhole the prompt opened."""
    import builtins

    codes: asyncio.Queue[str] = asyncio.Queue()
    hosting = asyncio.create_task(meet(rendezvous, Role.HOST, None, codes.put_nowait))
    code = await asyncio.wait_for(codes.get(), SECONDS)
    monkeypatch.setattr(builtins, "input", lambda prompt: code)
    typed = await asyncio.wait_for(asyncio.to_thread(typed_code, rendezvous, "code: "), SECONDS)
    assert typed == code
    async with asyncio.timeout(SECONDS):
        host, joiner = await asyncio.gather(hosting, meet(rendezvous, Role.JOINER, typed))
    assert host.key == joiner.key
    host.carrier.close()
    joiner.carrier.close()


async def test_a_typed_code_that_cannot_be_one_is_refused_in_words(
    rendezvous: Rendezvous, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    monkeypatch.setattr(builtins, "input", lambda prompt: "crossover-clockwork")
    with pytest.raises(WrongCode) as wrong:
        await asyncio.wait_for(asyncio.to_thread(typed_code, rendezvous, "code: "), SECONDS)
    assert_said_for_a_player(str(wrong.value))


def test_only_well_formed_hints_reach_transit_and_on_loopback_only_the_relays() -> None:
    from nardy_tui.net.rendezvous import _their_hints

    direct = {"type": "direct-tcp-v1", "hostname": "192.0.2.7", "port": 4321, "priority": 0.0}
    relay_way = {"type": "direct-tcp-v1", "hostname": "127.0.0.1", "port": 4001}
    sent = [
        direct,
        {"type": "relay-v1", "hints": [relay_way, {"hostname": 5}, "x"]},
        {"type": "relay-v1", "hints": "not a list"},
        {"type": "direct-tcp-v1", "hostname": "a", "port": 70000},
        {"type": "direct-tcp-v1", "hostname": "a", "port": True},
        {"type": "direct-tcp-v1", "hostname": "a", "port": 1, "priority": "high"},
        "a hint",
    ]
    message = json.dumps(sent).encode()
    relay = {"type": "relay-v1", "hints": [relay_way]}
    assert _their_hints(message, direct=True) == [direct, relay]
    assert _their_hints(message, direct=False) == [relay]
    for bad in (b"[" * 5000 + b"]" * 5000, b"{}", b"[" + b"1," * 10_000 + b"1]"):
        with pytest.raises(ValueError):
            _their_hints(bad, direct=True)


async def test_a_stranger_under_the_code_of_later_meetings_does_not_end_the_match(
    rendezvous: Rendezvous,
) -> None:
    """The number of that code is listed at the mailbox: a stranger who claims it with
    other words is turned away, and the friend still meets the host with the code."""
    import secrets

    again = again_code(secrets.token_bytes(32))
    hosted, joined = Heard(), Heard()
    host = Session(Role.HOST, b"", hosted)
    host.again = again
    host.meet(rendezvous, again)
    stranger = asyncio.create_task(
        meet(rendezvous, Role.JOINER, again.split("-")[0] + "-not-the-words")
    )
    with pytest.raises(WrongCode):
        await asyncio.wait_for(stranger, SECONDS)
    assert await hosted.until(lambda: hosted.of("turned away"), SECONDS)
    assert not host.stopped
    joiner = Session(Role.JOINER, b"", joined)
    joiner.again = again
    joiner.meet(rendezvous, again)
    assert await joined.until(lambda: joined.of("connected"), SECONDS)
    await host.close()
    await joiner.close()


async def test_a_side_that_proves_the_code_and_then_goes_quiet_is_given_up(
    rendezvous: Rendezvous, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The friend's program stopped after the code was proved, before it said how to reach
    it: the host gives that meeting up in words (and its session meets again)."""
    from nardy_tui.net import rendezvous as meeting

    monkeypatch.setattr(meeting, "HINTS_SECONDS", 1.0)
    codes: asyncio.Queue[str] = asyncio.Queue()
    hosting = asyncio.create_task(meet(rendezvous, Role.HOST, None, codes.put_nowait))
    code = await asyncio.wait_for(codes.get(), SECONDS)
    reactor = meeting.Reactor.running()

    async def prove_the_code_then_say_nothing() -> object:
        hole = meeting._new_wormhole(reactor, rendezvous)
        hole.set_code(code)
        await hole.get_verifier()
        return hole

    quiet = await reactor.run(prove_the_code_then_say_nothing)
    with pytest.raises(Silent) as gave_up:
        await asyncio.wait_for(hosting, SECONDS)
    assert_said_for_a_player(str(gave_up.value))
    reactor.call(quiet.close)


@pytest.mark.slow
async def test_a_stranger_guessing_for_a_minute_changes_no_code_and_the_friend_still_gets_in(
    rendezvous: Rendezvous,
) -> None:
    """The issue's guesser, at the host's real pace: wrong codes one after another for 60 s
    (the host pausing 5, 10, 20, 40 s between them) leave the code the friend holds as it
    was and the host waiting; the friend then meets it."""
    hosted = HostHeard()
    host = Session(Role.HOST, b"", hosted)
    host.meet(rendezvous, None)
    try:
        assert await hosted.until(lambda: hosted.codes, SECONDS)
        [code] = hosted.codes
        nameplate, guesses = code.split("-")[0], 0
        loop = asyncio.get_running_loop()
        until = loop.time() + 60.0
        while (left := until - loop.time()) > 0:
            with contextlib.suppress(TimeoutError, WrongCode):
                guessing = meet(rendezvous, Role.JOINER, f"{nameplate}-guess-{guesses}")
                await asyncio.wait_for(guessing, left)
            guesses += 1
        assert hosted.codes == [code] and not host.stopped and not hosted.of("refused")
        assert 3 <= len(hosted.of("turned away")) < WRONG_CODES
        joined = Heard()
        friend = Session(Role.JOINER, b"", joined)
        friend.meet(rendezvous, code)
        assert await joined.until(lambda: joined.of("connected"), 60.0), joined.said
        await friend.close()
    finally:
        await host.close()
