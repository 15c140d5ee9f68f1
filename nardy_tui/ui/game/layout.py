"""The game screen's layout for the terminal's size (``sized.Shape``): the board and the
side panel beside it, or, in a terminal smaller than ``FULL_LAYOUT``, the board alone with
two lines of news under it and the panel a key away (``i``); in a phone's layouts, the
board turned a quarter (a narrow terminal) or with shorter stacks (a short one), and big
buttons for the keys (``TapBar``). The stylesheet keys on the screen's classes, which
Textual's breakpoints set (``BOARD_WIDTHS``, ``BOARD_HEIGHTS``), and ``-panel-shown`` for
the panel in the board's place."""

from __future__ import annotations

from textual.screen import Screen

from nardy_tui.play import COMMANDS
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.footer import KeysFooter, show_in_footer
from nardy_tui.ui.sized import Shape, shape_of

BELOW_BOARD = 3
"""Rows under the board: the two-line status and the footer."""
COMPACT_INFO_ROWS = 2
"""Rows of the compact layout's news under the board (``CompactInfo``)."""
TAP_ROWS = 3
"""Rows of the buttons under the board turned a quarter (``TapBar``)."""
TAP_COLUMNS = 14
"""Columns of the buttons beside the board in a short terminal (``TapBar``)."""
SIDE_PANEL = 44
"""Columns the side panel keeps (with its margin) when a wider terminal widens the board."""
BOARD_KEYS_SHOWN = frozenset({"choose", "flip"})
"""The board's keys in the footer: Enter and f."""
KEYS_SHOWN_WHEN_ROOM = frozenset(spec.action for spec in COMMANDS if spec.roomy_only)
"""The screen's keys the footer drops (with the board's) in the compact layout."""


class GameLayout:
    """Fits the board to the terminal and switches the screen between its two layouts."""

    def __init__(self, screen: Screen[None]) -> None:
        self._screen = screen
        self._compact = False

    @property
    def compact(self) -> bool:
        """Whether the board is alone, its news under it and the side panel a key away."""
        return self._compact

    @property
    def panel_shown(self) -> bool:
        """Whether the compact layout shows the side panel in the board's place."""
        return self._screen.has_class("-panel-shown")

    def fit(self, width: int, height: int) -> None:
        """Wider points and taller stacks in a bigger terminal, so the board fills it."""
        screen = self._screen
        board = screen.query_one(BoardView)
        shape = shape_of(width, height) or Shape.COMPACT
        compact = shape is not Shape.FULL
        if compact != self._compact:
            self._compact = compact
            screen.remove_class("-panel-shown")
            # The footer's keys in 80 columns: tighter, and a few left to the help, where
            # every key is.
            screen.query_one(KeysFooter).compact = compact
            show_in_footer(board, BOARD_KEYS_SHOWN, not compact)
            show_in_footer(screen, KEYS_SHOWN_WHEN_ROOM, not compact)
            screen.refresh_bindings()
        if shape is Shape.PORTRAIT:
            board.fit_shape(shape, width, height - BELOW_BOARD - COMPACT_INFO_ROWS - TAP_ROWS)
        elif shape is Shape.SHORT:
            board.fit_shape(shape, width - TAP_COLUMNS, height - BELOW_BOARD - COMPACT_INFO_ROWS)
        elif compact:
            board.fit_shape(shape, width, height - BELOW_BOARD - COMPACT_INFO_ROWS)
        else:
            board.fit_shape(shape, width - SIDE_PANEL, height - BELOW_BOARD)

    def toggle_panel(self) -> None:
        """In the compact layout, the side panel (score, dice, pips, the whole history) in
        the board's place, and back."""
        screen = self._screen
        shown = not self.panel_shown
        screen.set_class(shown, "-panel-shown")
        if not shown:
            screen.query_one(BoardView).focus()
        screen.refresh_bindings()
