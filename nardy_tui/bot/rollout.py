"""Rollouts: each candidate play's position played out to the end many times, the expert's
network choosing every play for both sides, to measure what the network only estimates.

What makes a few dozen trials worth more than their number:

- *Every roll's luck taken out* (a control variate, as GNU Backgammon's variance
  reduction): at each turn of a trial the network values the mover's best play for each
  of the 21 rolls; the value for the roll that came less their average (weights 1/36 and
  2/36) is that roll's luck for the mover. A trial's result less the sum of its luck
  (each turn's sign by whose turn it was) is the sample: each luck has mean zero given the
  game so far, so the estimate is unchanged in expectation, and what is left is where
  the network's value of a position disagrees with its own average a roll later, summed
  over the turns of contact (docs/STRENGTH.md). Searching all 21 rolls is also what
  finds the best play for the roll that came, so that play costs nothing more.
- *Races both home end at the bear-off database* (``bot.bearoff``): once every checker of
  both sides is home, the trial's result is the database's chances, not one play-out of
  them. What is exact adds no noise, and the trial is shorter.
- *The same dice for every candidate* (common random numbers): trial ``t`` throws the same
  sequence whichever play is judged, so two candidates differ by their play, not their luck.
- *Stratified first rolls* (quasi-random dice): in every block of 36 trials the first roll
  is each of the 36 throws once, and so is the second (its index steps by 5, which is prime
  to 36).

The standard error is that of a stratified sample (``stratified_error``): what the luck
leaves still depends on the first roll, and the stratification takes that part out of the
mean, so the error counts the spread within each first roll only (``tests/bot/test_rollout.py``
checks it against the spread of many rollouts' means). Every play and every value is at
the stakes of the side that made the candidates' play (``bot.stakes``: money, or the match
score). Trials are played in blocks of 36, all candidates and all trials of a block side
by side in one numpy search per turn (``batch_moves``), the blocks shared among the cores
that are free; stopping (Ctrl+C) keeps the blocks done before it, whole strata, so the
figures so far are still fair.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from nardy_tui.bot.batch_moves import (
    MAX_GAMES,
    ROLL_PROBABILITIES,
    ROLLS,
    boards,
    in_parts,
    legal_ends,
)
from nardy_tui.bot.bearoff_file import bearoff_database, keep_tables_in, tables_folder
from nardy_tui.bot.chances import Evaluation, RolledOut
from nardy_tui.bot.encoding import encode_sides, first_turn_flags
from nardy_tui.bot.network import Network
from nardy_tui.bot.stakes import MONEY, Stakes
from nardy_tui.engine import CHECKERS, HOME_TOP, POINTS, Position

BLOCK = 36
"""Trials per block: one of each of the 36 throws as the first roll."""
STRIDE = 5
"""How the second roll's throw steps through the 36 from one trial to the next."""
MAX_TURNS = 2000
THROWS = np.array([(first, second) for first in range(1, 7) for second in range(1, 7)])
MONEY_WEIGHTS = np.array(MONEY.weights())


Progress = Callable[[int, int], None]
"""Called with (trials done, trials asked for) after each block."""


