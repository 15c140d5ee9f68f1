"""The last turn shown again (``l``), step by step at the bot's pace."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from nardy_tui.engine import Play, Position
from nardy_tui.i18n import _
from nardy_tui.play import last_play_frames, last_play_marks, turn_said, where_we_are

if TYPE_CHECKING:
    from nardy_tui.ui.game.host import GameHost


class LastPlayReplay:
    """Shows the frames of the last play on the board, then the board as it is.

    Any redraw of the screen (a roll, a step) stops it: each replay has a run number, and a
    timer left over from a stopped one finds its number out of date and does nothing.
    """

    def __init__(self, screen: GameHost) -> None:
        self._screen = screen
        self._frames: list[tuple[Position, Play]] = []
        """The frames still to show."""
        self._run = 0
        """Counts the replays started or stopped."""

    def start(self) -> None:
        screen = self._screen
        flow = screen.flow
        frames = last_play_frames(screen.match.game)
        screen.refresh_view()  # stops a replay under way
        self._frames = frames
        screen.say(
            _("Again, slowly: {turn}").format(
                turn=turn_said(screen.match.game.turns[-1], flow.reader)
            )
        )
        self._step(self._run)

    def stop(self) -> None:
        self._run += 1
        self._frames = []

    def _step(self, run: int) -> None:
        """Show the next frame, unless this replay was stopped since."""
        screen = self._screen
        if run != self._run or not self._frames or not screen.is_attached:
            return
        position, steps = self._frames.pop(0)
        record = screen.match.game.turns[-1]
        board = screen.board
        board.show(position)
        board.set_marks(last_play_marks(record.side, steps))
        side, dice = record.side.name_shown, str(record.dice)
        moves = screen.flow.reader.moves(steps, record.side)
        if moves:
            banner = _("Last play again · {side} {dice} · {moves}").format(
                side=side, dice=dice, moves=moves
            )
        else:
            banner = _("Last play again · {side} {dice} · before it").format(side=side, dice=dice)
        board.set_banner(banner)
        screen.pace.after_step(partial(self._step if self._frames else self._done, run))

    def _done(self, run: int) -> None:
        """The board as it is again, unless this replay was stopped since."""
        if run == self._run:
            self._screen.refresh_view()
            self._screen.say(where_we_are(self._screen.match, self._screen.flow.reader))
