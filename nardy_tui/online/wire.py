"""What a lobby client may send the server, read strictly (``docs/lobby-protocol.md``).

Everything a client sends is untrusted. ``read_request`` accepts a frame only if it is
small, shallow, a JSON object of a type this version knows, with exactly that type's fields,
each of the right JSON type and in range; anything else is a ``WireError`` with the
protocol's error code and words for the sender. Whether a request makes sense now (a seek
by a player in a match, a play out of turn) is the server's business, not this module's.

>>> read_request(b'{"t":"seek","points":3,"clock":{"delay":10,"reserve":60}}')
Seek(points=3, clock=ClockRule(delay=10, reserve_per_point=60))
>>> read_request(b'{"t":"seek","points":4,"clock":null}')
Traceback (most recent call last):
...
nardy_tui.online.wire.WireError: bad_message: a match is to 1, 3, 5 or 7 points
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.net import Message, ProtocolError, decode_message
from nardy_tui.online.clock import ClockRule

VERSION = 1
MAX_REQUEST_BYTES = 4096
"""The most bytes a client's frame may take (a whole turn wrapped takes about 200)."""
MAX_DEPTH = 4
"""The deepest a client's frame may nest (a play's steps are three levels down)."""
MOST_RATINGS = 100
"""The longest page of the rating list one request may ask for."""
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_HEX = re.compile(r"[0-9a-f]+")


class ErrorCode(StrEnum):
    """The protocol's error codes: what a client program can act on."""

    BAD_MESSAGE = "bad_message"
    TOO_FAST = "too_fast"
    NOT_LOGGED_IN = "not_logged_in"
    NOT_ALLOWED = "not_allowed"
    NOT_FOUND = "not_found"
    ILLEGAL = "illegal"
    BUSY = "busy"
    BANNED = "banned"


class WireError(ValueError):
    """A frame the server refuses, with the code it answers and words for the sender."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
        self.text = text


class Stake(StrEnum):
    """What a resigning player gives: this game as a single or a mars, or the match."""

    SINGLE = "single"
    MARS = "mars"
    MATCH = "match"


@dataclass(frozen=True, slots=True)
class Register:
    """A new name on this server, for the key that signed the server's challenge."""

    name: str
    key: str
    signature: str
    bot: bool


@dataclass(frozen=True, slots=True)
class Login:
    name: str
    signature: str


@dataclass(frozen=True, slots=True)
class Ping:
    """Nothing to say; the server answers ``pong`` so that a dead line shows."""


@dataclass(frozen=True, slots=True)
class Seek:
    """An open offer of a match that anyone may accept (a player's new seek replaces the
    old one)."""

    points: int
    clock: ClockRule | None


@dataclass(frozen=True, slots=True)
class Unseek:
    pass


@dataclass(frozen=True, slots=True)
class Accept:
    seek: str


@dataclass(frozen=True, slots=True)
class Challenge:
    name: str
    points: int
    clock: ClockRule | None


@dataclass(frozen=True, slots=True)
class Answer:
    """Yes or no to a challenge."""

    challenge: str
    yes: bool


@dataclass(frozen=True, slots=True)
class Pair:
    """A match with whoever is nearest in rating among the seeks of this kind."""

    points: int
    clock: ClockRule | None


@dataclass(frozen=True, slots=True)
class Ratings:
    first: int
    count: int


@dataclass(frozen=True, slots=True)
class Watch:
    match: str


@dataclass(frozen=True, slots=True)
class Unwatch:
    match: str


@dataclass(frozen=True, slots=True)
class InMatch:
    """A message of the two-machine protocol, for the other player of ``match``."""

    match: str
    message: Message


@dataclass(frozen=True, slots=True)
class Resign:
    match: str
    stake: Stake


@dataclass(frozen=True, slots=True)
class ResignAnswer:
    match: str
    yes: bool


Request = (
    Register
    | Login
    | Ping
    | Seek
    | Unseek
    | Accept
    | Challenge
    | Answer
    | Pair
    | Ratings
    | Watch
    | Unwatch
    | InMatch
    | Resign
    | ResignAnswer
)


def read_request(frame: bytes | str) -> Request:
    """The request in ``frame``, or ``WireError`` saying what is wrong with it."""
    data = frame.encode() if isinstance(frame, str) else frame
    if len(data) > MAX_REQUEST_BYTES:
        raise _bad(f"a frame is over {MAX_REQUEST_BYTES} bytes")
    if _depth(data) > MAX_DEPTH:
        raise _bad(f"a frame nests deeper than {MAX_DEPTH} levels")
    try:
        fields = json.loads(data)
    except ValueError:
        raise _bad("a frame is not JSON") from None
    if not isinstance(fields, dict):
        raise _bad("a frame is not a JSON object")
    kind = fields.get("t")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise _bad(f"a frame of an unknown type: {repr(kind)[:40]}")
    keys, read = reader
    if set(fields) != keys | {"t"}:
        raise _bad(f"a {kind} frame with the wrong fields (it has {', '.join(sorted(keys))})")
    return read(fields)