def rollout(
    network: Network,
    afters: Sequence[Position],
    trials: int,
    seed: int = 0,
    progress: Progress | None = None,
    workers: int | None = None,
    stakes: Stakes = MONEY,
) -> list[RolledOut]:
    """Roll out each position of ``afters`` (the candidates' results, the opponent to
    move) ``trials`` times (rounded up to whole blocks of 36), on ``workers`` processes
    (default: the cores that are free, ``free_cores``), every play chosen and every
    equity told at the ``stakes`` of the side that made the candidates' play. A
    ``KeyboardInterrupt`` ends the rollout with the blocks done before it (at least
    one), in order, so whole strata."""
    blocks = -(-trials // BLOCK)
    workers = min(blocks, free_cores() if workers is None else workers)
    results: list[np.ndarray] = []

    def done(rows: np.ndarray) -> None:
        results.append(rows)
        if progress is not None:
            progress(len(results) * BLOCK, blocks * BLOCK)

    bearoff_database()  # solved or read once here, so that every worker can read it
    try:
        if workers > 1:
            _in_processes(network, afters, seed, blocks, workers, stakes, done)
        else:
            for block in range(blocks):
                done(roll_out_block(network, afters, seed, block, stakes))
    except KeyboardInterrupt:
        if not results:
            raise
    outcomes = np.concatenate(results, axis=1)  # (candidates, trials, 4)
    return [_summary(rows) for rows in outcomes]


def free_cores() -> int:
    """The cores nothing else is using now, by the load average (at least one)."""
    cores = os.cpu_count() or 1
    try:
        busy = os.getloadavg()[0]
    except OSError:  # no load average here (Windows)
        busy = 0.0
    return max(1, min(cores, int(cores - busy + 0.5)))


def _in_processes(
    network: Network,
    afters: Sequence[Position],
    seed: int,
    blocks: int,
    workers: int,
    stakes: Stakes,
    done: Callable[[np.ndarray], None],
) -> None:
    """The blocks shared among ``workers`` processes, each block's rows handed to ``done``
    in the blocks' order. The workers ignore Ctrl+C: the rollout stops here."""
    context = multiprocessing.get_context("spawn")  # no copy of a Textual app's threads
    with ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(tables_folder(),),
    ) as pool:
        futures = [
            pool.submit(roll_out_block, network, list(afters), seed, block, stakes)
            for block in range(blocks)
        ]
        try:
            for future in futures:
                done(future.result())
        except KeyboardInterrupt:
            for future in futures:
                future.cancel()
            raise


def _start_worker(tables: Path | None) -> None:
    """A worker ignores Ctrl+C (the rollout stops in the parent) and reads the bear-off
    database from where the parent keeps it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    keep_tables_in(tables)


def _summary(rows: np.ndarray) -> RolledOut:
    """``rows``: each trial's (win, win mars, lose mars, adjusted equity), in the trials'
    order (whole blocks)."""
    adjusted = rows[:, 3]
    win, win_mars, lose_mars = (float(value) for value in rows[:, :3].mean(axis=0))
    return RolledOut(
        Evaluation(win, win_mars, lose_mars),
        float(adjusted.mean()),
        stratified_error(adjusted),
        len(rows),
    )


def stratified_error(samples: np.ndarray) -> float:
    """The standard error of the mean of ``samples`` (whole blocks, in the trials' order),
    as the stratified first roll makes it: every block throws each of the 36 throws once,
    so the mean's error is that of the spread within each first roll (the 21 rolls: a
    non-double comes up twice a block), not the whole spread. Pooled over the rolls, with
    the degrees of freedom the rolls' means take (15 in a block)."""
    count = len(samples)
    first_roll = roll_index(THROWS[np.arange(count) % BLOCK])
    rolls = np.bincount(first_roll, minlength=len(ROLLS))
    freedom = count - np.count_nonzero(rolls)
    means = np.bincount(first_roll, weights=samples, minlength=len(ROLLS)) / np.maximum(rolls, 1)
    within = float(((samples - means[first_roll]) ** 2).sum()) / freedom
    return float(np.sqrt(within / count))


