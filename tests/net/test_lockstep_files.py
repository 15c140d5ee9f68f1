"""The files of a match played in lockstep on two machines (tests/play/two_machines.py):
its save, written and read back at any moment of the match, and its record, which proves
its dice and names a die or a secret changed in it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from nardy_tui.engine import Phase
from nardy_tui.net import (
    NetworkMatch,
    Role,
    network_document,
    network_record,
    read_network_match,
    verify_record,
    write_network_match,
)
from nardy_tui.storage import parse_record
from tests.play.two_machines import Machine, connected_machines, play_one_step, play_until


@pytest.fixture
def machines() -> tuple[Machine, Machine]:
    return connected_machines()


@pytest.mark.slow
def test_a_network_match_saved_at_any_moment_comes_back_as_it_was(
    machines: tuple[Machine, Machine],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    host, joiner = machines
    while host.match.phase is not Phase.MATCH_OVER:
        play_one_step(host, joiner)
        saved = NetworkMatch(
            Role.HOST, "abcd-efgh", "", 0, host.match, host.dice, host.step.exchange
        )
        write_network_match(network_document(saved, host.step.events()))
        back = read_network_match(Role.HOST)
        assert back is not None
        assert back.match.game.record_lines() == host.match.game.record_lines()
        assert back.match.phase is host.match.phase
        assert back.exchange == host.step.exchange


def test_a_network_record_proves_its_dice(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)
    text = network_record(host.match, host.step.exchange.throws, datetime(2026, 12, 2, 9))
    verdict = verify_record(text)
    assert verdict.holds and verdict.throws == len(host.step.exchange.throws)
    read_back = parse_record(text).games[0].turns
    assert [str(turn) for turn in read_back] == host.match.game.record_lines()


def test_a_changed_die_or_secret_in_a_network_record_is_found(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)
    text = network_record(host.match, host.step.exchange.throws, datetime(2026, 12, 2, 9))
    [roll_off] = host.match.game.roll_offs[-1:]
    higher = 6 if roll_off.white > roll_off.black else roll_off.white
    line = f"White {roll_off.white}, Black {roll_off.black}"
    if roll_off.white > roll_off.black and roll_off.white < 6:
        changed = text.replace(line, f"White {higher}, Black {roll_off.black}", 1)
        problems = verify_record(changed).problems
        named = f"roll-off (White {higher}, Black {roll_off.black}): the secrets give"
        assert any(named in p for p in problems), problems
    proof = next(x for x in text.splitlines() if x.startswith("Throw 2:"))
    forged = text.replace(proof, proof[:-1] + ("0" if proof[-1] != "0" else "1"))
    first = parse_record(text).games[0]
    second = first.roll_offs[1] if len(first.roll_offs) > 1 else None
    place = (
        f"game 1, roll-off (White {second.white}, Black {second.black})"
        if second
        else f"game 1, turn 1, {first.turns[0].side.name_shown} {first.turns[0].dice}"
    )
    assert verify_record(forged).problems == (f"{place}: a secret is not the one committed to",)
    assert not verify_record(text.split("Dice proof")[0]).holds
