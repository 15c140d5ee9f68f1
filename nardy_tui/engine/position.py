"""Positions: the board, whose turn it is, and who is still to make a first turn."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nardy_tui.engine.geometry import CHECKERS, HEAD, POINTS, board_index
from nardy_tui.engine.side import Side

if TYPE_CHECKING:
    from nardy_tui.engine.step import Dice, Play


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable, hashable position.

    ``points`` is the board array in White's numbering (``+n`` White, ``-n`` Black);
    ``first_turns`` holds the sides that have not yet made their first turn of the game,
    for the head exception (RULES.md section 4).

    >>> pos = Position.initial()
    >>> pos.points[23], pos.points[11], pos.turn
    (15, -15, <Side.WHITE: 'white'>)
    >>> pos.pip_count(Side.WHITE), pos.borne_off(Side.BLACK)
    (360, 0)
    """

    points: tuple[int, ...]
    turn: Side
    first_turns: frozenset[Side] = frozenset()

    @classmethod
    def initial(cls, turn: Side = Side.WHITE) -> Position:
        """The opening position: every checker on its head, both first turns still to come."""
        points = [0] * POINTS
        points[board_index(Side.WHITE, HEAD)] = CHECKERS
        points[board_index(Side.BLACK, HEAD)] = -CHECKERS
        return cls(tuple(points), turn, frozenset(Side))

    @classmethod
    def from_points(
        cls,
        points: Iterable[int],
        turn: Side,
        *,
        first_turn: bool = False,
        opponent_first_turn: bool | None = None,
    ) -> Position:
        """A position from a board array in White's numbering.

        ``first_turn`` says the mover is making their first turn of the game. Whether the
        opponent is too is taken from ``opponent_first_turn`` or, if that is not given,
        inferred: on the mover's first turn an opponent with all 15 checkers still on the
        head has not moved yet. A malformed board raises ``ValueError``.
        """
        board = tuple(points)
        _check_board(board)
        if not isinstance(turn, Side):
            raise ValueError(f"turn must be a Side, not {turn!r}")
        opponent = turn.opponent
        if opponent_first_turn is None:
            opponent_head = board[board_index(opponent, HEAD)] * opponent.sign
            opponent_first_turn = first_turn and opponent_head == CHECKERS
        pending = {side for side, flag in ((turn, first_turn), (opponent, opponent_first_turn))
                   if flag}
        return cls(board, turn, frozenset(pending))

    @classmethod
    def from_id(cls, text: str) -> Position:
        """The position a position ID names (any dice in it are left out: they are
        ``read_position_id``'s); ``PositionIdError`` (a ``ValueError``) if it names none.

        >>> Position.from_id("YAAAAP_-AAAB__w") == Position.initial()
        True
        """
        from nardy_tui.engine.position_id import read_position_id

        return read_position_id(text)[0]

    def to_id(self, dice: Dice | tuple[int, int] | None = None) -> str:
        """This position's ID (``position_id``): 15 URL-safe characters, never ``-`` first
        (a command line would read an option), the dice in them if given.

        >>> Position.initial().to_id(), Position.initial().to_id((5, 3))
        ('YAAAAP_-AAAB__w', 'dYAAAP_-AAAB__w')
        """
        from nardy_tui.engine.position_id import position_id

        return position_id(self, dice)

    @property
    def is_first_turn(self) -> bool:
        """Whether the side to move is making its first turn of the game."""
        return self.turn in self.first_turns

    def checkers(self, side: Side, point: int) -> int:
        """How many of ``side``'s checkers stand on ``side``'s own point ``point`` (1-24)."""
        return max(self.points[board_index(side, point)] * side.sign, 0)

    def on_board(self, side: Side) -> int:
        sign = side.sign
        return sum(n * sign for n in self.points if n * sign > 0)

    def borne_off(self, side: Side) -> int:
        return CHECKERS - self.on_board(side)

    def pip_count(self, side: Side) -> int:
        """The total distance ``side`` still has to travel to bear every checker off."""
        return sum(point * self.checkers(side, point) for point in range(1, POINTS + 1))

    @property
    def winner(self) -> Side | None:
        """The side that has borne off all 15 checkers, if any."""
        for side in Side:
            if self.on_board(side) == 0:
                return side
        return None

    def apply(self, play: Play, dice: Dice | None = None) -> Position:
        """The position after ``play``, with the turn passed to the opponent.

        Raises ``IllegalPlayError`` (a ``ValueError``) unless the play is a legal whole turn:
        for ``dice`` if given, otherwise for some roll its steps could have come from.
        """
        from nardy_tui.engine.movegen import apply_play

        return apply_play(self, play, dice)


def _check_board(board: tuple[int, ...]) -> None:
    if len(board) != POINTS or not all(isinstance(n, int) for n in board):
        raise ValueError(f"a board is {POINTS} integers, got {board!r}")
    for side in Side:
        count = sum(n * side.sign for n in board if n * side.sign > 0)
        if count > CHECKERS:
            raise ValueError(f"{side.label} has {count} checkers on the board, at most 15")
