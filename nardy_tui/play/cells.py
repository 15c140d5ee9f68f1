"""The board's cells: its 24 points and the two trays, as the screens name them.

A cell is a board index (0-23, White's numbering minus one) or a tray (``tray_cell``), so a
highlight stays on the same point when the view flips. These are plain functions with no
widget behind them: the turn flow and the board both speak in cells.
"""

from __future__ import annotations

from nardy_tui.engine import OFF, POINTS, Side, board_index, own_point


def tray_cell(side: Side) -> int:
    """The cell of ``side``'s borne-off tray (after the 24 point cells)."""
    return POINTS if side is Side.WHITE else POINTS + 1


def cell_of(side: Side, point: int) -> int:
    """The cell for ``side``'s own point ``point``; point 0 (off) is ``side``'s tray.

    >>> cell_of(Side.WHITE, 24), cell_of(Side.BLACK, 24), cell_of(Side.BLACK, 0)
    (23, 11, 25)
    """
    return tray_cell(side) if point == OFF else board_index(side, point)


def point_of(side: Side, cell: int) -> int | None:
    """``side``'s own number for ``cell``: 0 for its own tray, None for the opponent's.

    >>> point_of(Side.BLACK, 11), point_of(Side.WHITE, 24), point_of(Side.WHITE, 25) is None
    (24, 0, True)
    """
    if cell < POINTS:
        return own_point(side, cell)
    return OFF if cell == tray_cell(side) else None


def layout(view: Side) -> tuple[list[int], list[int]]:
    """The cells of the top and bottom rows, left to right, seen from ``view``'s side.

    From White's side (RULES.md section 1) the top row is White's 13-24 and the bottom row
    12-1; each row ends with a tray, the viewer's own at the bottom.
    """
    top = [board_index(view, point) for point in range(13, 25)] + [tray_cell(view.opponent)]
    bottom = [board_index(view, point) for point in range(12, 0, -1)] + [tray_cell(view)]
    return top, bottom
