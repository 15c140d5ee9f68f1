"""The rules of Long Nardy: positions, legal plays, turns, dice, games and matches.

This package imports only the standard library and the game's words (``nardy_tui.i18n``,
for the reasons a move is refused), so it can be used without a terminal.
Everything other layers use is exported here; they never import the submodules.

>>> from nardy_tui.engine import Side, Position, legal_plays
>>> after = Position.initial().apply(legal_plays(Position.initial(), (5, 5))[0])
>>> after.turn, after.checkers(Side.WHITE, 4)
(<Side.BLACK: 'black'>, 1)
"""

from nardy_tui.engine.dice import DiceRoller, DiceSource, RollOff, ScriptedDice
from nardy_tui.engine.geometry import (
    CHECKERS,
    HEAD,
    HOME_TOP,
    OFF,
    POINTS,
    board_index,
    opposite_number,
    own_point,
    renumber,
)
from nardy_tui.engine.match import (
    MARS,
    MATCH_LENGTHS,
    SINGLE_GAME,
    Game,
    Match,
    Phase,
    PhaseError,
    Resignation,
    TurnKey,
    TurnRecord,
    game_result,
)
from nardy_tui.engine.movegen import (
    HEAD_EXCEPTION_DOUBLES,
    IllegalPlayError,
    legal_plays,
    legal_results,
)
from nardy_tui.engine.notation import (
    checker_moves,
    format_moves,
    renumbered,
)
from nardy_tui.engine.position import Position, PositionIdError, read_position_id
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import ALL_ROLLS, Dice, NotationError, Play, Step
from nardy_tui.engine.turn import Route, TurnBuilder

__all__ = [
    "ALL_ROLLS",
    "CHECKERS",
    "HEAD",
    "HEAD_EXCEPTION_DOUBLES",
    "HOME_TOP",
    "MARS",
    "MATCH_LENGTHS",
    "OFF",
    "POINTS",
    "SINGLE_GAME",
    "Dice",
    "DiceRoller",
    "DiceSource",
    "Game",
    "IllegalPlayError",
    "Match",
    "NotationError",
    "Phase",
    "PhaseError",
    "Play",
    "Position",
    "PositionIdError",
    "Resignation",
    "RollOff",
    "Route",
    "ScriptedDice",
    "Side",
    "Step",
    "TurnBuilder",
    "TurnKey",
    "TurnRecord",
    "board_index",
    "checker_moves",
    "format_moves",
    "game_result",
    "legal_plays",
    "legal_results",
    "opposite_number",
    "own_point",
    "read_position_id",
    "renumber",
    "renumbered",
]
