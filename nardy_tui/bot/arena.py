"""The arena behind ``nardy arena A B``: two bot levels measured against each other with
duplicate dice.

Luck dominates single games of nardy, so every dice sequence is played twice with the bots
swapping seats: whoever got the good rolls in one game gives them to the other bot in the
next. The first mover alternates with the seats, since the opening roll-off is part of the
sequence. Games are played directly on the engine (no UI), and every play a bot returns is
checked against ``legal_results``.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from functools import cache
from math import sqrt
from pathlib import Path
from typing import Any

from nardy_tui.bot.levels import get_bot
from nardy_tui.bot.players import Bot
from nardy_tui.engine import Match, Phase, Side, legal_plays
from nardy_tui.i18n import _, ngettext
from nardy_tui.options import Level

MAX_TURNS = 2000
"""A game this long means something is broken (a real game takes about a hundred turns)."""
ArenaProgress = Callable[[str, int], None]
"""Told after every game: the run so far in words, and the games played (from 1)."""


class DiceStream:
    """The dice of one game (a ``DiceSource`` for ``Match``): a sequence seeded by a name,
    so both games of a pair see the same rolls."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self._rng = random.Random(name)
        self.seed = seed
        self.rolled = 0

    def die(self) -> int:
        self.rolled += 1
        return self._rng.randint(1, 6)


@dataclass
class GameResult:
    """The outcome of one game, from the point of view of bot A."""

    a_won: bool
    points: int


@dataclass
class Tally:
    """Everything the report needs, accumulated game by game."""

    games: list[GameResult] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})


def play_game(
    bots: dict[Side, Bot],
    dice: DiceStream,
    think: dict[Side, list[float]],
) -> tuple[Side, int]:
    """Play one game as a one-point match; returns the winner and the points it scores.
    The match referees: a bot's illegal play raises ``IllegalPlayError``.

    Think time is recorded only for turns with a real choice (two or more legal plays).
    """
    match = Match(length=1, dice=dice)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    for _turn in range(MAX_TURNS):
        mover = match.mover
        if mover is None:
            game = match.game
            assert game.winner is not None
            return game.winner, game.points
        roll = match.roll()
        position = match.position
        start = time.perf_counter()
        play = bots[mover].choose(position, roll)
        elapsed = time.perf_counter() - start
        if len(legal_plays(position, roll)) > 1:
            think[mover].append(elapsed)
        match.play(play)
    raise RuntimeError(f"game did not end within {MAX_TURNS} turns")


@dataclass(frozen=True)
class Seats:
    """Who plays the run: each bot's level and weights file, and the run's seed; all a
    process needs to build the same two bots (they are deterministic)."""

    level_a: Level
    level_b: Level
    seed: int
    weights_a: Path | None = None
    weights_b: Path | None = None


@dataclass
class PlayedGame:
    """One game of a pair: its result, and each bot's think times."""

    result: GameResult
    think_a: list[float]
    think_b: list[float]


@cache
def _bots(seats: Seats) -> tuple[Bot, Bot]:
    """The two bots of a run, built once per process."""
    return (
        get_bot(seats.level_a, seed=seats.seed, weights=seats.weights_a),
        get_bot(seats.level_b, seed=seats.seed + 1, weights=seats.weights_b),
    )


def play_pair(seats: Seats, pair: int, games: int = 2) -> list[PlayedGame]:
    """The pair's games (two, or one at the end of an odd run): the same dice, bot A
    White in the first and Black in the second."""
    bot_a, bot_b = _bots(seats)
    played = []
    for second in range(games):
        a_side = Side.WHITE if second == 0 else Side.BLACK
        think: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
        winner, points = play_game(
            {a_side: bot_a, a_side.opponent: bot_b},
            DiceStream(f"arena:{seats.seed}:{pair}", seats.seed),
            think,
        )
        played.append(
            PlayedGame(GameResult(winner is a_side, points), think[a_side], think[a_side.opponent])
        )
    return played


def run(
    level_a: Level,
    level_b: Level,
    games: int,
    seed: int,
    progress: ArenaProgress | None = None,
    weights_a: Path | None = None,
    weights_b: Path | None = None,
    jobs: int = 1,
) -> ArenaReport:
    """Play ``games`` games (pairs of duplicate dice) and return their report, telling
    ``progress`` of each game (the layer prints nothing itself).

    An expert may play with a weights file of its own (``weights_a``, ``weights_b``): two
    training checkpoints against each other, or one against the game's weights. The report
    then names each player by its level and file. ``jobs`` processes share the pairs; the
    games and the report's order are the same for any number (only think times differ, as
    the processes share the machine).
    """
    seats = Seats(level_a, level_b, seed, weights_a, weights_b)
    _bots(seats)  # a weights file that cannot be read fails here, before any game
    label_a, label_b = _labels((level_a, weights_a), (level_b, weights_b))
    tally = Tally()
    for pair in _pairs(seats, games, jobs):
        for game in pair:
            tally.games.append(game.result)
            tally.think["A"].extend(game.think_a)
            tally.think["B"].extend(game.think_b)
            if progress is not None:
                wins = sum(result.a_won for result in tally.games)
                played = len(tally.games)
                progress(
                    _("{a} vs {b}: game {game}/{games}, {a} won {wins}").format(
                        a=label_a, b=label_b, game=played, games=games, wins=wins
                    ),
                    played,
                )
    return report(label_a, label_b, seed, tally)


