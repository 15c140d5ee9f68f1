"""What ``nardy verify`` may claim. A record holds both secrets of every throw, so one person
can make up a record whose dice they chose and that agrees with itself: alone, it proves only
that. Where this machine kept its own part of the match, the record is checked against it,
which is something the other side cannot make up. Problems are named by game and turn."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from itertools import count
from pathlib import Path

import pytest

from nardy_tui.cli.network import verify_main
from nardy_tui.engine import Dice, Match, Phase, ScriptedDice, Side, legal_plays
from nardy_tui.net import (
    DiceExchange,
    KeptPart,
    Role,
    Secret,
    Throw,
    dice_of,
    keep_part,
    kept_parts,
    network_record,
    new_master,
    verify_record,
)
from nardy_tui.net.fair_dice import commitment_of
from nardy_tui.storage import parse_record

STARTED = datetime(2026, 12, 2, 9)
HOST_MASTER, JOINER_MASTER = new_master(), new_master()

SecretsFor = Callable[[Match, int], tuple[str, str]]
"""The host's and the joiner's secret for throw N, given the match as it stands before it."""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


def played(secrets_for: SecretsFor, turns: int = 8) -> tuple[str, list[Throw]]:
    """The record of a match whose throws come from ``secrets_for`` (each side plays its
    first legal play for ``turns`` turns), and its throws."""
    dice = ScriptedDice([])
    match = Match(1, dice=dice, started=STARTED)
    throws: list[Throw] = []

    def throw() -> None:
        number = len(throws) + 1
        host, joiner = secrets_for(match, number)
        throws.append(
            Throw(number, commitment_of(number, host), host, commitment_of(number, joiner), joiner)
        )
        dice.add(*throws[-1].dice)

    while match.phase is Phase.ROLL_OFF:
        throw()
        match.roll_off()
    for _turn in range(turns):
        throw()
        match.roll()
        assert match.turn is not None
        match.play(legal_plays(match.turn.position, match.turn.dice)[0])
    return network_record(match, throws, STARTED), throws


def honest(match: Match, number: int) -> tuple[str, str]:
    """Each side's secret drawn from its own master, as the program draws them."""
    return Secret.of(HOST_MASTER, number).value, Secret.of(JOINER_MASTER, number).value


def ground(number: int, host_secret: str, wanted: Callable[[Dice], bool]) -> str:
    """The first joiner secret that gives, with ``host_secret``, dice ``wanted`` accepts:
    what a side could do if it saw the other's secret before choosing its own."""
    return next(
        secret
        for secret in (f"{i:064x}" for i in count())
        if wanted(dice_of(number, host_secret, secret))
    )


def for_white(match: Match) -> Callable[[Dice], bool]:
    """White wins every roll-off and throws 6-6 at every turn; Black throws 2-1."""
    if match.phase is Phase.ROLL_OFF:
        return lambda dice: dice.first > dice.second
    if match.mover is Side.WHITE:
        return lambda dice: dice == Dice(6, 6)
    return lambda dice: sorted(dice) == [1, 2]


def made_up_alone(match: Match, number: int) -> tuple[str, str]:
    """Both secrets made by one person, the second ground for White."""
    host = f"{number:064x}"
    return host, ground(number, host, for_white(match))


def ground_by_joiner(match: Match, number: int) -> tuple[str, str]:
    """The host's true secrets, and the joiner's ground after seeing them."""
    host = Secret.of(HOST_MASTER, number).value
    return host, ground(number, host, for_white(match))


def keep_hosts_part(throws: list[Throw]) -> None:
    """What the host's program keeps when it writes the record of the honest match."""
    keep_part(DiceExchange(Role.HOST, throws=throws, master=HOST_MASTER), STARTED)


