"""Nothing another machine sends over the line can crash the game, hold its seat or slip
past the checks: over a real socket on this machine, every stranger is turned away and the
friend with the code still gets in, strangers guess codes no faster than one a second
however many connections they open, and after the handshake anything but a sealed message
of ours ends the session once, with a reason for the player, and never with a traceback.

The other way round, a joiner that meets something other than a nardy host with the code
hears the line lost or refused, and nothing more.

Every test collects what escapes to the event loop's exception handler (an exception in a
connection's task, a task's exception never retrieved) and requires that nothing did.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

from nardy_tui.net import PROTOCOL_VERSION, Listener, Ping, ProtocolError, Role, Session, Welcome
from nardy_tui.net import code_key as stretched
from nardy_tui.net import line as line_module
from nardy_tui.net import session as session_module
from nardy_tui.net.auth import Seal, new_nonce, proof, proof_is_right, session_key
from nardy_tui.net.gate import CHECK_SECONDS
from nardy_tui.net.line import BURST
from nardy_tui.net.messages import MAX_LINE, Message, decode, encode
from tests.net.fake_clock import FakeClock

LOCALHOST = "127.0.0.1"
KEY = stretched("k7m2-x9qp")
WRONG_KEY = stretched("k7m2-x9qr")
VERSION = str(PROTOCOL_VERSION).encode()
"""The version as it stands in a line written by hand."""
SECONDS = 5.0
"""The longest any test waits for something to be heard: far more than any of it takes."""


# -- listening to a session ---------------------------------------------------------------


@dataclass
class Heard(Listener):
    """A listener that writes down everything it hears, in order."""

    said: list[tuple[str, object]] = field(default_factory=list)
    strangers: list[str] = field(default_factory=list)
    """Where each connection turned away came from."""

    def connected(self, welcome: Welcome | None) -> None:
        self.said.append(("connected", welcome))

    def arrived(self, message: Message) -> None:
        self.said.append(("arrived", message))

    def lost(self, reason: str) -> None:
        self.said.append(("lost", reason))

    def refused(self, reason: str) -> None:
        self.said.append(("refused", reason))

    def turned_away(self, address: str, reason: str) -> None:
        self.strangers.append(address)
        self.said.append(("turned away", reason))

    def broken(self, reason: str) -> None:
        self.said.append(("broken", reason))

    def waiting(self) -> None:
        self.said.append(("waiting", None))

    def of(self, kind: str) -> list[Any]:
        return [what for heard, what in self.said if heard == kind]

    @property
    def kinds(self) -> list[str]:
        return [heard for heard, _what in self.said]

    async def until(self, done: Callable[[], object], seconds: float = SECONDS) -> bool:
        """Wait until ``done()`` holds for what was heard; whether it did in time."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while not done():
                    await asyncio.sleep(0.005)
        return bool(done())


def assert_said_for_a_player(reason: object) -> None:
    """A reason is one line of words, not a traceback or an exception's name, and an
    error's own sentence put inside ours brings no full stop along ("refused.).")."""
    assert isinstance(reason, str) and reason.strip(), reason
    assert "\n" not in reason and "Traceback" not in reason and "Error" not in reason, reason
    assert ".)" not in reason and ".;" not in reason, reason


def catch_what_escapes() -> list[dict[str, Any]]:
    """Whatever reaches the running loop's exception handler from now on."""
    escaped: list[dict[str, Any]] = []
    asyncio.get_running_loop().set_exception_handler(lambda _loop, context: escaped.append(context))
    return escaped


def assert_nothing_escaped(escaped: list[dict[str, Any]], collect: bool = False) -> None:
    """The host's connections report their exceptions as they end; a joiner's task that
    died is reported only once it is collected (``collect``)."""
    if collect:
        gc.collect()
    assert escaped == [], [context.get("exception", context["message"]) for context in escaped]


@dataclass
class Host:
    session: Session
    heard: Heard
    port: int
    escaped: list[dict[str, Any]]
    time: FakeClock


