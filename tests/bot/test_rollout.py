"""Rollouts: a decided position rolls out to its exact result and a race with both sides
home to the bear-off database's, the same dice for every candidate, stratified first
rolls, reproducible from the seed, stopping keeps whole blocks of trials, every roll's
luck is taken out without moving the mean, the reported standard error is the spread of
the means, and at a match score the plays and the equity are the score's.

Most rollouts here start late in a game (``LATE``), where a trial is a few turns."""

from __future__ import annotations

import numpy as np
import pytest

from nardy_tui.bot import get_bot
from nardy_tui.bot.batch_moves import ROLL_PROBABILITIES, ROLLS, boards
from nardy_tui.bot.encoding import first_turn_flags
from nardy_tui.bot.expert import ExpertBot
from nardy_tui.bot.home_race import known_chances
from nardy_tui.bot.match_equity import MatchScore
from nardy_tui.bot.rollout import (
    BLOCK,
    THROWS,
    block_dice,
    played_with_luck,
    roll_index,
    roll_out_block,
    rollout,
)
from nardy_tui.bot.stakes import Stakes
from nardy_tui.engine import Dice, Position, Side, legal_results
from nardy_tui.options import Level

LATE = Position.from_id("AH32gAMA29wiAUA")
"""Both sides on their way home, still in contact, no checker borne off (from a game
between two medium bots), the side that just moved having the better of it."""
MIDDLE = Position.from_id("AEEQRUL-NACIF_w")
"""A middle game with White to roll, most checkers still in play."""
DOUBLE_MATCH_POINT = Stakes(MatchScore(length=5, mover=4, opponent=4))
"""Both sides one point away: only winning counts, a mars is worth a single game."""


@pytest.fixture(scope="module")
def expert():  # type: ignore[no-untyped-def]
    return get_bot(Level.EXPERT)


def black_wins_next_turn(black_off: int) -> Position:
    """White to move with all 15 on its head; Black, who just moved, has one checker on
    its 1-point, ``14 - black_off`` on its 2-point and the rest borne off."""
    board = [0] * 24
    board[23] = 15  # White's head: White cannot finish in one turn
    board[12] = -1  # Black's own point 1
    board[13] = -(14 - black_off) if black_off < 14 else 0
    return Position.from_points(board, Side.WHITE)


def test_a_decided_position_rolls_out_to_its_exact_result(expert) -> None:  # type: ignore[no-untyped-def]
    [result] = rollout(expert.network, [black_wins_next_turn(black_off=14)], trials=36)
    # Black made the play: it wins every trial, with a mars (White bore nothing off).
    assert (result.chances.win, result.chances.win_mars, result.chances.lose_mars) == (1, 1, 0)
    assert result.equity == pytest.approx(2.0) and result.standard_error < 1e-6


def test_every_candidate_meets_the_same_dice(expert) -> None:  # type: ignore[no-untyped-def]
    first, second = rollout(expert.network, [LATE, LATE], trials=36, seed=3)
    assert first.chances == second.chances  # the same games, trial by trial
    assert first.equity == pytest.approx(second.equity, abs=1e-6)


def test_the_same_seed_rolls_out_the_same_and_another_differs(expert) -> None:  # type: ignore[no-untyped-def]
    once = rollout(expert.network, [LATE], 36, seed=1, workers=1)
    assert rollout(expert.network, [LATE], 36, seed=1, workers=1) == once
    assert rollout(expert.network, [LATE], 36, seed=2, workers=1) != once


@pytest.mark.parametrize("block", [0, 1, 7])
def test_each_block_throws_every_one_of_the_36_first_and_second_rolls(block: int) -> None:
    dice = block_dice(seed=5, block=block, turns=10)
    for roll in (0, 1):
        thrown = {tuple(pair) for pair in dice[:, roll]}
        assert thrown == {tuple(pair) for pair in THROWS}
    assert dice.min() >= 1 and dice.max() <= 6


def test_stopping_keeps_the_blocks_done(expert) -> None:  # type: ignore[no-untyped-def]
    def stop_after_the_first(done: int, total: int) -> None:
        if done == BLOCK:
            raise KeyboardInterrupt

    [result] = rollout(expert.network, [LATE], trials=3 * BLOCK, progress=stop_after_the_first)
    assert result.trials == BLOCK


