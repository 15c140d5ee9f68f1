"""A short arena run: the report has every figure the issue asks for, and --json works."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from nardy_tui.bot import arena, expert
from nardy_tui.bot.arena import GameResult, Tally
from nardy_tui.bot.network import Network
from nardy_tui.cli.arena import main as arena_main
from nardy_tui.options import Level


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
    by_game = data["a_points_by_game"]
    assert len(by_game) == 4 and all(points in (-2, -1, 1, 2) for points in by_game)
    assert sum(points for points in by_game if points > 0) == data["a"]["points"]
    assert -sum(points for points in by_game if points < 0) == data["b"]["points"]
    low, high = data["a_win_rate_ci95"]
    assert 0.0 <= low <= data["a_win_rate"] <= high <= 1.0
    assert "win rate" in captured.out
    assert "game 4/4" in captured.err  # progress goes to stderr


def test_the_json_report_is_the_object_scripts_read_key_for_key() -> None:
    """``--json``'s object, which scripts read (``training/experiments/duplicate_pairs.py``):
    its keys in this order, each figure rounded as here, an empty side's think times zero."""
    games = [GameResult(a_won=True, points=2), GameResult(False, 1), GameResult(True, 1)]
    tally = Tally(games, think={"A": [0.0012, 0.0031, 0.0502], "B": []})
    assert json.dumps(arena.report("expert (run.npz)", "hard", 7, tally).as_json()) == (
        '{"games": 3, "seed": 7, '
        '"a": {"level": "expert (run.npz)", "wins": 2, "mars_wins": 1, "points": 3, '
        '"points_per_game": 1.0, "think": {"moves": 3, "median_ms": 3.1, "p99_ms": 50.2}}, '
        '"b": {"level": "hard", "wins": 1, "mars_wins": 0, "points": 1, '
        '"points_per_game": 0.333, "think": {"moves": 0, "median_ms": 0.0, "p99_ms": 0.0}}, '
        '"a_win_rate": 0.6667, "a_win_rate_ci95": [0.2077, 0.9385], "a_points_by_game": [2, -1, 1]}'
    )


def test_duplicate_dice_swap_seats() -> None:
    # Medium has no noise, so two of them play the same game twice with the same dice: the
    # same seat wins both times, which is one game for each bot.
    report = arena.run(Level.MEDIUM, Level.MEDIUM, 4, seed=4)
    assert report.a.wins == report.b.wins == 2


def test_wilson_interval() -> None:
    low, high = arena.wilson(50, 100)
    assert low < 0.5 < high
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        arena_main(["medium", "grandmaster"])
    with pytest.raises(SystemExit):
        arena_main(["medium", "easy", "--games", "0"])


@pytest.mark.slow
def test_two_weights_files_of_the_expert_play_each_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The files are what this is about, not the search: each expert plays one roll deep
    # (width 0, the player training measures itself with), a tenth of the full search's time.
    monkeypatch.setattr(expert, "ExpertBot", functools.partial(expert.ExpertBot, width=0))
    # Identical weights in two files: the same deterministic player twice, so the
    # duplicate dice split the games evenly, and the report names each file.
    first, second = tmp_path / "one" / "next.npz", tmp_path / "two" / "next.npz"
    for path in (first, second):
        Network.fresh(hidden=8, seed=3).save(path)
    assert (
        arena_main(
            [
                "expert",
                "expert",
                "--weights-a",
                str(first),
                "--weights-b",
                str(second),
                "--games",
                "2",
                "--quiet",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["a"]["wins"] == data["b"]["wins"] == 1
    assert (data["a"]["level"], data["b"]["level"]) == (f"expert ({first})", f"expert ({second})")


def test_an_expert_with_its_own_file_is_named_by_the_file() -> None:
    assert arena._labels(("expert", Path("a/run.npz")), ("hard", None)) == [
        "expert (run.npz)",
        "hard",
    ]


def test_weights_for_a_level_without_a_network_or_a_missing_file_say_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        arena_main(["hard", "expert", "--weights-a", str(tmp_path / "w.npz")])
    assert "--weights-a needs the expert level, not hard" in capsys.readouterr().err
    missing = tmp_path / "missing.npz"
    assert arena_main(["expert", "hard", "--weights-a", str(missing), "--quiet"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"nardy arena: {missing}: the expert's weights file is missing"
    )


def test_processes_sharing_the_games_play_the_same_games() -> None:
    alone = arena.run(Level.MEDIUM, Level.EASY, 5, seed=6)
    shared = arena.run(Level.MEDIUM, Level.EASY, 5, seed=6, jobs=2)
    assert shared.a_points_by_game == alone.a_points_by_game
    assert len(shared.a_points_by_game) == 5  # an odd run ends with half a pair
    assert shared.a.think.moves == alone.a.think.moves


def test_jobs_below_one_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        arena_main(["medium", "random", "--jobs", "0"])
    assert ended.value.code == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
