"""What the board shows of the match as the players at this screen play it: the position
with the steps of the turn in progress, the marks on its cells (where a step may start and
go, the hint, the last play), where the cursor starts, and the last play again.

They read the turn flow's state (the selection, the hint) and never change it, so the
flow's choices stay apart from how the board draws them (``tests/play/test_board_marks.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.engine import Game, Match, Phase, Play, Position, Side, TurnBuilder
from nardy_tui.play.cells import cell_of
from nardy_tui.play.marks import (
    COMBINED_GLYPH,
    HINT_FROM_GLYPH,
    HINT_TO_GLYPH,
    SINGLE_GLYPH,
    Highlight,
    Marks,
    moved_cells,
)

if TYPE_CHECKING:
    from nardy_tui.play.flow import TurnFlow


def position_now(match: Match) -> Position:
    """The board as it stands, the steps of the turn in progress played."""
    turn = match.turn
    return turn.position_now() if turn is not None else match.position


def marks_for(flow: TurnFlow) -> Marks:
    """Where a step may start, the selection, where it may go, the hint, the last play."""
    last = last_play(flow)
    last_from, last_to = (set(), set()) if last is None else moved_cells(*last)
    turn = flow.human_turn
    if turn is None:
        return Marks(cells={Highlight.LAST_FROM: last_from, Highlight.LAST_TO: last_to})
    mover = turn.mover
    glyphs: dict[int, str] = {}
    single: set[int] = set()
    combined: set[int] = set()
    if flow.selected is not None:
        for route in turn.routes(flow.selected):
            cell = cell_of(mover, route.dst)
            (combined if route.is_combined else single).add(cell)
            glyphs[cell] = COMBINED_GLYPH if route.is_combined else SINGLE_GLYPH
    # The hint's glyphs go over a destination's, as its colour does (``Highlight``'s
    # order): a ◇ or ◆ in the hint's colour would hide where the hint goes.
    hint_from, hint_to = hint_cells(flow.hint, turn)
    glyphs.update(dict.fromkeys(hint_from - hint_to, HINT_FROM_GLYPH))
    glyphs.update(dict.fromkeys(hint_to, HINT_TO_GLYPH))
    return Marks(
        glyphs,
        {
            Highlight.SOURCE: {cell_of(mover, point) for point in turn.sources()},
            Highlight.SELECTED: set() if flow.selected is None else {cell_of(mover, flow.selected)},
            Highlight.DEST_SINGLE: single,
            Highlight.DEST_COMBINED: combined,
            Highlight.HINT: hint_from | hint_to,
            Highlight.LAST_FROM: last_from,
            Highlight.LAST_TO: last_to,
        },
    )


def hint_cells(hint: Play | None, turn: TurnBuilder) -> tuple[set[int], set[int]]:
    """Where the ``hint``'s moves still to play leave from and arrive, in any order: none
    once a step outside the hinted play was played (taking it back shows them again)."""
    if hint is None:
        return set(), set()
    left = list(hint)
    for step in turn.steps:
        if step not in left:
            return set(), set()
        left.remove(step)
    return moved_cells(turn.mover, Play(left))


def first_source_cell(turn: TurnBuilder | None) -> int | None:
    """Where the cursor starts a human's ``turn``: the first checker that may move (none
    when a resumed turn is complete but unconfirmed)."""
    sources = turn.sources() if turn is not None else []
    return cell_of(turn.mover, sources[0]) if turn is not None and sources else None


def last_play(flow: TurnFlow) -> tuple[Side, Play] | None:
    """The play the board marks as the last one, and whose it is.

    The opponent's last turn from when it ends until the player to move rolls (with
    automatic rolling, until their first step), the bot's steps as it plays them, and
    the winning turn once a game is over.
    """
    match = flow.match
    turn = match.turn
    if match.phase is Phase.MOVE and turn is not None and not flow.human_to_move:
        return turn.mover, turn.steps
    if not match.game.turns:
        return None
    record = match.game.turns[-1]
    waiting = match.phase is Phase.ROLL and flow.human_to_move
    rolled_for_you = (
        match.phase is Phase.MOVE
        and flow.human_to_move
        and turn is not None
        and flow.settings.auto_roll
        and not turn.steps
    )
    over = match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    return (record.side, record.play) if waiting or rolled_for_you or over else None


def last_play_frames(game: Game) -> list[tuple[Position, Play]]:
    """The ``game``'s last turn again, frame by frame: each a position and the steps played
    so far, from the board before it to the board after it."""
    record = game.turns[-1]
    before = position_before_last(game)
    frames: list[tuple[Position, Play]] = [(before, Play())]
    turn = TurnBuilder(before, record.dice)
    for step in record.play:
        turn.push(step)
        frames.append((turn.position_now(), turn.steps))
    return frames


def position_before_last(game: Game) -> Position:
    """The position before ``game``'s last turn, played again from the game's first
    position (the opening, or a practice game's start)."""
    position = game.first_position
    for record in game.turns[:-1]:
        position = position.apply(record.play, record.dice)
    return position
