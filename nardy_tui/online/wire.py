"""What a lobby client and server send each other, read strictly
(``docs/lobby-protocol.md``): the requests by the server (``read_request``), the server's
frames by the client (``read_news``).

Everything a client sends is untrusted. ``read_request`` accepts a frame only if it is
small, shallow, a JSON object of a type this version knows, with exactly that type's fields,
each of the right JSON type and in range; anything else is a ``WireError`` with the
protocol's error code and words for the sender. Whether a request makes sense now (a seek
by a player in a match, a play out of turn) is the server's business, not this module's.
A client reads what a server sends as strictly, within the server's own bounds, so that a
server of another version (or a hostile one) is noticed rather than half understood.

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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, TypeVar

from nardy_tui.engine import MATCH_LENGTHS, Side
from nardy_tui.net import Message, ProtocolError, decode_message, encode_message
from nardy_tui.online.clock import ClockRule

VERSION = 1
MAX_REQUEST_BYTES = 4096
"""The most bytes a client's frame may take (a whole turn wrapped takes about 200)."""
MAX_DEPTH = 4
"""The deepest a client's frame may nest (a play's steps are three levels down)."""
MAX_NEWS_BYTES = 256 * 1024
"""The most bytes a server's frame may take (the longest is a list of a busy lobby)."""
MOST_RATINGS = 100
"""The longest page of the rating list one request may ask for."""
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_HEX = re.compile(r"[0-9a-f]+")
T = TypeVar("T")


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
    """The player gives up the whole match ``match`` (its frame's ``stake`` is ``match``:
    a game is offered inside the match, by the two-machine protocol's ``resign_offer``)."""

    match: str


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
)


def read_request(frame: bytes | str) -> Request:
    """The request in ``frame``, or ``WireError`` saying what is wrong with it."""
    return _read(frame, MAX_REQUEST_BYTES, _READERS)


def request_frame(request: Request) -> str:
    """The frame that sends ``request``: what ``read_request`` reads back as it."""
    return json.dumps(_request_fields(request), separators=(",", ":"))


def _request_fields(request: Request) -> dict[str, Any]:
    match request:
        case Register(name, key, signature, bot):
            return {"t": "register", "name": name, "key": key, "signature": signature, "bot": bot}
        case Login(name, signature):
            return {"t": "login", "name": name, "signature": signature}
        case Ping():
            return {"t": "ping"}
        case Seek(points, clock):
            return {"t": "seek", "points": points, "clock": _clock_fields(clock)}
        case Unseek():
            return {"t": "unseek"}
        case Accept(seek):
            return {"t": "accept", "id": seek}
        case Challenge(name, points, clock):
            clock_fields = _clock_fields(clock)
            return {"t": "challenge", "name": name, "points": points, "clock": clock_fields}
        case Answer(challenge, yes):
            return {"t": "answer", "id": challenge, "yes": yes}
        case Pair(points, clock):
            return {"t": "pair", "points": points, "clock": _clock_fields(clock)}
        case Ratings(first, count):
            return {"t": "ratings", "first": first, "count": count}
        case Watch(match):
            return {"t": "watch", "id": match}
        case Unwatch(match):
            return {"t": "unwatch", "id": match}
        case InMatch(match, message):
            return {"t": "m", "id": match, "msg": json.loads(encode_message(message))}
        case Resign(match):
            return {"t": "resign", "id": match, "stake": MATCH_STAKE}


def _clock_fields(clock: ClockRule | None) -> dict[str, int] | None:
    if clock is None:
        return None
    return {"delay": clock.delay, "reserve": clock.reserve_per_point}


def _read(
    frame: bytes | str,
    most_bytes: int,
    readers: dict[str, tuple[set[str], Callable[[dict[str, Any]], T]]],
    optional: Mapping[str, set[str]] = MappingProxyType({}),
) -> T:
    """What ``frame`` holds, read by the reader of its type among ``readers``, if it is
    at most ``most_bytes`` long, nests no deeper than the protocol allows and has the
    fields of its type (and perhaps those ``optional`` names for it)."""
    data = frame.encode() if isinstance(frame, str) else frame
    if len(data) > most_bytes:
        raise _bad(f"a frame is over {most_bytes} bytes")
    if _depth(data) > MAX_DEPTH:
        raise _bad(f"a frame nests deeper than {MAX_DEPTH} levels")
    try:
        fields = json.loads(data)
    except ValueError:
        raise _bad("a frame is not JSON") from None
    if not isinstance(fields, dict):
        raise _bad("a frame is not a JSON object")
    kind = fields.get("t")
    if not isinstance(kind, str) or kind not in readers:
        raise _bad(f"a frame of an unknown type: {repr(kind)[:40]}")
    keys, read = readers[kind]
    if not keys | {"t"} <= set(fields) <= keys | {"t"} | optional.get(kind, set()):
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
    return _whole(fields[key], key, low, high)


