"""The replay viewer behind ``nardy replay FILE``: a game record on the board, turn by turn.

The record is read back through the engine first (``nardy_tui.storage.load_record``), so
the viewer only ever shows legal positions; a bad file ends with one line and exit 1.
The board is the game's own ``BoardView``, read-only, with the turn's moves highlighted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from nardy_tui.engine import Position
from nardy_tui.storage import Record, RecordedGame, RecordedTurn
from nardy_tui.ui.board import BoardView, cell_of
from nardy_tui.ui.sized import SizedScreen

AROUND_BOARD = 3
"""Rows that are not the board: the header above it, the caption and the footer below."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One stop of the replay: a game's start (``turn`` None) or the board after a turn."""

    game: RecordedGame
    turn: RecordedTurn | None

    @property
    def position(self) -> Position:
        return self.turn.after if self.turn is not None else self.game.start

    def caption(self) -> str:
        if self.turn is None:
            return f"Game {self.game.number}: start, {self.game.start.turn.label} moves first"
        text = f"Game {self.game.number}, {self.turn}"
        if self.turn is self.game.turns[-1] and self.game.winner is not None:
            mars = " (mars)" if self.game.points == 2 else ""
            points = "point" if self.game.points == 1 else "points"
            text += f"  {self.game.winner.label} wins {self.game.points} {points}{mars}"
        return text


def frames(record: Record) -> list[Frame]:
    """Every stop of the replay in order: each game's start, then each of its turns."""
    return [Frame(game, turn) for game in record.games for turn in (None, *game.turns)]


class ReplayScreen(SizedScreen):
    """The board at one frame of a record, with keys to move through the frames."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "go(1)", "Next"),
        Binding("left,p", "go(-1)", "Back"),
        Binding("home", "first", "Start"),
        Binding("end", "last", "End"),
        Binding("f", "flip", "Flip view"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-header, ReplayScreen #replay-caption { height: auto; padding: 0 1; }
    ReplayScreen #replay-caption { text-style: bold; }
    """

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record
        self.frames = frames(record)
        self.index = 0

    def compose_main(self) -> ComposeResult:
        yield Static("  ·  ".join(self.record.header[1:4]), id="replay-header")
        yield BoardView(interactive=False, id="board")
        yield Static(id="replay-caption")
        yield Footer()

    def ready(self) -> None:
        self.query_one(BoardView).fit(self.app.size.width, self.app.size.height - AROUND_BOARD)
        self.show_frame()

    def on_resize(self, event: events.Resize) -> None:
        """Wider points and taller stacks in a bigger terminal, so the board fills the screen
        (as in a game)."""
        self.query_one(BoardView).fit(event.size.width, event.size.height - AROUND_BOARD)

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    def action_go(self, delta: int) -> None:
        self.index = min(max(self.index + delta, 0), len(self.frames) - 1)
        self.show_frame()

    def action_first(self) -> None:
        self.index = 0
        self.show_frame()

    def action_last(self) -> None:
        self.index = len(self.frames) - 1
        self.show_frame()

    def action_flip(self) -> None:
        board = self.query_one(BoardView)
        board.view = board.view.opponent

    def show_frame(self) -> None:
        """Draw the current frame: the board after the turn, its moves highlighted."""
        board = self.query_one(BoardView)
        frame = self.frame
        board.show(frame.position)
        mover = frame.turn.side if frame.turn else frame.game.start.turn
        board.numbering = mover
        played = frame.turn.play if frame.turn else ()
        board.set_marks(source={cell_of(mover, step.src) for step in played},
                        dest_single={cell_of(mover, step.dst) for step in played})
        board.set_banner(frame.turn.notation if frame.turn else "Start")
        caption = f"{frame.caption()}    [{self.index + 1}/{len(self.frames)}]"
        self.query_one("#replay-caption", Static).update(caption)


class ReplayApp(App[None]):
    """A small app around ``ReplayScreen``, styled like the game."""

    CSS_PATH = "nardy.tcss"
    TITLE = "nardy replay"

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.record))
