"""The line between two nardy programs: the handshake, then sealed messages, bounded in
size and rate, with a quiet line noticed rather than waited on for ever.

A line carries one message per text line, over any ``Carrier``. The handshake's three lines
are plain JSON (they prove the key, ``auth``); every later line is sealed with the session key.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.i18n import _
from nardy_tui.net.auth import (
    Role,
    Seal,
    SealBroken,
    new_nonce,
    proof,
    proof_is_right,
    session_key,
)
from nardy_tui.net.carrier import Carrier, Damaged, LineClosed
from nardy_tui.net.gate import CodeGate
from nardy_tui.net.messages import (
    PROTOCOL_VERSION,
    Message,
    ProtocolError,
    decode,
    encode,
)

HANDSHAKE_SECONDS = 10.0
"""How long each side waits for each line of the handshake."""
QUIET_SECONDS = 20.0
"""A line silent this long is taken for dead (each side pings after ``PING_SECONDS``)."""
PING_SECONDS = 5.0
RATE = 20.0
"""Messages a second a peer may send on average (a burst of ``BURST`` is allowed)."""
BURST = 60


class Refused(ConnectionError):
    """The other side turned this one away (a wrong code, another protocol, a full seat)."""


@dataclass(frozen=True, slots=True)
class Welcome:
    """What the host tells the joiner once both know the code: the match's length, and
    when the host started it (so both sides' records carry the same date and name)."""

    points: int
    started: datetime | None = None


@dataclass
class _Bucket:
    """A token bucket: a peer that sends faster than ``RATE`` on average is cut off."""

    tokens: float = BURST
    last: float = 0.0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE) if self.last else BURST
        self.last = now
        self.tokens -= 1
        return self.tokens >= 0


class Line:
    """One connection after its handshake: sends and receives whole messages."""

    def __init__(self, carrier: Carrier, seal: Seal) -> None:
        self._carrier = carrier
        self._seal = seal
        self._bucket = _Bucket()

    def send(self, message: Message) -> None:
        """Queue ``message`` on the line (a dead line shows on the next receive)."""
        self._carrier.send(self._seal.close(encode(message)))

    async def receive(self) -> Message:
        """The next message; ``LineClosed`` when the line is gone, quiet too long or
        ``Damaged``; ``ProtocolError`` only when the friend, sealing right, sends what is not
        a message of ours or sends too fast."""
        line = await self._carrier.receive(QUIET_SECONDS)
        try:
            body = self._seal.open(line)
        except SealBroken:
            raise Damaged(
                _(
                    "a message came without your friend's seal (changed on the way, "
                    "or sent by someone without the code)"
                )
            ) from None
        if not self._bucket.take():
            raise ProtocolError(_("the other side sends too many messages"))
        return decode(body)

    def close(self) -> None:
        self._carrier.close()


def _send_plain(carrier: Carrier, fields: dict[str, Any]) -> None:
    carrier.send(json.dumps(fields, separators=(",", ":")).encode())


async def _read_plain(carrier: Carrier) -> dict[str, Any]:
    line = await carrier.receive(HANDSHAKE_SECONDS)
    try:
        fields = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep
        fields = None
    if not isinstance(fields, dict):
        raise ProtocolError(_("the other side is not a nardy game"))
    return fields


def _version_problem(fields: dict[str, Any]) -> str | None:
    version = fields.get("v")
    if version == PROTOCOL_VERSION:
        return None
    return _(
        "the other side speaks nardy protocol {theirs}, this one {ours}: both need the "
        "same version of nardy"
    ).format(theirs=repr(version)[:12], ours=PROTOCOL_VERSION)


def open_stream(
    carrier: Carrier, key: bytes, role: Role, host_nonce: str, joiner_nonce: str
) -> Line:
    return Line(carrier, Seal(session_key(key, host_nonce, joiner_nonce), role))


