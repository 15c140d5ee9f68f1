"""The marks on the board's cells: one name for each highlight, the glyphs that stand in
for colour, and the one place a play becomes marked cells.

The turn flow says which cells carry which mark; the board draws each mark in the look of
its name from the stylesheet (``point--dest-single``); the review and the replay mark a
play the same way as the game does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from nardy_tui.engine import Play, Side, checker_moves
from nardy_tui.play.cells import cell_of


class Highlight(Enum):
    """A highlight on a cell, its value the look's name in the stylesheet.

    The owner's marks come first, weakest first: where two apply, the later one's colour
    wins. The board adds the last two itself.
    """

    LAST_FROM = "last-from"
    """Where a checker of the last play left from."""
    LAST_TO = "last-to"
    """Where a checker of the last play arrived."""
    SOURCE = "source"
    """A checker that may make the next step."""
    SELECTED = "selected"
    """The checker chosen to move."""
    DEST_SINGLE = "dest-single"
    """Where the chosen checker arrives with one die."""
    DEST_COMBINED = "dest-combined"
    """Where it arrives with dice combined."""
    HINT = "hint"
    """Where a checker of the hinted (or best) play leaves or arrives."""
    CURSOR = "cursor"
    """The board's cursor (the board's own)."""
    HEAD = "head"
    """Each side's head (the board's own)."""


OWNERS_MARKS = tuple(mark for mark in Highlight if mark not in (Highlight.CURSOR, Highlight.HEAD))
"""The marks the board's owner sets (``Marks``), weakest first."""

SINGLE_GLYPH = "◇"
"""Where the chosen checker lands with one die, for terminals without colour."""
COMBINED_GLYPH = "◆"
"""Where it lands with dice combined."""
HINT_FROM_GLYPH = "☆"
"""Where a checker of the hint, or of the review's best play, leaves from."""
HINT_TO_GLYPH = "★"
"""Where a checker of the hint, or of the review's best play, arrives."""
LAST_FROM_GLYPH = "◌"
"""Where a checker of the last play left from: an empty ring."""
LAST_TO_GLYPHS = {True: "▲", False: "▼"}
"""Where a checker of the last play arrived: an arrow at its stack (top row, bottom row)."""
LAST_TO_GLYPHS_TURNED = {True: "▶", False: "◀"}
"""The same arrows on the board turned a quarter, whose top row is the right column."""


@dataclass(frozen=True, slots=True)
class Marks:
    """The board's highlights: glyphs on cells, and cells by mark (``BoardView.set_marks``)."""

    glyphs: dict[int, str] = field(default_factory=dict)
    cells: dict[Highlight, set[int]] = field(default_factory=dict)

    def of(self, mark: Highlight) -> set[int]:
        """The cells with ``mark`` (none when it is not set)."""
        return self.cells.get(mark, set())


def moved_cells(side: Side, play: Play) -> tuple[set[int], set[int]]:
    """Where ``side``'s checkers leave from in ``play``, and where they arrive, as cells;
    a checker that moves on in the same play (24/18 18/13) counts once, from 24 to 13.

    >>> from nardy_tui.engine import Step
    >>> moved_cells(Side.WHITE, (Step(24, 18, 6), Step(18, 13, 5)))
    ({23}, {12})
    """
    moves = checker_moves(play)
    return {cell_of(side, src) for src, _ in moves}, {cell_of(side, dst) for _, dst in moves}


def last_play_marks(side: Side, play: Play) -> Marks:
    """The marks of a play just made: where its checkers left, where they arrived."""
    left, arrived = moved_cells(side, play)
    return Marks(cells={Highlight.LAST_FROM: left, Highlight.LAST_TO: arrived})


def judged_marks(side: Side, played: Play, best: Play = Play()) -> Marks:
    """The marks of a play under review: the play made, as the last play is marked, and
    the best play as the hint is: a hollow star where its checkers leave, a full one where
    they arrive (none: ``best`` empty).
    """
    left, arrived = moved_cells(side, played)
    best_from, best_to = moved_cells(side, best)
    starred = best_from | best_to
    return Marks(
        dict.fromkeys(best_from, HINT_FROM_GLYPH) | dict.fromkeys(best_to, HINT_TO_GLYPH),
        {Highlight.LAST_FROM: left, Highlight.LAST_TO: arrived, Highlight.HINT: starred},
    )
