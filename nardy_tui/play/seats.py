"""Who plays each side: a seat is a person at this keyboard or a bot of some level.

The turn flow asks a seat only what it needs: whether its play is built here at the board
(``at_keyboard``) and what the screen calls it. A seat away from the keyboard answers with
a whole play when the screen asks for one off the UI thread (``Next.AWAY_MOVES``): a bot
today, and a player on another machine is one more kind of seat that answers the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy_tui.engine import Side
from nardy_tui.i18n import _
from nardy_tui.play.wording import bot_name


@dataclass(frozen=True, slots=True)
class Seat:
    """A side's player; its kinds are the subclasses."""

    @property
    def at_keyboard(self) -> bool:
        """Whether this side's play is built here, step by step at the board."""
        return False

    def name(self) -> str:
        """What the screen calls this player where the other side is someone else."""
        raise NotImplementedError

    def wait_to_roll(self) -> str:
        """What a key on the board is told while this player, away, is to roll."""
        raise NotImplementedError

    def wait_to_move(self) -> str:
        """What a key on the board is told while this player, away, is moving."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class AtKeyboard(Seat):
    """A person at this keyboard."""

    @property
    def at_keyboard(self) -> bool:
        return True

    def name(self) -> str:
        return _("You")

    def wait_to_roll(self) -> str:
        return _("Roll the dice first: press r.")

    def wait_to_move(self) -> str:
        return _("Choose a checker to move.")


@dataclass(frozen=True, slots=True)
class BotSeat(Seat):
    """The built-in bot at ``level`` (``nardy_tui.bot.LEVELS``)."""

    level: str

    def name(self) -> str:
        return bot_name(self.level)

    def wait_to_roll(self) -> str:
        return _("Wait for the bot.")

    def wait_to_move(self) -> str:
        return _("Wait: the bot is moving.")


def hot_seat() -> dict[Side, Seat]:
    """Both sides at this keyboard."""
    return dict.fromkeys(Side, AtKeyboard())


def against_bot(human: Side, level: str) -> dict[Side, Seat]:
    """``human`` at the keyboard, the bot at ``level`` on the other side."""
    return {human: AtKeyboard(), human.opponent: BotSeat(level)}
