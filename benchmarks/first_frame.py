"""First frame in a browser: from opening a ``nardy serve`` page to the game drawn on it.

    flock /work/bench.lock python benchmarks/first_frame.py [RUNS]

It serves the game on loopback (a temporary data folder) and opens the page in headless
chromium (Debian's, through playwright: the ``browser`` extra), each run as a fresh visitor
(a browser context of its own, so a cookie and a game process of its own). Each run times,
from the start of the navigation: the page loaded (its load event), the first output of the
game on the websocket, and the first frame
of the game (the websocket frame that completes the new-match screen's "Start the match").
Between runs it waits until the last visitor's game has ended, so that no two overlap. One
run before the others warms the disk caches and is left out, as a second visitor's would be.
Prints every run, the medians, and the machine's load before and after. Target: first frame
within 2 s.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))  # a folder of scripts
from browser_driver import (
    LOCALE,
    VIEWPORT,
    Served,
    Terminal,
    chromium,
    playwright_missing,
    serving,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

TARGET = 2.0
RUNS = 7
TIMEOUT = 30.0
"""Seconds any one wait may take: an upper bound, not a pause."""


class Timing(NamedTuple):
    page: float
    output: float
    frame: float


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    missing = playwright_missing()
    if missing is not None:
        print(missing)
        return 1
    before = load()
    with (
        tempfile.TemporaryDirectory() as home,
        serving(Path(home), TIMEOUT) as served,
        chromium() as browser,
    ):
        one_visit(browser, served)
        timings = [one_visit(browser, served) for _ in range(runs)]
    after = load()
    for name in Timing._fields:
        figures = [getattr(timing, name) for timing in timings]
        print(f"{name:>6}: " + " ".join(f"{figure:.3f}" for figure in figures))
    page, output, frame = (statistics.median(figures) for figures in zip(*timings, strict=True))
    worst = max(timing.frame for timing in timings)
    print(
        f"runs {runs}, median: page loaded {page:.3f} s, first output {output:.3f} s, "
        f"first frame {frame:.3f} s (worst {worst:.3f} s); target {TARGET} s: "
        + ("met" if frame <= TARGET else "MISSED")
    )
    print(f"load average before: {before}; after: {after} ({os.cpu_count()} cores)")
    return 0


def one_visit(browser: Browser, served: Served) -> Timing:
    """A fresh visitor's first screen, timed from the start of the navigation."""
    context = browser.new_context(viewport=VIEWPORT, locale=LOCALE)
    try:
        page = context.new_page()
        terminal = Terminal(page, TIMEOUT)
        start = time.perf_counter()
        page.goto(served.address)
        loaded = time.perf_counter()
        terminal.wait_for("Start the match")
        assert terminal.first_output is not None
        return Timing(loaded - start, terminal.first_output - start, terminal.drawn_at - start)
    finally:
        context.close()
        served.wait_until_no_game_runs(TIMEOUT)


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


if __name__ == "__main__":
    sys.exit(main())
