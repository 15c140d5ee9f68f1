"""Self-play games side by side: every game started is finished once, its record reads as a
game (one position a turn, the movers taking turns), and the same run repeats itself."""

from __future__ import annotations

import numpy as np

from nardy_tui.bot.encoding import INPUTS, MOVER_OFF, OPPONENT_OFF
from nardy_tui.bot.network import Network
from nardy_tui.bot.training.self_play import GameRecord, SelfPlay


def play(first: int, end: int, parallel: int) -> list[GameRecord]:
    finished: list[GameRecord] = []
    SelfPlay(Network.fresh(hidden=8, seed=5), seed=9, parallel=parallel).run(
        first, end, finished.append
    )
    return finished


def test_every_game_is_played_to_its_end_once_with_fewer_slots_than_games() -> None:
    games = play(10, 17, parallel=3)
    assert sorted(game.number for game in games) == list(range(10, 17))
    for game in games:
        assert game.outcome is not None
        win, win_mars, lose_mars = game.outcome[0]
        assert win in (0.0, 1.0)
        assert win_mars <= win and lose_mars <= 1.0 - win


def test_a_record_has_one_position_a_turn_with_the_movers_taking_turns() -> None:
    for game in play(0, 4, parallel=4):
        inputs = np.array(game.inputs)
        assert inputs.shape == (len(game.first_mover_moves), INPUTS)
        assert game.first_mover_moves[::2] == [True] * len(game.first_mover_moves[::2])
        assert game.first_mover_moves[1::2] == [False] * len(game.first_mover_moves[1::2])
        # The game starts with no checker off and ends one turn before the winner's last.
        assert inputs[0, MOVER_OFF] == inputs[0, OPPONENT_OFF] == 0.0
        assert inputs[:, [MOVER_OFF, OPPONENT_OFF]].max() < 1.0


def test_the_same_games_from_the_same_weights_are_played_the_same_way() -> None:
    first, again = play(0, 5, parallel=2), play(0, 5, parallel=2)
    assert [game.number for game in first] == [game.number for game in again]
    for a, b in zip(first, again, strict=True):
        np.testing.assert_array_equal(np.array(a.inputs), np.array(b.inputs))
        np.testing.assert_array_equal(a.outcome, b.outcome)