@pytest.fixture
async def host() -> AsyncIterator[Host]:
    """A host waiting on a free port of this machine, for a match to 3 points."""
    escaped = catch_what_escapes()
    heard = Heard()
    session = Session(Role.HOST, KEY, heard, points=3)
    time = FakeClock()
    session.gate = time.gate()
    port = await session.host(0, LOCALHOST)
    yield Host(session, heard, port, escaped, time)
    await session.close()


async def assert_the_friend_still_gets_in(host: Host) -> None:
    """Once the strangers have gone and any pause they caused is over, a real joiner with
    the code reaches the host, and both hear the line come up."""
    host.time.wait_out_any_pause()
    heard = Heard()
    joiner = Session(Role.JOINER, KEY, heard)
    joiner.join(LOCALHOST, host.port)
    try:
        assert await heard.until(lambda: heard.of("connected"))
        assert await host.heard.until(lambda: host.heard.of("connected"))
    finally:
        await joiner.close()
    assert heard.of("connected") == [Welcome(3)] and host.heard.of("connected") == [None]


# -- strangers: whatever comes before or instead of the handshake -------------------------

Answer = Callable[[str], bytes]
"""What a stranger sends once it has read the host's hello (given the host's nonce)."""


def plain(fields: object) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def join(
    host_nonce: str,
    key: bytes = KEY,
    role: Role = Role.JOINER,
    nonce: str | None = None,
    **changed: object,
) -> bytes:
    """A join line, right unless told otherwise (``changed``: fields replaced or added)."""
    joiner_nonce = new_nonce() if nonce is None else nonce
    fields: dict[str, object] = {
        "t": "join",
        "v": PROTOCOL_VERSION,
        "nonce": joiner_nonce,
        "proof": proof(key, role, host_nonce, joiner_nonce),
    }
    fields.update(changed)
    return plain({key: value for key, value in fields.items() if value is not None})


def garbage(seed: int, _host_nonce: str = "") -> bytes:
    """Random bytes of any length up to twice a line, ending a line or not."""
    chance = random.Random(seed)
    data = chance.randbytes(chance.choice([1, 16, 200, MAX_LINE - 1, 2 * MAX_LINE]))
    return data + b"\n" if chance.random() < 0.7 else data


def deep(opening: bytes, depth: int) -> bytes:
    return opening * depth + b"\n"


STRANGERS: dict[str, Answer] = {
    "closes without a word": lambda _nonce: b"",
    "an empty line": lambda _nonce: b"\n",
    "a line of spaces": lambda _nonce: b"  \t \r\n",
    "half a line": lambda _nonce: b'{"t":"jo',
    "a line longer than MAX_LINE": lambda _nonce: b"x" * (4 * MAX_LINE) + b"\n",
    "a line without end": lambda _nonce: b"{" * (64 * MAX_LINE),
    "JSON arrays nested a thousand deep": lambda _nonce: deep(b"[", MAX_LINE - 48),
    "JSON objects nested four hundred deep": lambda _nonce: deep(b'{"a":', 400),
    "not UTF-8": lambda _nonce: b'{"t":"join","v":' + VERSION + b',"nonce":"\xff\xfe\xfd"}\n',
    "a JSON array": lambda _nonce: plain(["join", 1]),
    "a JSON number": lambda _nonce: plain(1),
    "a JSON string": lambda _nonce: plain("join"),
    "JSON null": lambda _nonce: plain(None),
    "an empty object": lambda _nonce: plain({}),
    "a version that is not a number": lambda nonce: join(nonce, v="1"),
    "a version of NaN": lambda _nonce: b'{"t":"join","v":NaN}\n',
    "a version beyond floats": lambda _nonce: b'{"t":"join","v":1e999}\n',
    "another protocol version": lambda nonce: join(nonce, v=PROTOCOL_VERSION + 1),
    "no version": lambda nonce: join(nonce, v=None),
    "the host's hello sent back": lambda nonce: plain(
        {"t": "hello", "v": PROTOCOL_VERSION, "nonce": nonce}
    ),
    "a welcome instead of a join": lambda nonce: plain(
        {"t": "welcome", "v": PROTOCOL_VERSION, "points": 3, "proof": "0" * 64}
    ),
    "a refusal instead of a join": lambda _nonce: plain({"t": "refused", "why": "code"}),
    "a join with no proof": lambda nonce: join(nonce, proof=None),
    "a proof that is a number": lambda nonce: join(nonce, proof=7),
    "a proof that is not ASCII": lambda nonce: join(nonce, proof="é" * 64),
    "a proof with a lone surrogate": lambda nonce: (
        b'{"t":"join","v":'
        + VERSION
        + b',"nonce":"'
        + new_nonce().encode()
        + b'","proof":"\\ud800"}\n'
    ),
    "a join under another code": lambda nonce: join(nonce, key=WRONG_KEY),
    "the host's proof instead of the joiner's": lambda nonce: join(nonce, role=Role.HOST),
    "a proof for another hello": lambda _nonce: join(new_nonce()),
    "a join with no nonce": lambda nonce: join(nonce, nonce="", proof="0" * 64),
    "a nonce too short": lambda nonce: join(nonce, nonce="ab"),
    "a nonce too long": lambda nonce: join(nonce, nonce="a" * 65),
    "a nonce that is a number": lambda nonce: plain(
        {"t": "join", "v": PROTOCOL_VERSION, "nonce": 12345678901234567890, "proof": "0" * 64}
    ),
    "a nonce with lone surrogates": lambda _nonce: (
        b'{"t":"join","v":'
        + VERSION
        + b',"nonce":"'
        + b"\\ud800" * 16
        + b'","proof":"'
        + b"0" * 64
        + b'"}\n'
    ),
    "a type that is not a string": lambda nonce: join(nonce, t=["join"]),
    **{f"random bytes {seed}": functools.partial(garbage, seed) for seed in range(24)},
}


