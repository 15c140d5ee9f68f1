"""Every command-line mistake and file problem: one line on stderr, a non-zero status.

A mistake of the command line exits with status 2, a failure while running with 1
(argparse's convention), whichever command it is: both are run in this process, through
``main``. What needs a whole process (the app's start-up, a closed pipe) is run as a user
would, ``python -m nardy_tui ...`` in a subprocess; all with their own ``NARDY_HOME``, and
never with a terminal: each case must be refused before the screen would be taken over.
(``nardy export`` and ``nardy replay`` with a missing, damaged or illegal file are covered in
``tests/storage/test_commands.py``.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from nardy_tui.cli import main


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


OPENING = "YAAAAP_-AAAB__w"


def status_and_error(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> tuple[int | str | None, str]:
    """``nardy args`` run in this process (argparse exits): its status and its stderr."""
    try:
        status: int | str | None = main(args)
    except SystemExit as exit:
        status = exit.code
    return status, capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["bogus"], "unknown command 'bogus'; the commands are analyze, arena, export, host"),
        (["bogus", "--hot-seat"], "unknown command 'bogus'"),
        (["--hot-seat", "review"], "the command 'review' comes first"),
        (["--points", "4"], "invalid choice: 4"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--hot-seat", "--color", "black"], "--color is for a match against the bot"),
        (["--bot", "genius"], "invalid choice: 'genius'"),
        (["--seed", "x"], "invalid int value: 'x'"),
        (["--resume", "--new"], "not allowed with argument"),
        (["--lang", "xx"], "unknown language 'xx'"),
        (["--position", "nonsense"], "--position: 'nonsense' is not a position ID"),
        (["--position", "AAAAAAAAAAAAAAA"], "both sides have borne off every checker"),
        (["--position", OPENING, "--points", "3"], "--position plays one game"),
        (["--position", OPENING, "--resume"], "does not go with --resume"),
        (["analyze", "garbage"], "argument ID: 'garbage' is not a position ID"),
        (["analyze", OPENING, "--dice", "7-1"], "argument --dice: '7-1' is not a roll"),
        (["analyze", OPENING, "--depth", "3"], "argument --depth: invalid choice: 3"),
        (["analyze", OPENING, "--rollout", "0"], "a rollout is 1 to 100000 trials"),
        (["analyze", OPENING, "--candidates", "0"], "a rollout takes 1 or more"),
        (["analyze", OPENING, "--score", "1-1"], "--score needs --match"),
        (["analyze", OPENING, "--match", "3", "--score", "5-0"], "no score of a 3-point match"),
        (["arena", "easy"], "the following arguments are required: SECOND_LEVEL"),
        (["arena", "easy", "genius"], "argument SECOND_LEVEL: invalid choice: 'genius'"),
        (["arena", "easy", "hard", "--games", "0"], "--games must be at least 1"),
        (["arena", "easy", "hard", "--weights-a", "x"], "--weights-a needs the expert level"),
        (["export", "a", "b"], "unrecognized arguments: b"),
        (["replay"], "the following arguments are required: FILE"),
        (["review", "game.txt", "--rollout", "0"], "a rollout is 1 to 100000 trials"),
        (["review", "game.txt", "--player", "red"], "argument --player: invalid choice"),
        (["host", "--points", "4"], "argument --points: invalid choice: 4"),
        (["host", "--port", "70000"], "a port is a number from 0 to 65535"),
        (["host", "--address", "localhost"], "--address: localhost is not an IP address"),
        (["host", "--mailbox", "relay.example.org"], "is not a mailbox server"),
        (["host", "--transit", "tcp:relay.example.org:x"], "is not a transit relay"),
        (["join", "[::1", "k7m2-x9qp"], "[::1 is not an address to join"),
        (["join", "::1:x", "k7m2-x9qp"], "::1:x is not an address to join"),
        (["join", "192.168.1.5", "kk"], "kk is not a match code"),
        (["join", "nonsense!!"], "nonsense!! is not a code"),
        (["join", "--transit", "tcp:[::1"], "tcp:[::1 is not a transit relay"),
        (["verify"], "the following arguments are required: RECORD"),
        (["serve", "--port", "70000"], "argument --port: '70000' is not a port"),
        (["serve", "--visitors", "0"], "argument --visitors"),
    ],
)
def test_a_mistake_on_the_command_line_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    status, error = status_and_error(capsys, args)
    assert status == 2, error
    [line] = error.strip().splitlines()
    assert line.startswith("nardy") and words in line


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["replay", "missing.txt"], "missing.txt"),
        (["review", "missing.txt"], "missing.txt"),
        (["verify", "missing.txt"], "cannot read missing.txt"),
        (["export"], "there is no saved match to export"),
        (["host", "--resume"], "there is no unfinished network match to resume"),
    ],
)
def test_a_failure_while_running_is_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    status, error = status_and_error(capsys, args)
    assert status == 1, error
    [line] = error.strip().splitlines()
    assert line.startswith("nardy") and words in line


def test_an_expert_without_its_weights_is_a_failure_while_running(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--bot expert`` is a right value; the install missing the expert's weights is not
    the command line's mistake."""
    import nardy_tui.bot

    monkeypatch.setattr(nardy_tui.bot, "expert_problem", lambda: "no weights file")
    status, error = status_and_error(capsys, ["--bot", "expert"])
    assert status == 1
    assert error.startswith("nardy: no weights file; choose another level")


def test_the_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out == f"nardy {version('nardy')}\n"


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
