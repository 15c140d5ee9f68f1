"""The turn of the side away from the keyboard (the bot, or a friend on another machine):
thinking in a worker, then its steps one by one at a pace a person can follow."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from textual.message import Message

from nardy_tui.bot import stakes_at
from nardy_tui.engine import Dice, Play, Position
from nardy_tui.i18n import _
from nardy_tui.play import BotSeat, Chooser, RemoteSeat, away_thinking_said, thinking_said
from nardy_tui.ui.board import GLYPH

if TYPE_CHECKING:
    from nardy_tui.ui.game.host import GameHost


@dataclass
class BotChose(Message, bubble=False):
    """The bot's play, from the worker that asked it: posted to the game screen (for it
    alone), whose queue takes it on the UI thread."""

    play: Play
    turn_number: int
    """The turns played before it: an answer to a turn no longer in play is dropped."""


class AwayTurn:
    """Asks the away seat for its play and shows it step by step."""

    def __init__(self, screen: GameHost) -> None:
        self._screen = screen

    def start(self) -> None:
        """Say who is thinking; a bot thinks in a worker (the other machine's play comes
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
        names = screen.flow.viewpoint.names
        screen.say(away_thinking_said(screen.match, names))
        screen.bot_activity = f"{GLYPH[turn.mover]} {thinking_said(names[turn.mover])}"
        if not remote:
            screen.run_worker(
                partial(self._think, turn.position, turn.dice, len(screen.match.game.turns)),
                name="think",
                group="bot",
                thread=True,
                exclusive=True,
            )

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

    def _think(self, position: Position, dice: Dice, turn_number: int) -> None:
        """In a worker's thread: the seat's play at the match's score, posted to the
        screen."""
        stakes = stakes_at(self._screen.match, position.turn)
        play = self._player(position).choose(position, dice, stakes)
        self._screen.post_message(BotChose(play, turn_number))

    def _player(self, position: Position) -> Chooser:
        """What answers for the seat to move, away from the keyboard."""
        seat = self._screen.flow.seats[position.turn]
        if isinstance(seat, BotSeat):
            return self._screen.bots[seat.level]
        raise ValueError(f"{seat} plays at the keyboard: nothing to ask")

    def step(self) -> None:
        """Show the away side's next step; its timer calls this, one step after another."""
        screen = self._screen
        screen.apply(screen.flow.bot_step())
        if screen.flow.away_steps:
            screen.pace.after_step(self.step)
