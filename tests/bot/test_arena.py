"""A short arena run: the report has every figure the issue asks for, and --json works."""

from __future__ import annotations

import json

import pytest

from nardy_tui.bot import arena
from nardy_tui.cli.arena import main as arena_main


def test_arena_report_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["medium", "random", "--games", "4", "--seed", "2", "--json"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    data = json.loads(lines[-1])
    assert data["games"] == 4
    assert data["a"]["wins"] + data["b"]["wins"] == 4
    assert data["a"]["level"] == "medium" and data["b"]["level"] == "random"
    for side in ("a", "b"):
        entry = data[side]
        assert 0 <= entry["mars_wins"] <= entry["wins"]
        assert entry["points"] == entry["wins"] + entry["mars_wins"]
        assert set(entry["think"]) == {"moves", "median_ms", "p99_ms"}
    low, high = data["a_win_rate_ci95"]
    assert 0.0 <= low <= data["a_win_rate"] <= high <= 1.0
    assert "win rate" in captured.out
    assert "game 4/4" in captured.err  # progress goes to stderr


def test_duplicate_dice_swap_seats() -> None:
    # Medium has no noise, so two of them play the same game twice with the same dice: the
    # same seat wins both times, which is one game for each bot.
    data = arena.run("medium", "medium", 4, seed=4, progress=False)
    assert data["a"]["wins"] == data["b"]["wins"] == 2


def test_wilson_interval() -> None:
    low, high = arena.wilson(50, 100)
    assert low < 0.5 < high
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        arena_main(["medium", "grandmaster"])
    with pytest.raises(SystemExit):
        arena_main(["medium", "easy", "--games", "0"])
