"""The record of a network match, with the proof of its dice, and checking that proof.

The record is an ordinary match record (``nardy replay`` and ``nardy review`` read it) with
one line per throw after its end: the dice, and each side's commitment and secret. Anyone
can check, with ``nardy verify RECORD``, that each commitment was to its secret, that the
dice follow from the two secrets, and that they are the dice the games were played with.

That shows only that the record agrees with itself: it holds both secrets of every throw
and nothing the other machine signed, so one person could have made up both and ground
them for any dice. What this machine kept of its own part (``kept``) is what a record's
writer cannot make up; where it is at hand, the record is checked against it too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from nardy_tui.engine import Dice, Match, Side
from nardy_tui.i18n import _
from nardy_tui.net.auth import Role
from nardy_tui.net.fair_dice import DishonestThrow, Throw, check_throw
from nardy_tui.net.kept import KeptPart, own_and_peer
from nardy_tui.net.messages import PROTOCOL_VERSION
from nardy_tui.options import MatchOptions
from nardy_tui.storage import Record, format_record, parse_record

PLAYERS = "White: host / Black: joiner (network match)"
SIDES = {Role.HOST: Side.WHITE, Role.JOINER: Side.BLACK}
"""Who plays which colour, as ``PLAYERS`` says."""
DICE = "Dice: thrown by both machines together; their proof follows the match"
PROOF_TITLE = f"Dice proof (nardy protocol {PROTOCOL_VERSION}):"
_PROOF = re.compile(
    r"^Throw (\d+): (\d-\d); host commitment ([0-9a-f]{64}) secret "
    r"([0-9a-f]{64}); joiner commitment ([0-9a-f]{64}) secret ([0-9a-f]{64})$"
)


def network_record(
    match: Match,
    throws: list[Throw],
    when: datetime,
    players: str = PLAYERS,
    decided: str | None = None,
) -> str:
    """The record of a network match with every throw's proof after it; ``players`` is
    its line of who played which colour (White is always the host's part), ``decided`` its
    closing line if its games did not end it (``format_record``)."""
    options = MatchOptions(points=match.length)
    text = format_record(match, options, when, players=players, dice=DICE, decided=decided)
    lines = ["", PROOF_TITLE] + [
        f"Throw {t.number}: {t.dice}; host commitment {t.host_commitment} secret "
        f"{t.host_secret}; joiner commitment {t.joiner_commitment} secret {t.joiner_secret}"
        for t in throws
    ]
    return text + "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class ProofCheck:
    """What ``verify`` found: how many throws it checked, what is wrong if anything, and the
    sides whose part kept on this machine the record was checked against."""

    throws: int
    problems: tuple[str, ...]
    mine: tuple[Side, ...] = ()
    """The sides this machine played in the record's match (both, if it played both)."""

    @property
    def holds(self) -> bool:
        return self.throws > 0 and not self.problems


@dataclass(frozen=True, slots=True)
class _Place:
    """Where the games used a throw: its name for a person, and its dice there."""

    name: str
    dice: Dice
    in_order: bool
    """Whether the order of the two dice counts (a roll-off: White's die, then Black's)."""

    def shows(self, dice: Dice) -> bool:
        return dice == self.dice if self.in_order else sorted(dice) == sorted(self.dice)


def verify_record(text: str, kept: Sequence[KeptPart] = ()) -> ProofCheck:
    """Check every die of a network match's record against its proof, and against this
    machine's own part in that match if it is among ``kept``.

    Raises ``RecordError`` if the games themselves cannot be read.
    """
    record = parse_record(text)
    proofs = [_proof(found) for line in text.splitlines() if (found := _PROOF.match(line.strip()))]
    if not proofs:
        return ProofCheck(
            0, (_("the record has no dice proof: it is not a network match's record"),)
        )
    places = _places(record)
    problems = _consistency_problems(proofs, places)
    throws = [throw for throw, written in proofs]
    in_record = {c for throw in throws for c in (throw.host_commitment, throw.joiner_commitment)}
    mine = [part for part in kept if part.commitments() & in_record]
    for part in mine:
        problems += _own_part_problems(part, throws, places)
    return ProofCheck(len(proofs), tuple(problems), tuple(SIDES[part.role] for part in mine))


def _proof(found: re.Match[str]) -> tuple[Throw, str]:
    """A proof line's throw, and the dice the line writes (as it writes them: a forged line
    may write dice no throw gives, and is compared, not read)."""
    throw = Throw(
        int(found.group(1)), found.group(3), found.group(4), found.group(5), found.group(6)
    )
    return throw, found.group(2)


def _places(record: Record) -> list[_Place]:
    """Where the games used each throw, in order: so a problem is named by game and turn,
    which a person can find in the record, not by a throw's number, which they cannot."""
    places: list[_Place] = []
    for game in record.games:
        places += [
            _Place(
                _("game {game}, roll-off (White {white}, Black {black})").format(
                    game=game.number, white=throw.white, black=throw.black
                ),
                Dice(throw.white, throw.black),
                True,
            )
            for throw in game.roll_offs
        ]
        places += [
            _Place(
                _("game {game}, turn {turn}, {side} {dice}").format(
                    game=game.number, turn=turn.number, side=turn.side.name_shown, dice=turn.dice
                ),
                turn.dice,
                False,
            )
            for turn in game.turns
        ]
        unplayed = game.resignation.unplayed if game.resignation is not None else None
        if unplayed is not None:
            places.append(
                _Place(
                    _("game {game}, {dice} thrown and not played: the game was resigned").format(
                        game=game.number, dice=unplayed
                    ),
                    unplayed,
                    False,
                )
            )
    return places


def _consistency_problems(proofs: list[tuple[Throw, str]], places: list[_Place]) -> list[str]:
    """What makes the record disagree with itself."""
    problems = []
    for number, ((throw, written), place) in enumerate(zip(proofs, places, strict=False), start=1):
        problems += _throw_problems(throw, number, written, place)
    if len(places) != len(proofs):
        problems.append(
            _("the games used {used} throws, the proof has {proved}").format(
                used=len(places), proved=len(proofs)
            )
        )
    return problems


def _throw_problems(throw: Throw, number: int, written: str, place: _Place) -> list[str]:
    if throw.number != number:
        return [
            _("{place}: the proof's throw {number} is out of order").format(
                place=place.name, number=throw.number
            )
        ]
    try:
        dice = check_throw(throw)
    except DishonestThrow:
        return [_("{place}: a secret is not the one committed to").format(place=place.name)]
    problems = []
    if str(dice) != written:
        problems.append(
            _("{place}: the secrets give {dice}, the proof says {written}").format(
                place=place.name, dice=dice, written=written
            )
        )
    if not place.shows(dice):
        problems.append(_("{place}: the secrets give {dice}").format(place=place.name, dice=dice))
    return problems


def _own_part_problems(part: KeptPart, throws: list[Throw], places: list[_Place]) -> list[str]:
    """Where the record differs from this machine's own part in the match: its side's
    secret not drawn from the kept master, or the other side's commitment not the one
    this machine received before it revealed its own."""
    side = SIDES[part.role]
    problems = []
    for number, (throw, received, place) in enumerate(
        zip(throws, part.peer_commitments, places, strict=False), start=1
    ):
        secret, commitment = own_and_peer(part.role, throw)
        if secret != part.secret(number):
            problems.append(
                _(
                    "{place}: the secret of {side} is not the one this machine "
                    "drew from its master secret"
                ).format(place=place.name, side=side.name_shown)
            )
        if commitment != received:
            problems.append(
                _("{place}: the commitment of {side} is not the one this machine received").format(
                    place=place.name, side=side.opponent.name_shown
                )
            )
    if len(part.peer_commitments) != len(throws):
        problems.append(
            _("this machine threw {kept} throws in this match, the proof has {proved}").format(
                kept=len(part.peer_commitments), proved=len(throws)
            )
        )
    return problems
