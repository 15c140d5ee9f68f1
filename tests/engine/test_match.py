"""The game and match state machine (``Match``): phases, roll-off, turns, scoring."""

from __future__ import annotations

import random

import pytest

from nardy_tui.engine import IllegalPlayError, Position, Side, legal_plays
from nardy_tui.engine.dice import ScriptedDice
from nardy_tui.engine.match import MARS, SINGLE_GAME, Match, Phase, PhaseError, game_result


def _to_roll(match: Match) -> None:
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()


def _random_turn(match: Match, rng: random.Random) -> None:
    dice = match.roll()
    match.play(rng.choice(legal_plays(match.position, dice)))


def _finish_game(match: Match, rng: random.Random) -> None:
    _to_roll(match)
    while match.phase is Phase.ROLL:
        _random_turn(match, rng)
    assert match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)


def test_a_match_starts_with_a_roll_off() -> None:
    match = Match(length=3, seed=1)
    assert match.phase is Phase.ROLL_OFF and match.position == Position.initial()
    assert match.score == {Side.WHITE: 0, Side.BLACK: 0}


def test_the_roll_off_winner_moves_first_and_rolls_both_dice() -> None:
    for seed in range(20):
        match = Match(length=1, seed=seed)
        _to_roll(match)
        throw = match.game.roll_offs[-1]
        assert throw.winner is (Side.WHITE if throw.white > throw.black else Side.BLACK)
        assert match.position.turn is throw.winner is match.game.first_mover
        assert match.position.first_turns == frozenset(Side)
        dice = match.roll()
        assert match.phase is Phase.MOVE and match.dice == dice and len(dice) == 2


def test_roll_off_ties_are_rolled_again() -> None:
    seed = next(
        seed
        for seed in range(200)
        if (lambda m: m.roll_off().winner is None)(Match(length=1, seed=seed))
    )
    match = Match(length=1, seed=seed)
    tie = match.roll_off()
    assert tie.winner is None and tie.white == tie.black
    assert match.phase is Phase.ROLL_OFF
    _to_roll(match)
    assert len(match.game.roll_offs) >= 2 and match.game.roll_offs[-1].winner is not None


def test_phases_run_roll_move_roll_and_alternate_sides() -> None:
    match = Match(length=1, seed=5)
    _to_roll(match)
    rng = random.Random(5)
    movers = []
    for _ in range(6):
        assert match.phase is Phase.ROLL
        movers.append(match.position.turn)
        match.roll()
        assert match.phase is Phase.MOVE and match.turn is not None
        match.play(rng.choice(legal_plays(match.position, match.dice or (1, 1))))
    assert movers == [movers[0], movers[0].opponent] * 3
    assert [record.side for record in match.game.turns] == movers


@pytest.mark.parametrize("action", ["roll", "play", "commit", "next_game"])
def test_out_of_phase_calls_in_the_roll_off_raise_phase_error(action: str) -> None:
    match = Match(length=1, seed=2)
    with pytest.raises(PhaseError):
        getattr(match, action)(*([()] if action == "play" else []))


def test_out_of_phase_calls_while_rolling_and_moving_raise_phase_error() -> None:
    match = Match(length=1, seed=2)
    _to_roll(match)
    for wrong in (match.roll_off, match.next_game, lambda: match.play(())):
        with pytest.raises(PhaseError):
            wrong()
    match.roll()
    for wrong in (match.roll_off, match.roll, match.next_game):
        with pytest.raises(PhaseError):
            wrong()


def test_commit_plays_the_turn_built_step_by_step_once_complete() -> None:
    match = Match(length=1, seed=9)
    _to_roll(match)
    match.roll()
    assert match.turn is not None
    if not match.turn.is_complete:
        with pytest.raises(PhaseError):
            match.commit()
    while not match.turn.is_complete:
        match.turn.push(match.turn.allowed_steps()[0])
    mover = match.position.turn
    record = match.commit()
    assert record.side is mover and match.phase is Phase.ROLL
    assert match.position.turn is mover.opponent


def test_an_illegal_play_raises_and_leaves_the_state_unchanged() -> None:
    match = Match(length=1, seed=4)
    _to_roll(match)
    dice = match.roll()
    before = (match.phase, match.position, match.dice, list(match.game.turns), match.turn)
    # Two checkers off the head with a non-double (or a pass when a move exists) is illegal.
    bad = legal_plays(match.position, dice)[0][:1] * 2 if dice[0] != dice[1] else ()
    with pytest.raises(IllegalPlayError) as raised:
        match.play(bad)
    assert isinstance(raised.value, ValueError)
    assert (match.phase, match.position, match.dice, list(match.game.turns), match.turn) == before
    match.play(legal_plays(match.position, dice)[0])  # and the game goes on


def test_a_game_ends_with_one_or_two_points_for_the_winner() -> None:
    for seed in range(4):
        match = Match(length=7, seed=seed)
        _finish_game(match, random.Random(seed))
        game = match.game
        assert match.phase is Phase.GAME_OVER and game.winner is not None
        loser_off = match.position.borne_off(game.winner.opponent)
        assert match.position.borne_off(game.winner) == 15
        assert game.points == (2 if loser_off == 0 else 1)
        assert match.score[game.winner] == game.points
        assert match.score[game.winner.opponent] == 0
        with pytest.raises(PhaseError):
            match.roll()


