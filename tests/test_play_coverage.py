"""The play core is unit-tested directly: its own tests (and doctests), without a screen,
reach at least 90% of its lines (coverage.py, in a fresh interpreter). The lobby's client
(``play/online``) is left out: it is tested against a real lobby server
(``tests/lobby_clients``), which is no unit test, and run again under coverage here it cost
the suite a third of this test's time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LEAST = 90


@pytest.mark.slow
def test_the_play_cores_own_tests_cover_nine_tenths_of_it(tmp_path: Path) -> None:
    data = tmp_path / "coverage"
    run = [
        sys.executable,
        "-m",
        "coverage",
        "run",
        f"--data-file={data}",
        "--source=nardy_tui/play",
        "--omit=nardy_tui/play/online/*",
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:xdist",
        "-p",
        "no:cacheprovider",
        "tests/play",
        "nardy_tui/play",
    ]
    subprocess.run(run, cwd=ROOT, check=True, capture_output=True, timeout=300)
    report = subprocess.run(
        [
            sys.executable,
            "-m",
            "coverage",
            "report",
            f"--data-file={data}",
            f"--fail-under={LEAST}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert report.returncode == 0, report.stdout
