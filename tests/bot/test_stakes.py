"""What a game's outcomes are worth: points in money play, the match-winning chance at a
score; and the single-game scale that orders plays as the match-winning chance does."""

from __future__ import annotations

import itertools

import pytest

from nardy_tui.bot import Evaluation
from nardy_tui.bot.match_equity import LONGEST_MATCH, MatchScore
from nardy_tui.bot.stakes import MONEY, Stakes, expert_table

CHANCES = [
    Evaluation(win=win, win_mars=win_mars, lose_mars=lose_mars)
    for win, win_mars, lose_mars in [
        (0.5, 0.1, 0.1),
        (0.7, 0.4, 0.0),
        (0.45, 0.0, 0.3),
        (0.9, 0.8, 0.05),
        (0.2, 0.0, 0.1),
    ]
]
MATCH_SCORES = [
    MatchScore(length, mover, opponent)
    for length in (3, 5, 7)
    for mover, opponent in itertools.product(range(length), repeat=2)
]


def test_money_play_is_the_points_a_game_scores() -> None:
    for chances in CHANCES:
        assert MONEY.value(chances) == pytest.approx(chances.equity)
        assert MONEY.equity(chances) == pytest.approx(chances.equity)


@pytest.mark.parametrize("score", MATCH_SCORES, ids=str)
def test_the_single_game_scale_orders_plays_as_the_match_winning_chance(
    score: MatchScore,
) -> None:
    stakes = Stakes(score)
    by_chance = sorted(CHANCES, key=stakes.value)
    assert sorted(CHANCES, key=stakes.equity) == by_chance
    single_win = Evaluation(win=1.0, win_mars=0.0, lose_mars=0.0)
    assert stakes.equity(single_win) == pytest.approx(1.0)
    assert stakes.equity(single_win.mirrored()) == pytest.approx(-1.0)


def test_the_value_is_the_chance_of_winning_the_match_after_each_outcome() -> None:
    stakes = Stakes(MatchScore(length=5, mover=1, opponent=3))  # 4-away against 2-away
    table = expert_table()
    chances = Evaluation(win=0.6, win_mars=0.2, lose_mars=0.1)
    assert stakes.value(chances) == pytest.approx(
        0.4 * table.chance(3, 2)
        + 0.2 * table.chance(2, 2)
        + 0.3 * table.chance(4, 1)
        + 0.1 * table.chance(4, 0)
    )


def test_at_one_away_against_one_away_only_winning_counts() -> None:
    stakes = Stakes(MatchScore(length=5, mover=4, opponent=4))
    for chances in CHANCES:
        assert stakes.value(chances) == pytest.approx(chances.win)


def test_a_side_one_away_does_not_care_for_a_mars_but_fears_losing_one() -> None:
    stakes = Stakes(MatchScore(length=5, mover=4, opponent=3))  # 1-away against 2-away
    worth = stakes.outcomes
    assert worth.win == worth.win_mars == 1.0
    assert worth.lose > worth.lose_mars == 0.0


@pytest.mark.parametrize("score", MATCH_SCORES, ids=str)
def test_both_sides_values_add_up_to_the_whole_match(score: MatchScore) -> None:
    for chances in CHANCES:
        ours = Stakes(score).value(chances)
        assert ours + Stakes(score).mirrored().value(chances.mirrored()) == pytest.approx(1.0)


def test_the_table_covers_every_match_the_game_offers() -> None:
    assert expert_table().longest == LONGEST_MATCH


@pytest.mark.parametrize("score", MATCH_SCORES[::7], ids=str)
def test_the_single_game_scale_tells_the_match_winning_chance_back(score: MatchScore) -> None:
    stakes = Stakes(score)
    for chances in CHANCES:
        assert stakes.match_chance(stakes.equity(chances)) == pytest.approx(stakes.value(chances))
