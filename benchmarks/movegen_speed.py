"""Time ``legal_plays`` over a fixed set of positions from seeded self-play.

Run with ``python benchmarks/movegen_speed.py`` (options: ``--positions``, ``--repeat``,
``--seed``). Each position is timed ``--repeat`` times and its fastest time kept; the
script prints mean, median and worst per position, for doubles and non-doubles apart and
overall, against its targets (mean <= 0.25 ms, worst <= 15 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from nardy_tui.engine import Dice, Position, Side, legal_plays, legal_results
from nardy_tui.engine.movegen import _legal_states  # its cache, emptied before each timing

TARGET_MEAN_MS = 0.25
TARGET_WORST_MS = 15.0


def self_play_positions(seed: int, count: int) -> list[tuple[Position, Dice]]:
    """``count`` (position, roll) pairs from seeded random games, always the same set."""
    rng = random.Random(seed)
    found: list[tuple[Position, Dice]] = []
    while len(found) < count:
        pos = Position.initial(rng.choice(list(Side)))
        while pos.winner is None and len(found) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            found.append((pos, dice))
            _, pos = rng.choice(legal_results(pos, dice))
    return found


def time_each(cases: list[tuple[Position, Dice]], repeat: int) -> list[float]:
    """The fastest of ``repeat`` timings of ``legal_plays`` per case, in milliseconds; the
    engine remembers its last searches, so each timing starts with that memory empty."""
    clock = time.perf_counter
    best = []
    for pos, dice in cases:
        fastest = float("inf")
        for _ in range(repeat):
            _legal_states.cache_clear()
            start = clock()
            legal_plays(pos, dice)
            fastest = min(fastest, clock() - start)
        best.append(fastest * 1000)
    return best


def summary(label: str, times: list[float]) -> str:
    return (
        f"{label:<12} {len(times):>6}  mean {statistics.fmean(times):7.3f} ms  "
        f"median {statistics.median(times):7.3f} ms  worst {max(times):7.3f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    cases = self_play_positions(args.seed, args.positions)
    times = time_each(cases, args.repeat)
    doubles = [t for t, (_, dice) in zip(times, cases, strict=True) if dice[0] == dice[1]]
    others = [t for t, (_, dice) in zip(times, cases, strict=True) if dice[0] != dice[1]]

    print(
        f"legal_plays over {len(cases)} self-play positions (seed {args.seed}), "
        f"best of {args.repeat} per position, Python {sys.version.split()[0]}"
    )
    print(summary("non-doubles", others))
    print(summary("doubles", doubles))
    print(summary("overall", times))
    mean, worst = statistics.fmean(times), max(times)
    ok = mean <= TARGET_MEAN_MS and worst <= TARGET_WORST_MS
    print(
        f"targets: mean <= {TARGET_MEAN_MS} ms ({'met' if mean <= TARGET_MEAN_MS else 'MISSED'})"
        f", worst <= {TARGET_WORST_MS} ms "
        f"({'met' if worst <= TARGET_WORST_MS else 'MISSED'})"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
