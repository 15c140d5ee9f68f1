"""SIGKILL at random moments while a match is being saved after every change.

Whatever the moment, the save file must load, and hold either the last state whose save
completed or the one whose save was under way: never a corrupt, empty or missing file.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nardy_tui.storage import load_saved

from .play import fingerprint

TESTS = Path(__file__).resolve().parents[1]
KILLS = 10

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def allowed_states(log: list[str], before: str | None) -> set[str | None]:
    """The states the save file may hold, given the driver's complete log lines."""
    saving = [line.removeprefix("saving ") for line in log if line.startswith("saving ")]
    if not saving:
        return {before}
    if log[-1] == "saved":
        return {saving[-1]}
    return {saving[-2] if len(saving) > 1 else before, saving[-1]}


def complete_lines(path: Path) -> list[str]:
    """The log's whole lines (a kill may cut the last one short)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return text.split("\n")[:-1]


def run_until_killed(log: Path, seed: int, delay: float) -> None:
    """Start the driver, let it save for ``delay`` seconds after its first save, kill it."""
    driver = subprocess.Popen(
        [sys.executable, "-m", "storage.drive_match", str(log), str(seed)],
        cwd=TESTS,
        env=os.environ.copy(),
    )
    deadline = time.monotonic() + 20
    while not complete_lines(log) and driver.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(delay)
    driver.send_signal(signal.SIGKILL)
    assert driver.wait() == -signal.SIGKILL, "the driver stopped before it was killed"


@pytest.mark.slow
def test_sigkill_at_random_moments_never_loses_the_last_save(tmp_path: Path) -> None:
    rng = random.Random(2024)
    before: str | None = None
    for round_number in range(KILLS):
        log = tmp_path / f"log-{round_number}.txt"
        run_until_killed(log, seed=round_number, delay=rng.uniform(0, 0.25))
        assert complete_lines(log), "the driver never saved"
        saved = load_saved()
        state = fingerprint(saved.match) if saved else None
        assert state in allowed_states(complete_lines(log), before), f"round {round_number}"
        before = state
    assert before is not None