def _bad(text: str) -> WireError:
    return WireError(ErrorCode.BAD_MESSAGE, text)


def _depth(data: bytes) -> int:
    """How deep the brackets of ``data`` nest, outside strings: checked before parsing, so
    that no parser ever recurses on a hostile frame."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def _int(fields: dict[str, Any], key: str, low: int, high: int) -> int:
    value = fields[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f"{key} must be a whole number from {low} to {high}")
    return value


def _bool(fields: dict[str, Any], key: str) -> bool:
    value = fields[key]
    if not isinstance(value, bool):
        raise _bad(f"{key} must be true or false")
    return value


def _id(fields: dict[str, Any], key: str) -> str:
    value = fields[key]
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise _bad(f"{key} must be an id of 1 to 32 letters, digits, '-' or '_'")
    return value


def _name(fields: dict[str, Any]) -> str:
    """A player's name as written: its rules are the server's (``identity.name_problem``);
    here only that it is a short string."""
    value = fields["name"]
    if not isinstance(value, str) or not 1 <= len(value) <= 32:
        raise _bad("name must be a string of 1 to 32 characters")
    return value


def _hex(fields: dict[str, Any], key: str, digits: int) -> str:
    value = fields[key]
    if not isinstance(value, str) or len(value) != digits or not _HEX.fullmatch(value):
        raise _bad(f"{key} must be {digits} lowercase hex digits")
    return value


def _points(fields: dict[str, Any]) -> int:
    value = fields["points"]
    if not isinstance(value, int) or isinstance(value, bool) or value not in MATCH_LENGTHS:
        raise _bad("a match is to 1, 3, 5 or 7 points")
    return value


def _clock(fields: dict[str, Any]) -> ClockRule | None:
    """No clock, or a delay and a reserve a point, in whole seconds on the wire."""
    value = fields["clock"]
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"delay", "reserve"}:
        raise _bad('clock must be null or {"delay": seconds, "reserve": seconds}')
    delay, reserve = value["delay"], value["reserve"]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (delay, reserve)):
        raise _bad("a clock's delay and reserve are whole seconds")
    try:
        return ClockRule(delay, reserve)
    except ValueError as problem:
        raise _bad(str(problem)) from None


def _stake(fields: dict[str, Any]) -> Stake:
    try:
        return Stake(fields["stake"])
    except ValueError:
        raise _bad("stake must be single, mars or match") from None


def _in_match(fields: dict[str, Any]) -> InMatch:
    message = fields["msg"]
    if not isinstance(message, dict):
        raise _bad("msg must be a message of the two-machine protocol")
    try:
        return InMatch(_id(fields, "id"), decode_message(json.dumps(message).encode()))
    except ProtocolError as problem:
        raise _bad(str(problem)) from None


_READERS: dict[str, tuple[set[str], Callable[[dict[str, Any]], Request]]] = {
    "register": (
        {"name", "key", "signature", "bot"},
        lambda f: Register(
            _name(f), _hex(f, "key", 64), _hex(f, "signature", 128), _bool(f, "bot")
        ),
    ),
    "login": ({"name", "signature"}, lambda f: Login(_name(f), _hex(f, "signature", 128))),
    "ping": (set(), lambda f: Ping()),
    "seek": ({"points", "clock"}, lambda f: Seek(_points(f), _clock(f))),
    "unseek": (set(), lambda f: Unseek()),
    "accept": ({"id"}, lambda f: Accept(_id(f, "id"))),
    "challenge": (
        {"name", "points", "clock"},
        lambda f: Challenge(_name(f), _points(f), _clock(f)),
    ),
    "answer": ({"id", "yes"}, lambda f: Answer(_id(f, "id"), _bool(f, "yes"))),
    "pair": ({"points", "clock"}, lambda f: Pair(_points(f), _clock(f))),
    "ratings": (
        {"first", "count"},
        lambda f: Ratings(_int(f, "first", 0, 10**7), _int(f, "count", 1, MOST_RATINGS)),
    ),
    "watch": ({"id"}, lambda f: Watch(_id(f, "id"))),
    "unwatch": ({"id"}, lambda f: Unwatch(_id(f, "id"))),
    "m": ({"id", "msg"}, _in_match),
    "resign": ({"id", "stake"}, lambda f: Resign(_id(f, "id"), _stake(f))),
    "resign_answer": ({"id", "yes"}, lambda f: ResignAnswer(_id(f, "id"), _bool(f, "yes"))),
}
