"""The commands that take a position ID work as the game prints them, pasted as they are,
and with an ID an older nardy printed with "-" first (Black first with a 6 first)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from nardy_tui.cli import main, parse_launch
from nardy_tui.cli.analyze import analyze_main
from nardy_tui.engine import Match, Position, ScriptedDice, Side
from nardy_tui.play import TurnFlow, hot_seat, position_id_said
from nardy_tui.storage import Settings

OLDER_BLACK_FIRST = "-oAAAP_-AAAB__w"
"""Black's opening with 6-5, as nardy wrote it before its IDs stopped beginning with "-"."""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path / "home"))


def test_the_analyze_command_the_game_prints_for_black_first_with_a_6_works(
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = Match(length=1, dice=ScriptedDice([3, 5, 6, 2]))  # Black wins the roll-off
    flow = TurnFlow(match, hot_seat(), Settings())
    assert flow.roll() is not None and flow.roll(by_key=False) is not None
    _, said = position_id_said(match)
    printed = re.search(r"'(nardy analyze [^']+)'", said)
    assert printed is not None, said
    assert main(shlex.split(printed.group(1))[1:]) == 0
    assert "Black to move, dice 6-2" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        [OLDER_BLACK_FIRST],
        ["--", OLDER_BLACK_FIRST],
        ["--depth", "1", OLDER_BLACK_FIRST],
    ],
)
def test_analyze_takes_an_older_id_that_begins_with_a_hyphen(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert analyze_main(["--json", "--depth", "1", *args]) == 0
    data = json.loads(capsys.readouterr().out)
    assert Position.from_id(data["id"]) == Position.initial(Side.BLACK)
    assert data["dice"] == [6, 5]


@pytest.mark.parametrize(
    "args",
    [
        ["--position", OLDER_BLACK_FIRST],
        [f"--position={OLDER_BLACK_FIRST}"],
        ["--position", Position.initial(Side.BLACK).to_id((6, 5))],
    ],
)
def test_practice_from_an_id_that_began_with_a_hyphen(args: list[str]) -> None:
    launch = parse_launch(["--hot-seat", *args])
    assert launch.start is not None
    assert Position.from_id(launch.start) == Position.initial(Side.BLACK)
