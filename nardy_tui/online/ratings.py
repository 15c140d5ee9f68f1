"""Ratings by the FIBS formula, as the First Internet Backgammon Server has kept them since
the 1990s, so that a number on a nardy lobby means what backgammon players expect of it.

Everyone starts at 1500 with no experience. After an ``n``-point match between ratings
``D`` apart, the underdog was expected to win with the chance
``P = 1 / (10^(D·√n/2000) + 1)``; the winner gains, and the loser loses, ``4·K·√n`` times
the winner's chance of having lost (``P`` if the favourite won, ``1 - P`` if the underdog
did). Each player has a ``K`` of their own, ``max(1, 5 - experience/100)``: a newcomer's
rating moves five times as fast as a regular's, so it soon finds its level, and it is only
your own experience that sets how far your own rating moves. Experience is the sum of the
lengths of the matches played before this one (one description of FIBS counts this match
in too; the plain "experience of the matches finished" is FIBS's own help text).

>>> after_match(Rating.NEW, Rating.NEW, 1)
(Rating(rating=1510.0, experience=1), Rating(rating=1490.0, experience=1))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

START = 1500.0
"""Every player's rating before their first match."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating and experience (the sum of the lengths of the matches they have
    finished), as a server keeps them between matches."""

    rating: float
    experience: int

    NEW: ClassVar[Rating]
    """A player who has finished no match yet."""

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise ValueError(f"a rating is a finite number, not {self.rating}")
        if self.experience < 0:
            raise ValueError(f"experience is a sum of match lengths, not {self.experience}")


Rating.NEW = Rating(START, 0)


def k_factor(experience: int) -> float:
    """How fast a player's rating moves: five times as fast at first as it will after 400
    points of matches.

    >>> k_factor(0), k_factor(250), k_factor(400), k_factor(2000)
    (5.0, 2.5, 1.0, 1.0)
    """
    return max(1.0, 5.0 - experience / 100)


def underdog_chance(difference: float, length: int) -> float:
    """The lower rated player's chance to win a ``length``-point match against one rated
    ``difference`` points higher: a half between equals, less the wider the gap and the
    longer the match (luck evens out over more games).

    Written as ``10^-x / (1 + 10^-x)``, the same as ``1 / (10^x + 1)``, so that a gap of any
    size gives a tiny chance rather than an overflow.

    >>> round(underdog_chance(0, 7), 3), round(underdog_chance(100, 1), 3)
    (0.5, 0.471)
    """
    if length < 1:
        raise ValueError(f"a match is at least one point long, not {length}")
    odds = math.pow(10, -abs(difference) * math.sqrt(length) / 2000)
    return odds / (1 + odds)


def after_match(winner: Rating, loser: Rating, length: int) -> tuple[Rating, Rating]:
    """The new ratings of the ``winner`` and the ``loser`` of a ``length``-point match, each
    with ``length`` more experience."""
    upset = underdog_chance(winner.rating - loser.rating, length)
    winner_was_favourite = winner.rating >= loser.rating
    chance_winner_had_of_losing = upset if winner_was_favourite else 1 - upset
    stake = 4 * math.sqrt(length) * chance_winner_had_of_losing
    return (
        Rating(winner.rating + k_factor(winner.experience) * stake, winner.experience + length),
        Rating(loser.rating - k_factor(loser.experience) * stake, loser.experience + length),
    )
