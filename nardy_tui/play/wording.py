"""Words the screens show that need no turn in progress: the bots' names, a roll-off, the
expert's chances, in the language in use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.engine import RollOff
from nardy_tui.i18n import N_, _
from nardy_tui.options import Level

if TYPE_CHECKING:
    from nardy_tui.bot import Evaluation

LEVEL_NAMES = {
    Level.RANDOM: N_("Random"),
    Level.EASY: N_("Easy"),
    Level.MEDIUM: N_("Medium"),
    Level.HARD: N_("Hard"),
    Level.EXPERT: N_("Expert"),
}
"""Each bot level as players read it (``level_name``)."""

BOT_NAMES = {
    Level.RANDOM: N_("Random bot"),
    Level.EASY: N_("Easy bot"),
    Level.MEDIUM: N_("Medium bot"),
    Level.HARD: N_("Hard bot"),
    Level.EXPERT: N_("Expert bot"),
}
"""The bot of each level as the screen names it (``bot_name``): one message per level, so
a language can make the level's word agree with its word for the bot."""


def level_name(level: Level) -> str:
    """A bot level as players read it: "Easy", "Expert"."""
    return _(LEVEL_NAMES[level])


def bot_name(level: Level) -> str:
    """The bot as the screen names it: "Easy bot", "Hard bot".

    >>> bot_name(Level.MEDIUM)
    'Medium bot'
    """
    return _(BOT_NAMES[level])


def roll_off_said(throw: RollOff) -> str:
    """A roll-off throw in words, for the status line."""
    if throw.winner is None:
        return _("Roll-off: White {white}, Black {black}. A tie: roll again (r).").format(
            white=throw.white, black=throw.black
        )
    return _("Roll-off: White {white}, Black {black}. {side} starts.").format(
        white=throw.white, black=throw.black, side=throw.winner.name_shown
    )


def chances_said(chances: Evaluation, *, mars: bool = True) -> str:
    """The expert's chances for a side as a player reads them, in whole percent; the
    chance to win alone where a mars cannot matter (``mars`` False: a 1-point match).

    >>> from nardy_tui.bot import Evaluation
    >>> chances_said(Evaluation(win=0.587, win_mars=0.164, lose_mars=0.079))
    'win 59%, mars 16%, lose mars 8%'
    """
    if not mars:
        return _("win {win}").format(win=f"{chances.win:.0%}")
    return _("win {win}, mars {mars}, lose mars {lose_mars}").format(
        win=f"{chances.win:.0%}",
        mars=f"{chances.win_mars:.0%}",
        lose_mars=f"{chances.lose_mars:.0%}",
    )


def match_chance_said(chance: float) -> str:
    """A chance to win the match, as the hint names it beside a play's equity.

    >>> match_chance_said(0.5432)
    'match 54.3%'
    """
    return _("match {chance}").format(chance=f"{chance:.1%}")
