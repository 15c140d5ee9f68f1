"""Whole matches between the expert choosing by match-winning chance at the score and the
same expert choosing each game for its points, on the same dice (``bot.match_arena``).

Run with ``flock /work/bench.lock python benchmarks/match_arena.py [--length 5]
[--pairs 100] [--width 0] [--seed 1] [--jobs 2]``. Each pair is two matches on one dice
sequence, the match-aware side White in one and Black in the other. ``--width 0`` is the
network alone (no look-ahead), many times faster than the shipped search (``--width 6``),
so more matches fit in a run. It prints the match-aware side's wins with their 95%
interval and the report as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from nardy_tui.bot import MatchRun, run_matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--width", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()

    def progress(played: int, wins: int) -> None:
        if played % 20 == 0:
            elapsed = time.perf_counter() - started
            print(f"{played} matches, match-aware won {wins}, {elapsed:.0f} s", file=sys.stderr)

    run = MatchRun(length=args.length, width=args.width, seed=args.seed)
    data = run_matches(run, args.pairs, args.jobs, progress)
    low, high = data["aware_win_rate_ci95"]  # type: ignore[misc]
    print(
        f"{data['matches']} matches to {args.length} (seed {args.seed}, search width "
        f"{args.width}), {time.perf_counter() - started:.0f} s with {args.jobs} processes: "
        f"match-aware won {data['aware_wins']} ({data['aware_win_rate']:.1%}, 95% "
        f"{low:.1%}-{high:.1%}); pairs split {data['pairs_split']}; {data['games']} games"
    )
    print(json.dumps(data))


if __name__ == "__main__":
    main()
