"""Notation (RULES.md section 9): writing turns as ``24/21 13/8`` and reading them back.

Other layers write and read a play through ``Position.notation`` and
``Position.parse_play``, which call the functions here.

A turn is written compactly: each checker's steps in one turn join into one move
(``24/16`` for 5-3 played by one checker) and identical moves are grouped (``24/16(2)``).
Reading a turn needs the position and dice, because a combined move leaves its intermediate
points to the dice; every move read is checked against the rules.
"""

from __future__ import annotations

import re

from nardy_tui.engine.geometry import OFF, opposite_number
from nardy_tui.engine.movegen import IllegalPlayError
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import PASS, Dice, NotationError, Play, Step
from nardy_tui.engine.turn import TurnBuilder
from nardy_tui.i18n import _

_MOVE = re.compile(r"^(\d{1,2})/(\d{1,2}|off)(?:\((\d)\))?$")


def format_play(play: Play, position: Position, dice: Dice, *, reader: Side | None = None) -> str:
    """``Position.notation``: the play in notation, each checker's steps joined into one
    move where that reads back to the same turn, in the mover's numbering or ``reader``'s.

    >>> opening = (Step(24, 20, 4), Step(24, 20, 4), Step(20, 16, 4), Step(20, 16, 4))
    >>> format_play(opening, Position.initial(), (4, 4))
    '24/16(2)'
    >>> format_play((), Position.initial(), (4, 4))
    '(no move)'
    """
    if not play:
        return PASS
    moves = _moves_written(play, position, dice)
    return format_moves(moves, turned=reader is not None and reader is not position.turn)


def _moves_written(play: Play, position: Position, dice: Dice) -> list[tuple[int, int]]:
    """The moves notation writes for ``play``: each checker's joined where that reads back
    to the same turn, else the steps one by one."""
    stepwise = [(step.src, step.dst) for step in play]
    joined = checker_moves(play)
    if _group(joined) == _group(stepwise):  # no checker moved twice: nothing to read back
        return stepwise
    try:
        reads_back = position.apply(parse_play(_group(joined), position, dice), dice)
    except ValueError:
        return stepwise
    return joined if reads_back == position.apply(play, dice) else stepwise


def parse_play(text: str, position: Position, dice: Dice) -> Play:
    """``Position.parse_play``: the play that ``text`` describes for ``position`` and
    ``dice``; ``NotationError`` if the text is malformed, ``IllegalPlayError`` if it is not
    a legal turn.

    >>> parse_play("24-16", Position.initial(), (5, 3))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nardy_tui.engine.step.NotationError: '24-16' is not a move (write it like 24/18, ...).
    """
    turn = TurnBuilder(position, dice)
    text = text.strip()
    if text.lower() in {PASS, "pass", ""}:
        if not turn.is_pass:
            raise IllegalPlayError(
                _("{notation} is wrong here: this roll can be played.").format(notation=PASS)
            )
        return Play()
    for token in text.split():
        match = _MOVE.match(token.lower())
        if match is None:
            raise NotationError(
                _("{move} is not a move (write it like 24/18, 5/off or 24/18(2)).").format(
                    move=repr(token)
                )
            )
        src = int(match.group(1))
        dst = OFF if match.group(2) == "off" else int(match.group(2))
        for _count in range(int(match.group(3) or 1)):
            try:
                turn.move(src, dst)
            except IllegalPlayError as refused:
                raise IllegalPlayError(
                    _("{move}: {reason}").format(move=token, reason=refused)
                ) from None
    if not turn.is_complete:
        raise IllegalPlayError(_("The turn leaves dice unplayed that could be played."))
    return turn.steps


def renumbered(notation: str) -> str:
    """The same turn in the opponent's numbering, as the other player reads the board.

    A turn is written in the mover's own numbering (RULES.md section 9); this names each
    point as the opponent numbers it, for showing a turn to that player. ``off`` and
    ``(no move)`` stay as they are.

    >>> renumbered("24/17 13/off 24/18(2)")
    '12/5 1/off 12/6(2)'
    >>> renumbered(PASS)
    '(no move)'
    """
    if notation == PASS:
        return notation
    moves = []
    for token in notation.split():
        found = _MOVE.match(token)
        if found is None:
            raise ValueError(f"{token!r} is not a move")
        src, dst, count = found.groups()
        moves.append(
            f"{opposite_number(int(src))}/"
            f"{dst if dst == 'off' else opposite_number(int(dst))}"
            + (f"({count})" if count else "")
        )
    return " ".join(moves)


def checker_moves(play: Play) -> list[tuple[int, int]]:
    """Where each checker moved this turn, from its first point to its last.

    A checker played with several dice is one move; steps that merely pass through a
    point leave it out. The moves come in the order the checkers first moved.

    >>> checker_moves((Step(24, 19, 5), Step(19, 16, 3)))
    [(24, 16)]
    >>> checker_moves((Step(13, 8, 5), Step(10, 8, 2)))
    [(13, 8), (10, 8)]
    """
    moves: list[list[int]] = []
    for step in play:
        follows = next((move for move in reversed(moves) if move[1] == step.src), None)
        if follows is not None and step.src != OFF:
            follows[1] = step.dst
        else:
            moves.append([step.src, step.dst])
    return [(src, dst) for src, dst in moves]


def format_moves(moves: list[tuple[int, int]], *, turned: bool = False) -> str:
    """Checker moves (from, to; ``checker_moves`` gives a play's) in notation, identical
    moves written once with their count: the rest of a turn already begun, say. ``turned``:
    each point named as the opponent numbers it, for the other player to read.

    >>> format_moves([(13, 8), (13, 8), (6, 0)])
    '13/8(2) 6/off'
    >>> format_moves([(13, 8), (6, 0)], turned=True)
    '1/20 18/off'
    """
    if turned:
        moves = [
            (opposite_number(src), dst if dst == OFF else opposite_number(dst))
            for src, dst in moves
        ]
    return _group(moves)


def _group(moves: list[tuple[int, int]]) -> str:
    """Moves in notation, identical moves written once with their count."""
    counts: dict[tuple[int, int], int] = {}
    for move in moves:
        counts[move] = counts.get(move, 0) + 1
    return " ".join(
        f"{Step(src, dst, 0)}" + (f"({count})" if count > 1 else "")
        for (src, dst), count in counts.items()
    )
