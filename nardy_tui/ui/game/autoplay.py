"""What the game does without a key: the step the turn flow names next (a roll, a pass,
the away side's turn, a forced play, the end of a game or of the match), and an automatic
setting that acts as soon as it is turned on."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from nardy_tui.play import Command, Next, first_source_cell, pass_said
from nardy_tui.storage import Switch

if TYPE_CHECKING:
    from nardy_tui.ui.game.away import AwayTurn
    from nardy_tui.ui.game.ending import MatchEnding
    from nardy_tui.ui.game.host import GameHost

AUTOMATIC_PLAYS = (Switch.AUTO_ROLL, Switch.AUTO_FORCED, Switch.AUTO_CONFIRM)
"""The settings that play for the player: rolling, a forced play, confirming a turn."""


class AutoPlay:
    """Starts what comes next by itself: after every change, and when the screen opens on
    a match (a resumed one included), so a match saved at any phase goes on from there."""

    def __init__(self, screen: GameHost, away: AwayTurn, ending: MatchEnding) -> None:
        """``away`` plays the away side's turn, ``ending`` puts up the end of a game or
        the match."""
        self._screen = screen
        self._away = away
        self._ending = ending

    def advance(self) -> None:
        """Start the step the flow names next (``TurnFlow.what_next``)."""
        screen = self._screen
        flow = screen.flow
        next_step = flow.what_next()
        if next_step is Next.ROLL:
            screen.call_later(self._roll)
        elif next_step is Next.PASS:
            # In the status line, not a toast: a toast covered the news under the board and
            # outlived the next roll.
            said = pass_said(screen.match)
            screen.apply(replace(flow.finish_turn(passing=True), said=said))
        elif next_step is Next.AWAY_MOVES:
            self._away.start()
        elif next_step is Next.PLAYER_MOVES:
            cell = first_source_cell(flow.human_turn)
            if cell is not None:
                screen.board.move_cursor_to(cell)
            screen.apply(flow.play_forced())
        elif next_step is Next.GAME_OVER:
            self._ending.game_over()
        elif next_step is Next.MATCH_OVER:
            self._ending.match_over()

    def setting_changed(self, switch: Switch) -> None:
        """Show a changed setting at once (turning the board to the mover needs a redraw).

        An automatic play turned on while it applies (the player's roll waiting, a forced
        play not begun, a complete turn) acts now, not from the next turn on; after the
        palette that changed it has closed.
        """
        screen = self._screen
        if not (screen.is_attached and screen.board_shown):
            return
        screen.refresh_view()
        if switch in AUTOMATIC_PLAYS and screen.flow.settings.is_on(switch):
            screen.call_later(self._play, switch)

    def _play(self, setting: Switch) -> None:
        """Do what the automatic ``setting`` does, if it applies now (the flow checks)."""
        screen = self._screen
        if not screen.is_current:
            return
        flow = screen.flow
        if setting is Switch.AUTO_ROLL:
            if flow.allows(Command.ROLL):
                screen.apply(flow.roll(by_key=False))
        elif setting is Switch.AUTO_FORCED:
            screen.apply(flow.play_forced())
        elif setting is Switch.AUTO_CONFIRM:
            screen.confirm_turn()  # past the tutor's judgement, if it watches

    def _roll(self) -> None:
        """The roll nobody has to press for (auto-roll, the bot's), while it is still due
        and this screen is the one shown."""
        screen = self._screen
        if screen.match.may_roll and screen.is_current:
            screen.roll(by_key=False)
