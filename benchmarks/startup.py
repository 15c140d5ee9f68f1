"""Start-up time: from process start to the first frame of the new-match screen.

``python benchmarks/startup.py [RUNS]`` starts a fresh interpreter per run, which imports
nardy, runs the app headless at 120x40 and, once the new-match screen has painted its first
frame, prints the seconds since the process started and exits. Target: 0.5 s (issue 49),
for the median run: on a shared virtual machine a single run now and then takes a tenth of
a second or more longer for reasons of the machine's (the worst run is printed too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 0.5
RUNS = 7

CHILD = """
import time, sys
START = float(sys.argv[1])
import nardy_tui.cli  # what the nardy command imports first; it then holds the collector
from nardy_tui.memory import hold_collection
hold_collection()
from nardy_tui.options import LaunchOptions
from nardy_tui.ui.app import NardyApp

class Timed(NardyApp):
    CSS_PATH = sys.modules[NardyApp.__module__].__file__.replace("app.py", "nardy.tcss")

    def on_ready(self):  # Textual: the first frame has been displayed
        assert type(self.screen).__name__ == "NewMatchScreen", self.screen
        self.call_after_refresh(self._painted)

    def _painted(self):
        print(time.time() - START)
        self.exit(0)

Timed(LaunchOptions(resume=False)).run(headless=True, size=(120, 40))
"""


def one_run(home: str) -> float:
    env = {**os.environ, "NARDY_HOME": home, "TEXTUAL_ANIMATIONS": "none"}
    # An installed game has its byte-code written (pip compiles it): a shell that keeps
    # Python from writing it would have every run compile the whole game again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, repr(start)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=RUNS, help="runs timed")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as home:
        one_run(home)  # warm the file cache and byte-code, as a second launch would be
        times = [one_run(home) for _ in range(runs)]
    median, worst = statistics.median(times), max(times)
    print(f"runs {runs}: " + " ".join(f"{t:.3f}" for t in times))
    print(
        f"median {median:.3f} s, worst {worst:.3f} s, target {TARGET} s for the median: "
        + ("met" if median <= TARGET else "MISSED")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
