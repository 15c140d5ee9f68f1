"""The board turned a quarter, for a narrow terminal (a phone): the 24 points as rows.

Turned clockwise, the landscape board's top row becomes the right column, read top down,
and its bottom row the left column; each column ends with its row's tray. A stack lies
sideways from the column's outer edge, where the point's number is, towards the middle,
as it hangs from the board's edge in landscape; the bar is a line across the middle.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from nardy_tui.i18n import _
from nardy_tui.ui.board_looks import (
    DRAWN_POINTS_KEPT,
    GLYPH,
    BoardCells,
    PointLook,
    TrayLook,
    centred,
)

LABEL_WIDTH = 2
"""Columns of a point's number (1 to 24)."""
MARKER_WIDTH = 2
"""Columns after a stack for its marker glyphs (the last play's mark beside the owner's)."""
GAP = 1
"""Columns of board between the two columns of points."""
HALF_CHROME = LABEL_WIDTH + 1 + MARKER_WIDTH
"""Columns of a half that are not its stack: the number, a space, the marker."""

MIN_STACK = 10
"""The fewest checkers a stack shows before writing its count (the narrowest terminal, 40
columns, leaves room for 12)."""
MAX_STACK = 15
"""A whole side's checkers."""


def stack_for(columns: int) -> int:
    """The longest stacks that ``columns`` of content fit, two halves and the gap.

    >>> stack_for(36), stack_for(39), stack_for(60)
    (12, 14, 15)
    """
    return max(MIN_STACK, min(MAX_STACK, (columns - GAP) // 2 - HALF_CHROME))


class PointColumns(BoardCells):
    """The whole board in portrait: two columns of twelve points, the bar, two trays."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.left: tuple[PointLook, ...] = ()
        self.right: tuple[PointLook, ...] = ()
        self.trays: tuple[TrayLook, ...] = ()
        self.stack = MIN_STACK
        self.row_height = 1
        self._lines: list[Strip] | None = None
        self._drawn: dict[tuple[PointLook, bool, bool], list[Strip]] = {}
        """Points already drawn, by look, shade and side: a step changes two or three."""

    @property
    def half_width(self) -> int:
        return HALF_CHROME + self.stack

    def show(
        self,
        left: tuple[PointLook, ...],
        right: tuple[PointLook, ...],
        trays: tuple[TrayLook, TrayLook],
        stack: int,
        row_height: int,
    ) -> None:
        """Draw these looks (each column top down; the left column's tray first); only a
        change redraws, and only a new size lays out again."""
        resized = (stack, row_height) != (self.stack, self.row_height)
        if not resized and (left, right, trays) == (self.left, self.right, self.trays):
            return
        self.left, self.right, self.trays = left, right, trays
        self.stack, self.row_height = stack, row_height
        self._lines = None
        if resized or len(self._drawn) > DRAWN_POINTS_KEPT:
            self._drawn.clear()
        self.refresh(layout=resized)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell drawn at (``x``, ``y``) (None on the bar or between the columns)."""
        if x < self.half_width:
            column, tray = self.left, 0
        elif x >= self.half_width + GAP:
            column, tray = self.right, 1
        else:
            return None
        half = 6 * self.row_height
        if y < half:
            return column[y // self.row_height].cell if column else None
        y -= half + 1
        if 0 <= y < half:
            return column[6 + y // self.row_height].cell if column else None
        y -= half
        if 0 <= y < self.row_height and self.trays:
            return self.trays[tray].cell
        return None

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 2 * self.half_width + GAP

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 13 * self.row_height + 1

    def forget_drawing(self) -> None:
        self._lines = None
        self._drawn.clear()

    def render_line(self, y: int) -> Strip:
        if self._lines is None:
            self._lines = self._draw() if self.trays else []
        if y < len(self._lines):
            return self._lines[y]
        return Strip.blank(self.size.width, self.rich_style)

    def cell_under(self, x: int, y: int) -> int | None:
        return self.cell_at(x, y)

    def _draw(self) -> list[Strip]:
        gap = Strip.blank(GAP, self.rich_style)
        lines: list[Strip] = []
        for row, (left, right) in enumerate(zip(self.left, self.right, strict=True)):
            if row == 6:
                lines.append(Strip.blank(2 * self.half_width + GAP, self.look("bar")))
            left_lines = self._point_drawn(left, light=row % 2 == 1, outer_left=True)
            right_lines = self._point_drawn(right, light=row % 2 == 0, outer_left=False)
            lines += [Strip.join((a, gap, b)) for a, b in zip(left_lines, right_lines, strict=True)]
        trays = [self._tray(look) for look in self.trays]
        lines += [Strip.join((a, gap, b)) for a, b in zip(*trays, strict=True)]
        return lines

    def _point_drawn(self, look: PointLook, light: bool, outer_left: bool) -> list[Strip]:
        key = (look, light, outer_left)
        if key not in self._drawn:
            self._drawn[key] = self._point(look, light, outer_left)
        return self._drawn[key]

    def _point(self, look: PointLook, light: bool, outer_left: bool) -> list[Strip]:
        """A point's lines: its number at the outer edge, the stack from there to the middle,
        the marker at the stack's tip; a second line, where the rows are two high, bare."""
        styles = self.point_styles(look, light)
        count = abs(look.count)
        written = str(count) if count > self.stack else ""
        stack = look.glyph * (min(count, self.stack) - cell_len(written))
        if outer_left:
            parts = [
                (look.label.rjust(LABEL_WIDTH), styles.label),
                (" " + stack, styles.checker),
                (written, styles.checker),
                (look.marker, styles.marker),
            ]
        else:
            parts = [
                (look.marker, styles.marker),
                (written, styles.checker),
                (stack + " ", styles.checker),
                (look.label.ljust(LABEL_WIDTH), styles.label),
            ]
        ground = styles.ground.background_style
        used = sum(cell_len(text) for text, _style in parts)
        pad = Segment(" " * max(0, self.half_width - used), ground)
        segments = [Segment(text, style) for text, style in parts if text]
        drawn = [*segments, pad] if outer_left else [pad, *segments]
        first = Strip(drawn).crop(0, self.half_width)
        bare = _bare_line(self.half_width, ground, self.rich_style, outer_left)
        return [first] + [bare] * (self.row_height - 1)

    def _tray(self, look: TrayLook) -> list[Strip]:
        """A tray's lines: its checkers borne off and its marker, on as many lines as a
        point's."""
        styles = self.tray_styles(look)
        words = f"{GLYPH[look.side]} {look.count} {_('off')} {look.marker}".strip()
        first = centred(words, styles.words, styles.ground, self.half_width)
        return [first] + [Strip.blank(self.half_width, styles.ground)] * (self.row_height - 1)


def _bare_line(width: int, ground: Style, board: Style, outer_left: bool) -> Strip:
    """A point's second line: the board's colour under the number, the point's after it."""
    label = Segment(" " * LABEL_WIDTH, board.background_style)
    rest = Segment(" " * (width - LABEL_WIDTH), ground)
    return Strip([label, rest] if outer_left else [rest, label])
