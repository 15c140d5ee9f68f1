"""Races with both sides home: the expert knows their chances from the tables (the exact
table for small races, the bear-off database for the rest) and judges every play by them."""

from __future__ import annotations

import pytest

from nardy_tui.bot import exact_chances, get_bot, is_home_race, known_chances
from nardy_tui.bot.expert import ExpertBot
from nardy_tui.engine import Dice, Position, Side, legal_results
from nardy_tui.options import Level
from tests.test_one_judgement import race


@pytest.fixture(scope="module")
def expert() -> ExpertBot:
    return get_bot(Level.EXPERT)


def test_the_tables_know_a_race_only_when_both_sides_are_home() -> None:
    small = race({6: 1, 2: 2}, {5: 3})
    assert known_chances(small) == exact_chances(small)
    big = race({6: 5, 1: 5}, {4: 15}, Side.BLACK)
    assert is_home_race(big)
    chances = known_chances(big)
    assert chances is not None and chances.lose_mars > 0.0 == chances.win_mars  # Black: none off
    one_out = race({7: 1, 6: 5}, {4: 15})
    assert not is_home_race(one_out) and known_chances(one_out) is None
    assert known_chances(Position.initial()) is None


def test_in_a_race_both_home_every_play_is_judged_by_the_database(expert: ExpertBot) -> None:
    position = race({6: 4, 5: 3, 2: 2}, {6: 2, 3: 5, 1: 6}, Side.BLACK)
    for dice in (Dice(6, 6), Dice(4, 1)):
        judged = expert.judge(position, dice)
        assert len(judged) == len(legal_results(position, dice))
        for entry in judged:
            chances = known_chances(entry.after)
            assert chances is not None
            assert entry.exact and entry.depth == 0
            assert entry.chances == chances.mirrored()
        equities = [entry.chances.equity for entry in judged]
        assert equities == sorted(equities, reverse=True)
        assert expert.choose(position, dice) == judged[0].play


def test_a_play_that_brings_the_last_checker_home_is_judged_by_the_database(
    expert: ExpertBot,
) -> None:
    # White's last checker on its 8-point, Black all home: 2-1 brings it home with either
    # die first (8/6 and 8/7), or leaves it out (6/4 5/4 and the like).
    position = race({8: 1, 6: 5, 5: 5, 4: 4}, {6: 5, 5: 5, 4: 5})
    for entry in expert.judge(position, Dice(2, 1)):
        home = is_home_race(entry.after)
        assert entry.exact is home
        if home:
            chances = known_chances(entry.after)
            assert chances is not None and entry.chances == chances.mirrored()


def test_before_the_roll_the_expert_gives_the_tables_chances(expert: ExpertBot) -> None:
    position = race({6: 3, 4: 3, 1: 4}, {5: 6, 2: 6, 1: 3})
    assert expert.position_chances(position) == known_chances(position)
