"""A network match on disk: written after every change, so that either side can be stopped
(or killed) and take up the match again with the same code (met by a short code: with the
code the first meeting gave, which both sides keep here).

The file holds the match as its events (every throw with both secrets, every play, every
new game), this side's part of the throw in progress, the turn it was building, and how to
reach the other side. Reading it back replays every event through a fresh ``Match``: each
throw's dice are derived again from its secrets and each play is checked by the engine, so
a damaged or edited file is refused, never resumed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from nardy_tui.engine import (
    MATCH_LENGTHS,
    Match,
    Phase,
    PhaseError,
    ScriptedDice,
    Side,
    Step,
)
from nardy_tui.i18n import _
from nardy_tui.net.auth import Role, normalised
from nardy_tui.net.codes import wormhole_code
from nardy_tui.net.events import (
    MatchEvent,
    NextGameEvent,
    PlayEvent,
    ResignationOffer,
    ResignEvent,
    ThrowEvent,
    event_from_json,
)
from nardy_tui.net.exchange import DiceExchange
from nardy_tui.net.fair_dice import is_hex64
from nardy_tui.storage import network_save_path, write_atomically

FORMAT = "nardy-network-match"
VERSION = 1


class NetworkSaveError(ValueError):
    """Why a network match's file cannot be taken up again, in one line."""


@dataclass
class NetworkMatch:
    """Everything one side keeps of a network match."""

    role: Role
    code: str
    address: str
    """The host's address: as the joiner typed it, or the one the host listens on ("" for
    every one of its addresses, as in the files of versions that did not ask)."""
    port: int
    match: Match
    dice: ScriptedDice
    exchange: DiceExchange
    by_code: bool = False
    """Met by a short code through a rendezvous (else directly, at ``address`` and
    ``port``): ``code`` is then the code of every meeting after the first ("" before it),
    and ``shown`` the first one's, as the host showed it."""
    shown: str = ""
    offer: ResignationOffer | None = None
    """An offer to give up the game in play that waits for its answer (``Lockstep.offer``)."""

    @property
    def never_met(self) -> bool:
        """Whether the two sides never met (a code nobody came to): nothing was played,
        and the friend has nothing saved of it."""
        return self.by_code and not self.code


def new_network_match(
    role: Role,
    code: str,
    points: int,
    address: str = "",
    port: int = 0,
    by_code: bool = False,
    shown: str = "",
) -> NetworkMatch:
    dice = ScriptedDice([])
    return NetworkMatch(
        role,
        code,
        address,
        port,
        Match(points, dice=dice),
        dice,
        DiceExchange(role),
        by_code,
        shown,
    )


def network_document(
    saved: NetworkMatch, events: Sequence[MatchEvent], offer: ResignationOffer | None = None
) -> dict[str, Any]:
    """The JSON-ready file for ``saved``, whose history is ``events`` (``Lockstep.events``)
    and whose offer to give up the game waiting for its answer is ``offer``
    (``Lockstep.offer``)."""
    exchange, match = saved.exchange, saved.match
    turn = match.turn
    steps = [[s.src, s.dst, s.die] for s in turn.steps] if turn is not None else []
    return {
        "format": FORMAT,
        "version": VERSION,
        "role": saved.role.value,
        "code": saved.code,
        "address": saved.address,
        "port": saved.port,
        "by_code": saved.by_code,
        "shown": saved.shown,
        "points": match.length,
        "started": match.started.isoformat(timespec="seconds"),
        "events": [event.as_json() for event in events],
        "pending": {
            "master": exchange.master,
            "revealed": exchange.revealed,
            "peer_commitment": exchange.peer_commitment,
            "peer_secret": exchange.peer_secret,
        },
        "steps": steps,
        "resign_offer": None
        if offer is None
        else [offer.side.value, offer.game, offer.turn, offer.points],
    }


def write_network_match(content: dict[str, Any]) -> None:
    """Write a network match's file (``network_document``) for its side."""
    path = network_save_path(Role(content["role"]).value)
    write_atomically(path, json.dumps(content, indent=1))


def read_network_match(role: Role) -> NetworkMatch | None:
    """The saved network match of ``role``, or None if there is none."""
    path = network_save_path(role.value)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise NetworkSaveError(
            _("cannot read {path}: {reason}").format(
                path=path, reason=getattr(error, "strerror", None) or error
            )
        ) from None
    try:
        return restore_network_match(json.loads(text))
    except ValueError as error:
        raise NetworkSaveError(
            _("{path} cannot be resumed: {reason}").format(path=path, reason=error)
        ) from None


