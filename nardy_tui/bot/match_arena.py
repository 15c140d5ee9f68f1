"""Whole matches between the expert playing the score and the expert playing each game for
its points: what choosing by match-winning chance is worth, measured.

Each dice sequence is played twice, the two players swapping seats, as the arena does with
games (``bot.arena``): the match-aware side has the good rolls once and gives them away
once. The two players are the same network and search; only the stakes they weigh the
chances by differ (``Stakes``: the match's score, or money).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from nardy_tui.bot.arena import MAX_TURNS, DiceStream, wilson
from nardy_tui.bot.stakes import MONEY, stakes_at
from nardy_tui.engine import Match, Phase, Side

if TYPE_CHECKING:
    from nardy_tui.bot.expert import ExpertBot

MatchProgress = Callable[[int, int], None]
"""Told after every match: the matches played, and those the match-aware side won."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One match, for the match-aware side: whether it won, the final score (its points
    first) and how many games the match took."""

    aware_won: bool
    score: tuple[int, int]
    games: int


def play_match(bot: ExpertBot, aware: Side, length: int, dice: DiceStream) -> MatchResult:
    """A whole match to ``length`` points, ``aware`` choosing at the score, the other side
    for the points of each game."""
    match = Match(length=length, dice=dice)
    while match.winner is None:
        _play_game(match, bot, aware)
        if match.winner is None:
            match.next_game()
    return MatchResult(
        match.winner is aware, (match.score[aware], match.score[aware.opponent]), len(match.games)
    )


def _play_game(match: Match, bot: ExpertBot, aware: Side) -> None:
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    for _turn in range(MAX_TURNS):
        mover = match.mover
        if mover is None:
            return
        roll = match.roll()
        stakes = stakes_at(match, mover) if mover is aware else MONEY
        match.play(bot.choose(match.position, roll, stakes))
    raise RuntimeError(f"game did not end within {MAX_TURNS} turns")


@dataclass(frozen=True, slots=True)
class MatchRun:
    """What a run is: the match length, the expert's search width (0: the network alone)
    and the seed of the dice."""

    length: int
    width: int
    seed: int


@cache
def _expert(width: int) -> ExpertBot:
    """The expert of a run, built once per process (numpy is loaded only here)."""
    from nardy_tui.bot.expert import ExpertBot, shipped_network

    return ExpertBot(shipped_network(), width=width)


def play_pair(run: MatchRun, pair: int) -> list[MatchResult]:
    """The pair's two matches on the same dice, the match-aware side White, then Black."""
    return [
        play_match(_expert(run.width), aware, run.length, DiceStream(f"match:{run.seed}:{pair}"))
        for aware in (Side.WHITE, Side.BLACK)
    ]


def run_matches(
    run: MatchRun, pairs: int, jobs: int = 1, progress: MatchProgress | None = None
) -> dict[str, object]:
    """Play ``pairs`` pairs of matches (``jobs`` processes share them) and report, as
    plain data, the match-aware side's wins with their 95% interval."""
    results: list[MatchResult] = []
    for pair in _pairs(run, pairs, jobs):
        results += pair
        if progress is not None:
            progress(len(results), sum(result.aware_won for result in results))
    wins = sum(result.aware_won for result in results)
    low, high = wilson(wins, len(results))
    return {
        "length": run.length,
        "width": run.width,
        "seed": run.seed,
        "matches": len(results),
        "aware_wins": wins,
        "aware_win_rate": round(wins / max(len(results), 1), 4),
        "aware_win_rate_ci95": [round(low, 4), round(high, 4)],
        "pairs_split": sum(
            results[index].aware_won != results[index + 1].aware_won
            for index in range(0, len(results), 2)
        ),
        "games": sum(result.games for result in results),
    }


def _pairs(run: MatchRun, pairs: int, jobs: int) -> Iterator[list[MatchResult]]:
    if jobs <= 1:
        for pair in range(pairs):
            yield play_pair(run, pair)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap(_play_task, [(run, pair) for pair in range(pairs)])


def _play_task(task: tuple[MatchRun, int]) -> list[MatchResult]:
    return play_pair(*task)
