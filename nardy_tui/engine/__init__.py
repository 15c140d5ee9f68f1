"""The rules of Long Nardy: positions, legal plays, turns, dice, games and matches.

This package imports only the standard library, so it can be used without a terminal.

>>> from nardy_tui.engine import Side, Position, legal_plays
>>> after = Position.initial().apply(legal_plays(Position.initial(), (5, 5))[0])
>>> after.turn, after.checkers(Side.WHITE, 4)
(<Side.BLACK: 'black'>, 1)
"""

from nardy_tui.engine.geometry import (
    CHECKERS,
    HEAD,
    POINTS,
    board_index,
    opposite_number,
    own_point,
)
from nardy_tui.engine.movegen import IllegalPlayError, legal_plays, legal_results
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import ALL_ROLLS, Dice, Play, Step

__all__ = [
    "ALL_ROLLS",
    "CHECKERS",
    "HEAD",
    "POINTS",
    "Dice",
    "IllegalPlayError",
    "Play",
    "Position",
    "Side",
    "Step",
    "board_index",
    "legal_plays",
    "legal_results",
    "opposite_number",
    "own_point",
]
