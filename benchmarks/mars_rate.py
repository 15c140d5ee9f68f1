"""The expert's own rate of mars among games won, in self-play: the figure the match equity
table (``nardy_tui/bot/match_equity.py``) is computed from.

Run with ``flock /work/bench.lock python benchmarks/mars_rate.py [--games 600] [--seed 1]
[--jobs 2]``. The expert (the shipped weights and search) plays both sides of ``--games``
games, each on dice of its own (the arena's duplicate dice would play every game twice,
mirrored, since the two players are the same). It prints the games, the wins by the side
that moved first, the mars wins, and the mars rate among games won with its 95% interval,
overall and by who moved first.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from functools import cache

from nardy_tui.bot import Bot, DiceStream, get_bot, play_game, wilson
from nardy_tui.engine import Match, Side
from nardy_tui.options import Level


@cache
def _expert() -> Bot:
    return get_bot(Level.EXPERT)


def play(task: tuple[int, int]) -> tuple[bool, int]:
    """Game ``number`` of the run: whether the side that moved first won, and the points."""
    seed, number = task
    dice = DiceStream(f"mars-rate:{seed}:{number}")
    bot = _expert()
    think: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
    first = _first_mover(f"mars-rate:{seed}:{number}")
    winner, points = play_game({Side.WHITE: bot, Side.BLACK: bot}, dice, think)
    return winner is first, points


def _first_mover(name: str) -> Side:
    """Who wins the roll-off on this game's dice (the match rolls White's die first)."""
    match = Match(length=1, dice=DiceStream(name))
    mover = None
    while mover is None:
        match.roll_off()
        mover = match.mover
    return mover


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(args.seed, number) for number in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = []
        for result in pool.imap_unordered(play, tasks):
            results.append(result)
            if len(results) % 10 == 0:
                mars = sum(points == 2 for _, points in results)
                elapsed = time.perf_counter() - started
                print(f"{len(results)} games, {mars} mars, {elapsed:.0f} s", file=sys.stderr)
    games = len(results)
    first_wins = sum(first for first, _ in results)
    mars = sum(points == 2 for _, points in results)
    print(f"{games} games of the expert against itself (seed {args.seed}), ", end="")
    print(f"{time.perf_counter() - started:.0f} s with {args.jobs} processes")
    low, high = wilson(first_wins, games)
    print(f"  the first mover won {first_wins} ({first_wins / games:.1%}, {low:.1%}-{high:.1%})")
    low, high = wilson(mars, games)
    print(f"  mars: {mars} of {games} games won ({mars / games:.1%}, 95% {low:.1%}-{high:.1%})")
    for moved_first, words in ((True, "the first mover"), (False, "the second mover")):
        won = [points for first, points in results if first == moved_first]
        count = sum(points == 2 for points in won)
        low, high = wilson(count, len(won))
        print(
            f"  mars among {words}'s {len(won)} wins: {count} "
            f"({count / max(len(won), 1):.1%}, 95% {low:.1%}-{high:.1%})"
        )


if __name__ == "__main__":
    main()
