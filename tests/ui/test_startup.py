"""Before the first screen (``ui/startup``): what cannot work is refused before the terminal
is taken over, and the question whether to resume names both matches in one line each."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_tui.engine import Match
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.play import Saver
from nardy_tui.ui.startup import asked_summary, refused_before_start, saved_summary

HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=5)
AGAINST_EASY = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, points=5, seed=5)


def test_a_plain_start_is_never_refused() -> None:
    assert refused_before_start(LaunchOptions()) is None


def test_resuming_with_no_match_saved_is_refused_saying_how_to_start_one() -> None:
    refusal = refused_before_start(LaunchOptions(resume=True))
    assert refusal is not None and "run 'nardy' to start one" in refusal


def test_resuming_a_saved_match_is_not_refused() -> None:
    Saver().save(Match(length=3, seed=5), HOT_SEAT)
    assert refused_before_start(LaunchOptions(resume=True)) is None


def test_a_data_folder_that_is_a_file_is_refused_before_anything_else(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = private_home / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("NARDY_HOME", str(blocker))
    refusal = refused_before_start(LaunchOptions(resume=True))
    assert refusal is not None and "it is a file" in refusal


def test_the_saved_match_is_named_by_its_mode_length_score_and_game() -> None:
    assert saved_summary(Match(length=3, seed=5), HOT_SEAT) == (
        "hot-seat, match to 3, White 0 - Black 0, game 1"
    )
    assert saved_summary(Match(length=5, seed=5), AGAINST_EASY).startswith(
        "against the Easy bot, match to 5"
    )


def test_the_match_asked_for_is_named_by_its_mode_and_length() -> None:
    assert asked_summary(HOT_SEAT) == "hot-seat, match to 3"
    assert asked_summary(AGAINST_EASY) == "against the Easy bot, match to 5"