async def greet_joiner(
    carrier: Carrier,
    key: bytes,
    points: int,
    gate: CodeGate,
    started: datetime | None = None,
) -> Line:
    """The host's side of the handshake. ``Refused`` (the reason, for the host's screen)
    when the joiner does not know the code, speaks another protocol, or came while
    ``gate`` holds back code guesses."""
    host_nonce = new_nonce()
    _send_plain(carrier, {"t": "hello", "v": PROTOCOL_VERSION, "nonce": host_nonce})
    fields = await _read_plain(carrier)
    problem = _version_problem(fields)
    if problem is not None:
        _send_plain(carrier, {"t": "refused", "why": "version", "v": PROTOCOL_VERSION})
        raise Refused(problem)
    joiner_nonce = fields.get("nonce")
    if (
        fields.get("t") != "join"
        or not isinstance(joiner_nonce, str)
        or not 16 <= len(joiner_nonce) <= 64
        or not joiner_nonce.isascii()
    ):
        _send_plain(carrier, {"t": "refused", "why": "code"})
        raise Refused(_("the other side is not a nardy game"))
    if not await gate.turn():
        _send_plain(carrier, {"t": "refused", "why": "later"})
        raise Refused(_("too many tries at once, turned away unchecked"))
    right = proof_is_right(key, Role.JOINER, host_nonce, joiner_nonce, fields.get("proof"))
    gate.checked(right)
    if not right:
        _send_plain(carrier, {"t": "refused", "why": "code"})
        raise Refused(_("a wrong code"))
    welcome: dict[str, Any] = {
        "t": "welcome",
        "points": points,
        "proof": proof(key, Role.HOST, host_nonce, joiner_nonce),
    }
    if started is not None:
        welcome["started"] = started.isoformat(timespec="seconds")
    _send_plain(carrier, welcome)
    return open_stream(carrier, key, Role.HOST, host_nonce, joiner_nonce)


async def greet_host(carrier: Carrier, key: bytes) -> tuple[Line, Welcome]:
    """The joiner's side of the handshake; ``Refused`` with the reason in one line."""
    hello = await _read_plain(carrier)
    if hello.get("t") == "refused":  # turned away before any hello (the host is closing)
        raise _refusal(hello)
    problem = _version_problem(hello)
    host_nonce = hello.get("nonce")
    if problem is not None:
        raise Refused(problem)
    if (
        hello.get("t") != "hello"
        or not isinstance(host_nonce, str)
        or len(host_nonce) > 64
        or not host_nonce.isascii()
    ):  # a nonce is hashed as text: no lone surrogates
        raise ProtocolError(_("the other side is not a nardy game"))
    joiner_nonce = new_nonce()
    _send_plain(
        carrier,
        {
            "t": "join",
            "v": PROTOCOL_VERSION,
            "nonce": joiner_nonce,
            "proof": proof(key, Role.JOINER, host_nonce, joiner_nonce),
        },
    )
    answer = await _read_plain(carrier)
    if answer.get("t") == "refused":
        raise _refusal(answer)
    points = answer.get("points")
    if (
        answer.get("t") != "welcome"
        or points not in MATCH_LENGTHS
        or isinstance(points, bool)
        or not proof_is_right(key, Role.HOST, host_nonce, joiner_nonce, answer.get("proof"))
    ):
        raise Refused(_("the other side does not know the code: it is not your friend's game"))
    line = open_stream(carrier, key, Role.JOINER, host_nonce, joiner_nonce)
    return line, Welcome(points, _started(answer.get("started")))


def _refusal(said: dict[str, Any]) -> ConnectionError:
    """The host's refusal in words: ``Refused`` where trying again cannot help, else
    ``LineClosed``, so that the joiner tries again."""
    why = said.get("why")
    if why == "code":
        return Refused(_("the host refused the code: check it and try again"))
    if why == "busy":  # another connection held the seat, or the host was closing
        return LineClosed(_("the host already has a player"))
    if why == "later":  # the host's gate is shut for a while
        return LineClosed(_("the host is turning strangers away just now"))
    return Refused(_version_problem(said) or _("the host refused to play"))


def _started(said: object) -> datetime | None:
    """The host's start of the match, if it said one that reads as a time."""
    if not isinstance(said, str) or len(said) > 32:
        return None
    try:
        return datetime.fromisoformat(said)
    except ValueError:
        return None


def refuse_busy(carrier: Carrier) -> None:
    """Turn away a second joiner while the seat is taken."""
    _send_plain(carrier, {"t": "refused", "why": "busy"})
    carrier.close()
