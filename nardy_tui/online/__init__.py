"""What a lobby server and its clients share: the players' ratings, the match clocks,
who is who, and the strict reading of what a client sends. No screen, no database and no
web server: the server and the game build on it.

Everything other packages use is exported here; they never import the submodules.
"""

from __future__ import annotations

from nardy_tui.online.clock import BLITZ, RAPID, SLOW, ClockError, ClockRule, MatchClock
from nardy_tui.online.identity import (
    Identity,
    IdentityError,
    Purpose,
    login_signature_is_right,
    name_key,
    name_problem,
    new_challenge,
)
from nardy_tui.online.ratings import Rating, after_match, k_factor, underdog_chance
from nardy_tui.online.wire import (
    MAX_REQUEST_BYTES,
    Accept,
    Answer,
    Challenge,
    ErrorCode,
    InMatch,
    Login,
    Pair,
    Ping,
    Ratings,
    Register,
    Request,
    Resign,
    ResignAnswer,
    Seek,
    Stake,
    Unseek,
    Unwatch,
    Watch,
    WireError,
    read_request,
)

__all__ = [
    "BLITZ",
    "MAX_REQUEST_BYTES",
    "RAPID",
    "SLOW",
    "Accept",
    "Answer",
    "Challenge",
    "ClockError",
    "ClockRule",
    "ErrorCode",
    "Identity",
    "IdentityError",
    "InMatch",
    "Login",
    "MatchClock",
    "Pair",
    "Ping",
    "Purpose",
    "Rating",
    "Ratings",
    "Register",
    "Request",
    "Resign",
    "ResignAnswer",
    "Seek",
    "Stake",
    "Unseek",
    "Unwatch",
    "Watch",
    "WireError",
    "after_match",
    "k_factor",
    "login_signature_is_right",
    "name_key",
    "name_problem",
    "new_challenge",
    "read_request",
    "underdog_chance",
]
