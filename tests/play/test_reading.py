"""A play printed in a reader's numbering: the same moves, each point as the reader
numbers it."""

from __future__ import annotations

from nardy_tui.engine import OFF, Position, Side, Step, TurnBuilder, TurnRecord, legal_plays
from nardy_tui.i18n import use_language
from nardy_tui.play import Reader

OPENING_65 = (Step(24, 18, 6), Step(18, 13, 5))


def test_a_point_reads_from_the_readers_side_and_off_is_off() -> None:
    assert Reader(Side.WHITE).point(24, Side.WHITE) == "24"
    assert Reader(Side.BLACK).point(24, Side.WHITE) == "12"
    assert Reader(Side.BLACK).point(OFF, Side.WHITE) == "off"


def test_steps_read_one_by_one_and_moves_read_each_checker_whole() -> None:
    assert Reader(Side.WHITE).steps(OPENING_65, Side.WHITE) == "24/18 18/13"
    assert Reader(Side.WHITE).moves(OPENING_65, Side.WHITE) == "24/13"
    assert Reader(Side.BLACK).moves(OPENING_65, Side.WHITE) == "12/1"


def test_a_whole_play_and_the_rest_of_a_turn_read_in_notation() -> None:
    opening = Position.initial()
    [play] = [play for play in legal_plays(opening, (6, 5)) if play == OPENING_65]
    assert Reader(Side.WHITE).play(play, opening, (6, 5)) == "24/13"  # type: ignore[arg-type]
    turn = TurnBuilder(opening, (6, 5))  # type: ignore[arg-type]
    assert Reader(Side.WHITE).finish(play, turn) == "24/13", "nothing played: the play"
    turn.push(play[0])
    assert Reader(Side.BLACK).finish(play[1:], turn) == "6/1", "the rest, in Black's numbers"


def test_a_pass_is_said_in_the_players_language_and_written_in_english_in_the_record() -> None:
    passed = TurnRecord(Side.BLACK, (5, 5), (), "(no move)")  # type: ignore[arg-type]
    assert Reader(Side.WHITE).turn(passed) == "Black 5-5: (no move)"
    use_language("ru")
    try:
        assert Reader(Side.WHITE).turn(passed) == "Чёрные 5-5: (нет хода)"
    finally:
        use_language("en")
    assert passed.notation == "(no move)"
