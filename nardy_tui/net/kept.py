"""This machine's own part in the dice of every network match it finished, kept in its data
folder so that ``nardy verify`` can check a record against something the record's writer
could not make up.

A record holds both secrets of every throw, so whoever writes one can make up both, and a
made-up record agrees with itself as well as a true one does. Two things are out of the
other side's reach: this side's master secret (drawn on this machine and never sent; only
each throw's secret, drawn from it, is revealed) and the other side's commitments as this
machine received them, each before this side revealed its own secret for that throw. A
record whose secrets of this side come from the kept master, and whose commitments of the
other side are the kept ones, holds dice the other side could neither choose nor foresee.

That is a guarantee to this machine's player only: anyone else has no more reason to trust
this file than the record, since whoever holds both could have made both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from nardy_tui.net.auth import Role
from nardy_tui.net.exchange import DiceExchange
from nardy_tui.net.fair_dice import Secret, Throw, commitment_of, is_hex64
from nardy_tui.storage import data_dir, write_atomically

FORMAT = "nardy-network-secret"
VERSION = 1
FOLDER = "network-secrets"
"""Beside the data folder's other files, not in ``records``: records are made to be shared,
these are this machine's own."""


@dataclass(frozen=True, slots=True)
class KeptPart:
    """One side's part in a finished network match: its master secret, and the other side's
    commitment to every throw, in the order of the throws."""

    role: Role
    master: str
    peer_commitments: tuple[str, ...]

    @classmethod
    def of(cls, exchange: DiceExchange) -> KeptPart:
        return cls(
            exchange.role,
            exchange.master,
            tuple(own_and_peer(exchange.role, throw)[1] for throw in exchange.throws),
        )

    def secret(self, number: int) -> str:
        """This side's secret for throw ``number``, drawn again from the master."""
        return Secret.of(self.master, number).value

    def commitments(self) -> set[str]:
        """Every commitment of this part's match, both sides': a record shares some with it
        only if it is a record of that match."""
        numbers = range(1, len(self.peer_commitments) + 1)
        return {commitment_of(n, self.secret(n)) for n in numbers} | set(self.peer_commitments)


def own_and_peer(role: Role, throw: Throw) -> tuple[str, str]:
    """``role``'s secret and the other side's commitment in a finished throw."""
    if role is Role.HOST:
        return throw.host_secret, throw.joiner_commitment
    return throw.joiner_secret, throw.host_commitment


def kept_path(role: Role, started: datetime) -> Path:
    """Named like the match's record, so a person can pair them; ``verify`` pairs them by
    their commitments instead, since a record may be renamed or be the other side's copy."""
    return data_dir() / FOLDER / f"nardy-network-{role.value}-{started:%Y%m%d-%H%M%S}.json"


def keep_part(exchange: DiceExchange, started: datetime) -> None:
    """Keep this side's part of the match started at ``started`` (``OSError`` if it cannot)."""
    part = KeptPart.of(exchange)
    write_atomically(
        kept_path(part.role, started),
        json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "role": part.role.value,
                "master": part.master,
                "peer_commitments": list(part.peer_commitments),
            },
            indent=1,
        ),
    )


def kept_parts() -> list[KeptPart]:
    """Every part kept on this machine.

    A file that cannot be read or is not a kept part is passed over: it vouches for
    nothing, and a record of its match is then told that no part of it is kept here.
    """
    paths = sorted((data_dir() / FOLDER).glob("*.json"))
    return [part for path in paths if (part := _read(path)) is not None]


def _read(path: Path) -> KeptPart | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return None
    commitments = data.get("peer_commitments")
    if (
        data.get("role") not in {role.value for role in Role}
        or not is_hex64(data.get("master"))
        or not isinstance(commitments, list)
        or not all(map(is_hex64, commitments))
    ):
        return None
    return KeptPart(Role(data["role"]), data["master"], tuple(commitments))
