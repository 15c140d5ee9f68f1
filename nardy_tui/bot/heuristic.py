"""Position evaluation: the expected points a side wins from a position, between -2 and 2.

The estimate is built the way a player thinks about Long Nardy. The race is the backbone:
how many turns each side still needs, as a normal approximation of the dice. While the sides
still block each other, positional assets are converted into pips and added to the race
lead: runs of points in front of the opponent, the share of their rolls that cannot move,
checkers stuck on the head, spares and stacking. Once contact is over the position is a
pure race and only the turn counts matter. Mars (2 points) is estimated both ways from how
long the losing side needs to bring everything home and bear off its first checker.

An equity scale (rather than a bare score) is what lets the hard bot average positions over
the opponent's rolls, and the same function from the opponent's side is exactly the
negation, so one evaluation serves both players of the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import erf, sqrt

from nardy_tui.bot.features import (
    SideFeatures,
    in_contact,
    rear_point,
    side_features,
    split,
)
from nardy_tui.engine import CHECKERS, Position, Side

PIPS_PER_TURN = 8.17
"""Average pips a roll moves (doubles count four times): 49/6."""

TURN_SPREAD = 0.184
"""Standard deviation, in turns, of the time needed to travel N pips, per square root of N:
the spread of one roll (4.29 pips) over ``PIPS_PER_TURN`` to the power 1.5."""


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each positional feature is worth, in pips of race lead.

    The medium and hard bots use ``STRONG``; the easy bot uses ``SIMPLE``, a player who
    knows to leave the head and make points but not much else.
    """

    runs: tuple[float, ...]
    """Pips per opposing checker held back by a run, by run length (0-6). Mildly convex:
    a run of five (the longest always allowed) can hold the opponent for many turns, but
    arena tuning showed that steeper curves neglect the single points that grow into runs."""
    pressure: float
    """Pips per opposing checker a roll is expected to leave unable to move."""
    head: float
    """Pips per checker on the head beyond the first: each one costs a future turn."""
    spares: float
    """Pips per spare checker: moves that keep every point held (timing)."""
    stacking: float
    """Pips lost per checker beyond the third on a point: material doing no blocking."""
    fade: float
    """Total pips (both sides) below which positional assets fade in proportion: late in
    the game blocks are about to dissolve and the race decides; 0 turns fading off."""
    mars: bool
    """Whether to count mars at all (both ways)."""


STRONG = Weights(
    runs=(0.0, 0.5, 1.2, 2.0, 3.0, 4.2, 4.8),
    pressure=2.0,
    head=1.5,
    spares=0.4,
    stacking=4.0,
    fade=600.0,
    mars=True,
)
SIMPLE = Weights(
    runs=(0.0, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8),
    pressure=0.0,
    head=1.5,
    spares=0.0,
    stacking=3.0,
    fade=0.0,
    mars=False,
)


def _phi(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + erf(z * 0.7071067811865476))


def turns_to_finish(features: SideFeatures) -> float:
    """Expected turns to bear off everything if nothing blocks the way.

    Effective pips (with the wastage of bearing off) over the average roll; near the end at
    most two checkers (four with doubles) leave per turn, which the second bound expresses.
    """
    by_pips = features.effective_pips / PIPS_PER_TURN
    by_count = features.on_board / 2.33
    return max(by_pips, by_count)


def turns_to_first_off(features: SideFeatures) -> float:
    """Expected turns until a side that has borne off nothing takes its first checker off:
    everything home first, then one more roll."""
    return features.to_home / PIPS_PER_TURN + 1.0


def _positional(me: SideFeatures, weights: Weights) -> float:
    """A side's positional assets in pips: what it does to the opponent minus its own ills."""
    return (
        sum(value * held for value, held in zip(weights.runs, me.runs, strict=True))
        + weights.pressure * me.pressure
        + weights.spares * me.spares
        - weights.stacking * me.stacking
        - weights.head * max(me.head - 1, 0)
    )


def evaluate(position: Position, side: Side, weights: Weights = STRONG) -> float:
    """Expected points for ``side`` (from -2 to 2), with ``position.turn`` to move next.

    >>> start = Position.initial()
    >>> abs(evaluate(start, Side.WHITE) + evaluate(start, Side.BLACK)) < 1e-9
    True
    """
    white, black = split(position.points)
    mine, theirs = (white, black) if side is Side.WHITE else (black, white)
    mine_rear = rear_point(mine)
    theirs_rear = rear_point(theirs)
    if not mine_rear:
        return 2.0 if sum(theirs) == CHECKERS else 1.0
    if not theirs_rear:
        return -2.0 if sum(mine) == CHECKERS else -1.0
    me = side_features(mine, theirs, theirs_rear)
    them = side_features(theirs, mine, mine_rear)
    tempo = 0.5 if position.turn is side else -0.5
    my_turns = turns_to_finish(me)
    their_turns = turns_to_finish(them)
    spread = TURN_SPREAD * sqrt(me.pips + them.pips) + 0.35
    lead = their_turns - my_turns + tempo
    contact = in_contact(mine, theirs, mine_rear, theirs_rear)
    if contact:
        assets = _positional(me, weights) - _positional(them, weights)
        total = me.pips + them.pips
        if total < weights.fade:
            assets *= total / weights.fade
        lead += assets / PIPS_PER_TURN
        spread *= 1.3
    win = _phi(lead / spread)
    if not weights.mars:
        return 2.0 * win - 1.0
    mars_for = _mars(them, my_turns, tempo, contact)
    mars_against = _mars(me, their_turns, -tempo, contact)
    return 2.0 * win - 1.0 + min(mars_for, win) - min(mars_against, 1.0 - win)


def _mars(loser: SideFeatures, winner_turns: float, tempo: float, contact: bool) -> float:
    """Chance that ``loser`` still has nothing borne off when the other side finishes."""
    if loser.on_board < CHECKERS:
        return 0.0
    margin = turns_to_first_off(loser) - winner_turns + tempo
    spread = TURN_SPREAD * sqrt(loser.to_home + winner_turns * PIPS_PER_TURN) + 0.35
    if contact:
        spread *= 1.3
    return _phi(margin / spread)