def _whole(value: object, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f"{key} must be a whole number from {low} to {high}")
    return value


def _bool(fields: dict[str, Any], key: str) -> bool:
    value = fields[key]
    if not isinstance(value, bool):
        raise _bad(f"{key} must be true or false")
    return value


def _id(fields: dict[str, Any], key: str) -> str:
    return _id_value(fields[key], key)


def _id_value(value: object, key: str) -> str:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise _bad(f"{key} must be an id of 1 to 32 letters, digits, '-' or '_'")
    return value


def _name(fields: dict[str, Any], key: str = "name") -> str:
    """A player's name as written: its rules are the server's (``identity.name_problem``);
    here only that it is a short string."""
    return _name_value(fields[key], key)


def _name_value(value: object, key: str) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 32:
        raise _bad(f"{key} must be a string of 1 to 32 characters")
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


MATCH_STAKE = "match"
"""The one stake a ``resign`` frame gives: the match."""


def _resign(fields: dict[str, Any]) -> Resign:
    if fields["stake"] != MATCH_STAKE:
        raise _bad(
            "a resign frame gives up the match (stake match); a game is offered inside "
            "the match, by the message resign_offer"
        )
    return Resign(_id(fields, "id"))


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
    "resign": ({"id", "stake"}, _resign),
}


# -- what the server sends ---------------------------------------------------------------

LONGEST_TEXT = 1000
"""The longest words an error may carry (the server's are one sentence)."""
LONGEST_LIST = 10_000
"""The most entries a list of the lobby may hold (its frame's size bounds it anyway)."""
LONGEST_TIME_MS = 10**9
"""Longer than any clock holds: 7 points of 30 minutes' reserve, in milliseconds."""
HIGHEST_RATING = 10_000.0


class Ending(StrEnum):
    """Why a match ended: one side reached the points, ran out of time, or resigned."""

    POINTS = "points"
    TIME = "time"
    RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class Hello:
    """The server's first words: the version it speaks and the challenge to sign."""

    version: int
    challenge: str


@dataclass(frozen=True, slots=True)
class Welcome:
    """Logged in (or registered) as ``name``."""

    name: str
    rating: float
    experience: int
    bot: bool


@dataclass(frozen=True, slots=True)
class Refusal:
    """The server's ``error``: the code to act on, and English words for people."""

    code: ErrorCode
    text: str


@dataclass(frozen=True, slots=True)
class Pong:
    """The answer to a ``ping``: the line is alive."""


@dataclass(frozen=True, slots=True)
class PlayerOnline:
    name: str
    rating: float
    experience: int
    bot: bool
    playing: bool


@dataclass(frozen=True, slots=True)
class PlayersOnline:
    """Who is online now, the whole list."""

    players: tuple[PlayerOnline, ...]


@dataclass(frozen=True, slots=True)
class OpenSeek:
    """An offer of a match that anyone may ``Accept`` by its ``id``."""

    id: str
    name: str
    rating: float
    bot: bool
    points: int
    clock: ClockRule | None


@dataclass(frozen=True, slots=True)
class OpenSeeks:
    """The open seeks now, the whole list."""

    seeks: tuple[OpenSeek, ...]


@dataclass(frozen=True, slots=True)
class MatchInPlay:
    id: str
    white: str
    black: str
    points: int
    score: tuple[int, int]
    """White's points, then Black's."""
    clock: ClockRule | None


@dataclass(frozen=True, slots=True)
class MatchesInPlay:
    """The matches in play now, the whole list."""

    matches: tuple[MatchInPlay, ...]


@dataclass(frozen=True, slots=True)
class MatchBegins:
    """A match starts, or starts again after a reconnection (``you``: this player's side,
    None for a watcher)."""

    id: str
    white: str
    black: str
    points: int
    clock: ClockRule | None
    you: Side | None


@dataclass(frozen=True, slots=True)
class Relayed:
    """A message of the two-machine protocol in ``match``, sent by ``sender``'s side; by
    the server itself where ``sender`` is None (its ``Sync``, the answer to the player's)."""

    match: str
    sender: Side | None
    message: Message


@dataclass(frozen=True, slots=True)
class ClockTimes:
    """Both sides' reserves (ms), whose clock runs, and what is left of its delay (ms)."""

    match: str
    white: int
    black: int
    running: Side | None
    delay: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match ended: its winner, its score (White's, Black's), why, and each player's
    rating before and after."""

    match: str
    winner: Side
    score: tuple[int, int]
    ending: Ending
    ratings: tuple[tuple[str, float, float], ...]
    """Each player's name, rating before and rating after."""


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    name: str
    rating: float
    experience: int
    matches: int
    bot: bool