def test_next_game_starts_with_a_fresh_roll_off() -> None:
    match = Match(length=7, seed=0)
    _finish_game(match, random.Random(0))
    match.next_game()
    assert match.phase is Phase.ROLL_OFF and match.position == Position.initial()
    assert len(match.games) == 2 and match.game.number == 2 and match.game.turns == []
    _to_roll(match)
    assert match.phase is Phase.ROLL


@pytest.mark.parametrize("length", [1, 3])
def test_a_match_to_n_points_ends_in_match_over(length: int) -> None:
    match = Match(length=length, seed=length)
    rng = random.Random(length)
    while True:
        _finish_game(match, rng)
        if match.phase is Phase.MATCH_OVER:
            break
        assert max(match.score.values()) < length
        match.next_game()
    assert match.winner is not None and match.score[match.winner] >= length
    assert (
        sum(game.points for game in match.games if game.winner is match.winner)
        == match.score[match.winner]
    )
    for wrong in (match.next_game, match.roll_off, match.roll):
        with pytest.raises(PhaseError):
            wrong()


def test_only_match_lengths_1_3_5_7() -> None:
    for length in (1, 3, 5, 7):
        assert Match(length=length).length == length
    for length in (0, 2, 4, 9):
        with pytest.raises(ValueError):
            Match(length=length)


def test_the_same_seed_and_choices_replay_the_same_match() -> None:
    def replay(seed: int) -> list[str]:
        match = Match(length=3, seed=seed)
        _finish_game(match, random.Random(99))
        return [line for game in match.games for line in game.record_lines()]

    assert replay(21) == replay(21)
    assert replay(21) != replay(22)


def test_the_match_says_who_moves_and_whether_a_roll_comes_next() -> None:
    match = Match(length=1, seed=5)
    assert match.mover is None and match.may_roll  # the roll-off: both sides throw
    _to_roll(match)
    assert match.mover is match.position.turn and match.may_roll
    match.play(legal_plays(match.position, match.roll())[0])
    assert match.mover is match.position.turn and match.may_roll
    match.roll()
    assert match.mover is match.position.turn and not match.may_roll
    match.play(legal_plays(match.position, match.dice or (1, 1))[0])
    _finish_game(match, random.Random(5))
    assert match.mover is None and not match.may_roll


def test_dice_given_in_advance_decide_the_roll_off_and_the_rolls() -> None:
    # Roll-off 3-3 (a tie), then 2-6: Black starts and rolls 6-5.
    match = Match(length=1, dice=ScriptedDice([3, 3, 2, 6, 5, 6]))
    assert match.roll_off().winner is None
    assert match.roll_off().winner is Side.BLACK
    assert match.roll() == (6, 5)
    assert match.dice_roller.rolled == 6


def test_a_game_is_won_with_a_mars_only_if_the_loser_bore_off_nothing() -> None:
    assert game_result(Position.initial()) is None
    marred = Position.from_points([0] * 11 + [-15] + [0] * 12, turn=Side.BLACK)
    assert game_result(marred) == (Side.WHITE, 2)
    single = Position.from_points([0] * 11 + [-14] + [0] * 12, turn=Side.BLACK)
    assert game_result(single) == (Side.WHITE, 1)


# -- a game given up (RULES.md section 8: a single game scores 1, a mars 2) ----------------


def test_a_resigned_game_is_won_by_the_opponent_at_the_stake_offered() -> None:
    match = Match(length=5, seed=4)
    _to_roll(match)
    mover = match.position.turn
    match.resign(mover, MARS)
    assert match.game.winner is mover.opponent and match.game.points == 2
    assert match.score == {mover.opponent: 2, mover: 0}
    assert match.phase is Phase.GAME_OVER
    match.next_game()
    assert match.phase is Phase.ROLL_OFF and match.game.number == 2


def test_a_resignation_that_reaches_the_length_ends_the_match() -> None:
    match = Match(length=1, seed=4)
    match.resign(Side.WHITE, SINGLE_GAME)
    assert match.phase is Phase.MATCH_OVER and match.winner is Side.BLACK


def test_the_dice_thrown_for_a_turn_not_played_stay_in_the_games_history() -> None:
    match = Match(length=3, seed=4)
    _to_roll(match)
    dice = match.roll()
    resignation = match.resign(match.position.turn, SINGLE_GAME)
    assert resignation.unplayed == dice and match.game.resignation == resignation
    assert match.dice is None and match.turn is None and not match.game.turns


@pytest.mark.parametrize("stake", [0, 3])
def test_a_game_is_resigned_only_as_a_single_game_or_a_mars(stake: int) -> None:
    with pytest.raises(ValueError, match="single game"):
        Match(length=3, seed=4).resign(Side.WHITE, stake)


def test_no_game_can_be_resigned_between_games_or_after_the_match() -> None:
    match = Match(length=3, seed=4)
    match.resign(Side.WHITE, SINGLE_GAME)
    with pytest.raises(PhaseError, match="the game is over"):
        match.resign(Side.BLACK, SINGLE_GAME)
    match.next_game()
    match.resign(Side.WHITE, MARS)
    with pytest.raises(PhaseError, match="the match is over"):
        match.resign(Side.WHITE, SINGLE_GAME)