def test_a_rollout_agrees_with_the_network_within_its_error(expert) -> None:  # type: ignore[no-untyped-def]
    """The network was trained on games it played: its estimate of a position and its own
    play-out of it may differ, but not by more than four standard errors and a tenth of a
    point of its own bias."""
    [result] = rollout(expert.network, [LATE], trials=2 * BLOCK, seed=11)
    estimate = -expert.evaluate(LATE).equity
    assert abs(result.equity - estimate) < 4 * result.standard_error + 0.1
    assert 0 < result.standard_error < 0.1
    assert np.isclose(
        result.chances.equity,
        2 * result.chances.win - 1 + result.chances.win_mars - result.chances.lose_mars,
    )


def test_a_play_that_bears_off_the_last_checker_has_won_already(expert) -> None:  # type: ignore[no-untyped-def]
    board = [0] * 24
    board[23] = 15  # White to move, still all on its head: Black has just won with a mars
    [result] = rollout(expert.network, [Position.from_points(board, Side.WHITE)], trials=36)
    assert (result.chances.win, result.chances.win_mars, result.equity) == (1, 1, 2)


@pytest.mark.slow
def test_on_two_processes_a_rollout_is_the_same_as_on_one(expert) -> None:  # type: ignore[no-untyped-def]
    [alone] = rollout(expert.network, [LATE], trials=2 * BLOCK, seed=9, workers=1)
    [shared] = rollout(expert.network, [LATE], trials=2 * BLOCK, seed=9, workers=2)
    assert shared.chances == alone.chances  # the same games
    # The same luck, but for the last bits of the network's sums on another process.
    assert shared.equity == pytest.approx(alone.equity, abs=1e-6)
    assert shared.standard_error == pytest.approx(alone.standard_error, abs=1e-6)


def test_a_throw_and_its_reverse_are_the_same_roll() -> None:
    for throw, index in zip(THROWS, roll_index(THROWS), strict=True):
        assert tuple(ROLLS[index]) == (max(throw), min(throw))


@pytest.mark.parametrize("position", [MIDDLE, Position.initial()], ids=["middle", "opening"])
def test_the_luck_of_a_roll_averages_to_zero_over_the_21_rolls(expert, position: Position) -> None:  # type: ignore[no-untyped-def]
    """Each roll is played as the network alone would play it (at the opening, with the
    head rule's first-turn exception), and its luck is the value of that play less the
    rolls' average."""
    own, other = boards([position] * len(ROLLS))
    first_turns = first_turn_flags([position] * len(ROLLS))
    after, luck = played_with_luck(expert.network, own, other, first_turns, np.arange(len(ROLLS)))
    assert luck @ ROLL_PROBABILITIES == pytest.approx(0.0, abs=1e-6)
    one_ply = ExpertBot(expert.network, width=0)
    values = []
    for roll, board in zip(ROLLS, after, strict=True):
        dice = Dice(*roll)
        played = dict(legal_results(position, dice))[one_ply.choose(position, dice)]
        assert (boards([played])[1][0] == board).all()  # the mover's board after its play
        values.append(-one_ply.evaluate(played).equity)
    expected = np.array(values) - np.array(values) @ ROLL_PROBABILITIES
    assert luck == pytest.approx(expected, abs=1e-5)


def test_taking_the_luck_out_keeps_the_mean_and_narrows_the_spread(expert) -> None:  # type: ignore[no-untyped-def]
    rows = np.concatenate(
        [roll_out_block(expert.network, [LATE], 4, block)[0] for block in range(4)]
    )
    win, win_mars, lose_mars, reduced = rows.T
    played = 2 * win - 1 + win_mars - lose_mars
    luck = played - reduced
    # The luck summed over a game is zero on average: within four of its standard errors.
    assert abs(luck.mean()) < 4 * luck.std(ddof=1) / np.sqrt(len(luck))
    assert reduced.std() < 0.6 * played.std()