async def knock(port: int, answer: Answer) -> bytes:
    """Connect as a stranger, read the host's hello, send ``answer`` to it and then nothing
    more, and return everything the host says before it hangs up."""
    reader, writer = await asyncio.open_connection(LOCALHOST, port)
    try:
        hello = json.loads(await reader.readline())
        writer.write(answer(hello["nonce"]))
        await writer.drain()
        writer.write_eof()
        return await asyncio.wait_for(reader.read(), SECONDS)
    except ConnectionError:  # the host hung up while a long line was still being sent
        return b""
    finally:
        writer.close()


async def test_every_stranger_is_turned_away_and_the_friend_still_gets_in(host: Host) -> None:
    replies = await asyncio.gather(*(knock(host.port, answer) for answer in STRANGERS.values()))
    await host.heard.until(lambda: len(host.heard.of("turned away")) == len(STRANGERS))
    assert_nothing_escaped(host.escaped)
    assert len(host.heard.of("turned away")) == len(STRANGERS), host.heard.said
    assert set(host.heard.kinds) == {"turned away"}, host.heard.said
    assert set(host.heard.strangers) == {LOCALHOST}
    for reason in host.heard.of("turned away"):
        assert_said_for_a_player(reason)
    for name, reply in zip(STRANGERS, replies, strict=True):
        assert b'"welcome"' not in reply, name
    assert not host.session.is_connected and not host.session.stopped
    await assert_the_friend_still_gets_in(host)
    assert_nothing_escaped(host.escaped, collect=True)


@pytest.mark.parametrize(
    "name", ["a nonce with lone surrogates", "JSON arrays nested a thousand deep"]
)
async def test_a_stranger_alone_is_refused_with_a_reason(host: Host, name: str) -> None:
    """The strangers that once escaped as exceptions (a nonce that cannot be hashed as text,
    JSON too deep to parse), on their own."""
    await knock(host.port, STRANGERS[name])
    await host.heard.until(lambda: host.heard.of("turned away"))
    assert_nothing_escaped(host.escaped)
    [reason] = host.heard.of("turned away")
    assert_said_for_a_player(reason)


def wrong_code(host_nonce: str) -> bytes:
    return join(host_nonce, key=WRONG_KEY)


