"""The bear-off database: how long it takes to solve, store and read, how fast a lookup is,
and how far the expert's network is from it in races with both sides home.

Run with ``flock /work/bench.lock python benchmarks/bearoff.py [--games N] [--seed S]``.
The races are every position with both sides home, the mover to roll, met in ``--games``
games the one-ply expert plays against itself from the opening. For each, the network's
chances before the roll are set against the tables' (the exact table for races of up to
four checkers a side, the database for the rest), and for one random roll the play the
network alone would choose against the tables' best, by the tables' equity.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from nardy_tui.bot import get_bot, is_small_race, known_chances
from nardy_tui.bot.bearoff import build
from nardy_tui.bot.bearoff_file import bearoff_database, read, write
from nardy_tui.bot.expert import ExpertBot
from nardy_tui.engine import Dice, Position, Side, legal_results
from nardy_tui.options import Level


def timed_build(runs: int) -> float:
    """The median seconds to solve the whole database."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        build()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def file_times() -> tuple[float, float, int]:
    """Seconds to write the database and to read it back, and the file's size."""
    database = bearoff_database()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bearoff.npz"
        start = time.perf_counter()
        write(path, database)
        written = time.perf_counter() - start
        start = time.perf_counter()
        assert read(path) is not None
        return written, time.perf_counter() - start, path.stat().st_size


def home_races(games: int, seed: int) -> list[Position]:
    """Every position with both sides home and the mover to roll, in one-ply self-play."""
    rng = random.Random(seed)
    player = ExpertBot(get_bot(Level.EXPERT).network, width=0)
    found: list[Position] = []
    for _ in range(games):
        position = Position.initial(turn=rng.choice(list(Side)))
        while position.winner is None:
            if known_chances(position) is not None:
                found.append(position)
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
            results = dict(legal_results(position, dice))
            position = results[player.choose(position, dice)]
    return found


def lookup_microseconds(positions: list[Position]) -> float:
    start = time.perf_counter()
    for position in positions:
        known_chances(position)
    return (time.perf_counter() - start) / len(positions) * 1e6


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def compare(expert: ExpertBot, positions: list[Position], seed: int) -> None:
    """The network against the tables, small races and the database's apart."""
    rng = random.Random(seed)
    rows: dict[str, list[tuple[float, float, float]]] = {"exact table": [], "database": []}
    for position in positions:
        truth = known_chances(position)
        assert truth is not None
        guess = expert.evaluate(position)
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        results = legal_results(position, dice)
        table = [_after(after) for _, after in results]
        network = [-expert.evaluate(after).equity for _, after in results]
        chosen = max(range(len(results)), key=network.__getitem__)
        rows["exact table" if is_small_race(position) else "database"].append(
            (
                abs(guess.win - truth.win),
                abs(guess.equity - truth.equity),
                max(table) - table[chosen],
            )
        )
    print(
        f"{'judged by':>12} {'races':>6} {'|win| mean':>10} {'p95':>7} {'max':>7}"
        f" {'|equity| mean':>13} {'max':>7} {'play lost':>9} {'% wrong':>7} {'worst':>7}"
    )
    for name, found in rows.items():
        if not found:
            continue
        win, equity, lost = (list(column) for column in zip(*found, strict=True))
        wrong = sum(loss > 1e-9 for loss in lost) / len(lost) * 100
        print(
            f"{name:>12} {len(found):>6} {statistics.fmean(win):10.4f}"
            f" {percentile(win, 0.95):7.4f} {max(win):7.4f} {statistics.fmean(equity):13.4f}"
            f" {max(equity):7.4f} {statistics.fmean(lost):9.4f} {wrong:7.1f} {max(lost):7.4f}"
        )


def _after(after: Position) -> float:
    """The mover's equity after its play, by the tables (or the game's result)."""
    if after.winner is not None:
        return 2.0 if after.borne_off(after.turn) == 0 else 1.0
    chances = known_chances(after)
    assert chances is not None
    return -chances.equity


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--builds", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    print(f"solve the database: {timed_build(args.builds):.2f} s (median of {args.builds})")
    written, read_back, size = file_times()
    print(f"write it: {written:.2f} s, read it back: {read_back:.3f} s, {size / 1e6:.1f} MB")
    start = time.perf_counter()
    positions = home_races(args.games, args.seed)
    print(
        f"{len(positions)} races both home in {args.games} one-ply self-play games"
        f" ({time.perf_counter() - start:.0f} s), seed {args.seed}"
    )
    print(f"known_chances: {lookup_microseconds(positions):.0f} us a position")
    compare(get_bot(Level.EXPERT), positions, args.seed)
    print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
