"""Every command-line mistake and file problem: one line on stderr, a non-zero status.

Run as a user would, ``python -m nardy_tui ...`` in a subprocess with its own ``NARDY_HOME``,
and never with a terminal: each case must be refused before the screen would be taken over.
(``nardy export`` and ``nardy replay`` with a missing, damaged or illegal file are covered in
``tests/storage/test_commands.py``.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("NARDY_HOME", str(folder))
    return folder


def nardy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nardy_tui", *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


def refused(*args: str, status: int | None = None) -> str:
    """Run nardy with ``args``; it must fail in one line and no traceback. The line."""
    done = nardy(*args)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode != 0, done
    if status is not None:
        assert done.returncode == status
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("nardy")
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--points", "4"], "invalid choice: 4"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--hot-seat", "--color", "black"], "--color is for a match against the bot"),
        (["--bot", "genius"], "invalid choice: 'genius'"),
        (["--seed", "x"], "invalid int value: 'x'"),
        (["--resume", "--new"], "not allowed with argument"),
        (["export", "a", "b"], "unrecognized arguments: b"),
        (["replay"], "the following arguments are required: FILE"),
        (["arena", "easy"], "the following arguments are required: SECOND_LEVEL"),
        (["arena", "easy", "genius"], "argument SECOND_LEVEL: invalid choice: 'genius'"),
        (["--position", "nonsense"], "--position: 'nonsense' is not a position ID"),
        (["--position", "AAAAAAAAAAAAAAA"], "both sides have borne off every checker"),
        (["--position", "YAAAAP_-AAAB__w", "--points", "3"], "--position plays one game"),
        (["--position", "YAAAAP_-AAAB__w", "--resume"], "does not go with --resume"),
    ],
)
def test_command_line_mistakes(args: list[str], words: str) -> None:
    assert words in refused(*args, status=2)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["join", "[::1", "k7m2-x9qp"], "[::1 is not an address to join"),
        (["join", "::1:x", "k7m2-x9qp"], "::1:x is not an address to join"),
        (["host", "--address", "localhost"], "--address: localhost is not an IP address"),
    ],
)
def test_a_mistyped_network_address(args: list[str], words: str) -> None:
    assert words in refused(*args, status=1)


def test_resume_without_a_saved_match() -> None:
    assert "no unfinished match to resume" in refused("--resume", status=1)


def test_resume_a_corrupt_save(home: Path) -> None:
    home.mkdir()
    (home / "match.json").write_bytes(b"\x00\xff garbage \x89PNG")
    line = refused("--resume", status=1)
    assert "cannot be resumed" in line and "moved to" in line
    assert not (home / "match.json").exists()
    assert len(list(home.glob("match.rejected-*.json"))) == 1


def test_replay_binary_garbage(tmp_path: Path) -> None:
    garbage = tmp_path / "record.txt"
    garbage.write_bytes(bytes(range(256)) * 8)
    assert "cannot read" in refused("replay", str(garbage), status=1)


def test_replay_a_record_that_is_not_one(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("shopping list\n1. milk\n2. bread\n")
    refused("replay", str(text), status=1)


def test_replay_a_missing_file() -> None:
    assert "missing.txt" in refused("replay", "missing.txt", status=1)


@pytest.mark.parametrize("command", [[], ["--hot-seat"], ["--resume"], ["export"]])
def test_a_data_folder_that_is_a_file(home: Path, command: list[str]) -> None:
    home.write_text("not a folder")
    line = refused(*command, status=1)
    assert f"cannot use {home} as the folder for saved matches (it is a file)" in line


@pytest.mark.parametrize("command", [["--hot-seat"], ["export"]])
def test_a_data_folder_inside_a_file(
    home: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    home.write_text("not a folder")
    monkeypatch.setenv("NARDY_HOME", str(home / "nardy"))
    line = refused(*command, status=1)
    assert "Not a directory" in line and "set NARDY_HOME to a folder" in line


@pytest.mark.parametrize(
    "args", [("arena", "random", "random", "--games", "2", "--quiet"), ("export", "-")]
)
def test_a_reader_that_quits_early_ends_the_command_quietly(args: tuple[str, ...]) -> None:
    """``nardy arena ... | head``: the closed pipe is no traceback, just the status 141."""
    if args[0] == "export":
        from nardy_tui.engine import Match
        from nardy_tui.options import MatchOptions
        from nardy_tui.storage import save_match

        save_match(Match(3, seed=1), MatchOptions(seed=1))
    process = subprocess.Popen(
        [sys.executable, "-m", "nardy_tui", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=os.environ.copy(),
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert errors == ""
