"""Rollouts: a decided position rolls out to its exact result, the same dice for every
candidate, stratified first rolls, reproducible from the seed, and stopping keeps whole
blocks of trials."""

from __future__ import annotations

import numpy as np
import pytest

from nardy_tui.bot import get_bot
from nardy_tui.bot.rollout import BLOCK, THROWS, block_dice, rollout
from nardy_tui.engine import Dice, Position, Side, legal_results
from nardy_tui.options import Level


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
    position = Position.initial()
    afters = [after for _, after in legal_results(position, Dice(6, 5))][:1] * 2
    first, second = rollout(expert.network, afters, trials=36, seed=3)
    assert first.chances == second.chances  # the same games, trial by trial
    assert first.equity == pytest.approx(second.equity, abs=1e-6)


def test_the_same_seed_rolls_out_the_same_and_another_differs(expert) -> None:  # type: ignore[no-untyped-def]
    [after] = [after for _, after in legal_results(Position.initial(), Dice(5, 3))]
    assert rollout(expert.network, [after], 36, seed=1) == rollout(
        expert.network, [after], 36, seed=1
    )
    assert rollout(expert.network, [after], 36, seed=1) != rollout(
        expert.network, [after], 36, seed=2
    )


@pytest.mark.parametrize("block", [0, 1, 7])
def test_each_block_throws_every_one_of_the_36_first_and_second_rolls(block: int) -> None:
    dice = block_dice(seed=5, block=block, turns=10)
    for roll in (0, 1):
        thrown = {tuple(pair) for pair in dice[:, roll]}
        assert thrown == {tuple(pair) for pair in THROWS}
    assert dice.min() >= 1 and dice.max() <= 6


def test_stopping_keeps_the_blocks_done(expert) -> None:  # type: ignore[no-untyped-def]
    [after] = [after for _, after in legal_results(Position.initial(), Dice(5, 3))]

    def stop_after_the_first(done: int, total: int) -> None:
        if done == BLOCK:
            raise KeyboardInterrupt

    [result] = rollout(expert.network, [after], trials=3 * BLOCK, progress=stop_after_the_first)
    assert result.trials == BLOCK


def test_a_rollout_agrees_with_the_network_within_its_error(expert) -> None:  # type: ignore[no-untyped-def]
    """The network was trained on games it played: its estimate of the opening after 5-3
    and its own play-out of it may differ, but not by more than four standard errors and
    a tenth of a point of its own bias."""
    [after] = [after for _, after in legal_results(Position.initial(), Dice(5, 3))]
    [result] = rollout(expert.network, [after], trials=2 * BLOCK, seed=11)
    estimate = -expert.evaluate(after).equity
    assert abs(result.equity - estimate) < 4 * result.standard_error + 0.1
    assert 0 < result.standard_error < 0.3
    assert np.isclose(
        result.chances.equity,
        2 * result.chances.win - 1 + result.chances.win_mars - result.chances.lose_mars,
    )


def test_a_play_that_bears_off_the_last_checker_has_won_already(expert) -> None:  # type: ignore[no-untyped-def]
    board = [0] * 24
    board[23] = 15  # White to move, still all on its head: Black has just won with a mars
    [result] = rollout(expert.network, [Position.from_points(board, Side.WHITE)], trials=36)
    assert (result.chances.win, result.chances.win_mars, result.equity) == (1, 1, 2)


def test_on_two_processes_a_rollout_is_the_same_as_on_one(expert) -> None:  # type: ignore[no-untyped-def]
    [after] = [after for _, after in legal_results(Position.initial(), Dice(6, 4))]
    alone = rollout(expert.network, [after], trials=2 * BLOCK, seed=9, workers=1)
    shared = rollout(expert.network, [after], trials=2 * BLOCK, seed=9, workers=2)
    assert shared == alone
