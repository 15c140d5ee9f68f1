"""The command line takes the same words as ever and hands the game typed options."""

from __future__ import annotations

import pytest

from nardy_tui.cli import SUBCOMMANDS, build_parser, parse_launch
from nardy_tui.engine import Side
from nardy_tui.options import Level, MatchOptions, Mode


def test_the_bot_level_and_colour_words_become_a_level_and_a_side() -> None:
    match = parse_launch(["--bot", "hard", "--color", "black", "--points", "5"]).match
    assert match == MatchOptions(Mode.BOT, Level.HARD, Side.BLACK, points=5)
    assert match.mode is Mode.BOT and match.bot_level is Level.HARD


def test_a_random_colour_is_none_until_the_match_starts() -> None:
    match = parse_launch(["--bot", "easy", "--color", "random"]).match
    assert match is not None and match.color is None and match.bot_level is Level.EASY


def test_what_is_not_said_is_the_medium_bot_with_white() -> None:
    assert parse_launch(["--points", "7"]).match == MatchOptions(
        Mode.BOT, Level.MEDIUM, Side.WHITE, points=7
    )


def test_hot_seat_is_its_own_mode() -> None:
    match = parse_launch(["--hot-seat"]).match
    assert match is not None and match.mode is Mode.HOT_SEAT


@pytest.mark.parametrize("level", ["random", "genius"])
def test_a_level_no_player_may_choose_is_refused(
    level: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        parse_launch(["--bot", level])
    assert f"invalid choice: '{level}'" in capsys.readouterr().err


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_nardy_help_names_every_command(command: str) -> None:
    assert f"'nardy {command}" in (build_parser().epilog or "")
