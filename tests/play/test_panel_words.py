"""The side panel's words, without a screen: why dice are struck out, the dice of a pass
kept until the next roll, whose turn it is, a game's result, and the history's lines."""

from __future__ import annotations

from nardy_tui.engine import Match, Phase, Position, ScriptedDice, Side, TurnBuilder, legal_plays
from nardy_tui.play import (
    Next,
    Reader,
    TurnFlow,
    history_lines,
    hot_seat,
    move_numbers,
    passed_dice,
    result_line,
    struck_out_why,
    whose_turn_words,
)
from nardy_tui.storage import Settings
from tests.play.test_status import played_until, rolled_off

NAMES = {Side.WHITE: "White", Side.BLACK: "Black"}


def test_no_die_struck_out_no_words() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    assert struck_out_why(flow.match.turn) == ""
    assert struck_out_why(None) == ""


def test_the_last_checker_leaves_a_die_with_nothing_left_to_move() -> None:
    last = Position.from_points([0, 1] + [0] * 9 + [-15] + [0] * 12, Side.WHITE)
    assert struck_out_why(TurnBuilder(last, (6, 3))) == "✗ nothing left to move"


def test_a_roll_with_no_legal_move_says_it_passes_then_that_it_passed() -> None:
    flow = played_until(lambda flow: flow.what_next() is Next.PASS)
    assert struck_out_why(flow.match.turn) == "✗ no legal move: it passes"
    dice = flow.match.dice
    flow.finish_turn(passing=True)
    assert passed_dice(flow.match) == dice
    assert struck_out_why(None, passed=True) == "✗ no legal move: passed"


def test_the_dice_of_a_pass_are_kept_until_the_next_roll() -> None:
    flow = played_until(lambda flow: flow.what_next() is Next.PASS)
    flow.finish_turn(passing=True)
    assert passed_dice(flow.match) is not None
    flow.roll()
    assert passed_dice(flow.match) is None


def test_a_die_only_one_of_which_can_be_played_names_the_rule() -> None:
    def higher_only(flow: TurnFlow) -> bool:
        turn = flow.match.turn
        return turn is not None and turn.must_play_higher and not turn.bears_off_the_last

    flow = played_until(higher_only)
    assert struck_out_why(flow.match.turn) == "✗ one die only: the higher"


def test_a_double_not_all_of_which_can_be_played_counts_them() -> None:
    def short_double(flow: TurnFlow) -> bool:
        turn = flow.match.turn
        return (
            turn is not None
            and turn.dice.is_double
            and 0 < turn.max_steps < 4
            and not turn.bears_off_the_last
        )

    flow = played_until(short_double)
    turn = flow.match.turn
    assert turn is not None
    assert struck_out_why(turn) == f"✗ only {turn.max_steps} of 4 can be played"


def test_whose_turn_from_the_roll_off_to_the_move() -> None:
    match = Match(length=1, dice=ScriptedDice([5, 3, 6, 5]))
    assert whose_turn_words(match, NAMES) == "Roll-off"
    flow = TurnFlow(match, hot_seat(), Settings())
    flow.roll()
    assert whose_turn_words(match, NAMES) == "White to roll"
    flow.roll()
    assert whose_turn_words(match, {**NAMES, Side.WHITE: "You"}) == "You to move"


def test_a_games_result_says_its_points_and_a_mars() -> None:
    game = Match(length=3, seed=1).game
    game.winner, game.points = Side.WHITE, 1
    assert result_line(game) == "White wins 1 point"
    game.points = 2
    assert result_line(game) == "White wins 2 points (mars)"


def test_every_turn_has_its_own_number_as_the_record_writes_it() -> None:
    assert move_numbers(0) == []
    assert move_numbers(4) == ["1.", "2.", "3.", "4."]
    assert move_numbers(10)[-2:] == [" 9.", "10."]


def test_the_history_numbers_each_turn_as_the_record_does() -> None:
    flow = rolled_off(6, 5, 4, 3, 2, 1, 6, 4, 5, 2, 3, 1)
    while len(flow.match.game.turns) < 5:
        flow.roll()
        flow.match.play(legal_plays(flow.match.position, flow.match.dice)[0])
    history = history_lines(flow.match, Reader(Side.WHITE))
    numbered = [line.strip() for line in history if line.strip()[:1].isdigit()]
    recorded = flow.match.game.record_lines()
    assert [line.split(" ")[:2] for line in numbered] == [
        line.split(" ")[:2] for line in recorded
    ]  # "3. Black" in both


def test_the_history_names_the_game_its_roll_off_and_each_turn_numbered() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    assert flow.match.phase is Phase.MOVE
    turn = flow.match.turn
    assert turn is not None
    turn.move(24, 18)
    turn.move(18, 13)
    flow.confirm()
    assert history_lines(flow.match, Reader(Side.WHITE)) == [
        "Game 1",
        "  roll-off: White 5, Black 3",
        "  1. White 6-5: 24/13",
    ]