async def test_fifty_connections_at_once_guess_no_faster_than_one_code_a_second(host: Host) -> None:
    """The gate is shared by every connection: of fifty wrong codes sent at once, the host
    checks one a second (on the gate's clock) and turns the rest away unchecked."""
    await asyncio.gather(*(knock(host.port, wrong_code) for _ in range(50)))
    assert await host.heard.until(lambda: len(host.heard.of("turned away")) == 50)
    reasons = host.heard.of("turned away")
    checked = reasons.count("a wrong code")
    assert 1 <= checked <= 1 + host.time.now / CHECK_SECONDS, (checked, host.time.now)
    assert reasons.count("too many tries at once, turned away unchecked") == 50 - checked
    await assert_the_friend_still_gets_in(host)
    assert_nothing_escaped(host.escaped, collect=True)


async def test_a_joiner_turned_away_unchecked_tries_again_and_gets_in(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the gate is shut after many wrong codes, the friend's game hears that the
    host is busy and tries again, not that it was refused for good."""
    monkeypatch.setattr(session_module, "RETRY_SECONDS", 0.05)
    for _ in range(10):
        await knock(host.port, wrong_code)
    heard = Heard()
    joiner = Session(Role.JOINER, KEY, heard)
    joiner.join(LOCALHOST, host.port)
    try:
        assert await heard.until(lambda: heard.of("lost"))
        host.time.wait_out_any_pause()
        assert await heard.until(lambda: heard.of("connected"))
    finally:
        await joiner.close()
    assert heard.of("lost")[0] == "the host is turning strangers away just now"
    assert "refused" not in heard.kinds
    assert_nothing_escaped(host.escaped, collect=True)


@pytest.fixture
def quick_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(line_module, "HANDSHAKE_SECONDS", 0.2)
    monkeypatch.setattr(line_module, "QUIET_SECONDS", 0.3)
    monkeypatch.setattr(session_module, "PING_SECONDS", 0.05)


@pytest.mark.parametrize(
    "first", [b"", b'{"t":"join","v":' + VERSION + b',"non'], ids=["nothing", "half a line"]
)
@pytest.mark.usefixtures("quick_timeouts")
async def test_a_stranger_who_goes_silent_in_the_handshake_is_timed_out(
    host: Host, first: bytes
) -> None:
    """...and told as a stranger's failed attempt, not as a friend gone quiet."""
    reader, writer = await asyncio.open_connection(LOCALHOST, host.port)
    writer.write(first)
    try:
        assert await host.heard.until(lambda: host.heard.of("turned away"))
        assert await asyncio.wait_for(reader.read(), SECONDS)  # the hello, then it hangs up
    finally:
        writer.close()
    assert host.heard.of("turned away") == ["nothing said in time"]
    await assert_the_friend_still_gets_in(host)
    assert_nothing_escaped(host.escaped, collect=True)


# -- after the handshake: only sealed messages of ours -------------------------------------


@dataclass
class Joined:
    """A raw client that made the handshake with the code by hand and seals what it sends."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    seal: Seal

    def send_line(self, line: bytes) -> None:
        self.writer.write(line + b"\n")

    def send_body(self, body: bytes) -> None:
        self.send_line(self.seal.close(body))

    def send(self, message: Message) -> None:
        self.send_body(encode(message))

    async def until_hung_up(self) -> None:
        """Wait for the host to close the line (what it still says is read and dropped);
        ``TimeoutError`` if it does not."""
        with contextlib.suppress(ConnectionError):
            await asyncio.wait_for(self.reader.read(), SECONDS)

    def close(self) -> None:
        self.writer.close()


async def join_by_hand(port: int) -> Joined:
    reader, writer = await asyncio.open_connection(LOCALHOST, port)
    hello = json.loads(await reader.readline())
    host_nonce, joiner_nonce = hello["nonce"], new_nonce()
    writer.write(join(host_nonce, nonce=joiner_nonce))
    welcome = json.loads(await reader.readline())
    assert welcome["t"] == "welcome"
    assert proof_is_right(KEY, Role.HOST, host_nonce, joiner_nonce, welcome["proof"])
    return Joined(reader, writer, Seal(session_key(KEY, host_nonce, joiner_nonce), Role.JOINER))


def _changed_seal(joined: Joined) -> None:
    line = joined.seal.close(encode(Ping()))
    joined.send_line(bytes([line[0] ^ 1]) + line[1:])


def _changed_body(joined: Joined) -> None:
    joined.send_line(joined.seal.close(b'{"t":"ping"}').replace(b"ping", b"bye"))


def _replayed(joined: Joined) -> None:
    line = joined.seal.close(encode(Ping()))
    joined.send_line(line)
    joined.send_line(line)


def _skipped(joined: Joined) -> None:
    joined.seal.close(encode(Ping()))  # sealed, never sent: the next one is out of order
    joined.send(Ping())


def _reflected(joined: Joined) -> None:
    joined.send_line(Seal(joined.seal.key, Role.HOST).close(encode(Ping())))


def _another_key(joined: Joined) -> None:
    joined.send_line(Seal(WRONG_KEY, Role.JOINER).close(encode(Ping())))


def _too_long(joined: Joined) -> None:
    joined.send_body(b'{"t":"ping","pad":"' + b"x" * MAX_LINE + b'"}')


def _endless(joined: Joined) -> None:
    joined.writer.write(b"0" * (8 * MAX_LINE))


def _flood(joined: Joined) -> None:
    joined.writer.write(
        b"".join(joined.seal.close(encode(Ping())) + b"\n" for _ in range(3 * BURST))
    )


def _random_line(seed: int, joined: Joined) -> None:
    joined.send_line(random.Random(seed).randbytes(300).replace(b"\n", b""))


def _sealed(body: bytes) -> Callable[[Joined], None]:
    return lambda joined: joined.send_body(body)


NOT_THE_FRIENDS: dict[str, tuple[Callable[[Joined], None], str]] = {
    "an empty line": (lambda joined: joined.send_line(b""), "seal"),
    "a line with no seal": (lambda joined: joined.send_line(b'{"t":"ping"}'), "seal"),
    **{
        f"random bytes {seed}": (functools.partial(_random_line, seed), "seal") for seed in range(4)
    },
    "a seal changed": (_changed_seal, "seal"),
    "a body changed under its seal": (_changed_body, "seal"),
    "a line sent twice": (_replayed, "seal"),
    "a line out of order": (_skipped, "seal"),
    "a line sealed as the host seals": (_reflected, "seal"),
    "a line sealed with another code": (_another_key, "seal"),
    "a line longer than MAX_LINE": (_too_long, "a message is too long"),
    "a line without end": (_endless, "a message is too long"),
}
"""Lines that do not carry the friend's seal: they may have been changed on the way or
sent by anyone on the path, so they say nothing about the friend."""

SEALED_BUT_WRONG: dict[str, tuple[Callable[[Joined], None], str]] = {
    "more messages than the rate allows": (_flood, "the other side sends too many messages"),
    "sealed, not JSON": (_sealed(b"ping"), "a message is not JSON"),
    "sealed, not UTF-8": (_sealed(b'{"t":"\xff"}'), "a message is not JSON"),
    "sealed, nested too deep": (_sealed(b"[" * (MAX_LINE - 100)), "a message is not JSON"),
    "sealed, an array": (_sealed(b'["ping"]'), "a message is not a JSON object"),
    "sealed, of no type": (_sealed(b'{"turn":1}'), "a message of an unknown type"),
    "sealed, of an unknown type": (_sealed(b'{"t":"hello"}'), "a message of an unknown type"),
    "sealed, a field too many": (_sealed(b'{"t":"ping","x":1}'), "with the wrong fields"),
    "sealed, a field missing": (_sealed(b'{"t":"commit","throw":1}'), "with the wrong fields"),
    "sealed, throw 0": (
        _sealed(b'{"t":"commit","throw":0,"hash":"' + b"a" * 64 + b'"}'),
        "is not a number from",
    ),
    "sealed, a throw of true": (
        _sealed(b'{"t":"reveal","throw":true,"secret":"' + b"a" * 64 + b'"}'),
        "is not a number from",
    ),
    "sealed, a turn that is a float": (
        _sealed(b'{"t":"play","turn":1.0,"steps":[]}'),
        "is not a number from",
    ),
    "sealed, a hash in capitals": (
        _sealed(b'{"t":"commit","throw":1,"hash":"' + b"A" * 64 + b'"}'),
        "is not 64 hex digits",
    ),
    "sealed, five steps": (
        _sealed(b'{"t":"play","turn":0,"steps":' + json.dumps([[24, 18, 6]] * 5).encode() + b"}"),
        "at most four steps",
    ),
    "sealed, a step of two numbers": (
        _sealed(b'{"t":"play","turn":0,"steps":[[24,18]]}'),
        "a step is not three numbers",
    ),
    "sealed, a step off the board": (
        _sealed(b'{"t":"play","turn":0,"steps":[[25,19,6]]}'),
        "a step is off the board",
    ),
    "sealed, game 1": (_sealed(b'{"t":"next","game":1}'), "is not a number from"),
}
"""Lines sealed right, so from the friend, that break the protocol."""


async def send_after_the_handshake(host: Host, send: Callable[[Joined], None]) -> None:
    joined = await join_by_hand(host.port)
    try:
        assert await host.heard.until(lambda: host.heard.of("connected"))
        send(joined)
        with contextlib.suppress(ConnectionError):
            await joined.writer.drain()
        assert await host.heard.until(lambda: host.heard.of("broken") or host.heard.of("lost"))
        await joined.until_hung_up()
    finally:
        joined.close()
    await asyncio.sleep(0.01)  # anything heard late would be heard by now


def assert_heard_once_after_pings(host: Host, kind: str, reason: str) -> None:
    """After the connection, the host heard only pings sealed right, then ``kind`` once,
    with ``reason`` in words for a player."""
    [heard] = host.heard.of(kind)
    assert reason in heard
    assert_said_for_a_player(heard)
    kinds = host.heard.kinds
    assert kinds == ["connected", *["arrived"] * (len(kinds) - 2), kind], kinds
    assert all(isinstance(message, Ping) for message in host.heard.of("arrived"))


@pytest.mark.parametrize("name", list(NOT_THE_FRIENDS))
async def test_a_line_without_the_friends_seal_drops_only_that_connection(
    host: Host, name: str
) -> None:
    """The host hears ``lost`` once, with the reason, hangs up that connection and waits on:
    the match is not ended, and the friend gets back in."""
    send, reason = NOT_THE_FRIENDS[name]
    await send_after_the_handshake(host, send)
    assert_heard_once_after_pings(host, "lost", reason)
    assert not host.session.stopped and not host.session.is_connected
    host.heard.said.clear()
    await assert_the_friend_still_gets_in(host)
    assert_nothing_escaped(host.escaped, collect=True)


@pytest.mark.parametrize("name", list(SEALED_BUT_WRONG))
async def test_a_sealed_line_that_is_no_message_of_ours_breaks_the_session_once(
    host: Host, name: str
) -> None:
    """The host hears ``broken`` once, with the reason, hangs up and stops: no ``lost``
    after it, no second ``broken``, and only the pings sealed right arrived before it."""
    send, reason = SEALED_BUT_WRONG[name]
    await send_after_the_handshake(host, send)
    assert_heard_once_after_pings(host, "broken", reason)
    assert host.session.stopped and not host.session.is_connected
    assert_nothing_escaped(host.escaped)


async def test_the_rate_lets_a_burst_through_before_it_cuts_the_line(host: Host) -> None:
    joined = await join_by_hand(host.port)
    try:
        _flood(joined)
        assert await host.heard.until(lambda: host.heard.of("broken"))
    finally:
        joined.close()
    assert len(host.heard.of("arrived")) >= BURST
    assert_nothing_escaped(host.escaped)


@pytest.mark.usefixtures("quick_timeouts")
async def test_a_joiner_that_goes_silent_is_lost_and_the_seat_is_free_again(host: Host) -> None:
    joined = await join_by_hand(host.port)
    try:
        assert await host.heard.until(lambda: host.heard.of("lost"))
    finally:
        joined.close()
    assert host.heard.of("lost") == ["the other side has been silent too long"]
    assert not host.session.stopped and not host.session.is_connected
    host.heard.said.clear()
    await assert_the_friend_still_gets_in(host)
    assert_nothing_escaped(host.escaped, collect=True)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
NUMBERS = st.integers(-2, 10_002) | JSON
HEXISH = st.text("0123456789abcdefA", min_size=63, max_size=65) | JSON
MESSAGE_LIKE = st.fixed_dictionaries(
    {"t": st.sampled_from(["commit", "reveal", "play", "next", "sync", "bye", "ping", "hello"])},
    optional={
        "throw": NUMBERS,
        "hash": HEXISH,
        "secret": HEXISH,
        "turn": NUMBERS,
        "steps": st.lists(st.lists(st.integers(-1, 25), max_size=4), max_size=5) | JSON,
        "game": NUMBERS,
        "events": NUMBERS,
        "digest": HEXISH,
        "before_last": HEXISH,
    },
)
BODIES = (
    (
        st.binary(max_size=300)
        | JSON.map(json.dumps).map(str.encode)
        | MESSAGE_LIKE.map(json.dumps).map(str.encode)
    )
    .map(lambda body: body.replace(b"\n", b""))
    .filter(lambda body: len(body) < MAX_LINE - 100)
)


async def _one_sealed_body(body: bytes) -> None:
    escaped = catch_what_escapes()
    heard = Heard()
    session = Session(Role.HOST, KEY, heard, points=3)
    port = await session.host(0, LOCALHOST)
    joined = await join_by_hand(port)
    try:
        assert await heard.until(lambda: heard.of("connected"))
        joined.send_body(body)
        assert await heard.until(lambda: heard.of("arrived") or heard.of("broken"))
    finally:
        joined.close()
        await session.close()
    try:
        message = decode(body)
    except ProtocolError as refused:
        assert heard.of("broken") == [str(refused)] and session.stopped
        assert_said_for_a_player(str(refused))
    else:
        assert heard.of("arrived") == [message] and not heard.of("broken")
    assert_nothing_escaped(escaped)


@settings(max_examples=50, deadline=None)
@given(body=BODIES)
def test_a_well_sealed_line_arrives_as_its_message_or_breaks_the_session(body: bytes) -> None:
    """Whatever is sealed right, the host hears exactly what ``decode`` makes of it."""
    asyncio.run(_one_sealed_body(body))


# -- the joiner's side: a host that is not one --------------------------------------------

FakeAnswer = Callable[[dict[str, Any]], bytes]


def welcome(join_line: dict[str, Any], host_nonce: str, **changed: object) -> bytes:
    fields: dict[str, object] = {
        "t": "welcome",
        "points": 3,
        "proof": proof(KEY, Role.HOST, host_nonce, join_line["nonce"]),
    }
    fields.update(changed)
    return plain(fields)


HOST_NONCE = new_nonce()
HELLO = plain({"t": "hello", "v": PROTOCOL_VERSION, "nonce": HOST_NONCE})
FAKE_HOSTS: dict[str, tuple[bytes, FakeAnswer | None]] = {
    "says nothing and hangs up": (b"", None),
    "an empty line": (b"\n", None),
    "random bytes": (random.Random(7).randbytes(500).replace(b"\n", b"") + b"\n", None),
    "a line longer than MAX_LINE": (b"y" * (3 * MAX_LINE) + b"\n", None),
    "JSON nested too deep": (deep(b"[", MAX_LINE - 48), None),
    "a JSON array": (plain(["hello"]), None),
    "another protocol version": (plain({"t": "hello", "v": 99, "nonce": HOST_NONCE}), None),
    "a hello without a nonce": (plain({"t": "hello", "v": PROTOCOL_VERSION}), None),
    "a nonce that is a number": (plain({"t": "hello", "v": PROTOCOL_VERSION, "nonce": 5}), None),
    "a nonce too long": (plain({"t": "hello", "v": PROTOCOL_VERSION, "nonce": "a" * 65}), None),
    "a nonce with a lone surrogate": (
        b'{"t":"hello","v":' + VERSION + b',"nonce":"\\udfff' + b"a" * 31 + b'"}\n',
        None,
    ),
    "a join instead of a hello": (plain({"t": "join", "v": PROTOCOL_VERSION}), None),
    "no answer to the join": (HELLO, lambda _join: b""),
    "garbage for an answer": (HELLO, lambda _join: b"\x00\x01\x02\n"),
    "refuses the code": (HELLO, lambda _join: plain({"t": "refused", "why": "code"})),
    "refuses as busy": (HELLO, lambda _join: plain({"t": "refused", "why": "busy"})),
    "refuses another version": (
        HELLO,
        lambda _join: plain({"t": "refused", "why": "version", "v": 2}),
    ),
    "refuses for no reason": (HELLO, lambda _join: plain({"t": "refused", "why": [1]})),
    "welcomes without knowing the code": (
        HELLO,
        lambda join_line: welcome(join_line, HOST_NONCE, proof="0" * 64),
    ),
    "welcomes with a proof not ASCII": (
        HELLO,
        lambda join_line: welcome(join_line, HOST_NONCE, proof="ü" * 64),
    ),
    "welcomes to a match of 2 points": (
        HELLO,
        lambda join_line: welcome(join_line, HOST_NONCE, points=2),
    ),
    "welcomes to a match of true points": (
        HELLO,
        lambda join_line: welcome(join_line, HOST_NONCE, points=True),
    ),
}


async def _fake_host(hello: bytes, answer: FakeAnswer | None) -> asyncio.Server:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, ValueError, asyncio.IncompleteReadError):
            writer.write(hello)
            if answer is not None:
                writer.write(answer(json.loads(await reader.readline())))
            await writer.drain()
        writer.close()

    return await asyncio.start_server(serve, LOCALHOST, 0)


async def _joiner_meets(hello: bytes, answer: FakeAnswer | None) -> Heard:
    server = await _fake_host(hello, answer)
    heard = Heard()
    joiner = Session(Role.JOINER, KEY, heard)
    joiner.join(LOCALHOST, server.sockets[0].getsockname()[1])
    try:
        await heard.until(lambda: heard.of("lost") or heard.of("refused"))
    finally:
        await joiner.close()
        server.close()
    return heard


async def test_a_host_that_is_not_one_is_heard_as_lost_or_refused_by_the_joiner() -> None:
    """The other way round: what a machine that is not a nardy host (or does not know the
    code) says to a real joiner ends in ``lost`` (it tries again) or ``refused``, never in
    ``connected`` or an exception in the joiner's task."""
    escaped = catch_what_escapes()
    met = await asyncio.gather(*(_joiner_meets(*fake) for fake in FAKE_HOSTS.values()))
    assert_nothing_escaped(escaped, collect=True)
    for name, heard in zip(FAKE_HOSTS, met, strict=True):
        assert heard.said and heard.kinds[0] in ("lost", "refused"), (name, heard.said)
        assert "connected" not in heard.kinds, name
        assert_said_for_a_player(heard.said[0][1])


async def test_a_friend_back_on_a_new_connection_takes_the_seat_from_the_old_one(
    host: Host,
) -> None:
    """A cut the host has not noticed yet (its old connection still open) does not keep the
    friend out: the new connection, which proved the code, takes the seat, and nothing of
    the old one is heard after it."""
    old = await join_by_hand(host.port)
    try:
        assert await host.heard.until(lambda: host.heard.of("connected"))
        host.time.wait_out_any_pause()
        heard = Heard()
        joiner = Session(Role.JOINER, KEY, heard)
        joiner.join(LOCALHOST, host.port)
        try:
            assert await heard.until(lambda: heard.of("connected"))
            assert await host.heard.until(lambda: len(host.heard.of("connected")) == 2)
            await old.until_hung_up()
            old.send(Ping())  # too late: that connection is closed
            old.close()
            await asyncio.sleep(0.05)
            assert host.session.is_connected and not heard.of("lost")
            # Checked before the joiner leaves: its closing ends its line, which the host
            # hears as lost.
            assert host.heard.kinds == ["connected", "connected"], host.heard.kinds
        finally:
            await joiner.close()
    finally:
        old.close()
    assert_nothing_escaped(host.escaped, collect=True)


async def test_a_host_that_turns_the_joiner_away_before_its_hello_is_tried_again() -> None:
    server = await _fake_host(plain({"t": "refused", "why": "busy"}), None)
    heard = Heard()
    joiner = Session(Role.JOINER, KEY, heard)
    joiner.join(LOCALHOST, server.sockets[0].getsockname()[1])
    try:
        assert await heard.until(lambda: heard.of("lost"))
    finally:
        await joiner.close()
        server.close()
    assert heard.of("lost")[0] == "the host already has a player"
    assert "refused" not in heard.kinds
