"""Position IDs: a position, the side to move and the dice (if thrown) in 15 characters
that survive a chat message, a URL or a file name.

The ID is 88 bits written in base64url (``A-Z a-z 0-9 - _``, no padding), first bit first:

- 1 bit, the side to move (0 White, 1 Black);
- 2 bits, whether White and whether Black is still to make its first turn (the head rule's
  exception, RULES.md section 4);
- 3 bits for each die, in the order thrown, or 0 and 0 when none are thrown;
- White's checkers, then Black's, each side's points 1 to 24 in its own numbering: as many
  1 bits as the point holds checkers, then a 0;
- 0 bits up to 88.

A side with all 15 on the board takes 39 bits, so everything fits in 87; checkers borne off
simply leave their bits out.

An ID never begins with ``-``, which a command line takes for an option: where base64url
would write it first (Black to move, both sides still to make their first turn, a 6 thrown
first), the ID has ``v``. Base64url never begins a position with ``v``, whose bits would say a
first die of 7, so ``v`` is free; an ID that an older nardy began with ``-`` still reads.

>>> from nardy_tui.engine.position import Position
>>> position_id(Position.initial())
'YAAAAP_-AAAB__w'
>>> read_position_id('YAAAAP_-AAAB__w')[0] == Position.initial()
True
>>> position_id(Position.initial(Side.BLACK), (6, 5))
'voAAAP_-AAAB__w'
>>> read_position_id('-oAAAP_-AAAB__w') == read_position_id('voAAAP_-AAAB__w')
True
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import TYPE_CHECKING

from nardy_tui.engine.geometry import CHECKERS, HEAD, POINTS, board_index
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice
from nardy_tui.i18n import _

if TYPE_CHECKING:
    from nardy_tui.engine.position import Position

ID_LENGTH = 15
BITS = 88
_ID = re.compile(r"[A-Za-z0-9_-]{15}")
_DIE_BITS = 3
_OPTION_SIGN = "-"
_INSTEAD_OF_OPTION_SIGN = "v"


class PositionIdError(ValueError):
    """The text is not the ID of a position: the message says what is wrong, in one line."""


def position_id(position: Position, dice: Dice | tuple[int, int] | None = None) -> str:
    """The ID of ``position``, with ``dice`` if they are thrown."""
    bits = [int(position.turn is Side.BLACK)]
    bits += [int(side in position.first_turns) for side in Side]
    for die in dice or (0, 0):
        bits += [die >> shift & 1 for shift in reversed(range(_DIE_BITS))]
    for side in Side:
        for point in range(1, POINTS + 1):
            bits += [1] * position.checkers(side, point) + [0]
    bits += [0] * (BITS - len(bits))
    number = int("".join(map(str, bits)), 2)
    text = base64.urlsafe_b64encode(number.to_bytes(BITS // 8, "big")).decode().rstrip("=")
    return _not_an_option(text)


def read_position_id(text: str) -> tuple[Position, Dice | None]:
    """The position and the dice (None if none are thrown) that ``text`` names;
    ``PositionIdError`` if it names none."""
    from nardy_tui.engine.position import Position

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
                raise PositionIdError(_("not a position: both sides have checkers on White's "
                                        "point {point}").format(point=index + 1))
            board[index] = count * side.sign
            on_board += count
        if on_board > CHECKERS:
            raise PositionIdError(_("not a position: {side} has {count} checkers on the "
                                    "board, at most 15").format(side=side.name_shown,
                                                               count=on_board))
    if bits.rest():
        raise PositionIdError(_("not a position ID: bits are left over after the board"))
    position = Position(tuple(board), turn, first_turns)
    _check_whole(position)
    # One position, one ID: the last character's two spare bits must be 0 (a "-" first, as an
    # older nardy wrote it, is still the same ID).
    if position_id(position, dice) != _not_an_option(text.strip()):
        raise PositionIdError(_("not a position ID: bits are left over after the board"))
    return position, dice


class _Bits:
    """The ID's bits, read from the first on."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.left = BITS

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
    if raw is None or len(raw) != BITS // 8:
        raise PositionIdError(_("{text} is not a position ID: an ID has 15 letters, digits, "
                                "'-' or '_'").format(text=repr(text[:40])))
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
            raise PositionIdError(_("not a position: {side} is still to make its first turn "
                                    "but has left its head").format(side=side.name_shown))
    if all(position.on_board(side) == 0 for side in Side):
        raise PositionIdError(_("not a position: both sides have borne off every checker"))
