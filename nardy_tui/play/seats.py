"""Who plays each side: a person at this keyboard, a bot of some level, or a person on
another machine.

The turn flow asks a seat only what it needs: whether its play is built here at the board
(``at_keyboard``) and what the screen calls it. A seat away from the keyboard answers with
a whole play (``Next.AWAY_MOVES``): the bot when the screen asks it off the UI thread, a
friend on another machine when their play comes over the line.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy_tui.engine import Side
from nardy_tui.i18n import _
from nardy_tui.options import Level
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

    @property
    def rolls_by_itself(self) -> bool:
        """Whether this player's dice roll without a key here (the bot's do; a friend on
        another machine rolls there)."""
        return False

    @property
    def leaves_hints(self) -> bool:
        """Whether the hint may be asked against this player (not against a person on
        another machine: that match is between the two of them)."""
        return True

    @property
    def takes_resignations(self) -> bool:
        """Whether this seat's player may be offered a game (at a single or a mars) or
        given the match: a lobby's player only, whose server takes resignations."""
        return False

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
    """The built-in bot at ``level``."""

    level: Level

    def name(self) -> str:
        return bot_name(self.level)

    @property
    def rolls_by_itself(self) -> bool:
        return True

    def wait_to_roll(self) -> str:
        return _("Wait for the bot.")

    def wait_to_move(self) -> str:
        return _("Wait: the bot is moving.")


@dataclass(frozen=True, slots=True)
class RemoteSeat(Seat):
    """A person on another machine: their plays and their half of each throw come over the
    line (``nardy_tui.play.lockstep``)."""

    @property
    def leaves_hints(self) -> bool:
        return False

    def name(self) -> str:
        return _("Your friend")

    def wait_to_roll(self) -> str:
        return _("Wait for your friend to roll.")

    def wait_to_move(self) -> str:
        return _("Wait: your friend is moving.")

    def left_words(self) -> str:
        """This player said goodbye for now (closed their game)."""
        return _(
            "Your friend has left; the match is saved on both machines. "
            "It goes on when they join again."
        )


@dataclass(frozen=True, slots=True)
class OnlinePlayer(RemoteSeat):
    """A player met on a lobby server, called by their name there."""

    player: str

    @property
    def takes_resignations(self) -> bool:
        return True

    def name(self) -> str:
        return self.player

    def wait_to_roll(self) -> str:
        return _("Wait for {player} to roll.").format(player=self.player)

    def wait_to_move(self) -> str:
        return _("Wait: {player} is moving.").format(player=self.player)

    def left_words(self) -> str:
        return _(
            "{player} has left for now; the match goes on when they come back "
            "(their clock, if any, runs)."
        ).format(player=self.player)


def hot_seat() -> dict[Side, Seat]:
    """Both sides at this keyboard."""
    return dict.fromkeys(Side, AtKeyboard())


def against_bot(human: Side, level: Level) -> dict[Side, Seat]:
    """``human`` at the keyboard, the bot at ``level`` on the other side."""
    return {human: AtKeyboard(), human.opponent: BotSeat(level)}


def against_friend(here: Side) -> dict[Side, Seat]:
    """``here`` at this keyboard, a friend on another machine on the other side."""
    return {here: AtKeyboard(), here.opponent: RemoteSeat()}


def against_online_player(here: Side, player: str) -> dict[Side, Seat]:
    """``here`` at this keyboard, ``player`` of a lobby server on the other side."""
    return {here: AtKeyboard(), here.opponent: OnlinePlayer(player)}
