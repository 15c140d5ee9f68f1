"""Rollouts: each candidate play's position played out to the end many times, the expert's
network choosing every play for both sides, to measure what the network only estimates.

What makes a few dozen trials worth more than their number:

- *Every roll's luck taken out* (a control variate, as GNU Backgammon's variance
  reduction): at each turn of a trial the network values the mover's best play for each
  of the 21 rolls; the value for the roll that came less their average (weights 1/36 and
  2/36) is that roll's luck for the mover. A trial's result less the sum of its luck
  (each turn's sign by whose turn it was) is the sample: each luck has mean zero given the
  game so far, so the estimate is unchanged in expectation, and what is left is mostly
  where the network's values disagree with themselves a roll later. Searching all 21 rolls
  is also what finds the best play for the roll that came, so that play costs nothing more.
  Measured on middle-game positions: a standard deviation per trial about a third of the
  plain result's, for about 20 times the work per trial (docs/STRENGTH.md).
- *The same dice for every candidate* (common random numbers): trial ``t`` throws the same
  sequence whichever play is judged, so two candidates differ by their play, not their luck.
- *Stratified first rolls* (quasi-random dice): in every block of 36 trials the first roll
  is each of the 36 throws once, and so is the second (its index steps by 5, which is prime
  to 36).

The standard error is that of the luck-free samples, as if they were independent: the
stratification only makes the true error smaller (``tests/bot/test_rollout.py`` checks it
against the spread of many rollouts' means). Trials are played in blocks of 36, all
candidates and all trials of a block side by side in one numpy search per turn
(``batch_moves``), the blocks shared among the cores that are free; stopping (Ctrl+C) keeps
the blocks done before it, whole strata, so the figures so far are still fair.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from nardy_tui.bot.batch_moves import (
    MAX_GAMES,
    ROLL_PROBABILITIES,
    ROLLS,
    boards,
    in_parts,
    legal_ends,
)
from nardy_tui.bot.chances import Evaluation, RolledOut
from nardy_tui.bot.encoding import encode_sides, first_turn_flags
from nardy_tui.bot.network import Network, equities
from nardy_tui.engine import CHECKERS, Position

BLOCK = 36
"""Trials per block: one of each of the 36 throws as the first roll."""
STRIDE = 5
"""How the second roll's throw steps through the 36 from one trial to the next."""
MAX_TURNS = 2000
THROWS = np.array([(first, second) for first in range(1, 7) for second in range(1, 7)])


Progress = Callable[[int, int], None]
"""Called with (trials done, trials asked for) after each block."""


def rollout(
    network: Network,
    afters: Sequence[Position],
    trials: int,
    seed: int = 0,
    progress: Progress | None = None,
    workers: int | None = None,
) -> list[RolledOut]:
    """Roll out each position of ``afters`` (the candidates' results, the opponent to
    move) ``trials`` times (rounded up to whole blocks of 36), on ``workers`` processes
    (default: the cores that are free, ``free_cores``). A ``KeyboardInterrupt`` ends the
    rollout with the blocks done before it (at least one), in order, so whole strata."""
    blocks = -(-trials // BLOCK)
    workers = min(blocks, free_cores() if workers is None else workers)
    results: list[np.ndarray] = []

    def done(rows: np.ndarray) -> None:
        results.append(rows)
        if progress is not None:
            progress(len(results) * BLOCK, blocks * BLOCK)

    try:
        if workers > 1:
            _in_processes(network, afters, seed, blocks, workers, done)
        else:
            for block in range(blocks):
                done(roll_out_block(network, afters, seed, block))
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
    done: Callable[[np.ndarray], None],
) -> None:
    """The blocks shared among ``workers`` processes, each block's rows handed to ``done``
    in the blocks' order. The workers ignore Ctrl+C: the rollout stops here."""
    context = multiprocessing.get_context("spawn")  # no copy of a Textual app's threads
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts) as pool:
        futures = [
            pool.submit(roll_out_block, network, list(afters), seed, block)
            for block in range(blocks)
        ]
        try:
            for future in futures:
                done(future.result())
        except KeyboardInterrupt:
            for future in futures:
                future.cancel()
            raise


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _summary(rows: np.ndarray) -> RolledOut:
    """``rows``: each trial's (win, win mars, lose mars, adjusted equity)."""
    count = len(rows)
    adjusted = rows[:, 3]
    error = float(adjusted.std(ddof=1) / np.sqrt(count)) if count > 1 else 0.0
    win, win_mars, lose_mars = (float(value) for value in rows[:, :3].mean(axis=0))
    return RolledOut(Evaluation(win, win_mars, lose_mars), float(adjusted.mean()), error, count)


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
    network: Network, afters: Sequence[Position], seed: int, block: int
) -> np.ndarray:
    """One block: every candidate played out with the block's 36 dice sequences. Returns
    (candidates, 36, 4): win, win mars, lose mars and the luck-adjusted equity, all for the
    side that made the candidate's play."""
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
        if not len(playing):
            break
        after, mover_luck = played_with_luck(
            network, own, other, first_turns, roll_index(dice[trial, turn])
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
    equity = 2.0 * outcome[:, 0] - 1.0 + outcome[:, 1] - outcome[:, 2]
    rows = np.column_stack([outcome, equity - luck])
    return rows.reshape(candidates, BLOCK, 4)


def played_with_luck(
    network: Network, own: np.ndarray, other: np.ndarray, first_turns: np.ndarray, rolls: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Each game's turn with the roll that came (its index in ``ROLLS``): the mover's board
    after the play the network likes best (greedy one ply), and the roll's luck for the
    mover. The games are searched as many at a time as one search takes, 21 rolls each."""
    parts = [
        _played_in_one_search(network, own[part], other[part], first_turns[part], rolls[part])
        for part in in_parts(len(own), MAX_GAMES // len(ROLLS))
    ]
    return np.concatenate([after for after, _ in parts]), np.concatenate(
        [luck for _, luck in parts]
    )


def _played_in_one_search(
    network: Network, own: np.ndarray, other: np.ndarray, first_turns: np.ndarray, rolls: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    count = len(own)
    query = np.repeat(np.arange(count), len(ROLLS))
    result_query, ends = legal_ends(
        own[query], other[query], np.tile(ROLLS, (count, 1)), first_turns[query, 0]
    )
    theirs = equities(
        network.probabilities(
            encode_sides(
                other[:, 1:],
                ends[:, 1:],
                _next_first(first_turns[query], result_query),
                query[result_query],
            )
        )
    )
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