@dataclass(frozen=True, slots=True)
class RatingList:
    """A page of the rating list, from its ``first`` place (0-based)."""

    first: int
    players: tuple[ListedPlayer, ...]


@dataclass(frozen=True, slots=True)
class PlayersChanged:
    """Who came online or changed (a rating, playing or not) since the last list or
    change, and the names of those gone."""

    players: tuple[PlayerOnline, ...]
    gone: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeeksChanged:
    """The seeks opened (or changed) since the last list or change, and the ids of those
    gone (taken, withdrawn)."""

    seeks: tuple[OpenSeek, ...]
    gone: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MatchesChanged:
    """The matches begun (or whose score changed) since the last list or change, and the
    ids of those ended."""

    matches: tuple[MatchInPlay, ...]
    gone: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Challenged:
    """Another player (``by``, rated ``rating``) challenges this one to a match; the
    answer names the challenge ``id``."""

    id: str
    by: str
    rating: float
    points: int
    clock: ClockRule | None


@dataclass(frozen=True, slots=True)
class Declined:
    """The player this one challenged (``by``) said no to the challenge ``id``."""

    id: str
    by: str


News = (
    Hello
    | Welcome
    | Refusal
    | Pong
    | PlayersOnline
    | OpenSeeks
    | MatchesInPlay
    | PlayersChanged
    | SeeksChanged
    | MatchesChanged
    | Challenged
    | Declined
    | MatchBegins
    | Relayed
    | ClockTimes
    | MatchResult
    | RatingList
)
"""Everything a server of this version sends."""


def read_news(frame: bytes | str) -> News:
    """The server's frame ``frame`` read, or ``WireError`` saying what is wrong with it."""
    return _read(frame, MAX_NEWS_BYTES, _NEWS_READERS, {"m": {"from"}})


def _object(value: object, keys: set[str], what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != keys:
        raise _bad(f"{what} must be an object of {', '.join(sorted(keys))}")
    return value


def _list(
    fields: dict[str, Any], key: str, entry_keys: set[str], read: Callable[[dict[str, Any]], T]
) -> tuple[T, ...]:
    value = fields[key]
    if not isinstance(value, list) or len(value) > LONGEST_LIST:
        raise _bad(f"{key} must be a list")
    return tuple(read(_object(entry, entry_keys, f"an entry of {key}")) for entry in value)


def _text(fields: dict[str, Any], key: str) -> str:
    value = fields[key]
    if not isinstance(value, str) or len(value) > LONGEST_TEXT:
        raise _bad(f"{key} must be a string of at most {LONGEST_TEXT} characters")
    return value


def _rating(fields: dict[str, Any], key: str = "rating") -> float:
    return _rating_value(fields[key], key)


def _rating_value(value: object, key: str) -> float:
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not 0 <= value <= HIGHEST_RATING
    ):
        raise _bad(f"{key} must be a number from 0 to {HIGHEST_RATING:.0f}")
    return float(value)


def _count(fields: dict[str, Any], key: str) -> int:
    return _int(fields, key, 0, LONGEST_TIME_MS)


def _side(value: object, key: str, none: bool = False) -> Side | None:
    if value is None and none:
        return None
    if value not in ("white", "black"):
        raise _bad(f"{key} must be white or black" + (" or null" if none else ""))
    return Side(value)


def _known_side(fields: dict[str, Any], key: str) -> Side:
    side = _side(fields[key], key)
    assert side is not None
    return side


def _score(fields: dict[str, Any]) -> tuple[int, int]:
    value = fields["score"]
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("score must be White's points and Black's")
    white, black = (_whole(points, "score", 0, max(MATCH_LENGTHS)) for points in value)
    return white, black


def _error_code(fields: dict[str, Any]) -> ErrorCode:
    try:
        return ErrorCode(fields["code"])
    except ValueError:
        raise _bad(f"an error of an unknown code: {repr(fields['code'])[:40]}") from None


def _ending(fields: dict[str, Any]) -> Ending:
    try:
        return Ending(fields["reason"])
    except ValueError:
        raise _bad("reason must be points, time or resigned") from None


def _rating_moves(fields: dict[str, Any]) -> tuple[tuple[str, float, float], ...]:
    value = fields["ratings"]
    if not isinstance(value, dict) or len(value) != 2:
        raise _bad("ratings must hold both players' ratings before and after")
    moves = []
    for name, pair in value.items():
        if not isinstance(pair, list) or len(pair) != 2:
            raise _bad("a player's ratings are the one before and the one after")
        before, after = (_rating_value(rating, "ratings") for rating in pair)
        moves.append((_name_value(name, "ratings"), before, after))
    return tuple(moves)


