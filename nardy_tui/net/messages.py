"""The messages two nardy programs exchange once they trust each other, and their checks.

A message is a small JSON object with a type ``t``. Everything that arrives is untrusted:
``decode`` accepts only the fields a type has, each of the exact JSON type and within its
range, and anything else is a ``ProtocolError`` with a reason for the player. Whether a
well-formed message makes sense now (a play the rules allow, a throw in its turn) is the
engine's and the lockstep's business, not this module's.

>>> decode(encode(Reveal(3, "ab" * 32)))
Reveal(throw=3, secret='abab...')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nardy_tui.engine import MATCH_LENGTHS, OFF, POINTS, Play, Step
from nardy_tui.i18n import _
from nardy_tui.net.fair_dice import is_hex64

PROTOCOL_VERSION = 2
"""Raised whenever a message changes meaning; a peer with another version is refused.
Version 2: a ``sync`` counts and hashes only throws and chosen plays (version 1 counted every
event, and put a side whose line fell after a pass two events from the other). A game given
up (``resign_offer``, ``resign_decline``, ``resign_accept``) added messages only, which no
peer of version 2 sent before, so it kept the version."""
MAX_LINE = 2048
"""The most bytes a line may take on the wire (a whole turn takes about 150)."""
MOST_THROWS = 10_000
"""More throws than any match to 7 points needs: a larger number is not a real throw."""
MOST_TURNS = 10_000
MOST_GAMES = 2 * max(MATCH_LENGTHS) - 1
"""A match to 7 points is over after 13 games at the most (each scores at least 1)."""


class ProtocolError(ValueError):
    """A message that is not one this version speaks, in words for the player."""


def _secret_text(secret: str) -> str:
    return secret[:4] + "..."


@dataclass(frozen=True, slots=True)
class Commit:
    """The hash of a side's secret for throw ``throw``, sent before the throw."""

    throw: int
    commitment: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """A side's secret for throw ``throw``: sent when its player rolls (or answers a roll)."""

    throw: int
    secret: str

    def __repr__(self) -> str:
        return f"Reveal(throw={self.throw}, secret={_secret_text(self.secret)!r})"


@dataclass(frozen=True, slots=True)
class PlayMade:
    """The mover's whole turn: ``turn`` is its index among the match's turns (from 0)."""

    turn: int
    play: Play


@dataclass(frozen=True, slots=True)
class NextGame:
    """A player started game ``game`` (the other side follows)."""

    game: int


@dataclass(frozen=True, slots=True)
class ResignOffer:
    """The sender offers to give up game ``game`` at a stake of ``points`` (1, a single
    game; 2, a mars), ``turn`` turns into the match: the other side accepts
    (``ResignAccepted``) or declines. Until then the sender neither throws nor plays. The
    three numbers name the offer: one sent again after a reconnection is the same offer."""

    game: int
    turn: int
    points: int


@dataclass(frozen=True, slots=True)
class ResignDeclined:
    """The sender declines the other side's offer (named by its three numbers, as
    ``ResignOffer``): play goes on."""

    game: int
    turn: int
    points: int


@dataclass(frozen=True, slots=True)
class ResignAccepted:
    """The sender accepts the other side's offer: game ``game`` ends, the sender wins it
    with ``points``. An event of the match's history (``ResignEvent``), which the sender
    chose, as the mover chooses a play."""

    game: int
    points: int


@dataclass(frozen=True, slots=True)
class Sync:
    """Sent first on every connection: how far this side is, to agree where to go on."""

    events: int
    """How many throws and plays this side's history of the match holds (passes and the
    starts of games follow from them: ``compared_on_connection``)."""
    digest: str
    """The hash of those throws and plays, in order."""
    before_last: str
    """The hash of those but the last (the peer may be one behind)."""


@dataclass(frozen=True, slots=True)
class Bye:
    """The player quit: the match stays saved on both machines."""


@dataclass(frozen=True, slots=True)
class Ping:
    """Nothing to say: sent when the line has been quiet, so a dead line shows."""


Message = (
    Commit
    | Reveal
    | PlayMade
    | NextGame
    | ResignOffer
    | ResignDeclined
    | ResignAccepted
    | Sync
    | Bye
    | Ping
)


def encode(message: Message) -> bytes:
    """The message as compact JSON bytes."""
    return json.dumps(_fields(message), separators=(",", ":")).encode()


