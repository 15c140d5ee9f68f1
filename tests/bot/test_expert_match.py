"""The expert plays the match score: it chooses by match-winning chance, and money play
(no match) keeps the equity."""

from __future__ import annotations

import pytest

from nardy_tui.bot import MONEY, MatchScore, Stakes
from nardy_tui.bot.expert import ExpertBot, shipped_network
from nardy_tui.engine import Dice, Position, read_position_id

from .conftest import sample_positions

DOUBLE_MATCH_POINT = Stakes(MatchScore(length=5, mover=4, opponent=4))


@pytest.fixture(scope="module")
def expert() -> ExpertBot:
    return ExpertBot(shipped_network())


def decision(position_id: str, dice: tuple[int, int]) -> tuple[Position, Dice]:
    position, _ = read_position_id(position_id)
    return position, Dice(*dice)


def test_at_one_away_against_one_away_the_ranking_is_by_the_chance_to_win(
    expert: ExpertBot,
) -> None:
    for position, dice in sample_positions(12, seed=35):
        judged = expert.judge(position, dice, stakes=DOUBLE_MATCH_POINT)
        ranked = [(entry.depth if not entry.is_known else 3, entry.chances.win) for entry in judged]
        assert ranked == sorted(ranked, reverse=True)


def test_money_play_ranks_by_equity_as_before(expert: ExpertBot) -> None:
    for position, dice in sample_positions(6, seed=36):
        assert expert.judge(position, dice, stakes=MONEY) == expert.judge(position, dice)


def test_a_side_far_ahead_at_double_match_point_wins_safely_rather_than_by_a_mars(
    expert: ExpertBot,
) -> None:
    position, dice = decision("gH_4AAFg1bcCKgA", (4, 2))
    money = expert.choose(position, dice)
    at_the_end = expert.choose(position, dice, DOUBLE_MATCH_POINT)
    assert position.notation(money, dice) == "6/2 17/15"
    assert position.notation(at_the_end, dice) == "16/12 17/15"


def test_a_side_two_away_against_one_away_plays_for_the_mars_that_wins_the_match(
    expert: ExpertBot,
) -> None:
    position, dice = decision("AFA2hVQqgID3uoA", (3, 5))
    two_away = Stakes(MatchScore(length=5, mover=3, opponent=4))
    judged = expert.judge(position, dice, stakes=two_away)
    by_money = expert.judge(position, dice)[0]
    assert position.notation(by_money.play, dice) == "15/10 18/15"
    assert position.notation(judged[0].play, dice) == "16/8"
    assert judged[0].chances.win_mars > by_money.chances.win_mars
