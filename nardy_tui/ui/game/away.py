"""The turn of the side away from the keyboard (the bot, or a friend on another machine):
who is thinking (the bot in the screen's worker, ``GameScreen.think``), then its steps one
by one at a pace a person can follow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.engine import Play
from nardy_tui.i18n import _
from nardy_tui.play import RemoteSeat, away_thinking_said
from nardy_tui.ui.board import GLYPH

if TYPE_CHECKING:
    from nardy_tui.ui.game.host import GameHost


class AwayTurn:
    """Asks the away seat for its play and shows it step by step."""

    def __init__(self, screen: GameHost) -> None:
        self._screen = screen

    def start(self) -> None:
        """Say who is thinking, and set the bot thinking (the other machine's play comes
        through the peer pump)."""
        screen = self._screen
        turn = screen.match.turn
        assert turn is not None
        remote = isinstance(screen.flow.seats[turn.mover], RemoteSeat)
        down = screen.line_down() if remote else ""
        if down:
            # The friend's program is not on the line (a match taken up before they came
            # back): what the line does is the news, not a friend thinking.
            screen.say(down)
            screen.bot_activity = down
            return
        thinking = _("{player} is thinking…").format(player=screen.flow.viewpoint.names[turn.mover])
        screen.say(away_thinking_said(screen.match, screen.flow.viewpoint.names))
        screen.bot_activity = f"{GLYPH[turn.mover]} {thinking}"
        if not remote:
            screen.think()

    def chose(self, play: Play, turn_number: int) -> None:
        """Show the away side's play step by step, at a pace a person can follow."""
        screen = self._screen
        outcome = screen.flow.away_chose(play, turn_number)
        if outcome is None:
            return
        screen.apply(outcome)
        turn = screen.match.turn
        assert turn is not None  # away_chose answers only while the turn is on
        moving = _("{player} is moving").format(player=screen.flow.viewpoint.names[turn.mover])
        skips = _("s skips the animation")
        screen.bot_activity = f"{GLYPH[turn.mover]} {moving}\n  {skips}"
        screen.pace.after_step(self.step)

    def step(self) -> None:
        """Show the away side's next step; its timer calls this, one step after another."""
        screen = self._screen
        screen.apply(screen.flow.bot_step())
        if screen.flow.away_steps:
            screen.pace.after_step(self.step)
