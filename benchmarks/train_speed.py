"""Self-play training speed: games per second, from the shipped weights, on one core.

Run with ``OMP_NUM_THREADS=1 python benchmarks/train_speed.py [--games N] [--repeat R]``.
Each repeat copies ``nardy_tui/bot/expert.npz`` to a temporary file and trains ``--games``
more games on it (self-play and learning, no strength check, one checkpoint at the end),
exactly as ``python -m nardy_tui.cli.train --resume`` does; the fastest repeat is reported,
with every repeat's figure beside it. The same script runs on an older checkout (it uses
only the bot's public face), so a before and after are measured on the same machine.
Training runs on one core beside other work, so set ``OMP_NUM_THREADS=1`` as the training
does, and say how loaded the machine was next to any figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from importlib import resources
from pathlib import Path

import numpy as np

from nardy_tui.bot import TrainingRun, train_network


def time_run(games: int) -> float:
    """Seconds to train ``games`` more games from a copy of the shipped weights."""
    shipped = Path(str(resources.files("nardy_tui.bot") / "expert.npz"))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "weights.npz"
        shutil.copyfile(shipped, out)
        with np.load(out) as weights:
            start_games = int(json.loads(str(weights["meta"]))["games"])
        run = TrainingRun(
            out=out,
            games=start_games + games,
            resume=True,
            check_games=0,
            checkpoint_every=games,
            log_every=10**9,
        )
        started = time.perf_counter()
        train_network(run, log=lambda line: None, progress=lambda done, error: None)
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    threads = os.environ.get("OMP_NUM_THREADS", "unset")
    seconds = [time_run(args.games) for _ in range(args.repeat)]
    rates = ", ".join(f"{args.games / s:.1f}" for s in seconds)
    print(f"{args.games} games, OMP_NUM_THREADS={threads}, load average {os.getloadavg()[0]:.2f}")
    print(
        f"self-play training: {args.games / min(seconds):.1f} games/s "
        f"({min(seconds) / args.games * 1000:.1f} ms a game); repeats: {rates} games/s"
    )


if __name__ == "__main__":
    main()
