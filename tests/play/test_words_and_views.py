"""What the turn flow shows without a key: the banner, the status for a match opened where
it stands, why a choice does nothing now, the last play again, and the words of a roll
whose dice cannot all be played."""

from __future__ import annotations

import random
from collections.abc import Callable

from nardy_tui.engine import Match, Phase, ScriptedDice, Side, Step, legal_plays
from nardy_tui.play import (
    Mark,
    Next,
    TurnFlow,
    against_bot,
    cell_of,
    hot_seat,
    judged_marks,
    layout,
    level_name,
)
from nardy_tui.storage import Settings


def rolled_off(*rolls: int, seats: dict[Side, object] | None = None) -> TurnFlow:
    """White wins the roll-off 5-3, then ``rolls`` come."""
    match = Match(length=1, dice=ScriptedDice([5, 3, *rolls]))
    flow = TurnFlow(match, seats or hot_seat(), Settings())  # type: ignore[arg-type]
    flow.roll()
    return flow


def played_until(found: Callable[[TurnFlow], bool], seed: int = 1) -> TurnFlow:
    """Seeded hot-seat matches played by random legal plays (seeded too) until ``found``
    holds just after a roll."""
    choose = random.Random(seed)
    match = Match(length=1, seed=seed)
    flow = TurnFlow(match, hot_seat(), Settings())
    while match.phase is Phase.ROLL_OFF:
        flow.roll()
    for _turn in range(2000):
        flow.roll()
        if found(flow):
            return flow
        turn = match.turn
        assert turn is not None
        match.play(choose.choice(legal_plays(turn.position, turn.dice)))
        if match.phase is not Phase.ROLL:
            seed += 1
            match = Match(length=1, seed=seed)
            flow = TurnFlow(match, hot_seat(), Settings())
            while match.phase is Phase.ROLL_OFF:
                flow.roll()
    raise AssertionError("no such roll found")


def test_the_banner_follows_the_game_from_roll_off_to_winner() -> None:
    match = Match(length=1, dice=ScriptedDice([4, 4, 5, 3, 6, 5]))
    flow = TurnFlow(match, hot_seat(), Settings())
    assert flow.banner() == "Game 1 · roll-off: each side rolls one die (r)"
    assert flow.where_we_are() == "Game 1: roll-off (r)."
    flow.roll()
    assert flow.banner() == "Roll-off: White 4 · Black 4 · a tie, roll again (r)"
    flow.roll()
    assert flow.banner() == "Roll-off: White 5 · Black 3 · White starts · White to roll"
    assert flow.where_we_are() == "Roll-off: White 5, Black 3. White starts."
    flow.roll()
    assert flow.banner() == "White rolled 6-5"
    flow.choose(cell_of(Side.WHITE, 24))
    flow.choose(cell_of(Side.WHITE, 13))
    assert flow.banner() == "White rolled 6-5 · turn complete: confirm (c)"
    assert flow.where_we_are() == "The turn is complete: confirm it (c) or undo (u)."


def test_a_turn_begun_says_what_was_played_so_far() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    flow.choose(cell_of(Side.WHITE, 24))
    flow.choose(cell_of(Side.WHITE, 18))
    assert flow.where_we_are() == ("Played so far: 24/18. Choose the next checker to "
                                   "move.")
    assert flow.position_now() != flow.match.position, "the step is on the board"


def test_against_the_bot_the_banner_names_colour_and_player() -> None:
    flow = rolled_off(6, 5, seats=against_bot(Side.BLACK, "easy"))  # type: ignore[arg-type]
    assert flow.banner().endswith("White starts · Easy bot to roll")
    assert flow.not_now() == "Wait for the bot."
    flow.roll(by_key=False)
    assert flow.banner() == "White · Easy bot rolled 6-5"
    assert flow.not_now() == "Wait: the bot is moving."
    assert flow.history_title() == "History, in your numbering"
    assert flow.seen_from() == "The board is seen from Black's side, in your numbering."
    assert level_name("expert") == "Expert"


