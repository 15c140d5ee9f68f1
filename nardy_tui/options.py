"""The choices that start a match, shared by the command line, the new-match screen and saves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Mode = Literal["hot-seat", "bot"]
BotLevel = Literal["easy", "medium", "hard", "expert"]
ColorChoice = Literal["white", "black", "random"]

MODES: tuple[Mode, ...] = get_args(Mode)
"""How a match may be played: two people at one keyboard, or one against the bot."""
BOT_LEVELS: tuple[BotLevel, ...] = get_args(BotLevel)
"""The bot levels a player may choose (the bot's ``LEVELS`` adds the arena's ``random``)."""
COLOR_CHOICES: tuple[ColorChoice, ...] = ("white", "black", "random")


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """How to play a match: who plays, to how many points, with which dice."""

    mode: Mode = "bot"
    bot_level: BotLevel = "medium"
    color: ColorChoice = "white"
    points: int = 3
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class NetworkLaunch:
    """A match with a friend on another machine: ``nardy host`` or ``nardy join``.

    The host gives ``port`` (and ``points`` for a new match) and the ``address`` it listens
    on ("" for every one of this machine's); the joiner gives the host's ``address`` and
    ``port``. Both give the match's ``code``; ``resume`` takes up the saved
    network match (the host's ``--resume``; a joiner with the same code always does).
    """

    hosting: bool
    code: str
    address: str = ""
    port: int = 0
    points: int = 3
    resume: bool = False


@dataclass(frozen=True, slots=True)
class LaunchOptions:
    """What ``nardy`` was asked to do at start-up.

    ``match`` is None when the new-match screen should ask (``seed`` then still fixes the
    dice); ``resume`` is True for ``--resume``, False for ``--new`` and None to offer
    resuming an unfinished match.
    """

    match: MatchOptions | None = None
    seed: int | None = None
    resume: bool | None = None
    network: NetworkLaunch | None = None
    start: str | None = None
    """A practice game's start: the position ID given with ``--position`` (checked by the
    command line; ``match`` is then a one-point match)."""
