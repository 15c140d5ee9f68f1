"""Think time per move for every bot level, on positions from seeded medium-vs-medium games.

Run with ``python benchmarks/bot_speed.py [--positions N] [--seed S]``. Only positions with a
real choice (two or more legal plays) are timed, as in the arena. Targets: hard median
<= 300 ms and 99th percentile <= 1.5 s; expert median <= 250 ms and 99th percentile <= 1.5 s;
easy and medium median <= 20 ms. ``--levels expert hard`` times only those levels. A last
line times the expert network alone: positions evaluated per second in batches.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nardy_tui.bot import get_bot
from nardy_tui.engine import Dice, Position, Side, legal_results
from nardy_tui.options import Level


def sample(count: int, seed: int) -> list[tuple[Position, Dice]]:
    """Positions met in games between two medium bots, one in four turns, with their dice."""
    rng = random.Random(seed)
    player = get_bot(Level.MEDIUM, seed=seed)
    found: list[tuple[Position, Dice]] = []
    while len(found) < count:
        position = Position.initial(turn=rng.choice(list(Side)))
        while position.winner is None and len(found) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            results = dict(legal_results(position, dice))
            if len(results) > 1 and rng.random() < 0.25:
                found.append((position, dice))
            position = results[player.choose(position, dice)]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="+", type=Level, choices=list(Level), default=list(Level))
    args = parser.parse_args()
    positions = sample(args.positions, args.seed)
    print(f"{len(positions)} positions with a choice, seed {args.seed}")
    print(f"{'level':>7} {'median ms':>10} {'p99 ms':>10} {'max ms':>10} {'mean ms':>10}")
    for level in args.levels:
        bot = get_bot(level, seed=args.seed)
        times = []
        for position, dice in positions:
            start = time.perf_counter()
            bot.choose(position, dice)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"{level:>7} {statistics.median(times):10.2f} {p99:10.2f} {times[-1]:10.2f}"
            f" {statistics.fmean(times):10.2f}"
        )
    if "expert" in args.levels:
        network_speed(positions)


def network_speed(positions: list[tuple[Position, Dice]]) -> None:
    """Positions per second through the expert network (encoding included), in batches of
    the size one expert search evaluates."""
    from nardy_tui.bot.encoding import encode
    from nardy_tui.bot.expert import shipped_network

    network = shipped_network()
    batch = [after for position, dice in positions for _, after in legal_results(position, dice)]
    batch = (batch * (1 + 2000 // max(len(batch), 1)))[:2000]
    start = time.perf_counter()
    rounds = 5
    for _ in range(rounds):
        network.probabilities(encode(batch))
    per_position = (time.perf_counter() - start) / (rounds * len(batch))
    print(
        f"expert network: {1 / per_position:,.0f} positions/s in batches of {len(batch)}"
        f" ({per_position * 1e6:.1f} µs each)"
    )


if __name__ == "__main__":
    main()
