"""How tight the rollouts are: the standard error each candidate's rolled-out equity
reports, and what a trial costs, on middle-game positions.

Run with ``python benchmarks/rollout_error.py [--positions 10] [--trials 72]
[--candidates 2] [--seed 1]``. The positions are decisions from seeded medium-vs-medium
games (``bot_speed.sample``) in the middle of the game (``is_middle_game``). The expert's
best few plays of each are rolled out (``nardy analyze --rollout``'s method, on the cores
that are free); the time per trial is the wall time over the trials of every candidate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_speed import sample

from nardy_tui.bot import get_bot
from nardy_tui.engine import Dice, Position, Side
from nardy_tui.options import Level

HELD_POINTS = 10
MIN_PIPS = 100


def is_middle_game(position: Position) -> bool:
    """No first turn to come, nothing borne off, most points still held, both sides more
    than ``MIN_PIPS`` from home."""
    return (
        not position.first_turns
        and sum(1 for count in position.points if count) >= HELD_POINTS
        and all(position.borne_off(side) == 0 for side in Side)
        and all(position.pip_count(side) > MIN_PIPS for side in Side)
    )


def middle_games(count: int, seed: int) -> list[tuple[Position, Dice]]:
    found = [decision for decision in sample(40 * count, seed) if is_middle_game(decision[0])]
    return found[:: max(1, len(found) // count)][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--trials", type=int, default=72)
    parser.add_argument("--candidates", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    expert = get_bot(Level.EXPERT, seed=args.seed)
    errors: list[float] = []
    trials = 0
    started = time.perf_counter()
    for number, (position, dice) in enumerate(middle_games(args.positions, args.seed), start=1):
        afters = [entry.after for entry in expert.judge(position, dice)[: args.candidates]]
        rolled = expert.rollout(afters, args.trials, seed=number)
        trials += sum(result.trials for result in rolled)
        errors += [result.standard_error for result in rolled]
        shown = ", ".join(
            f"{result.equity:+.3f} ± {result.standard_error:.3f}" for result in rolled
        )
        print(f"{position.to_id(dice)}: {shown}")
    elapsed = time.perf_counter() - started
    print(
        f"{len(errors)} candidates of {args.positions} middle-game positions (seed {args.seed}), "
        f"{-(-args.trials // 36) * 36} trials each: standard error mean "
        f"{statistics.fmean(errors):.3f}, median {statistics.median(errors):.3f}, "
        f"largest {max(errors):.3f}; {elapsed / trials * 1000:.0f} ms a trial ({elapsed:.0f} s)"
    )


if __name__ == "__main__":
    main()
