"""Exact endgames: the bear-off table's plays are the engine's, its chances are what
rolling out finds, and the network comes close to them."""

from __future__ import annotations

import itertools
import random

import pytest

from nardy_tui.bot import get_bot
from nardy_tui.bot.exact import (
    Home,
    exact_chances,
    home_of,
    is_small_race,
    turn_ends,
    win_chance,
)
from nardy_tui.engine import ALL_ROLLS, POINTS, Position, Side, board_index, legal_results
from nardy_tui.options import Level


def small_race(white: Home, black: Home, turn: Side) -> Position:
    """The position of a small race from each side's ``Home``."""
    board = [0] * POINTS
    for side, home in ((Side.WHITE, white), (Side.BLACK, black)):
        for point in home:
            board[board_index(side, point)] += side.sign
    return Position.from_points(board, turn)


def random_home(chooser: random.Random, most: int = 4) -> Home:
    return tuple(
        sorted((chooser.randint(1, 6) for _ in range(chooser.randint(1, most))), reverse=True)
    )


def test_the_tables_plays_are_the_engines() -> None:
    chooser = random.Random(5)
    for _ in range(60):
        white, black = random_home(chooser), random_home(chooser)
        position = small_race(white, black, Side.WHITE)
        for dice in ALL_ROLLS:
            engine = {home_of(after, Side.WHITE) for _, after in legal_results(position, dice)}
            assert set(turn_ends(white, dice)) == engine, (white, dice)


def test_one_checker_on_the_one_point_always_wins_with_the_roll() -> None:
    assert win_chance((1,), (6, 6, 6, 6)) == pytest.approx(1.0)


def test_a_lone_checker_far_back_against_one_close_to_home() -> None:
    """White's 6 needs one roll unless... it always bears off with a 6, or two dice that add
    to 6 or more; Black's 1 wins on its first roll whatever it throws."""
    # White to move: it wins now with any roll that takes the 6 off (every roll does:
    # the larger die moves it down, the other finishes it, or a double does).
    assert win_chance((6,), (1,)) == pytest.approx(
        sum(
            (1 if a == b else 2) / 36
            for a, b in ALL_ROLLS
            if (a == b and a * 4 >= 6) or a + b >= 6 or max(a, b) == 6
        )
    )


def test_the_chances_of_both_sides_add_up() -> None:
    for white, black in itertools.product([(1,), (2, 1), (6, 5), (4, 4, 3)], repeat=2):
        mover = win_chance(white, black)
        assert 0.0 <= mover <= 1.0
        position = small_race(white, black, Side.WHITE)
        assert exact_chances(position).win == pytest.approx(mover)


def test_a_position_outside_the_table_is_refused() -> None:
    assert not is_small_race(Position.initial())
    with pytest.raises(ValueError, match="at most four checkers"):
        exact_chances(Position.initial())


def test_rollouts_find_the_exact_chances_within_three_standard_errors() -> None:
    """A race both home ends at the bear-off database at once (``bot.rollout``): for these
    small races its figures are the table's, to the database's float32 digits."""
    expert = get_bot(Level.EXPERT)
    chooser = random.Random(8)
    for _ in range(6):
        white, black = (random_home(chooser, most=3), random_home(chooser, most=3))
        # Black has just moved; White is to move. The rollout is told for Black.
        [rolled] = expert.rollout([small_race(white, black, Side.WHITE)], trials=144, seed=2)
        black_equity = 2 * (1 - win_chance(white, black)) - 1
        assert abs(rolled.equity - black_equity) <= 3 * rolled.standard_error + 1e-6, (white, black)


def test_the_network_is_near_the_exact_chances_on_average_and_far_at_worst() -> None:
    """Measured, not hoped: the network's win chance against the table's over 40 small
    races (STRENGTH.md gives the figures). Tiny bear-offs are rare in its self-play, and
    it shows: a mean error of about a tenth, a worst of almost half."""
    expert = get_bot(Level.EXPERT)
    chooser = random.Random(8)
    errors = []
    for _ in range(40):
        white, black = random_home(chooser, most=3), random_home(chooser, most=3)
        position = small_race(white, black, Side.WHITE)
        errors.append(abs(expert.evaluate(position).win - win_chance(white, black)))
    assert sum(errors) / len(errors) < 0.15
    assert max(errors) < 0.6


def table_win_after(after: Position) -> float:
    """The mover's exact chance after a play (the opponent to move, or the game won)."""
    return 1.0 if after.winner is not None else 1.0 - exact_chances(after).win


def test_in_a_small_race_the_expert_plays_the_tables_best_play() -> None:
    # Two checkers on the six against three on the two, 4-1: the network, even searched,
    # plays one that wins about a tenth less often.
    expert = get_bot(Level.EXPERT)
    position = small_race((6, 6), (2, 2, 2), Side.WHITE)
    results = legal_results(position, (4, 1))
    best = max(table_win_after(after) for _, after in results)
    chosen = expert.choose(position, (4, 1))
    assert table_win_after(dict(results)[chosen]) == pytest.approx(best)


def test_in_a_small_race_every_play_is_judged_by_the_table() -> None:
    expert = get_bot(Level.EXPERT)
    chooser = random.Random(11)
    for _ in range(20):
        position = small_race(random_home(chooser), random_home(chooser), Side.BLACK)
        dice = chooser.choice(ALL_ROLLS)
        judged = expert.judge(position, dice)
        for entry in judged:
            assert entry.chances.win == pytest.approx(table_win_after(entry.after))
            assert entry.chances.equity == pytest.approx(2 * entry.chances.win - 1)
        values = [entry.chances.equity for entry in judged]
        assert values == sorted(values, reverse=True)
