"""How good the bots' choices are against rollouts: the mean equity error per decision and
how often each picks the rolled-out best play.

Run with ``python benchmarks/error_rate.py [--decisions 300] [--trials 72] [--candidates 4]
[--seed 1]``. The decisions come from seeded medium-vs-medium games (those with a real
choice; ``bot_speed.sample``). For each one, the expert's best few plays and the plays
``expert`` (the hint's depth) and ``hard`` choose are rolled out with the same dice
(``nardy analyze --rollout``'s method); the rolled-out best is the reference. A bot's error
is the reference's rolled-out equity less its own choice's. The figures carry the
rollouts' own noise: with ``--trials 72`` a candidate's standard error is about 0.05 point
in the middle game (every roll's luck taken out; docs/STRENGTH.md), so the error rates
are upper bounds on the bots' true error (noise makes a wrong play look best now and
then, and never makes the true best look better than it is on average).
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
from nardy_tui.engine import legal_results
from nardy_tui.options import Level

LEVELS = (Level.EXPERT, Level.HARD)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--trials", type=int, default=72)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    expert = get_bot(Level.EXPERT, seed=args.seed)
    bots = {level: get_bot(level, seed=args.seed) for level in LEVELS}
    errors: dict[Level, list[float]] = {level: [] for level in LEVELS}
    started = time.perf_counter()
    decisions = sample(args.decisions, args.seed)
    for number, (position, dice) in enumerate(decisions, start=1):
        reached = dict(legal_results(position, dice))
        chosen = {level: reached[bot.choose(position, dice)] for level, bot in bots.items()}
        afters = [entry.after for entry in expert.judge(position, dice)[: args.candidates]]
        afters += [after for after in chosen.values() if after not in afters]
        rolled = dict(zip(afters, expert.rollout(afters, args.trials, seed=number), strict=True))
        best = max(result.equity for result in rolled.values())
        for level, after in chosen.items():
            errors[level].append(best - rolled[after].equity)
        if number % 25 == 0:
            print(f"{number} decisions, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print(
        f"{len(decisions)} decisions (seed {args.seed}), each candidate rolled out "
        f"{-(-args.trials // 36) * 36} times, the expert's best {args.candidates} and each "
        f"bot's choice; {time.perf_counter() - started:.0f} s"
    )
    print(f"{'level':>7} {'mean error':>11} {'picks the best':>15} {'errors > 0.1':>13}")
    for level in LEVELS:
        mine = errors[level]
        best_share = sum(error == 0 for error in mine) / len(mine)
        large = sum(error > 0.1 for error in mine) / len(mine)
        print(f"{level:>7} {statistics.fmean(mine):11.4f} {best_share:15.1%} {large:13.1%}")


if __name__ == "__main__":
    main()
