"""Positions: the board, whose turn it is, who is still to make a first turn, and the
position ID that names all that (and the dice, if thrown) in 15 characters that survive a
chat message, a URL or a file name.

The ID is 88 bits written in base64url (``A-Z a-z 0-9 - _``, no padding), first bit first:

- 1 bit, the side to move (0 White, 1 Black);
- 2 bits, whether White and whether Black is still to make its first turn (the head rule's
  exception, RULES.md section 4);
- 3 bits for each die, in the order given, or 0 and 0 when none are thrown;
- White's checkers, then Black's, each side's points 1 to 24 in its own numbering: as many
  1 bits as the point holds checkers, then a 0;
- 0 bits up to 88.

A side with all 15 on the board takes 39 bits, so everything fits in 87; checkers borne off
simply leave their bits out.

An ID never begins with ``-``, which a command line takes for an option: where base64url
would write it first (Black to move, both sides still to make their first turn, a 6 thrown
first), the ID has ``v``. Base64url never begins a position with ``v``, whose bits would say a
first die of 7, so ``v`` is free; an ID that an older nardy began with ``-`` still reads.

>>> Position.initial(Side.BLACK).to_id((6, 5))
'voAAAP_-AAAB__w'
>>> read_position_id('-oAAAP_-AAAB__w') == read_position_id('voAAAP_-AAAB__w')
True
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from dataclasses import dataclass

from nardy_tui.engine.geometry import CHECKERS, HEAD, POINTS, board_index
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice, Play
from nardy_tui.i18n import _

_ID_BITS = 88
_ID = re.compile(r"[A-Za-z0-9_-]{15}")
_DIE_BITS = 3
_OPTION_SIGN = "-"
_INSTEAD_OF_OPTION_SIGN = "v"


class PositionIdError(ValueError):
    """The text is not the ID of a position: the message says what is wrong, in one line."""


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
        pending = {
            side for side, flag in ((turn, first_turn), (opponent, opponent_first_turn)) if flag
        }
        return cls(board, turn, frozenset(pending))

    @classmethod
    def from_id(cls, text: str) -> Position:
        """The position a position ID names (any dice in it are left out: they are
        ``read_position_id``'s); ``PositionIdError`` (a ``ValueError``) if it names none.

        >>> Position.from_id("YAAAAP_-AAAB__w") == Position.initial()
        True
        """
        return read_position_id(text)[0]

    def to_id(self, dice: Dice | tuple[int, int] | None = None) -> str:
        """This position's ID (the module's docstring has its bits): 15 URL-safe characters,
        never ``-`` first (a command line would read an option), the dice in them if given.

        >>> Position.initial().to_id(), Position.initial().to_id((5, 3))
        ('YAAAAP_-AAAB__w', 'dYAAAP_-AAAB__w')
        """
        bits = [int(self.turn is Side.BLACK)]
        bits += [int(side in self.first_turns) for side in Side]
        for die in dice or (0, 0):
            bits += [die >> shift & 1 for shift in reversed(range(_DIE_BITS))]
        for side in Side:
            for point in range(1, POINTS + 1):
                bits += [1] * self.checkers(side, point) + [0]
        bits += [0] * (_ID_BITS - len(bits))
        number = int("".join(map(str, bits)), 2)
        raw = number.to_bytes(_ID_BITS // 8, "big")
        return _not_an_option(base64.urlsafe_b64encode(raw).decode().rstrip("="))

    def __repr__(self) -> str:
        """The position as the code that makes it: its ID says it all, where the fields
        would be 24 numbers to count through.

        >>> Position.initial()
        Position.from_id('YAAAAP_-AAAB__w')
        """
        return f"Position.from_id({self.to_id()!r})"

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
        # The rules (movegen, notation) work on positions, so a position asks them lazily
        # rather than the modules importing each other: the engine's only imports inside a
        # function, here and in the two methods below.
        from nardy_tui.engine.movegen import apply_play

        return apply_play(self, play, dice)

    def notation(self, play: Play, dice: Dice, reader: Side | None = None) -> str:
        """``play`` (a legal turn here with ``dice``) in notation: each checker's steps joined
        into one move where that reads back to the same turn, identical moves counted, in the
        mover's numbering or, given ``reader``, in theirs. ``str(play)`` writes it step by
        step, as a turn is written without its position.

        >>> opening = Play.parse("24/20 24/20 20/16 20/16")
        >>> Position.initial().notation(opening, Dice(4, 4))
        '24/16(2)'
        >>> Position.initial().notation(opening, Dice(4, 4), reader=Side.BLACK)
        '12/4(2)'
        >>> Position.initial().notation(Play.parse("24/19 19/16"), Dice(5, 3))
        '24/16'
        """
        from nardy_tui.engine.notation import format_play

        return format_play(play, self, dice, reader=reader)

    def parse_play(self, text: str, dice: Dice) -> Play:
        """The play that ``text`` (written as ``notation`` writes it, or step by step)
        describes here with ``dice``, in the mover's numbering.

        Raises, saying what is wrong, ``NotationError`` if the text is malformed and
        ``IllegalPlayError`` if it is not a legal turn (both are ``ValueError``).

        >>> Position.initial().parse_play("24/16", Dice(5, 3))
        Play.parse('24/19 19/16')
        >>> Position.initial().parse_play("24/15", Dice(5, 3))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        nardy_tui.engine.movegen.IllegalPlayError: 24/15: No die or sum of dice ... to point 15.
        """
        from nardy_tui.engine.notation import parse_play

        return parse_play(text, self, dice)


def _check_board(board: tuple[int, ...]) -> None:
    if len(board) != POINTS or not all(isinstance(n, int) for n in board):
        raise ValueError(f"a board is {POINTS} integers, got {board!r}")
    for side in Side:
        count = sum(n * side.sign for n in board if n * side.sign > 0)
        if count > CHECKERS:
            raise ValueError(f"{side.label} has {count} checkers on the board, at most 15")


def read_position_id(text: str) -> tuple[Position, Dice | None]:
    """The position and the dice (None if none are thrown) that ``text`` names;
    ``PositionIdError`` if it names none.

    >>> read_position_id('dYAAAP_-AAAB__w')
    (Position.from_id('YAAAAP_-AAAB__w'), Dice(first=5, second=3))
    """
    bits = _bits_of(text.strip())
    turn = Side.BLACK if bits.take(1) else Side.WHITE
    first_turns = frozenset(side for side in Side if bits.take(1))
    dice = _dice(bits.take(_DIE_BITS), bits.take(_DIE_BITS))
    board = [0] * POINTS
    for side in Side:
        on_board = 0
        for point in range(1, POINTS + 1):
            count = bits.unary()
            if not count:
                continue
            index = board_index(side, point)
            if board[index]:
                raise PositionIdError(
                    _("not a position: both sides have checkers on White's point {point}").format(
                        point=index + 1
                    )
                )
            board[index] = count * side.sign
            on_board += count
        if on_board > CHECKERS:
            raise PositionIdError(
                _("not a position: {side} has {count} checkers on the board, at most 15").format(
                    side=side.name_shown, count=on_board
                )
            )
    if bits.rest():
        raise PositionIdError(_("not a position ID: bits are left over after the board"))
    position = Position(tuple(board), turn, first_turns)
    _check_whole(position)
    # One position, one ID: the last character's two spare bits must be 0 (a "-" first, as an
    # older nardy wrote it, is still the same ID).
    if position.to_id(dice) != _not_an_option(text.strip()):
        raise PositionIdError(_("not a position ID: bits are left over after the board"))
    return position, dice


class _Bits:
    """The ID's bits, read from the first on."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.left = _ID_BITS

    def take(self, count: int) -> int:
        if count > self.left:
            raise PositionIdError(_("not a position: a side has more than 15 checkers"))
        self.left -= count
        return self.number >> self.left & ((1 << count) - 1)

    def unary(self) -> int:
        """A point's checkers: the 1 bits before the next 0."""
        count = 0
        while self.take(1):
            count += 1
        return count

    def rest(self) -> int:
        return self.take(self.left)


