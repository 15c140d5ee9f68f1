"""``nardy arena`` progress: plain lines in a log file or a pipe, one updated line on a terminal."""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nardy_tui.cli import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_progress(stream: io.StringIO, games: int) -> str:
    shown = progress.Progress(stream, games)
    for game in range(1, games + 1):
        shown.update(f"a vs b: game {game}/{games}", game)
    shown.close()
    return stream.getvalue()


def test_not_a_terminal_gets_whole_lines_now_and_then() -> None:
    text = run_progress(io.StringIO(), 100)
    assert "\r" not in text
    lines = text.splitlines()
    assert len(lines) == progress.LOG_LINES
    assert all(line.startswith("a vs b: game ") for line in lines)
    assert lines[-1].startswith("a vs b: game 100/100") and text.endswith("\n")


def test_a_short_run_logs_every_game_and_a_slow_one_every_half_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert len(run_progress(io.StringIO(), 3).splitlines()) == 3
    clock = itertools.count(0, 20)
    monkeypatch.setattr(progress.time, "perf_counter", lambda: float(next(clock)))
    text = run_progress(io.StringIO(), 1000)
    # A line every 50 games, plus one every 30 s: the clock moves 20 s per game.
    assert len(text.splitlines()) > 1000 // 50 * 2


def test_a_terminal_gets_one_line_updated_in_place() -> None:
    text = run_progress(Terminal(), 5)
    assert text.count("\r") == 5 and text.count("\n") == 1 and text.endswith("\n")


def test_arena_writes_plain_lines_to_a_log_file(tmp_path: Path) -> None:
    log = tmp_path / "arena.log"
    with log.open("w") as stderr:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "nardy_tui",
                "arena",
                "random",
                "random",
                "--games",
                "4",
                "--seed",
                "1",
            ],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            timeout=120,
            env=os.environ.copy(),
            check=False,
        )
    assert done.returncode == 0
    text = log.read_text()
    assert "\r" not in text
    lines = text.splitlines()
    assert len(lines) == 4
    for game, line in enumerate(lines, start=1):
        assert re.fullmatch(rf"random vs random: game {game}/4, random won \d \(\d+ s\)", line)
