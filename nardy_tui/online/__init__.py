"""What a lobby server and its clients share: the players' ratings, the match clocks, and
who is who. No screen, no database and no web server: the server and the game build on it.

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

__all__ = [
    "BLITZ",
    "RAPID",
    "SLOW",
    "ClockError",
    "ClockRule",
    "Identity",
    "IdentityError",
    "MatchClock",
    "Purpose",
    "Rating",
    "after_match",
    "k_factor",
    "login_signature_is_right",
    "name_key",
    "name_problem",
    "new_challenge",
    "underdog_chance",
]
