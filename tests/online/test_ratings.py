"""Ratings by the FIBS formula (``nardy_tui.online.ratings``): the rules as FIBS states
them, one test each."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from nardy_tui.online import Rating, after_match, k_factor, underdog_chance

REGULAR = 1000
"""Experience well past the 400 points after which a rating moves at its slowest."""


def gain(winner: Rating, loser: Rating, length: int) -> float:
    return after_match(winner, loser, length)[0].rating - winner.rating


def loss(winner: Rating, loser: Rating, length: int) -> float:
    return loser.rating - after_match(winner, loser, length)[1].rating


def test_two_new_players_after_a_one_point_match_stand_at_1510_and_1490() -> None:
    assert after_match(Rating.NEW, Rating.NEW, 1) == (Rating(1510, 1), Rating(1490, 1))


def test_everyone_starts_at_1500_with_no_experience() -> None:
    assert Rating(1500, 0) == Rating.NEW


def test_both_players_gain_the_match_length_in_experience() -> None:
    winner, loser = after_match(Rating(1600, 10), Rating(1450, 300), 7)
    assert (winner.experience, loser.experience) == (17, 307)


def test_the_favourite_gains_less_by_winning_than_the_underdog_would() -> None:
    favourite, underdog = Rating(1700, REGULAR), Rating(1500, REGULAR)
    assert gain(favourite, underdog, 5) < gain(underdog, favourite, 5)


def test_an_upset_costs_the_favourite_more_than_a_defeat_costs_the_underdog() -> None:
    favourite, underdog = Rating(1700, REGULAR), Rating(1500, REGULAR)
    assert loss(underdog, favourite, 5) > loss(favourite, underdog, 5)


def test_a_longer_match_between_equals_moves_ratings_more() -> None:
    equal = Rating(1500, REGULAR)
    assert gain(equal, equal, 1) < gain(equal, equal, 3) < gain(equal, equal, 7)


def test_what_the_winner_gains_the_loser_loses_when_their_k_is_the_same() -> None:
    winner, loser = Rating(1480, 450), Rating(1620, 900)
    assert gain(winner, loser, 5) == pytest.approx(loss(winner, loser, 5))


def test_each_player_moves_by_their_own_experience() -> None:
    newcomer, regular = Rating(1500, 0), Rating(1500, REGULAR)
    assert gain(newcomer, regular, 3) == pytest.approx(5 * loss(newcomer, regular, 3))


def test_experience_of_400_or_more_gives_k_1_and_less_a_larger_k() -> None:
    assert [k_factor(points) for points in (0, 100, 399, 400, 401, 5000)] == pytest.approx(
        [5, 4, 1.01, 1, 1, 1]
    )


def test_the_k_of_a_match_is_set_by_the_experience_before_it() -> None:
    """399 points of matches, then a 7-point match: K is 1.01, not the 1 of 406."""
    close_to_regular, regular = Rating(1500, 399), Rating(1500, REGULAR)
    lost = loss(close_to_regular, regular, 7)
    assert gain(close_to_regular, regular, 7) == pytest.approx(1.01 * lost)


def test_between_equals_the_winner_gains_two_k_times_the_root_of_the_length() -> None:
    equal = Rating(1500, REGULAR)
    assert gain(equal, equal, 9) == pytest.approx(2 * 1 * 3)


@pytest.mark.parametrize(
    ("difference", "length", "favourite_wins"),
    [(100, 1, 0.529), (200, 7, 0.648), (500, 3, 0.730), (700, 11, 0.935)],
)
def test_the_underdogs_chance_is_the_one_fibs_players_have_tabled(
    difference: int, length: int, favourite_wins: float
) -> None:
    """Figures of the favourite's chance to win, as posted by FIBS players in 1994."""
    assert 1 - underdog_chance(difference, length) == pytest.approx(favourite_wins, abs=5e-4)


def test_a_gap_of_any_size_is_a_chance_and_never_an_overflow() -> None:
    assert underdog_chance(10**7, 7) == 0
    assert after_match(Rating(1e7, REGULAR), Rating(0, REGULAR), 7)[0].rating == 1e7


@pytest.mark.parametrize(
    "bad",
    [lambda: Rating(math.nan, 0), lambda: Rating(1500, -1), lambda: underdog_chance(0, 0)],
    ids=["a rating that is not a number", "negative experience", "a match of no points"],
)
def test_what_is_no_rating_is_refused(bad: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        bad()