def _pairs(seats: Seats, games: int, jobs: int) -> Iterator[list[PlayedGame]]:
    """Every pair's games in order, played here or shared among ``jobs`` processes. The
    processes ignore Ctrl+C: the run stops here, and they are ended at once."""
    sizes = [min(2, games - 2 * pair) for pair in range(-(-games // 2))]
    if jobs <= 1:
        for pair, size in enumerate(sizes):
            yield play_pair(seats, pair, size)
        return
    context = multiprocessing.get_context("spawn")  # no copy of a Textual app's threads
    with context.Pool(jobs, initializer=_ignore_interrupts) as pool:  # leaving terminates
        yield from pool.imap(_play_task, [(seats, pair, size) for pair, size in enumerate(sizes)])


def _play_task(task: tuple[Seats, int, int]) -> list[PlayedGame]:
    return play_pair(*task)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _labels(*players: tuple[str, Path | None]) -> list[str]:
    """How the report names each player: its level, and the weights file it plays with (by
    its name, or its whole path where two files share a name)."""
    files = [weights for _, weights in players if weights is not None]
    whole = len({file.name for file in files}) < len(set(files))
    return [
        level if weights is None else f"{level} ({weights if whole else weights.name})"
        for level, weights in players
    ]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate. It treats games as independent, which
    is conservative here: duplicate pairs cancel much of the dice luck."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(centre - half, 0.0), min(centre + half, 1.0)


@dataclass(frozen=True)
class ThinkTimes:
    """How long a bot thought over the turns with a real choice, in milliseconds."""

    moves: int
    median_ms: float
    p99_ms: float

    @classmethod
    def of(cls, times: list[float]) -> ThinkTimes:
        """The summary of ``times`` (in seconds).

        >>> ThinkTimes.of([0.004, 0.001, 0.002])
        ThinkTimes(moves=3, median_ms=2.0, p99_ms=4.0)
        """
        if not times:
            return cls(0, 0.0, 0.0)
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        return cls(len(ordered), round(statistics.median(ordered) * 1000, 2), round(p99 * 1000, 2))


@dataclass(frozen=True)
class PlayerReport:
    """One bot's figures in a run: the games it won (by a mars: two points), its points,
    and its think times."""

    level: str
    """How the report names the bot: its level, and its weights file if it has one."""
    wins: int
    mars_wins: int
    points: int
    points_per_game: float
    think: ThinkTimes


@dataclass(frozen=True)
class ArenaReport:
    """The arena's figures: both bots', and bot A's win rate with its 95% interval. Each
    game's points are kept too, in order (negative where B won), so a pair's two games can
    be read together: a pair split between the seats was most likely decided by its dice.
    """

    games: int
    seed: int
    a: PlayerReport
    b: PlayerReport
    a_win_rate: float
    a_win_rate_ci95: tuple[float, float]
    a_points_by_game: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        """The report as ``--json`` prints it (``json.dumps`` writes its tuples as arrays):
        the object scripts read (``training/experiments/duplicate_pairs.py``), its keys the
        fields' names, in their order."""
        return asdict(self)


def report(level_a: str, level_b: str, seed: int, tally: Tally) -> ArenaReport:
    """The report of the games in ``tally``, bot A named ``level_a`` and B ``level_b``."""
    games = len(tally.games)
    a_wins = sum(result.a_won for result in tally.games)
    low, high = wilson(a_wins, games)

    def player(name: str, level: str, won: bool) -> PlayerReport:
        mine = [result for result in tally.games if result.a_won == won]
        points = sum(result.points for result in mine)
        return PlayerReport(
            level=level,
            wins=len(mine),
            mars_wins=sum(result.points == 2 for result in mine),
            points=points,
            points_per_game=round(points / max(games, 1), 3),
            think=ThinkTimes.of(tally.think[name]),
        )

    return ArenaReport(
        games=games,
        seed=seed,
        a=player("A", level_a, True),
        b=player("B", level_b, False),
        a_win_rate=round(a_wins / max(games, 1), 4),
        a_win_rate_ci95=(round(low, 4), round(high, 4)),
        a_points_by_game=tuple(
            result.points if result.a_won else -result.points for result in tally.games
        ),
    )


def format_report(data: ArenaReport) -> str:
    """The report as a few lines of text."""
    a, b = data.a, data.b
    low, high = data.a_win_rate_ci95
    games = data.games
    lines = [
        ngettext(
            "{a} vs {b}: {count} game (duplicate dice), seed {seed}",
            "{a} vs {b}: {count} games (duplicate dice), seed {seed}",
            games,
        ).format(a=a.level, b=b.level, count=games, seed=data.seed)
    ]
    for entry in (a, b):
        think = entry.think
        # Three counts in one line: each with its own plural, in the line's template.
        wins = ngettext("{count} win", "{count} wins", entry.wins).format(count=entry.wins)
        mars = ngettext("{count} mars", "{count} mars", entry.mars_wins).format(
            count=entry.mars_wins
        )
        moves = ngettext("{count} move", "{count} moves", think.moves).format(count=think.moves)
        lines.append(
            "  "
            + _(
                "{level}: {wins} ({mars}), {points} points/game, think median {median} ms, "
                "p99 {p99} ms over {moves}"
            ).format(
                level=f"{entry.level:>6}",
                wins=wins,
                mars=mars,
                points=f"{entry.points_per_game:.3f}",
                median=think.median_ms,
                p99=think.p99_ms,
                moves=moves,
            )
        )
    lines.append(
        "  "
        + _("{level} win rate {rate} (95% CI {low} to {high})").format(
            level=a.level, rate=f"{data.a_win_rate:.1%}", low=f"{low:.1%}", high=f"{high:.1%}"
        )
    )
    return "\n".join(lines)
