"""Seconds to review whole games with the expert, as ``nardy review`` and the review screen do.

Run with ``python benchmarks/review_speed.py [--games N] [--seed S]``. Each game is played by
two medium bots (a typical game of about 90 turns) and then reviewed at the hint's depth.
Target: a 90-turn game in 10 s or less on the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from nardy_tui.bot import get_bot, review_game
from nardy_tui.engine import Match, Phase, Position, TurnRecord
from nardy_tui.options import Level


def medium_game(seed: int) -> tuple[Position, list[TurnRecord]]:
    """A one-point game of medium against medium: its first position and its turns."""
    match = Match(length=1, seed=seed)
    bot = get_bot(Level.MEDIUM, seed=seed)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    start = match.position
    while match.phase is Phase.ROLL:
        match.play(bot.choose(match.position, match.roll()))
    return start, list(match.game.turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    get_bot(Level.EXPERT)  # load the network before timing
    per_game = []
    per_90 = []
    for game in range(args.games):
        start, turns = medium_game(args.seed + game)
        began = time.perf_counter()
        review = review_game(start, turns)
        seconds = time.perf_counter() - began
        per_game.append(seconds)
        per_90.append(seconds * 90 / len(turns))
        print(
            f"game {game + 1}: {len(turns)} turns, {len(review.turns)} decisions, {seconds:.2f} s"
        )
    print(
        f"median {statistics.median(per_game):.2f} s per game; "
        f"{statistics.median(per_90):.2f} s per 90 turns (target <= 10 s)"
    )


if __name__ == "__main__":
    main()