def _rating_list(fields: dict[str, Any]) -> RatingList:
    return RatingList(
        _int(fields, "first", 0, 10**7),
        _list(
            fields,
            "players",
            {"name", "rating", "experience", "matches", "bot"},
            lambda p: ListedPlayer(
                _name(p), _rating(p), _count(p, "experience"), _count(p, "matches"), _bool(p, "bot")
            ),
        ),
    )


def _relayed(fields: dict[str, Any]) -> Relayed:
    sent = _in_match({"id": fields["id"], "msg": fields["msg"]})
    return Relayed(sent.match, _side(fields.get("from"), "from", none=True), sent.message)


_MATCH_KEYS = {"id", "white", "black", "points", "clock"}


def _players(fields: dict[str, Any]) -> tuple[PlayerOnline, ...]:
    return _list(
        fields,
        "players",
        {"name", "rating", "experience", "bot", "playing"},
        lambda p: PlayerOnline(
            _name(p), _rating(p), _count(p, "experience"), _bool(p, "bot"), _bool(p, "playing")
        ),
    )


def _seeks(fields: dict[str, Any]) -> tuple[OpenSeek, ...]:
    return _list(
        fields,
        "seeks",
        {"id", "name", "rating", "bot", "points", "clock"},
        lambda s: OpenSeek(
            _id(s, "id"), _name(s), _rating(s), _bool(s, "bot"), _points(s), _clock(s)
        ),
    )


def _matches(fields: dict[str, Any]) -> tuple[MatchInPlay, ...]:
    return _list(
        fields,
        "matches",
        _MATCH_KEYS | {"score"},
        lambda m: MatchInPlay(
            _id(m, "id"), _name(m, "white"), _name(m, "black"), _points(m), _score(m), _clock(m)
        ),
    )


def _gone(fields: dict[str, Any], read: Callable[[object, str], str]) -> tuple[str, ...]:
    """The keys of the entries gone from a list: players' names, or seeks' or matches' ids."""
    value = fields["gone"]
    if not isinstance(value, list) or len(value) > LONGEST_LIST:
        raise _bad("gone must be a list")
    return tuple(read(entry, "gone") for entry in value)


_NEWS_READERS: dict[str, tuple[set[str], Callable[[dict[str, Any]], News]]] = {
    "hello": (
        {"version", "challenge"},
        lambda f: Hello(_int(f, "version", 1, 10**6), _hex(f, "challenge", 64)),
    ),
    "welcome": (
        {"name", "rating", "experience", "bot"},
        lambda f: Welcome(_name(f), _rating(f), _count(f, "experience"), _bool(f, "bot")),
    ),
    "error": ({"code", "text"}, lambda f: Refusal(_error_code(f), _text(f, "text"))),
    "pong": (set(), lambda f: Pong()),
    "players": ({"players"}, lambda f: PlayersOnline(_players(f))),
    "seeks": ({"seeks"}, lambda f: OpenSeeks(_seeks(f))),
    "matches": ({"matches"}, lambda f: MatchesInPlay(_matches(f))),
    "players_changed": (
        {"players", "gone"},
        lambda f: PlayersChanged(_players(f), _gone(f, _name_value)),
    ),
    "seeks_changed": ({"seeks", "gone"}, lambda f: SeeksChanged(_seeks(f), _gone(f, _id_value))),
    "matches_changed": (
        {"matches", "gone"},
        lambda f: MatchesChanged(_matches(f), _gone(f, _id_value)),
    ),
    "match": (
        _MATCH_KEYS | {"you"},
        lambda f: MatchBegins(
            _id(f, "id"),
            _name(f, "white"),
            _name(f, "black"),
            _points(f),
            _clock(f),
            _side(f["you"], "you", none=True),
        ),
    ),
    "challenged": (
        {"id", "by", "rating", "points", "clock"},
        lambda f: Challenged(_id(f, "id"), _name(f, "by"), _rating(f), _points(f), _clock(f)),
    ),
    "declined": ({"id", "by"}, lambda f: Declined(_id(f, "id"), _name(f, "by"))),
    "m": ({"id", "msg"}, _relayed),
    "clock": (
        {"id", "white", "black", "running", "delay"},
        lambda f: ClockTimes(
            _id(f, "id"),
            _count(f, "white"),
            _count(f, "black"),
            _side(f["running"], "running", none=True),
            _count(f, "delay"),
        ),
    ),
    "result": (
        {"id", "winner", "score", "reason", "ratings"},
        lambda f: MatchResult(
            _id(f, "id"), _known_side(f, "winner"), _score(f), _ending(f), _rating_moves(f)
        ),
    ),
    "ratings": ({"first", "players"}, _rating_list),
}