def _fields(message: Message) -> dict[str, Any]:
    if isinstance(message, Commit):
        return {"t": "commit", "throw": message.throw, "hash": message.commitment}
    if isinstance(message, Reveal):
        return {"t": "reveal", "throw": message.throw, "secret": message.secret}
    if isinstance(message, PlayMade):
        return {
            "t": "play",
            "turn": message.turn,
            "steps": [[step.src, step.dst, step.die] for step in message.play],
        }
    if isinstance(message, NextGame):
        return {"t": "next", "game": message.game}
    if isinstance(message, ResignOffer):
        return {
            "t": "resign_offer",
            "game": message.game,
            "turn": message.turn,
            "points": message.points,
        }
    if isinstance(message, ResignDeclined):
        return {
            "t": "resign_decline",
            "game": message.game,
            "turn": message.turn,
            "points": message.points,
        }
    if isinstance(message, ResignAccepted):
        return {"t": "resign_accept", "game": message.game, "points": message.points}
    if isinstance(message, Sync):
        return {
            "t": "sync",
            "events": message.events,
            "digest": message.digest,
            "before_last": message.before_last,
        }
    if isinstance(message, Bye):
        return {"t": "bye"}
    return {"t": "ping"}


def decode(data: bytes) -> Message:
    """The message in ``data``, or ``ProtocolError`` saying what is wrong with it."""
    try:
        fields = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError(_("a message is not JSON")) from None
    if not isinstance(fields, dict):
        raise ProtocolError(_("a message is not a JSON object"))
    kind = fields.get("t")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise ProtocolError(_("a message of an unknown type: {kind}").format(kind=repr(kind)[:40]))
    keys, read = reader
    if set(fields) != keys | {"t"}:
        raise ProtocolError(_("a {kind} message with the wrong fields").format(kind=kind))
    return read(fields)


def _number(fields: dict[str, Any], key: str, low: int, high: int) -> int:
    value = fields[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(
            _("a message's {key} is not a number from {low} to {high}").format(
                key=key, low=low, high=high
            )
        )
    return value


def _hex(fields: dict[str, Any], key: str) -> str:
    value = fields[key]
    if not is_hex64(value):
        raise ProtocolError(_("a message's {key} is not 64 hex digits").format(key=key))
    assert isinstance(value, str)
    return value


def _steps(fields: dict[str, Any]) -> Play:
    """A turn's steps: at most four, each a checker's move by one die on the board."""
    steps = fields["steps"]
    if not isinstance(steps, list) or len(steps) > 4:
        raise ProtocolError(_("a play is not a list of at most four steps"))
    play: list[Step] = []
    for step in steps:
        if not (
            isinstance(step, list)
            and len(step) == 3
            and all(isinstance(n, int) and not isinstance(n, bool) for n in step)
        ):
            raise ProtocolError(_("a step is not three numbers"))
        src, dst, die = step
        if not (1 <= src <= POINTS and OFF <= dst <= POINTS and 1 <= die <= 6):
            raise ProtocolError(_("a step is off the board"))
        play.append(Step(src, dst, die))
    return Play(play)


def _offer(fields: dict[str, Any]) -> tuple[int, int, int]:
    """The three numbers that name an offer to resign: its game, its turn, its stake."""
    return (
        _number(fields, "game", 1, MOST_GAMES),
        _number(fields, "turn", 0, MOST_TURNS),
        _number(fields, "points", 1, 2),
    )


_READERS: dict[str, tuple[set[str], Callable[[dict[str, Any]], Message]]] = {
    "commit": (
        {"throw", "hash"},
        lambda f: Commit(_number(f, "throw", 1, MOST_THROWS), _hex(f, "hash")),
    ),
    "reveal": (
        {"throw", "secret"},
        lambda f: Reveal(_number(f, "throw", 1, MOST_THROWS), _hex(f, "secret")),
    ),
    "play": ({"turn", "steps"}, lambda f: PlayMade(_number(f, "turn", 0, MOST_TURNS), _steps(f))),
    "next": ({"game"}, lambda f: NextGame(_number(f, "game", 2, MOST_GAMES))),
    "resign_offer": ({"game", "turn", "points"}, lambda f: ResignOffer(*_offer(f))),
    "resign_decline": ({"game", "turn", "points"}, lambda f: ResignDeclined(*_offer(f))),
    "resign_accept": (
        {"game", "points"},
        lambda f: ResignAccepted(_number(f, "game", 1, MOST_GAMES), _number(f, "points", 1, 2)),
    ),
    "sync": (
        {"events", "digest", "before_last"},
        lambda f: Sync(
            _number(f, "events", 0, 4 * MOST_TURNS), _hex(f, "digest"), _hex(f, "before_last")
        ),
    ),
    "bye": (set(), lambda f: Bye()),
    "ping": (set(), lambda f: Ping()),
}