def _not_an_option(text: str) -> str:
    """Base64url's text as the ID writes it: ``v`` first instead of ``-``, so that the ID
    can follow ``nardy analyze`` or ``--position`` as it is printed."""
    if text.startswith(_OPTION_SIGN):
        return _INSTEAD_OF_OPTION_SIGN + text[1:]
    return text


def _base64url(text: str) -> str:
    """An ID as base64url wrote it, whether written by this nardy (``v`` first) or an older
    one (``-`` first, read as it is)."""
    if text.startswith(_INSTEAD_OF_OPTION_SIGN):
        return _OPTION_SIGN + text[1:]
    return text


def _bits_of(text: str) -> _Bits:
    raw = None
    if _ID.fullmatch(text):
        try:
            raw = base64.urlsafe_b64decode(_base64url(text) + "=")
        except (binascii.Error, ValueError):
            raw = None
    if raw is None or len(raw) != _ID_BITS // 8:
        raise PositionIdError(
            _("{text} is not a position ID: an ID has 15 letters, digits, '-' or '_'").format(
                text=repr(text[:40])
            )
        )
    return _Bits(int.from_bytes(raw, "big"))


def _dice(first: int, second: int) -> Dice | None:
    if first == second == 0:
        return None
    if not (1 <= first <= 6 and 1 <= second <= 6):
        raise PositionIdError(_("not a position ID: its dice are not two dice from 1 to 6"))
    return Dice(first, second)


def _check_whole(position: Position) -> None:
    """What the board alone cannot say: a side still to make its first turn is all on its
    head, and the game is not won by both."""
    for side in position.first_turns:
        if position.checkers(side, HEAD) != CHECKERS:
            raise PositionIdError(
                _(
                    "not a position: {side} is still to make its first turn but has left its head"
                ).format(side=side.name_shown)
            )
    if all(position.on_board(side) == 0 for side in Side):
        raise PositionIdError(_("not a position: both sides have borne off every checker"))
