"""A player's side of a lobby server, without a screen: the client (``LobbyClient``), the
news it tells its owner, and this player's match played through the server
(``LobbyMatch``). It needs aiohttp: import it when a lobby is used."""

from __future__ import annotations

from nardy_tui.play.online.client import LobbyClient
from nardy_tui.play.online.lobby_match import Duty, LobbyMatch, match_file
from nardy_tui.play.online.lobby_view import (
    LOBBY_CLOCKS,
    LobbyView,
    challenge_words,
    clock_words,
    ending_words,
    points_words,
)
from nardy_tui.play.online.news import (
    ClientNews,
    ClientStopped,
    LineDown,
    MatchJoined,
    MatchNotSaved,
    MatchStopped,
    OpponentSent,
    ResignationAnswered,
    ResignationOffered,
)
from nardy_tui.play.online.servers import Registrations, address_problem, served_lobby

__all__ = [
    "LOBBY_CLOCKS",
    "ClientNews",
    "ClientStopped",
    "Duty",
    "LineDown",
    "LobbyClient",
    "LobbyMatch",
    "LobbyView",
    "MatchJoined",
    "MatchNotSaved",
    "MatchStopped",
    "OpponentSent",
    "Registrations",
    "ResignationAnswered",
    "ResignationOffered",
    "address_problem",
    "challenge_words",
    "clock_words",
    "ending_words",
    "match_file",
    "points_words",
    "served_lobby",
]