def test_why_a_choice_on_the_board_does_nothing_now() -> None:
    match = Match(length=1, dice=ScriptedDice([5, 3, 6, 5]))
    flow = TurnFlow(match, hot_seat(), Settings())
    assert flow.not_now() == "First the roll-off: press r."
    flow.roll()
    assert flow.not_now() == "Roll the dice first: press r."
    assert flow.choose(cell_of(Side.WHITE, 24)).said == "Roll the dice first: press r."
    assert flow.digit_waiting(1) is None and flow.cancel() is None


def test_a_typed_first_digit_says_how_the_second_one_reads() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    waiting = flow.digit_waiting(1)
    assert waiting is not None and "point 10-19" in waiting.said
    assert flow.cancel() is None, "nothing selected yet"
    flow.choose(cell_of(Side.WHITE, 24))
    dropped = flow.cancel()
    assert dropped is not None and flow.selected is None


def test_in_hot_seat_the_words_name_whose_numbering_it_is() -> None:
    flow = rolled_off(6, 5)
    assert flow.history_title() == "History, in White's numbering"
    flow.view = Side.BLACK
    assert flow.seen_from() == "The board is seen from Black's side, in Black's numbering."


def test_the_last_play_again_runs_from_the_board_before_it_to_the_board_after() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    play = (Step(24, 18, 6), Step(18, 13, 5))
    flow.match.play(play)
    frames = flow.last_play_frames()
    assert [steps for _position, steps in frames] == [(), play[:1], play]
    assert frames[-1][0].points == flow.match.position.points
    assert flow.moves_read(play, Side.WHITE) == "24/13"


def test_the_cursor_starts_on_the_first_checker_that_may_move() -> None:
    flow = rolled_off(6, 5)
    assert flow.first_source_cell() is None, "no dice yet"
    flow.roll()
    assert flow.first_source_cell() == cell_of(Side.WHITE, 24)
    assert flow.marks().of(Mark.SOURCE) == {cell_of(Side.WHITE, 24)}


def test_a_roll_with_no_legal_move_passes_and_says_so() -> None:
    flow = played_until(lambda flow: flow.what_next() is Next.PASS)
    turn = flow.match.turn
    assert turn is not None and turn.is_pass
    assert flow.pass_said().endswith("the turn passes.")
    passed = flow.finish_turn(passing=True)
    assert passed.said.startswith("Pass: ")


def test_a_die_that_no_legal_turn_can_use_is_named() -> None:
    def one_die_struck(flow: TurnFlow) -> bool:
        turn = flow.match.turn
        return (turn is not None and bool(turn.unplayable_dice()) and not turn.is_pass
                and not turn.bears_off_the_last)

    flow = played_until(one_die_struck)
    said = flow.rolled_said()
    assert ("struck out" in said), said


def test_the_rows_of_the_board_seen_from_each_side() -> None:
    white_top, white_bottom = layout(Side.WHITE)
    black_top, _ = layout(Side.BLACK)
    assert white_top[0] == cell_of(Side.WHITE, 13) and white_bottom[-2] == cell_of(Side.WHITE, 1)
    assert black_top[0] == cell_of(Side.BLACK, 13)


def test_a_judged_play_marks_the_play_made_and_stars_the_best() -> None:
    played = (Step(24, 18, 6), Step(24, 19, 5))
    best = (Step(24, 18, 6), Step(18, 13, 5))
    marks = judged_marks(Side.WHITE, played, best)
    assert marks.of(Mark.LAST_TO) == {cell_of(Side.WHITE, 18), cell_of(Side.WHITE, 19)}
    assert marks.of(Mark.HINT) == {cell_of(Side.WHITE, 24), cell_of(Side.WHITE, 13)}
    assert set(marks.glyphs) == marks.of(Mark.HINT)
    assert judged_marks(Side.WHITE, played).of(Mark.HINT) == set()
