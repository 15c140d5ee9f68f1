"""What the board shows: the position with the turn's steps played, the marks on its cells,
where the cursor starts, and the last play again."""

from __future__ import annotations

from nardy_tui.engine import Match, ScriptedDice, Side, Step
from nardy_tui.play import (
    Highlight,
    TurnFlow,
    cell_of,
    first_source_cell,
    hot_seat,
    judged_marks,
    last_play_frames,
    layout,
    marks_for,
    position_now,
)
from nardy_tui.play.board_marks import hint_cells
from nardy_tui.play.marks import HINT_TO_GLYPH, SINGLE_GLYPH
from nardy_tui.storage import Settings


def rolled_off(*rolls: int) -> TurnFlow:
    """A hot-seat match in which White wins the roll-off 5-3, then ``rolls`` come."""
    match = Match(length=1, dice=ScriptedDice([5, 3, *rolls]))
    flow = TurnFlow(match, hot_seat(), Settings())
    flow.roll()
    return flow


def test_the_board_shows_the_steps_of_the_turn_in_progress() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    flow.choose(cell_of(Side.WHITE, 24))
    flow.choose(cell_of(Side.WHITE, 18))
    assert position_now(flow.match) != flow.match.position, "the step is on the board"


def test_the_last_play_again_runs_from_the_board_before_it_to_the_board_after() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    play = (Step(24, 18, 6), Step(18, 13, 5))
    flow.match.play(play)
    frames = last_play_frames(flow.match.game)
    assert [steps for _position, steps in frames] == [(), play[:1], play]
    assert frames[-1][0].points == flow.match.position.points


def test_the_cursor_starts_on_the_first_checker_that_may_move() -> None:
    flow = rolled_off(6, 5)
    assert first_source_cell(flow.human_turn) is None, "no dice yet"
    flow.roll()
    assert first_source_cell(flow.human_turn) == cell_of(Side.WHITE, 24)
    assert marks_for(flow).of(Highlight.SOURCE) == {cell_of(Side.WHITE, 24)}


def test_the_hint_shows_only_the_moves_still_to_play() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    turn = flow.match.turn
    assert turn is not None
    hint = (Step(24, 18, 6), Step(18, 13, 5))
    assert hint_cells(None, turn) == (set(), set())
    turn.push(hint[0])
    assert hint_cells(hint, turn) == ({cell_of(Side.WHITE, 18)}, {cell_of(Side.WHITE, 13)})


def test_the_rows_of_the_board_seen_from_each_side() -> None:
    white_top, white_bottom = layout(Side.WHITE)
    black_top, _ = layout(Side.BLACK)
    assert white_top[0] == cell_of(Side.WHITE, 13) and white_bottom[-2] == cell_of(Side.WHITE, 1)
    assert black_top[0] == cell_of(Side.BLACK, 13)


def test_a_judged_play_marks_the_play_made_and_stars_the_best() -> None:
    played = (Step(24, 18, 6), Step(24, 19, 5))
    best = (Step(24, 18, 6), Step(18, 13, 5))
    marks = judged_marks(Side.WHITE, played, best)
    assert marks.of(Highlight.LAST_TO) == {cell_of(Side.WHITE, 18), cell_of(Side.WHITE, 19)}
    assert marks.of(Highlight.HINT) == {cell_of(Side.WHITE, 24), cell_of(Side.WHITE, 13)}
    assert set(marks.glyphs) == marks.of(Highlight.HINT)
    # As the hint: a hollow star where the best play leaves, a full one where it arrives.
    assert marks.glyphs == {cell_of(Side.WHITE, 24): "☆", cell_of(Side.WHITE, 13): "★"}
    assert judged_marks(Side.WHITE, played).of(Highlight.HINT) == set()


def test_the_hints_star_shows_on_a_destination_of_the_checker_chosen() -> None:
    """The hint's look wins over a destination's (``Highlight``'s order), its glyph too: a
    ◆ in the hint's colour would hide where the hint goes."""
    flow = rolled_off(6, 5)
    flow.roll()
    flow.hint = (Step(24, 18, 6), Step(18, 13, 5))
    flow.choose(cell_of(Side.WHITE, 24))
    marks = marks_for(flow)
    assert cell_of(Side.WHITE, 13) in marks.of(Highlight.DEST_COMBINED)
    assert marks.glyphs[cell_of(Side.WHITE, 13)] == HINT_TO_GLYPH
    assert marks.glyphs[cell_of(Side.WHITE, 19)] == SINGLE_GLYPH