@pytest.mark.slow
def test_the_reported_standard_error_is_the_spread_of_many_rollouts_means(expert) -> None:  # type: ignore[no-untyped-def]
    """Sixteen rollouts of one position, each with its own seed: the means scatter as
    far as each rollout says its mean may be off (the ratio's own uncertainty, from 16
    means, is about a fifth)."""
    results = [
        rollout(expert.network, [LATE], BLOCK, seed=seed, workers=1)[0] for seed in range(16)
    ]
    spread = np.std([result.equity for result in results], ddof=1)
    reported = np.sqrt(np.mean([result.standard_error**2 for result in results]))
    assert 0.6 < spread / reported < 1.5


def one_turn_from_a_race_both_home() -> Position:
    """White to move with one checker on its 7-point and 14 at home; Black, who just
    moved, has all 15 at home. No checker of either side is off."""
    board = [3, 3, 2, 2, 2, 2, 1] + [0] * 17
    board[12:18] = [-3, -3, -3, -2, -2, -2]  # Black's points 1 to 6
    return Position.from_points(board, Side.WHITE)


def test_a_race_both_home_rolls_out_to_the_databases_chances(expert) -> None:  # type: ignore[no-untyped-def]
    board = [3, 3, 3, 2, 2, 2] + [0] * 18
    board[12:18] = [-3, -3, -3, -2, -2, -2]
    both_home = Position.from_points(board, Side.WHITE)
    [result] = rollout(expert.network, [both_home], trials=BLOCK)
    table = known_chances(both_home)
    assert table is not None
    black = table.mirrored()  # Black made the play: the figures are Black's
    assert result.chances.win == pytest.approx(black.win)
    assert result.equity == pytest.approx(black.equity) and result.standard_error == 0


def test_a_trial_ends_with_the_databases_chances_once_both_sides_are_home(expert) -> None:  # type: ignore[no-untyped-def]
    """One turn from such a race, every trial ends after White's first play: the rollout
    is the database's figure for Black after the play the network chooses with each of
    the 36 throws (their luck averages to nothing over the stratified block), and the two
    throws of a roll end alike, so no error is left."""
    position = one_turn_from_a_race_both_home()
    figures = []
    for throw in THROWS:
        dice = Dice(*throw)
        afters = [after for _, after in legal_results(position, dice)]
        chosen = min(afters, key=lambda after: expert.evaluate(after).equity)
        table = known_chances(chosen)
        assert table is not None  # the network brings the last checker home with any roll
        figures.append(table.equity)
    [result] = rollout(expert.network, [position], trials=BLOCK)
    assert result.equity == pytest.approx(np.mean(figures), abs=1e-6)
    assert result.standard_error == pytest.approx(0.0, abs=1e-6)


def test_at_double_match_point_a_mars_is_worth_a_single_win(expert) -> None:  # type: ignore[no-untyped-def]
    decided = black_wins_next_turn(black_off=14)
    [money] = rollout(expert.network, [decided], trials=BLOCK)
    [match] = rollout(expert.network, [decided], trials=BLOCK, stakes=DOUBLE_MATCH_POINT)
    assert money.equity == pytest.approx(2.0) and match.equity == pytest.approx(1.0)
    assert DOUBLE_MATCH_POINT.match_chance(match.equity) == pytest.approx(1.0)


def test_at_double_match_point_every_roll_is_played_for_the_win_alone(expert) -> None:  # type: ignore[no-untyped-def]
    """The rollout's plays are chosen at the score: at double match point, for each of
    the 21 rolls, the play that leaves the opponent the least chance of winning (in
    money play some rolls are played otherwise, for the mars)."""
    own, other = boards([MIDDLE] * len(ROLLS))
    first_turns = first_turn_flags([MIDDLE] * len(ROLLS))
    weights = np.array(DOUBLE_MATCH_POINT.mirrored().weights())
    after, luck = played_with_luck(
        expert.network, own, other, first_turns, np.arange(len(ROLLS)), weights
    )
    for_money, _ = played_with_luck(expert.network, own, other, first_turns, np.arange(len(ROLLS)))
    assert (for_money != after).any()
    assert luck @ ROLL_PROBABILITIES == pytest.approx(0.0, abs=1e-6)
    for roll, board in zip(ROLLS, after, strict=True):
        results = [result for _, result in legal_results(MIDDLE, Dice(*roll))]
        least = min(expert.evaluate(result).win for result in results)
        [played] = [result for result in results if (boards([result])[1][0] == board).all()]
        assert expert.evaluate(played).win == pytest.approx(least, abs=1e-6)
