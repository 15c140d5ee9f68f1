"""The match equity table keeps the properties any fair match has."""

from __future__ import annotations

import itertools

import pytest

from nardy_tui.bot.match_equity import LONGEST_MATCH, MatchEquityTable, MatchScore

SCORES = list(itertools.product(range(1, LONGEST_MATCH + 1), repeat=2))
"""Every (away, opponent away) of a match going on, up to the longest match."""


@pytest.fixture(scope="module", params=[0.0, 0.2, 0.6])
def table(request: pytest.FixtureRequest) -> MatchEquityTable:
    return MatchEquityTable(mars_rate=request.param)


def test_one_side_wins_the_match_whatever_the_score(table: MatchEquityTable) -> None:
    for away, opponent_away in SCORES:
        assert table.chance(away, opponent_away) == pytest.approx(
            1.0 - table.chance(opponent_away, away)
        )


def test_equal_scores_are_even(table: MatchEquityTable) -> None:
    for away in range(1, LONGEST_MATCH + 1):
        assert table.chance(away, away) == pytest.approx(0.5)


def test_a_side_with_nothing_left_to_win_has_won(table: MatchEquityTable) -> None:
    for away in range(1, LONGEST_MATCH + 1):
        assert table.chance(0, away) == table.chance(-1, away) == 1.0
        assert table.chance(away, 0) == table.chance(away, -1) == 0.0


def test_nearer_the_end_is_better_and_a_nearer_opponent_worse(table: MatchEquityTable) -> None:
    for away, opponent_away in SCORES:
        chance = table.chance(away, opponent_away)
        assert table.chance(away - 1, opponent_away) > chance
        if opponent_away > 1:
            assert table.chance(away, opponent_away - 1) < chance


def test_without_mars_a_game_is_a_fair_coin() -> None:
    table = MatchEquityTable(mars_rate=0.0)
    assert table.chance(1, 2) == pytest.approx(0.75)  # win one of two games
    assert table.chance(2, 1) == pytest.approx(0.25)


def test_a_mars_wins_a_two_away_side_the_match_at_once() -> None:
    table = MatchEquityTable(mars_rate=1.0)  # every game is a mars: 2 points, as one game
    assert table.chance(2, 1) == pytest.approx(0.5)
    assert table.chance(2, 3) == pytest.approx(0.75)


def test_a_score_is_told_by_the_mover_first() -> None:
    score = MatchScore(length=7, mover=5, opponent=0)
    assert score.away == (2, 7)
    assert score.mirrored().away == (7, 2)
    with pytest.raises(ValueError):
        MatchScore(length=5, mover=5, opponent=0)  # the match is over
