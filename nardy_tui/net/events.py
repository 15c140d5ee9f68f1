"""A network match's history as its events: a throw, a play, a game given up, the start of
the next game.

Both machines build the same list from their match (``Lockstep.events``), compare its throws
and plays by their digest on every connection (``sync_of``), and keep it in the save; each
event reads and writes itself as the short JSON list the save and the digest have always
used, so a save written before these types existed still reads.

>>> event = ThrowEvent.of(1, "a" * 64, "b" * 64)
>>> event_from_json(event.as_json()) == event
True
>>> PlayEvent((Step(24, 18, 6),)).as_json()
['play', [[24, 18, 6]]]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nardy_tui.engine import Play, Side, Step
from nardy_tui.i18n import _
from nardy_tui.net.fair_dice import Throw, commitment_of, is_hex64
from nardy_tui.net.messages import Sync


@dataclass(frozen=True, slots=True)
class ThrowEvent:
    """A throw, both secrets out: its dice follow from them."""

    throw: Throw

    @classmethod
    def of(cls, number: int, host_secret: str, joiner_secret: str) -> ThrowEvent:
        return cls(
            Throw(
                number,
                commitment_of(number, host_secret),
                host_secret,
                commitment_of(number, joiner_secret),
                joiner_secret,
            )
        )

    def as_json(self) -> list[Any]:
        throw = self.throw
        return ["throw", throw.number, throw.host_secret, throw.joiner_secret]


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A whole turn played (a pass is the empty play)."""

    play: Play

    def as_json(self) -> list[Any]:
        return ["play", [[step.src, step.dst, step.die] for step in self.play]]


@dataclass(frozen=True, slots=True)
class NextGameEvent:
    """The next game of the match begins: its number."""

    game: int

    def as_json(self) -> list[Any]:
        return ["next", self.game]


@dataclass(frozen=True, slots=True)
class ResignEvent:
    """The game in play given up by ``side`` at ``points``, its opponent having accepted:
    chosen by the side that accepted (``ResignAccepted``), as a play is by its mover."""

    side: Side
    points: int

    def as_json(self) -> list[Any]:
        return ["resign", self.side.value, self.points]


@dataclass(frozen=True, slots=True)
class ResignationOffer:
    """An offer to give up the game in play, not yet answered: by ``side``, of game
    ``game``, ``turn`` turns into the match, at ``points`` (``ResignOffer``'s numbers). Not
    an event (nothing changed yet); both sides keep it in their save, so that it outlives a
    stopped program, and it lapses when its game ends."""

    side: Side
    game: int
    turn: int
    points: int


MatchEvent = ThrowEvent | PlayEvent | ResignEvent | NextGameEvent


def event_from_json(data: object) -> MatchEvent:
    """The event a save's JSON list stands for; ``ValueError`` (in words) if none.

    The form is checked here; whether the event fits the match is the engine's to say.
    """
    if (
        isinstance(data, list)
        and len(data) == 4
        and data[0] == "throw"
        and _is_number(data[1])
        and is_hex64(data[2])
        and is_hex64(data[3])
    ):
        return ThrowEvent.of(data[1], data[2], data[3])
    if (
        isinstance(data, list)
        and len(data) == 2
        and data[0] == "play"
        and isinstance(data[1], list)
        and all(_is_step(step) for step in data[1])
    ):
        return PlayEvent(Play(Step(*step) for step in data[1]))
    if (
        isinstance(data, list)
        and len(data) == 3
        and data[0] == "resign"
        and data[1] in {side.value for side in Side}
        and _is_number(data[2])
        and data[2] in (1, 2)
    ):
        return ResignEvent(Side(data[1]), data[2])
    if isinstance(data, list) and len(data) == 2 and data[0] == "next" and _is_number(data[1]):
        return NextGameEvent(data[1])
    raise ValueError(_("an event is not one of a match: {event}").format(event=repr(data)[:60]))


def digest(events: Sequence[MatchEvent]) -> str:
    """A fingerprint of a history, the same on both machines when their histories are."""
    listed = [event.as_json() for event in events]
    return hashlib.sha256(json.dumps(listed, separators=(",", ":")).encode()).hexdigest()


def follows_from_the_rest(event: MatchEvent) -> bool:
    """Whether ``event`` is a pass or the start of a game, which the throws and the plays
    chosen before it imply, so that two sides need not compare it (``compared_on_connection``).

    Nobody chooses a pass: each side plays it by itself the moment the dice that allow
    nothing are known. Nothing but the next game can follow a game that is over, and either
    side starts it. Counted, either of them at the end of a history could put one side two
    events ahead of the other: a side whose line fell before the last secret of a throw that
    forces a pass came would be the throw and the pass behind; a winner whose last play
    never reached the other side and who started the next game would be the play and the
    next game ahead.
    """
    return isinstance(event, NextGameEvent) or (isinstance(event, PlayEvent) and not event.play)


def compared_on_connection(events: Sequence[MatchEvent]) -> list[MatchEvent]:
    """The part of a history two sides compare on a connection (``Sync``): its throws, the
    plays chosen and the games given up (chosen by the side that accepted). Without the
    rest a side is one throw or one play ahead of the other at most; the side that lacks a
    pass plays it once it has the throw, and the next game is sent again after the
    ``Sync``."""
    return [event for event in events if not follows_from_the_rest(event)]


def sync_of(events: Sequence[MatchEvent]) -> Sync:
    """What a side whose history is ``events`` says on a connection (the part
    ``compared_on_connection``)."""
    compared = compared_on_connection(events)
    return Sync(len(compared), digest(compared), digest(compared[:-1]))


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_step(value: object) -> bool:
    return isinstance(value, list) and len(value) == 3 and all(_is_number(n) for n in value)
