"""Notation (RULES.md §9): writing turns and reading them back."""

from __future__ import annotations

import random

import pytest

from nardy_tui.engine import (
    IllegalPlayError,
    NotationError,
    Play,
    Position,
    Side,
    Step,
    legal_plays,
)
from nardy_tui.engine.match import Game, TurnRecord

from .boards import position, self_play_positions


def test_a_step_is_from_slash_to_and_off_for_bearing_off() -> None:
    assert str(Step(24, 18, 6)) == "24/18"
    assert str(Step(5, 0, 6)) == "5/off"


def test_one_checker_moving_with_both_dice_is_written_as_one_move() -> None:
    start = Position.initial()
    [play] = legal_plays(start, (5, 3))
    assert start.notation(play, (5, 3)) == "24/16"
    assert str(Play(play)) == "24/19 19/16"  # without the position: step by step


def test_repeated_identical_moves_are_grouped() -> None:
    start = Position.initial()
    [play] = legal_plays(start, (6, 6))
    assert start.notation(play, (6, 6)) == "24/18(2)"
    assert sorted(start.notation(p, (3, 3)) for p in legal_plays(start, (3, 3))) == [
        "24/18(2)",
        "24/21 24/15",
    ]


def test_a_pass_is_written_no_move() -> None:
    assert str(Play()) == "(no move)"
    stuck = position({24: 15}, {7: 1, 9: 1, 24: 13})  # 5-3 can go neither way
    assert stuck.notation((), (5, 3)) == "(no move)"
    assert stuck.parse_play("(no move)", (5, 3)) == ()


def test_bearing_off_is_written_off() -> None:
    pos = position({5: 1, 1: 14}, {24: 15})
    play = (Step(5, 0, 6), Step(1, 0, 1))
    assert pos.notation(play, (6, 1)) == "5/off 1/off"
    assert pos.parse_play("5/off 1/off", (6, 1)) == play


def test_reading_a_move_takes_its_intermediate_point_from_the_dice() -> None:
    start = Position.initial()
    assert start.parse_play("24/16", (5, 3)) == (Step(24, 19, 5), Step(19, 16, 3))
    assert start.parse_play("24/18(2)", (6, 6)) == (Step(24, 18, 6), Step(24, 18, 6))


def test_a_play_prints_step_by_step_and_reads_back_so() -> None:
    for number, (pos, dice) in enumerate(self_play_positions(seed=5, count=1000)):
        if number % 4:
            continue
        for play in legal_plays(pos, dice):
            written = str(play)
            assert written == (" ".join(map(str, play)) or "(no move)")
            assert str(Play.parse(written)) == written


def test_step_by_step_and_joined_forms_read_the_same() -> None:
    # RULES.md §9: `1. Black 6-2: 24/18 18/16` is the same turn as 24/16.
    start = Position.initial(Side.BLACK)
    assert start.parse_play("24/18 18/16", (6, 2)) == start.parse_play("24/16", (6, 2))


@pytest.mark.parametrize(
    "text, error, reason",
    [
        ("24-18", NotationError, "is not a move"),
        ("24/18 banana", NotationError, "is not a move"),
        ("20/15", IllegalPlayError, "no checker on point 20"),
        ("24/19", IllegalPlayError, "dice unplayed"),
        ("24/18 24/19", IllegalPlayError, "head"),
        ("(no move)", IllegalPlayError, "can be played"),
    ],
)
def test_text_that_is_not_a_legal_turn_is_a_value_error_saying_why(
    text: str, error: type[ValueError], reason: str
) -> None:
    # Badly written is a NotationError, well written but against the rules an
    # IllegalPlayError; a caller that needs no difference catches ValueError.
    with pytest.raises(error, match=reason):
        Position.initial().parse_play(text, (6, 5))


def test_every_play_round_trips_through_its_notation() -> None:
    rng = random.Random(3)
    for number, (pos, dice) in enumerate(self_play_positions(seed=3, count=4000)):
        if number % 8:
            continue
        plays = legal_plays(pos, dice)
        for play in rng.sample(plays, min(len(plays), 4)):
            after = pos.apply(play, dice)
            compact = pos.notation(play, dice)
            assert pos.apply(pos.parse_play(compact, dice), dice) == after, compact
            stepwise = str(Play(play))
            assert pos.apply(pos.parse_play(stepwise, dice), dice) == after, stepwise


def test_a_game_record_lists_mover_dice_and_turn() -> None:
    start = Position.initial()
    [play] = legal_plays(start, (5, 3))
    game = Game(number=1)
    game.turns.append(TurnRecord(Side.WHITE, (5, 3), play, start.notation(play, (5, 3))))
    after = start.apply(play, (5, 3))
    [reply] = [p for p in legal_plays(after, (6, 2)) if len(p) == 2 and p[1].src == p[0].dst]
    game.turns.append(TurnRecord(Side.BLACK, (6, 2), reply, str(Play(reply))))
    assert game.record_lines() == ["1. White 5-3: 24/16", "2. Black 6-2: 24/18 18/16"]


def test_a_turn_read_by_the_other_player_names_the_same_moves_in_their_numbering() -> None:
    """``read_by`` and ``Position.notation(reader=)`` write the other numbering from the moves
    themselves; renumbering the written text, token by token, must give the same."""
    from nardy_tui.engine import renumbered

    rng = random.Random(8)
    for pos, dice in self_play_positions(seed=8, count=600):
        play = rng.choice(legal_plays(pos, dice))
        notation = pos.notation(play, dice)
        record = TurnRecord(pos.turn, dice, play, notation)
        other = pos.turn.opponent
        assert record.read_by(pos.turn) == notation
        assert record.read_by(other) == renumbered(notation), notation
        assert pos.notation(play, dice, reader=other) == renumbered(notation)
