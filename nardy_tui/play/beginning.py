"""A match set up from the options the player chose: its colour drawn if it was left to
chance, who plays each side, and the match itself (from the opening, or a practice game
from a position ID), in one place for every kind of match. A match with a friend on another
machine is begun here too, with its match given: the network layer makes that one, its dice
thrown by both machines.

>>> begun = begin(MatchOptions(mode=Mode.HOT_SEAT, color=None, points=5, seed=1))
>>> begun.options.color is not None, begun.match.length, len(begun.seats)
(True, 5, 2)
>>> begin(MatchOptions(seed=1), start="bIAAAP_-AAAB__w").match.length
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from nardy_tui.engine import Match, Side, read_position_id
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.play.seats import Seat, against_bot, against_friend, hot_seat


@dataclass(frozen=True, slots=True)
class Begun:
    """A match ready to play: the match, its options with the colour settled, and who
    plays each side."""

    match: Match
    options: MatchOptions
    seats: dict[Side, Seat]


def begin(options: MatchOptions, match: Match | None = None, start: str | None = None) -> Begun:
    """``match`` (one taken up) or a new one by ``options``: from the opening, or a one-point
    practice game from the position ID ``start`` (``PositionIdError`` if it is none). A
    colour left to chance is drawn from the match's seed, so a seed gives the same colour."""
    color = (
        random.Random(options.seed).choice(list(Side)) if options.color is None else options.color
    )
    settled = replace(options, color=color)
    if match is None:
        match = new_match(options, start)
    return Begun(match, settled, _seats_for(settled))


def new_match(options: MatchOptions, start: str | None) -> Match:
    """A new match by ``options``, or a one-point practice game from the position ID
    ``start``."""
    if start is None:
        return Match(length=options.points, seed=options.seed)
    position, dice = read_position_id(start)
    return Match(length=1, seed=options.seed, start=position, start_dice=dice)


def _seats_for(options: MatchOptions) -> dict[Side, Seat]:
    """Who plays each side, for options whose colour is settled."""
    assert options.color is not None, "the colour is settled first (begin)"
    if options.mode is Mode.BOT:
        return against_bot(options.color, options.bot_level)
    if options.mode is Mode.NETWORK:
        return against_friend(options.color)
    return hot_seat()
