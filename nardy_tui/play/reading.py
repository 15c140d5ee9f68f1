"""A side's own numbering: the one way the screen prints a point, a step or a play.

Each side numbers the points from its own start (RULES.md §1), so one move reads 24/18 to
its mover and 12/6 to the opponent. Whatever the screen prints (the status line, the
history, the hint, the last play again) goes through a ``Reader``, so all of it agrees with
the numbers on the board's edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy_tui.engine import (
    OFF,
    Dice,
    Play,
    Position,
    Side,
    TurnBuilder,
    TurnRecord,
    checker_moves,
    format_moves,
    renumber,
)
from nardy_tui.i18n import _


@dataclass(frozen=True, slots=True)
class Reader:
    """The player who reads the screen, named by the side whose numbering they use.

    >>> from nardy_tui.engine import Step
    >>> Reader(Side.BLACK).steps((Step(24, 18, 6),), Side.WHITE)
    '12/6'
    """

    side: Side

    def point(self, point: int, mover: Side) -> str:
        """``mover``'s own point as the reader numbers it ("off" for 0, as notation writes
        it)."""
        return "off" if point == OFF else str(renumber(point, mover, self.side))

    def steps(self, steps: Play, mover: Side) -> str:
        """Each step on its own (``24/21 21/16``): what was just played, step by step."""
        return " ".join(
            f"{self.point(step.src, mover)}/{self.point(step.dst, mover)}" for step in steps
        )

    def moves(self, steps: Play, mover: Side) -> str:
        """Each checker's move whole (``24/16`` for 24/21 21/16): where checkers went."""
        return " ".join(
            f"{self.point(src, mover)}/{self.point(dst, mover)}"
            for src, dst in checker_moves(steps)
        )

    def play(self, play: Play, position: Position, dice: Dice) -> str:
        """A whole play in notation, as the record would write it for the reader."""
        return position.notation(play, dice, reader=self.side)

    def finish(self, rest: Play, turn: TurnBuilder) -> str:
        """The steps that finish ``turn``: a whole play in notation when nothing is played
        yet, otherwise the rest alone, each checker's steps joined (the hint names both)."""
        if not turn.steps:
            return self.play(rest, turn.position, turn.dice)
        return format_moves(checker_moves(rest), turned=turn.mover is not self.side)

    def turn(self, record: TurnRecord) -> str:
        """A turn of the history: who, the dice, and the moves.

        >>> from nardy_tui.engine import Step
        >>> record = TurnRecord(Side.BLACK, (5, 2), (Step(24, 19, 5), Step(19, 17, 2)), "24/17")
        >>> Reader(Side.BLACK).turn(record), Reader(Side.WHITE).turn(record)
        ('Black 5-2: 24/17', 'Black 5-2: 12/5')
        """
        # A pass: the record writes "(no move)" in English, the screen in the player's words.
        notation = record.read_by(self.side) if record.play else _("(no move)")
        return _("{side} {dice}: {moves}").format(
            side=record.side.name_shown, dice=str(record.dice), moves=notation
        )
