"""The last turn shown again (``l``), frame by frame, as plain state: the game screen draws
each frame at a step's pace, and any redraw of the screen (a roll, a step) stops the show."""

from __future__ import annotations

from dataclasses import dataclass

from nardy_tui.engine import Game, Play, Position, TurnRecord
from nardy_tui.i18n import _
from nardy_tui.play.board_marks import last_play_frames
from nardy_tui.play.marks import Marks, last_play_marks
from nardy_tui.play.reading import Reader


@dataclass(frozen=True)
class ShownAgain:
    """One frame of the last play shown again: the board and what marks and heads it."""

    position: Position
    marks: Marks
    banner: str


class LastPlayShow:
    """The frames of the last play still to show, and which show is on.

    Every show has a number: stopping it (any redraw) starts a new number, and a timer left
    over from a stopped show finds its number out of date (``is_on``) and shows nothing.
    """

    def __init__(self) -> None:
        self._record: TurnRecord | None = None
        self._frames: list[tuple[Position, Play]] = []
        self._show = 0

    def start(self, game: Game) -> int:
        """Show ``game``'s last turn again, from the board before it; the show's number,
        for its timers."""
        self.stop()
        self._record = game.turns[-1]
        self._frames = last_play_frames(game)
        return self._show

    def stop(self) -> None:
        self._show += 1
        self._frames = []

    def is_on(self, show: int) -> bool:
        """Whether show number ``show`` is still on (not stopped since)."""
        return show == self._show

    def next_frame(self, reader: Reader) -> ShownAgain | None:
        """The next frame, in ``reader``'s numbering; None once the last was shown (the
        board as it is goes back)."""
        if not self._frames or self._record is None:
            return None
        position, steps = self._frames.pop(0)
        record = self._record
        side, dice = record.side.name_shown, str(record.dice)
        moves = reader.moves(steps, record.side)
        if moves:
            banner = _("Last play again · {side} {dice} · {moves}").format(
                side=side, dice=dice, moves=moves
            )
        else:
            banner = _("Last play again · {side} {dice} · before it").format(side=side, dice=dice)
        return ShownAgain(position, last_play_marks(record.side, steps), banner)