def joined_again(saved: NetworkMatch, code: str, by_code: bool) -> bool:
    """Whether joining with ``code`` (met by a code, or directly) takes up the joiner's
    ``saved`` match: by a code, with no code or the one the host showed first; directly,
    with its own code. Any other code is another match, which would take its place."""
    if by_code:
        return saved.by_code and code in ("", saved.shown)
    return saved.code == code


def forget_network_match(role: Role) -> None:
    network_save_path(role.value).unlink(missing_ok=True)


def restore_network_match(data: object) -> NetworkMatch:
    """The network match in a file's data, every event replayed through the engine."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NetworkSaveError(_("it is not a nardy network match"))
    if data.get("version") != VERSION:
        raise NetworkSaveError(_("it is from another version of nardy"))
    role = Role(_field(data, "role", str))
    by_code = data.get("by_code") is True  # files of versions before meeting by a code
    code = _code(_field(data, "code", str), by_code)
    points = _field(data, "points", int)
    if code is None or points not in MATCH_LENGTHS:
        raise NetworkSaveError(_("its code or its match length is wrong"))
    saved = new_network_match(
        role,
        code,
        points,
        _field(data, "address", str),
        _field(data, "port", int),
        by_code,
        _code(data.get("shown") or "", by_code) or "",
    )
    saved.match.started = datetime.fromisoformat(_field(data, "started", str))
    events = _field(data, "events", list)
    try:
        for event in events:
            _replay(saved, event)
        _restore_pending(saved, _field(data, "pending", dict))
        _restore_steps(saved, _field(data, "steps", list))
        saved.offer = _offer(data.get("resign_offer"))
    except (PhaseError, TypeError, IndexError) as error:
        raise NetworkSaveError(str(error) or type(error).__name__) from None
    return saved


def _code(text: str, by_code: bool) -> str | None:
    """A saved code as it was written; None if it is not one ("" is the code of a match
    met by a code before its first meeting)."""
    if by_code:
        return "" if text == "" else wormhole_code(text)
    return normalised(text)


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise NetworkSaveError(_("its {key} is missing or wrong").format(key=key))
    return value


def _replay(saved: NetworkMatch, data: object) -> None:
    """Take one event of the file's history again, through the engine."""
    match, exchange = saved.match, saved.exchange
    try:
        event = event_from_json(data)
    except ValueError as error:
        raise NetworkSaveError(str(error)) from None
    if isinstance(event, ThrowEvent) and event.throw.number == exchange.number:
        exchange.throws.append(event.throw)
        saved.dice.add(*event.throw.dice)
        match.roll_off() if match.phase is Phase.ROLL_OFF else match.roll()
    elif isinstance(event, PlayEvent):
        match.play(event.play)
    elif isinstance(event, ResignEvent):
        match.resign(event.side, event.points)
    elif isinstance(event, NextGameEvent) and event.game == len(match.games) + 1:
        match.next_game()
    else:
        raise NetworkSaveError(
            _("an event is not one of a match: {event}").format(event=repr(data)[:60])
        )


def _restore_pending(saved: NetworkMatch, pending: dict[str, Any]) -> None:
    exchange = saved.exchange
    master, commitment, peer_secret = (
        pending.get("master"),
        pending.get("peer_commitment"),
        pending.get("peer_secret"),
    )
    if (
        not isinstance(master, str)
        or not is_hex64(master)
        or not isinstance(pending.get("revealed"), bool)
    ):
        raise NetworkSaveError(_("its throw in progress is wrong"))
    exchange.master = master
    exchange.revealed = pending["revealed"]
    exchange.peer_commitment = commitment if is_hex64(commitment) else None
    exchange.peer_secret = peer_secret if is_hex64(peer_secret) else None


def _offer(data: object) -> ResignationOffer | None:
    """The offer to give up the game that waited for its answer (none in the files of
    versions before it)."""
    if data is None:
        return None
    sides = {side.value for side in Side}
    if not (
        isinstance(data, list)
        and len(data) == 4
        and data[0] in sides
        and all(isinstance(n, int) and not isinstance(n, bool) for n in data[1:])
        and data[3] in (1, 2)
    ):
        raise NetworkSaveError(_("its offer to resign is wrong"))
    return ResignationOffer(Side(data[0]), data[1], data[2], data[3])


def _restore_steps(saved: NetworkMatch, steps: list[Any]) -> None:
    turn = saved.match.turn
    if turn is None:
        return
    for step in steps:
        turn.push(Step(*step))
