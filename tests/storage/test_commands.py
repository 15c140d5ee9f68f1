"""``nardy export`` and ``nardy replay`` from a shell: one-line errors, never a traceback."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from nardy_tui.engine import Match, Side
from nardy_tui.options import Level, MatchOptions
from nardy_tui.storage import save_match

from .play import act


def nardy(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m nardy_tui`` with this test's NARDY_HOME."""
    done = subprocess.run(
        [sys.executable, "-m", "nardy_tui", *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=60,
        check=False,
    )
    assert "Traceback" not in done.stderr
    return done


def one_line_error(done: subprocess.CompletedProcess[str], *expected: str) -> str:
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for words in expected:
        assert words in lines[0]
    return lines[0]


def save_some_match() -> None:
    match, rng = Match(3, seed=6), random.Random(6)
    for _ in range(80):
        act(match, rng)
    save_match(match, MatchOptions(bot_level=Level.EASY, color=Side.BLACK, seed=6))


def test_export_without_a_saved_match_says_where_finished_records_are(home: Path) -> None:
    one_line_error(nardy("export"), "nardy export:", "no saved match", str(home / "records"))


def test_export_with_a_damaged_save(home: Path) -> None:
    home.mkdir()
    (home / "match.json").write_text('{"format": "nardy-match", "vers')
    one_line_error(nardy("export"), "cannot be resumed", "moved to")
    assert not (home / "match.json").exists()


def test_export_to_stdout() -> None:
    save_some_match()
    done = nardy("export", "-")
    assert done.returncode == 0
    assert done.stdout.splitlines()[:2] == [
        "Long Nardy match record",
        "White: bot (easy) / Black: you",
    ]
    assert "1. " in done.stdout


def test_export_to_a_file_and_to_the_records_folder(tmp_path: Path, home: Path) -> None:
    save_some_match()
    target = tmp_path / "match.txt"
    done = nardy("export", str(target))
    assert done.returncode == 0 and done.stdout.strip().endswith(str(target))
    assert target.read_text().startswith("Long Nardy match record")
    done = nardy("export")
    assert done.returncode == 0
    assert [path.read_text() for path in (home / "records").iterdir()] == [target.read_text()]


def test_export_to_an_impossible_path(tmp_path: Path) -> None:
    save_some_match()
    (tmp_path / "file").write_text("")
    one_line_error(
        nardy("export", str(tmp_path / "file" / "record.txt")), "could not write the record"
    )


def test_replay_a_missing_file(tmp_path: Path) -> None:
    one_line_error(nardy("replay", str(tmp_path / "nope.txt")), "nardy replay:", "cannot read")


def test_replay_a_folder(tmp_path: Path) -> None:
    one_line_error(nardy("replay", str(tmp_path)), "cannot read")


def test_replay_an_illegal_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Game 1\n1. White 5-3: 24/16\n2. Black 6-6: 24/12\n")
    one_line_error(nardy("replay", str(path)), "game 1, turn 2 (Black 6-6: 24/12)")


def test_replay_without_a_file_is_a_usage_error() -> None:
    done = nardy("replay")
    assert done.returncode == 2 and "FILE" in done.stderr


def test_export_into_a_missing_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    """Folders are not made without a word: a typo in the path must not go unnoticed."""
    save_some_match()
    missing = tmp_path / "no" / "such" / "dir"
    line = one_line_error(
        nardy("export", str(missing / "x.txt")), "nardy export:", f"no folder {missing}"
    )
    assert "create it first" in line
    assert not (tmp_path / "no").exists()
