"""What the lobby server sends, as the JSON objects ``docs/lobby-protocol.md`` names: one
function a frame type, so that the page and the code can be read side by side."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from nardy_tui.engine import Side
from nardy_tui.lobby.store import OpenSeek, Player, Presence, StoredChallenge, StoredMatch
from nardy_tui.net import Message, encode_message
from nardy_tui.online import ClockRule, ErrorCode

Frame = dict[str, Any]

VERSION = 1


@dataclass(frozen=True, slots=True)
class Encoded:
    """A frame written as JSON once, to be sent as it is to many connections (a list to
    everyone online): each connection sends the same text rather than write it again."""

    text: str


def encoded(frame: Frame) -> Encoded:
    return Encoded(json.dumps(frame))


def hello(challenge: str) -> Frame:
    return {"t": "hello", "version": VERSION, "challenge": challenge}


def error(code: ErrorCode, text: str) -> Frame:
    return {"t": "error", "code": code.value, "text": text}


def welcome(player: Player) -> Frame:
    return {
        "t": "welcome",
        "name": player.name,
        "rating": round(player.rating.rating, 2),
        "experience": player.rating.experience,
        "bot": player.bot,
    }


def _player(player: Player, playing: bool) -> Frame:
    return {
        "name": player.name,
        "rating": round(player.rating.rating, 2),
        "experience": player.rating.experience,
        "bot": player.bot,
        "playing": playing,
    }


def players(online: list[Presence]) -> Frame:
    return {"t": "players", "players": [_player(p.player, p.playing) for p in online]}


def clock_rule(rule: ClockRule | None) -> Frame | None:
    if rule is None:
        return None
    return {"delay": rule.delay, "reserve": rule.reserve_per_point}


def _seek(seek: OpenSeek) -> Frame:
    return {
        "id": f"s{seek.id}",
        "name": seek.player.name,
        "rating": round(seek.player.rating.rating, 2),
        "bot": seek.player.bot,
        "points": seek.points,
        "clock": clock_rule(seek.clock),
    }


def seeks(open_seeks: list[OpenSeek]) -> Frame:
    return {"t": "seeks", "seeks": [_seek(seek) for seek in open_seeks]}


def challenged(challenge: StoredChallenge) -> Frame:
    """To the challenged player: who offers them which match."""
    return {
        "t": "challenged",
        "id": f"c{challenge.id}",
        "by": challenge.challenger.name,
        "rating": round(challenge.challenger.rating.rating, 2),
        "points": challenge.points,
        "clock": clock_rule(challenge.clock),
    }


def declined(challenge: StoredChallenge) -> Frame:
    """To the challenger: the challenged player said no."""
    return {"t": "declined", "id": f"c{challenge.id}", "by": challenge.challenged.name}


def _match(match: StoredMatch) -> Frame:
    return {
        "id": f"m{match.id}",
        "white": match.white.name,
        "black": match.black.name,
        "points": match.points,
        "score": list(match.score),
        "clock": clock_rule(match.clock_rule),
    }


def matches(in_play: list[StoredMatch]) -> Frame:
    return {"t": "matches", "matches": [_match(match) for match in in_play]}


LIST_KEYS = {"players": "name", "seeks": "id", "matches": "id"}
"""What names an entry of each of the lobby's lists: a player's name, a seek's or match's id."""


def changes(before: Frame, after: Frame) -> Frame | None:
    """What changed from the list ``before`` to the list ``after`` (both whole, of one
    kind), as the lobby's ``…_changed`` frame: the entries new or changed, and the keys of
    those gone; None if nothing changed.

    >>> changes({"t": "seeks", "seeks": [{"id": "s1"}, {"id": "s2"}]},
    ...         {"t": "seeks", "seeks": [{"id": "s2"}, {"id": "s3"}]})
    {'t': 'seeks_changed', 'seeks': [{'id': 's3'}], 'gone': ['s1']}
    """
    kind = str(after["t"])
    key = LIST_KEYS[kind]
    old = {entry[key]: entry for entry in before[kind]}
    new = {entry[key]: entry for entry in after[kind]}
    changed = [entry for name, entry in new.items() if old.get(name) != entry]
    gone = [name for name in old if name not in new]
    if not changed and not gone:
        return None
    return {"t": f"{kind}_changed", kind: changed, "gone": gone}


def match_begins(match: StoredMatch, you: Side | None) -> Frame:
    """A match starts (or starts again, after a reconnection) for a player or a watcher."""
    frame = _match(match)
    del frame["score"]
    return {"t": "match", **frame, "you": None if you is None else you.value}


def in_match(match: StoredMatch, message: Message) -> Frame:
    return {"t": "m", "id": f"m{match.id}", "msg": json.loads(encode_message(message))}


def result(match: StoredMatch) -> Frame:
    assert match.result is not None
    names = {Side.WHITE: match.white.name, Side.BLACK: match.black.name}
    return {
        "t": "result",
        "id": f"m{match.id}",
        "winner": match.result.winner.value,
        "score": list(match.score),
        "reason": match.result.ending.value,
        "ratings": {
            names[side]: [round(before, 2), round(after, 2)]
            for side, (before, after) in match.result.ratings.items()
        },
    }


def ratings(first: int, page: list[Player]) -> Frame:
    return {
        "t": "ratings",
        "first": first,
        "players": [
            {
                "name": player.name,
                "rating": round(player.rating.rating, 2),
                "experience": player.rating.experience,
                "matches": player.matches_played,
                "bot": player.bot,
            }
            for player in page
        ],
    }


def clock(match: StoredMatch, now: float) -> Frame:
    """Both sides' reserves, whose clock runs, and what is left of its delay, in ms."""
    running = match.clock
    assert running is not None
    turn = running.turn
    delay = 0.0 if turn is None else running.remaining(turn, now) - running.reserve_left(turn, now)
    return {
        "t": "clock",
        "id": f"m{match.id}",
        **{side.value: round(1000 * running.reserve_left(side, now)) for side in Side},
        "running": None if turn is None else turn.value,
        "delay": round(1000 * delay),
    }
