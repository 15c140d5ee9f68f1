"""The choices that start a match, shared by the command line, the new-match screen and saves."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from nardy_tui.engine import Side


class Mode(StrEnum):
    """Who plays a match; the value is the word saves and settings write."""

    HOT_SEAT = "hot-seat"
    """Two people at one keyboard."""
    BOT = "bot"
    """One person against the bot."""
    NETWORK = "network"
    """Two people on two machines (``nardy host`` and ``nardy join``)."""


LOCAL_MODES = (Mode.HOT_SEAT, Mode.BOT)
"""The modes a match on one machine is started in (the new-match screen, the command line)
and saved in: a network match has saves of its own."""


class Level(StrEnum):
    """How strong a bot plays; the value is the word the command line, settings and saves
    use."""

    RANDOM = "random"
    """Any legal play: the arena's baseline, not offered to players."""
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    """The trained network's search (it needs the shipped weights file)."""


BOT_LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT)
"""The levels a player may choose."""

COLOR_WORDS: dict[str, Side | None] = {"white": Side.WHITE, "black": Side.BLACK, "random": None}
"""Your colour against the bot by the word the command line, settings and saves use; None
is drawn when the match starts."""


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """How to play a match: who plays, to how many points, with which dice.

    ``color`` is the side of the player at this keyboard against the bot or a friend on
    another machine (None: drawn at random when the match starts).
    """

    mode: Mode = Mode.BOT
    bot_level: Level = Level.MEDIUM
    color: Side | None = Side.WHITE
    points: int = 3
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Rendezvous:
    """Where two players meet by a short code: magic-wormhole's mailbox server (a
    ``ws://`` URL) and its transit relay (``HOST:PORT``)."""

    mailbox: str
    transit: str
    direct: bool = True
    """Whether the two may connect straight to each other when they can; else all goes
    through the relay (the tests, which keep to loopback; a game served to a browser)."""
    their_relays: bool = True
    """Whether the other side may name relays of its own choosing to connect through;
    else only its hints that name ``transit`` are used (a game served to a browser: a
    stranger's friend must not make the server connect wherever they say)."""


@dataclass(frozen=True, slots=True)
class NetworkLaunch:
    """A match with a friend on another machine: ``nardy host`` or ``nardy join``.

    By a short code (``rendezvous``): the host's ``code`` is "" for one the mailbox hands
    out; the joiner gives the code the host's screen shows.

    Direct (``rendezvous`` None): the host gives ``port`` (and ``points`` for a new match)
    and the ``address`` it listens on ("" for every one of this machine's); the joiner
    gives the host's ``address`` and ``port``. Both give the match's ``code``.

    ``resume`` takes up the saved network match (the host's ``--resume``; a joiner with
    the same code always does).
    """

    hosting: bool
    code: str
    address: str = ""
    port: int = 0
    points: int = 3
    resume: bool = False
    rendezvous: Rendezvous | None = None
    code_words: int = 2
    """The host of a new match met by a code: how many words the mailbox's code has
    (three make guessing it 256 times harder, at a longer code to type)."""


@dataclass(frozen=True, slots=True)
class OnlineLaunch:
    """Play on a lobby server (``nardy online``): its WebSocket ``url`` and this player's
    ``name`` there; either "" to be asked (the last ones used offered)."""

    url: str = ""
    name: str = ""


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
    online: OnlineLaunch | None = None
    start: str | None = None
    """A practice game's start: the position ID given with ``--position`` (checked by the
    command line; ``match`` is then a one-point match)."""
