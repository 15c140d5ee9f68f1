"""The glue to a friend on another machine: throws go through the lockstep, and what the
other side sends is played on this screen, one message at a time.

The lockstep's classes (and the network layer under them) are imported where the other
side's messages are taken: a match at one machine never needs them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.i18n import _, continued, ended
from nardy_tui.play import Command
from nardy_tui.ui.dialogs import GameOverDialog
from nardy_tui.ui.game.away import AwayTurn

if TYPE_CHECKING:
    from nardy_tui.play import Lockstep
    from nardy_tui.ui.game.host import GameHost


class PeerPump:
    """Feeds the other machine's messages to the screen, and this side's throws to it.

    Without a lockstep (a match at one machine) it does nothing.
    """

    def __init__(self, screen: GameHost, lockstep: Lockstep | None, away: AwayTurn) -> None:
        """``away`` shows the other side's plays."""
        self._screen = screen
        self._away = away
        self.lockstep = lockstep
        self.news = ""
        """What the line to the other machine did last, for a screen not yet shown."""
        self.line_up = True
        """Whether the line to the other machine is up, as its news last said: while it is
        not, the other side's turn says what the line does, not that they are thinking
        (their program may not even be running)."""

    def observe(self) -> None:
        """The match was saved: the lockstep may now send what it holds back."""
        if self.lockstep is not None:
            self.lockstep.observe()

    def throw(self) -> None:
        """This side's player rolls: the dice come once the other side's secret is here."""
        screen = self._screen
        assert self.lockstep is not None
        if screen.flow.allows(Command.ROLL):
            self.lockstep.roll()
            self.take()
            if screen.match.may_roll:
                # With the other machine away, what the line does stays in view (a new
                # match's host: the code to give); the dice come once it is back.
                down = screen.line_down()
                screen.say(down or _("Rolling: the dice come from both machines…"))

    def take(self) -> None:
        """Do what the other side's messages ask, one at a time, while nothing is being
        shown; a message that makes no sense ends the match (``broke``)."""
        screen = self._screen
        if self.lockstep is None or not screen.is_attached:
            return
        from nardy_tui.play import PeerBroke, PeerLeft, PeerPlayed, PeerStartedGame, Thrown

        try:
            action = self.lockstep.next_action(busy=bool(screen.flow.away_steps))
        except PeerBroke as broken:
            self.broke(str(broken))
            return
        if isinstance(action, Thrown):
            screen.apply(screen.flow.roll(by_key=action.by_me))
        elif isinstance(action, PeerPlayed):
            if action.play:
                self._away.chose(action.play, action.turn_number)
            else:
                screen.apply(screen.flow.finish_turn(passing=True))
        elif isinstance(action, PeerStartedGame):
            if isinstance(screen.app.screen, GameOverDialog):
                screen.app.screen.dismiss(None)
            screen.apply(screen.flow.next_game())
        elif isinstance(action, PeerLeft):
            self.line_news(
                _(
                    "Your friend has left; the match is saved on both machines. "
                    "It goes on when they join again."
                ),
                up=False,
            )
        if action is not None and not isinstance(action, PeerLeft):
            screen.call_later(self.take)

    def line_news(self, news: str, said: bool = True, up: bool | None = None) -> None:
        """What the line is doing (up, down, back), where the bot's doings are shown
        (kept until the screen is up, if it is not yet), and, if ``said``, in the status
        line too; ``up``: whether the line is up after it (None: as it was).

        News already shown is not shown again: the joiner tries the host again every few
        seconds, and each try would overwrite what the status line says of the player's
        own moves."""
        if up is not None:
            self.line_up = up
        if news == self.news:
            return
        self.news = news
        screen = self._screen
        if screen.board_shown:
            screen.bot_activity = news
            if said:
                screen.say(news)

    def broke(self, reason: str) -> None:
        """The other side sent what the match cannot take: stop here, the match saved."""
        screen = self._screen
        screen.save()
        screen.app.exit(
            return_code=1,
            message=_(
                "nardy: the match with your friend stopped: {reason} The match is saved as it "
                "was before that message."
            ).format(reason=ended(continued(reason))),
        )
