"""What a lobby client tells its owner (``LobbyClient``'s ``post``), as plain values: the
server's own news as the wire reads it (the lists, a clock, a result, a refusal, a page
of ratings, another match's messages for a watcher) and the client's news of its line and
of this player's match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nardy_tui.online import (
    Challenged,
    ClockTimes,
    Declined,
    MatchBegins,
    MatchesInPlay,
    MatchResult,
    OpenSeeks,
    PlayersOnline,
    RatingList,
    Refusal,
    Relayed,
    Welcome,
)

if TYPE_CHECKING:
    from nardy_tui.play.online.lobby_match import LobbyMatch


@dataclass(frozen=True, slots=True)
class LineDown:
    """The line to the server is down (``reason``, in words); the client tries again in
    ``retry_in`` seconds and logs in again."""

    reason: str
    retry_in: float


@dataclass(frozen=True, slots=True)
class ClientStopped:
    """The client has stopped (``reason``, in words): the server could not be reached at
    its first try, or refused this player in a way that trying again cannot change (a
    name taken by another key, another version of the protocol)."""

    reason: str


@dataclass(frozen=True, slots=True)
class MatchJoined:
    """This player's match starts, or starts again after a reconnection: its lockstep has
    said where this side is."""

    match: LobbyMatch


@dataclass(frozen=True, slots=True)
class OpponentSent:
    """The opponent's messages wait in the match's lockstep for its owner to take them
    (``LobbyMatch.next_action``)."""

    match: LobbyMatch


@dataclass(frozen=True, slots=True)
class MatchStopped:
    """The match ``match`` (its id) cannot go on here: the opponent sent what it cannot
    take, its file cannot be taken up, or it ended while the line was down (its result
    missed). It stops, saved as it was."""

    match: str
    reason: str


@dataclass(frozen=True, slots=True)
class MatchNotSaved:
    """The match could not be saved: what it holds waits (unsent) for a save that
    succeeds."""

    match: LobbyMatch
    problem: str


@dataclass(frozen=True, slots=True)
class ResignationOffered:
    """The opponent offers to give up the game at ``points`` (1: a single game, 2: a mars).
    Told as it arrives; the match asks for the answer (``Duty.ANSWER``) once it has taken
    what came before it."""

    match: LobbyMatch
    points: int


@dataclass(frozen=True, slots=True)
class ResignationAnswered:
    """The opponent answered this player's offer to give up the game at ``points``:
    ``accepted`` (the game is over, lost at that stake) or declined (play goes on)."""

    match: LobbyMatch
    accepted: bool
    points: int


ClientNews = (
    Welcome
    | ClientStopped
    | LineDown
    | PlayersOnline
    | OpenSeeks
    | MatchesInPlay
    | MatchJoined
    | OpponentSent
    | MatchStopped
    | MatchNotSaved
    | ResignationOffered
    | ResignationAnswered
    | ClockTimes
    | MatchResult
    | Refusal
    | RatingList
    | Challenged
    | Declined
    | MatchBegins
    | Relayed
)
"""Everything the client tells. ``MatchBegins`` and ``Relayed`` come only for a match this
player watches; ``Welcome`` after every login."""
