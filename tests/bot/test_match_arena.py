"""The match arena plays whole matches on duplicate dice: the expert at the score against
the expert playing each game for its points."""

from __future__ import annotations

import pytest

from nardy_tui.bot import MatchRun, run_matches
from nardy_tui.bot.arena import DiceStream
from nardy_tui.bot.expert import ExpertBot, shipped_network
from nardy_tui.bot.match_arena import play_match, play_pair
from nardy_tui.engine import Side

RUN = MatchRun(length=3, width=0, seed=4)


def test_a_match_is_played_to_its_length_and_told_for_the_match_aware_side() -> None:
    one_ply = ExpertBot(shipped_network(), width=0)
    result = play_match(one_ply, Side.BLACK, 3, DiceStream("match:test"))
    ours, theirs = result.score
    assert (ours >= 3) == result.aware_won and max(ours, theirs) >= 3 > min(ours, theirs)
    assert 1 <= result.games <= 5


@pytest.mark.slow
def test_each_pair_is_two_matches_on_the_same_dice_with_the_seats_swapped() -> None:
    pair = play_pair(RUN, 0)
    assert len(pair) == 2
    assert play_pair(RUN, 0) == pair  # the same dice, the same matches


def test_the_report_counts_the_match_aware_sides_wins() -> None:
    data = run_matches(RUN, pairs=1)
    assert data["matches"] == 2 and 0 <= data["aware_wins"] <= 2  # type: ignore[operator]
    low, high = data["aware_win_rate_ci95"]  # type: ignore[misc]
    assert low <= data["aware_win_rate"] <= high  # type: ignore[operator]
