"""What a match with a friend on another machine tells the screens (``NetworkGame`` posts it),
as plain values: the app's news changes screens, the game's goes to the game screen of
the match.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy_tui.play.clock_reading import ClockReading


@dataclass(frozen=True, slots=True)
class MatchReady:
    """The match is known (new, resumed, or to be drawn again in another language): show
    its game screen, in place of the one joining."""


@dataclass(frozen=True, slots=True)
class Joining:
    """A new match's first connection is being made: show where to (``title``, in words)."""

    title: str


@dataclass(frozen=True, slots=True)
class CodeGiven:
    """Host, meeting by a code: what the friend is given (``line``), to copy for the
    player."""

    line: str


@dataclass(frozen=True, slots=True)
class CannotStart:
    """The match cannot start (the host refused us, a wrong code, no mailbox to meet at):
    ``reason`` says why."""

    reason: str


@dataclass(frozen=True, slots=True)
class SaveFailed:
    """The match could not be saved: what is not on disk does not leave this machine (the
    lockstep holds it back until a save succeeds)."""

    problem: str


@dataclass(frozen=True, slots=True)
class LineReport:
    """What the line is doing (up, down, back, strangers at the door), in plain words: for
    the game screen, or the screen joining while there is none yet."""

    text: str
    said: bool = True
    """Whether it is said in the status line too (else only in the side panel)."""
    up: bool | None = None
    """Whether the line is up after this news (None: as it was)."""
    bold: str = ""
    """A part of ``text`` shown in bold: the line the friend types, to read out."""


@dataclass(frozen=True, slots=True)
class PeerArrived:
    """The friend's messages wait in the lockstep for the game screen to take them."""


@dataclass(frozen=True, slots=True)
class MatchBroken:
    """The friend sent what the match cannot take: the match stops, saved (before its game
    screen is up, it cannot start)."""

    reason: str


@dataclass(frozen=True, slots=True)
class ClocksTold:
    """A lobby match's clocks, as the server told them last."""

    reading: ClockReading


@dataclass(frozen=True, slots=True)
class MatchDecided:
    """A lobby server ended the match off the board (a clock ran out, a player resigned
    it): ``news`` says who won and why, and how the ratings moved."""

    news: str


GameNews = LineReport | PeerArrived | MatchBroken | ClocksTold | MatchDecided
"""The news of the match being played, for its game screen (the last two from a lobby
server only)."""
NetworkNews = MatchReady | Joining | CodeGiven | CannotStart | SaveFailed | GameNews
"""Everything a match with a friend tells."""
