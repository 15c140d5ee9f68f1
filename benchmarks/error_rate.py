"""How good the bots' choices are against rollouts: the mean error per decision and how
often each picks the rolled-out best play, in money play or at the scores of a match.

Run with ``python benchmarks/error_rate.py [--decisions 300] [--trials 72] [--candidates 4]
[--seed 1] [--match 5]``. The decisions come from seeded medium-vs-medium
games (those with a real choice; ``bot_speed.sample``). For each one, the expert's best few
plays and the plays ``expert`` (the hint's depth) and ``hard`` choose are rolled out with
the same dice (``nardy analyze --rollout``'s method); a bot's error is the rolled-out best's
equity less its own choice's. With ``--match LENGTH`` every decision is played at one of
the match's scores in turn (0-0, 0-1, ... and round again), the expert choosing and the
rollouts valuing at that score; the errors are then on the single-game scale of
``Stakes.equity`` and also told as the match-winning chance given away.

The rollouts' noise is bracketed, not hidden. Each candidate is rolled out as two halves
with their own dice. Taking the best of the whole rollout as the reference makes noise
look like the bot's error (a wrong play looks best now and then, the true best never
looks better on average): an upper bound. Taking the best by one half and measuring the
error with the other half's figures leaves the noise unbiased but may miss the true best:
a lower bound (the two halves' cross figures are averaged).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_speed import sample

from nardy_tui.bot import MONEY, Bot, JudgedPlay, MatchScore, RolledOut, Stakes, get_bot
from nardy_tui.engine import Dice, Position, legal_results
from nardy_tui.options import Level

LEVELS = (Level.EXPERT, Level.HARD)
LARGE = 0.1
"""An error above this (single-game scale) is counted as large."""
BLOCK = 36
"""Trials in a block of a rollout (each of the 36 throws once as the first roll)."""
SECOND_HALF = 1_000_003
"""Added to a decision's seed for the second half's dice."""


class Expert(Protocol):
    """What this benchmark asks of the expert (``get_bot(Level.EXPERT)``)."""

    def judge(self, position: Position, dice: Dice, *, stakes: Stakes) -> list[JudgedPlay]: ...

    def rollout(
        self, afters: Sequence[Position], trials: int, seed: int, *, stakes: Stakes
    ) -> list[RolledOut]: ...


@dataclass
class Errors:
    """One level's errors, decision by decision."""

    upper: list[float]
    lower: list[float]
    match_chance: list[float]

    def line(self, level: Level, match: bool) -> str:
        best = sum(error == 0 for error in self.upper) / len(self.upper)
        large = sum(error > LARGE for error in self.upper) / len(self.upper)
        line = (
            f"{level:>7} {statistics.fmean(self.upper):11.4f} {statistics.fmean(self.lower):11.4f}"
            f" {best:15.1%} {large:13.1%}"
        )
        if match:
            line += f" {statistics.fmean(self.match_chance):10.2%}"
        return line


def stakes_of(number: int, match: int | None) -> Stakes:
    """The stakes of the ``number``-th decision: money, or the match's scores in turn."""
    if match is None:
        return MONEY
    turn = (number - 1) % (match * match)
    return Stakes(MatchScore(match, turn // match, turn % match))


def judge_decision(
    expert: Expert,
    bots: dict[Level, Bot],
    decision: tuple[Position, Dice],
    number: int,
    args: argparse.Namespace,
) -> tuple[dict[Level, tuple[float, float, float]], float]:
    """Each level's (upper, lower, match-chance) error on one decision, and the mean
    standard error of its candidates' whole rollouts."""
    position, dice = decision
    stakes = stakes_of(number, args.match)
    reached = dict(legal_results(position, dice))
    chosen = {level: reached[bot.choose(position, dice, stakes)] for level, bot in bots.items()}
    judged = expert.judge(position, dice, stakes=stakes)
    afters = [entry.after for entry in judged[: args.candidates]]
    afters += [after for after in chosen.values() if after not in afters]
    half = max(1, args.trials // 2)
    halves = [
        expert.rollout(afters, half, seed, stakes=stakes) for seed in (number, number + SECOND_HALF)
    ]
    first = {after: result.equity for after, result in zip(afters, halves[0], strict=True)}
    second = {after: result.equity for after, result in zip(afters, halves[1], strict=True)}
    whole = {after: (first[after] + second[after]) / 2 for after in afters}
    best = max(whole.values())
    errors = {}
    for level, after in chosen.items():
        crossed = [
            measure[max(afters, key=pick.__getitem__)] - measure[after]
            for pick, measure in ((first, second), (second, first))
        ]
        upper = best - whole[after]
        lost = stakes.match_chance(best) - stakes.match_chance(whole[after])
        errors[level] = (upper, statistics.fmean(crossed), lost)
    spread = [
        (a.standard_error**2 + b.standard_error**2) ** 0.5 / 2
        for a, b in zip(halves[0], halves[1], strict=True)
    ]
    return errors, statistics.fmean(spread)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--trials", type=int, default=72)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", type=int, default=None, help="a match of this length")
    args = parser.parse_args()
    if args.trials < 2 * BLOCK:
        parser.error(f"--trials: at least {2 * BLOCK}, two halves of whole blocks")
    load = os.getloadavg()[0]
    expert = get_bot(Level.EXPERT, seed=args.seed)
    bots = {level: get_bot(level, seed=args.seed) for level in LEVELS}
    found = {level: Errors([], [], []) for level in LEVELS}
    errors_of_candidates = []
    started = time.perf_counter()
    decisions = sample(args.decisions, args.seed)
    for number, decision in enumerate(decisions, start=1):
        errors, standard_error = judge_decision(expert, bots, decision, number, args)
        errors_of_candidates.append(standard_error)
        for level, (upper, lower, lost) in errors.items():
            found[level].upper.append(upper)
            found[level].lower.append(lower)
            found[level].match_chance.append(lost)
        if number % 10 == 0 or number == len(decisions):
            report(found, number, args, statistics.fmean(errors_of_candidates), started, load)


def report(
    found: dict[Level, Errors],
    done: int,
    args: argparse.Namespace,
    standard_error: float,
    started: float,
    load: float,
) -> None:
    """The figures of the first ``done`` decisions (printed as the run goes, so that a run
    stopped early still tells what it found)."""
    where = "money play" if args.match is None else f"the scores of a {args.match}-point match"
    print(
        f"{done} decisions (seed {args.seed}) in {where}, each candidate rolled out "
        f"{2 * (-(-(args.trials // 2) // BLOCK)) * BLOCK} times (two halves), the expert's best "
        f"{args.candidates} and each bot's choice; a candidate's standard error "
        f"{standard_error:.3f} on average; {time.perf_counter() - started:.0f} s; load "
        f"average {load:.2f} at the start, {os.getloadavg()[0]:.2f} now"
    )
    heading = f"{'level':>7} {'error (max)':>11} {'error (x)':>11} {'picks the best':>15}"
    heading += f" {'errors > 0.1':>13}" + (f" {'MWC lost':>10}" if args.match else "")
    print(heading)
    for level in LEVELS:
        print(found[level].line(level, args.match is not None), flush=True)


if __name__ == "__main__":
    main()
