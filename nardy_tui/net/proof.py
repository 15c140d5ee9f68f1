"""The record of a network match, with the proof of its dice, and checking that proof.

The record is an ordinary match record (``nardy replay`` and ``nardy review`` read it) with
one line per throw after its end: the dice, and each side's commitment and secret. Anyone
can check, with ``nardy verify RECORD``, that each commitment was to its secret, that the
dice follow from the two secrets, and that they are the dice the games were played with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from nardy_tui.engine import Dice, Match
from nardy_tui.i18n import _
from nardy_tui.net.fair_dice import DishonestThrow, Throw, check_throw
from nardy_tui.net.messages import PROTOCOL_VERSION
from nardy_tui.options import MatchOptions
from nardy_tui.storage import Record, format_record, parse_record

PLAYERS = "White: host / Black: joiner (network match)"
DICE = "Dice: thrown by both machines together; their proof follows the match"
PROOF_TITLE = f"Dice proof (nardy protocol {PROTOCOL_VERSION}):"
_PROOF = re.compile(r"^Throw (\d+): (\d)-(\d); host commitment ([0-9a-f]{64}) secret "
                    r"([0-9a-f]{64}); joiner commitment ([0-9a-f]{64}) secret ([0-9a-f]{64})$")


def network_record(match: Match, throws: list[Throw], when: datetime) -> str:
    """The record of a network match with every throw's proof after it."""
    text = format_record(match, MatchOptions(points=match.length), when, players=PLAYERS,
                         dice=DICE)
    lines = ["", PROOF_TITLE] + [
        f"Throw {t.number}: {t.dice}; host commitment {t.host_commitment} secret "
        f"{t.host_secret}; joiner commitment {t.joiner_commitment} secret {t.joiner_secret}"
        for t in throws]
    return text + "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What ``verify`` found: how many throws it checked and what is wrong, if anything."""

    throws: int
    problems: tuple[str, ...]

    @property
    def holds(self) -> bool:
        return self.throws > 0 and not self.problems


def verify_record(text: str) -> Verdict:
    """Check every die of a network match's record against its proof.

    Raises ``RecordError`` if the games themselves cannot be read.
    """
    record = parse_record(text)
    proofs = [found for line in text.splitlines() if (found := _PROOF.match(line.strip()))]
    if not proofs:
        return Verdict(0, (_("the record has no dice proof: it is not a network match's "
                             "record"),))
    played = _dice_played(record)
    problems: list[str] = []
    for index, found in enumerate(proofs):
        number = int(found.group(1))
        written = Dice(int(found.group(2)), int(found.group(3)))
        throw = Throw(number, found.group(4), found.group(5), found.group(6), found.group(7))
        problems += _throw_problems(throw, index + 1, written,
                                    played[index] if index < len(played) else None)
    if len(played) > len(proofs):
        problems.append(_("the games used {used} throws, the proof has {proved}").format(
            used=len(played), proved=len(proofs)))
    return Verdict(len(proofs), tuple(problems))


def _throw_problems(throw: Throw, expected_number: int, written: Dice,
                    played: tuple[Dice, bool] | None) -> list[str]:
    if throw.number != expected_number:
        return [_("throw {number} is out of order").format(number=throw.number)]
    try:
        dice = check_throw(throw)
    except DishonestThrow:
        return [_("throw {number}: a secret is not the one committed to").format(
            number=throw.number)]
    problems = []
    if dice != written:
        problems.append(_("throw {number}: the secrets give {dice}, the proof says {written}"
                          ).format(number=throw.number, dice=dice, written=written))
    if played is None:
        return problems
    used, in_order = played
    same = dice == used if in_order else sorted(dice) == sorted(used)
    if not same:
        problems.append(_("throw {number}: the secrets give {dice}, but the game has {used}"
                          ).format(number=throw.number, dice=dice, used=used))
    return problems


def _dice_played(record: Record) -> list[tuple[Dice, bool]]:
    """Each throw's dice as the games used them, in order; True where the order of the two
    dice counts (a roll-off: White's die, then Black's)."""
    used: list[tuple[Dice, bool]] = []
    for game in record.games:
        used += [(Dice(throw.white, throw.black), True) for throw in game.roll_offs]
        used += [(turn.dice, False) for turn in game.turns]
    return used