def verify(text: str, home: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``nardy verify`` on ``text``: its status and what it printed."""
    path = home / "record.txt"
    path.write_text(text, encoding="utf-8")
    status = verify_main([str(path)])
    return status, capsys.readouterr().out


# A record alone proves only that it agrees with itself.


def test_a_record_made_up_alone_for_white_agrees_with_itself() -> None:
    text, _throws = played(made_up_alone)
    game = parse_record(text).games[0]
    assert game.roll_offs[-1].white > game.roll_offs[-1].black
    assert {str(turn.dice) for turn in game.turns if turn.side is Side.WHITE} == {"6-6"}
    verdict = verify_record(text, kept_parts())
    assert verdict.holds and verdict.mine == ()


def test_verify_does_not_say_a_made_up_record_came_from_two_machines(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = verify(played(made_up_alone)[0], home, capsys)
    assert status == 0
    assert "came from both machines" not in out
    assert "not that its two secrets came from two machines" in out
    assert "could have made up both" in out
    assert "kept no part of its own in this match" in out
    assert (
        "each commitment matches its secret, the dice follow from the two secrets, and "
        "they are the dice the games were played with" in out
    )


def test_a_record_of_another_match_is_not_checked_against_this_machines_part() -> None:
    keep_hosts_part(played(honest)[1])
    assert verify_record(played(made_up_alone)[0], kept_parts()).mine == ()


# This machine's own part vouches for its side.


def test_an_honest_record_agrees_with_the_part_this_machine_kept(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, throws = played(honest)
    keep_hosts_part(throws)
    assert verify_record(text, kept_parts()).mine == (Side.WHITE,)
    status, out = verify(text, home, capsys)
    assert status == 0
    assert "This machine played White in this match, and the part it kept agrees" in out
    assert "Black could neither choose nor foresee these dice" in out


def test_a_joiner_that_ground_its_secrets_against_the_hosts_is_caught_by_the_hosts_part(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keep_hosts_part(played(honest)[1])
    forged = played(ground_by_joiner)[0]
    assert verify_record(forged).holds
    verdict = verify_record(forged, kept_parts())
    assert verdict.mine == (Side.WHITE,)
    first_turn = parse_record(forged).games[0].turns[0]
    assert (
        f"game 1, turn 1, White {first_turn.dice}: the commitment of Black is not the one "
        "this machine received"
    ) in verdict.problems
    status, out = verify(forged, home, capsys)
    assert status == 1 and "could neither choose" not in out


def test_a_changed_secret_of_this_side_is_named_by_game_and_turn() -> None:
    text, throws = played(honest)
    keep_hosts_part(throws)
    turn = parse_record(text).games[0].turns[2]
    number = len(parse_record(text).games[0].roll_offs) + 3
    secret = "ab" * 32
    changed = text.replace(
        f"host commitment {throws[number - 1].host_commitment} secret "
        f"{throws[number - 1].host_secret}",
        f"host commitment {commitment_of(number, secret)} secret {secret}",
    )
    problems = verify_record(changed, kept_parts()).problems
    assert (
        f"game 1, turn 3, {turn.side.name_shown} {turn.dice}: the secret of White is not the "
        "one this machine drew from its master secret"
    ) in problems


def test_a_record_cut_short_is_told_from_this_machines_part() -> None:
    whole = played(honest)[1]
    keep_hosts_part(whole)
    short, throws = played(honest, turns=7)
    assert (
        f"this machine threw {len(whole)} throws in this match, the proof has "
        f"{len(throws)}" in verify_record(short, kept_parts()).problems
    )


def test_a_damaged_kept_part_vouches_for_nothing(home: Path) -> None:
    text, throws = played(honest)
    keep_hosts_part(throws)
    [path] = (home / "network-secrets").glob("*.json")
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "master": "not hex"}))
    assert kept_parts() == []
    assert verify_record(text, kept_parts()).mine == ()


def test_the_kept_part_holds_the_master_and_the_other_sides_commitments(home: Path) -> None:
    throws = played(honest)[1]
    keep_hosts_part(throws)
    assert kept_parts() == [
        KeptPart(Role.HOST, HOST_MASTER, tuple(throw.joiner_commitment for throw in throws))
    ]
    assert (home / "network-secrets" / "nardy-network-host-20261202-090000.json").exists()


# Problems are named where a person can find them in the record.


def test_a_broken_commitment_is_named_by_game_and_turn() -> None:
    text, throws = played(honest)
    game = parse_record(text).games[0]
    first = throws[0]
    changed = text.replace(first.host_secret, "0" * 64, 1)
    roll_off = game.roll_offs[0]
    assert verify_record(changed).problems[0] == (
        f"game 1, roll-off (White {roll_off.white}, Black {roll_off.black}): a secret is not "
        "the one committed to"
    )


def test_dice_the_game_did_not_throw_are_named_by_game_and_turn() -> None:
    text, throws = played(honest)
    turn = parse_record(text).games[0].turns[1]
    throw = throws[len(parse_record(text).games[0].roll_offs) + 1]
    other = ground(throw.number, throw.host_secret, lambda dice: sorted(dice) != sorted(turn.dice))
    changed = text.replace(
        f"joiner commitment {throw.joiner_commitment} secret {throw.joiner_secret}",
        f"joiner commitment {commitment_of(throw.number, other)} secret {other}",
    )
    dice = dice_of(throw.number, throw.host_secret, other)
    assert (
        f"game 1, turn 2, {turn.side.name_shown} {turn.dice}: the secrets give {dice}"
        in verify_record(changed).problems
    )