def block_dice(seed: int, block: int, turns: int) -> np.ndarray:
    """The dice of the block's 36 trials, turn by turn: (36, turns, 2). The first two rolls
    are stratified; the rest are pseudo-random from the seed and the trial's number."""
    trial = block * BLOCK + np.arange(BLOCK)
    rng = np.random.default_rng([seed, block])
    dice = rng.integers(1, 7, size=(BLOCK, turns, 2))
    dice[:, 0] = THROWS[trial % 36]
    dice[:, 1] = THROWS[(trial // 36 + STRIDE * trial) % 36]
    return dice


def roll_out_block(
    network: Network, afters: Sequence[Position], seed: int, block: int, stakes: Stakes = MONEY
) -> np.ndarray:
    """One block: every candidate played out with the block's 36 dice sequences. Returns
    (candidates, 36, 4): win, win mars, lose mars and the luck-adjusted equity at the
    ``stakes`` (``Stakes.equity``'s scale), all for the side that made the candidate's
    play. A trial that reaches a race with both sides home ends there with the bear-off
    database's chances (fractions of a win, as the exact figure they are)."""
    candidates = len(afters)
    theirs, ours = boards(list(afters))  # the opponent is to move in each
    own = np.repeat(theirs, BLOCK, axis=0)
    other = np.repeat(ours, BLOCK, axis=0)
    first_turns = np.repeat(first_turn_flags(afters), BLOCK, axis=0)
    trial = np.tile(np.arange(BLOCK), candidates)
    dice = block_dice(seed, block, MAX_TURNS)
    games = candidates * BLOCK
    player_to_move = np.zeros(games, dtype=bool)
    """Whether the side to move is the one that made the candidate's play."""
    player_weights = np.array(stakes.weights())
    opponent_weights = np.array(stakes.mirrored().weights())
    outcome = np.zeros((games, 3))
    luck = np.zeros(games)
    # A candidate that bore off the last checker has won already: there is nothing to play.
    over = other[:, 0] == CHECKERS
    outcome[over, 0] = 1
    outcome[over, 1] = own[over, 0] == 0
    playing = np.arange(games)[~over]
    own, other, first_turns, trial = own[~over], other[~over], first_turns[~over], trial[~over]
    player_to_move = player_to_move[~over]
    for turn in range(MAX_TURNS):
        home = both_home(own, other)
        if home.any():
            outcome[playing[home]] = _home_race_chances(
                own[home], other[home], player_to_move[home]
            )
            going = ~home
            own, other, first_turns = own[going], other[going], first_turns[going]
            player_to_move, trial, playing = player_to_move[going], trial[going], playing[going]
        if not len(playing):
            break
        next_weights = np.where(player_to_move[:, None], opponent_weights, player_weights)
        after, mover_luck = played_with_luck(
            network, own, other, first_turns, roll_index(dice[trial, turn]), next_weights
        )
        luck[playing] += np.where(player_to_move, mover_luck, -mover_luck)
        won = after[:, 0] == CHECKERS
        mars = other[:, 0] == 0
        finished = playing[won]
        mover_is_player = player_to_move[won]
        outcome[finished, 0] = mover_is_player
        outcome[finished, 1] = mover_is_player & mars[won]
        outcome[finished, 2] = ~mover_is_player & mars[won]
        going = ~won
        own, other = other[going], after[going]
        first_turns = np.stack([first_turns[going, 1], np.zeros(going.sum(), dtype=bool)], axis=1)
        player_to_move = ~player_to_move[going]
        trial, playing = trial[going], playing[going]
    else:
        raise RuntimeError(f"a rollout game did not end within {MAX_TURNS} turns")
    rows = np.column_stack([outcome, _worth(outcome, player_weights) - luck])
    return rows.reshape(candidates, BLOCK, 4)


def both_home(own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Whether each game is a race with both sides home (neither has finished: a finished
    game is out of play)."""
    outside = slice(HOME_TOP + 1, POINTS + 1)
    home: np.ndarray = (own[:, outside].sum(axis=1) == 0) & (other[:, outside].sum(axis=1) == 0)
    return home


def _home_race_chances(
    own: np.ndarray, other: np.ndarray, player_to_move: np.ndarray
) -> np.ndarray:
    """The chances of races with both sides home (the bear-off database's), for the side
    that made the candidate's play."""
    home = slice(1, HOME_TOP + 1)
    chances = bearoff_database().races(own[:, home], other[:, home])
    told: np.ndarray = np.where(player_to_move[:, None], chances, _mirrored(chances))
    return told


def _mirrored(chances: np.ndarray) -> np.ndarray:
    """(win, win mars, lose mars) rows told from the other side."""
    return np.column_stack([1.0 - chances[:, 0], chances[:, 2], chances[:, 1]])


def _worth(chances: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Each row of (win, win mars, lose mars) at the stakes whose ``Stakes.weights`` are
    ``weights`` (one row of four for all, or one for each row)."""
    weights = np.broadcast_to(weights, (len(chances), 4))
    worth: np.ndarray = weights[:, 0] + (chances * weights[:, 1:]).sum(axis=1)
    return worth


def played_with_luck(
    network: Network,
    own: np.ndarray,
    other: np.ndarray,
    first_turns: np.ndarray,
    rolls: np.ndarray,
    next_weights: np.ndarray = MONEY_WEIGHTS,
) -> tuple[np.ndarray, np.ndarray]:
    """Each game's turn with the roll that came (its index in ``ROLLS``): the mover's board
    after the play the network likes best at the stakes (greedy one ply), and the roll's
    luck for the mover. ``next_weights``: the ``Stakes.weights`` of the side to move next
    (the mover's opponent), one row for all games or one for each; the mover's best play
    leaves that side the least. The games are searched as many at a time as one search
    takes, 21 rolls each."""
    next_weights = np.broadcast_to(next_weights, (len(own), 4))
    parts = [
        _played_in_one_search(
            network, own[part], other[part], first_turns[part], rolls[part], next_weights[part]
        )
        for part in in_parts(len(own), MAX_GAMES // len(ROLLS))
    ]
    return np.concatenate([after for after, _ in parts]), np.concatenate(
        [luck for _, luck in parts]
    )


def _played_in_one_search(
    network: Network,
    own: np.ndarray,
    other: np.ndarray,
    first_turns: np.ndarray,
    rolls: np.ndarray,
    next_weights: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    count = len(own)
    query = np.repeat(np.arange(count), len(ROLLS))
    result_query, ends = legal_ends(
        own[query], other[query], np.tile(ROLLS, (count, 1)), first_turns[query, 0]
    )
    game = query[result_query]
    probabilities = network.probabilities(
        encode_sides(other[:, 1:], ends[:, 1:], _next_first(first_turns[query], result_query), game)
    )
    theirs = _worth(probabilities, next_weights[game])
    # Results come grouped by query, every query at least one; the best play of a roll
    # leaves the opponent the least equity.
    starts = np.flatnonzero(np.diff(result_query, prepend=-1))
    least = np.minimum.reduceat(theirs, starts)
    values = -least.reshape(count, len(ROLLS)).astype(np.float64)
    came = np.arange(count) * len(ROLLS) + rolls
    luck = values[np.arange(count), rolls] - values @ ROLL_PROBABILITIES
    return ends[_first_least(theirs, least, result_query, came)], luck


def _first_least(
    values: np.ndarray, least: np.ndarray, result_query: np.ndarray, wanted: np.ndarray
) -> np.ndarray:
    """For each of the ``wanted`` queries (ascending), its first result with the least value."""
    asked = np.zeros(len(least), dtype=bool)
    asked[wanted] = True
    rows = np.flatnonzero(asked[result_query] & (values == least[result_query]))
    first = np.ones(len(rows), dtype=bool)
    first[1:] = result_query[rows][1:] != result_query[rows][:-1]
    return rows[first]


def _next_first(first_turns: np.ndarray, result_game: np.ndarray) -> np.ndarray:
    """Whether the next mover (this turn's opponent) is still to make its first turn; the
    mover has just made its own."""
    following = np.zeros((len(result_game), 2), dtype=bool)
    following[:, 0] = first_turns[result_game, 1]
    return following


def roll_index(throws: np.ndarray) -> np.ndarray:
    """Each throw's roll, as its place in ``ROLLS`` (the higher die's rolls come after all
    the rolls of lower ones, and among them by the lower die)."""
    high, low = throws.max(axis=1), throws.min(axis=1)
    index: np.ndarray = high * (high - 1) // 2 + low - 1
    return index
