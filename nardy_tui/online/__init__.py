"""What a lobby server and its clients share: the players' ratings and the match clocks.
No screen, no database and no web server: the server and the game build on it.

Every name another package uses is exported here; it never imports the submodules.
"""

from __future__ import annotations

from nardy_tui.online.clock import BLITZ, RAPID, SLOW, ClockError, ClockRule, MatchClock
from nardy_tui.online.ratings import Rating, after_match, k_factor, underdog_chance

__all__ = [
    "BLITZ",
    "RAPID",
    "SLOW",
    "ClockError",
    "ClockRule",
    "MatchClock",
    "Rating",
    "after_match",
    "k_factor",
    "underdog_chance",
]
