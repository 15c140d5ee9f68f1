"""The board: one focusable widget that owns the cursor, the selection keys and the view.

The 24 points, the bar and the two borne-off trays inside it are plain widgets that cannot
take focus, so a fast burst of keys always reaches the board itself (DESIGN.md "UI shape").
The board knows no rule. It draws any ``Position``, shows the highlights it is given as CSS
classes, and reports which cell the player chose; the game screen asks the engine what that
choice means. With ``interactive=False`` it is a read-only picture (for a replay viewer).

Cells (``ui/cells.py``) are board indexes or trays, so a highlight stays on the same point
when the view flips.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from nardy_tui.engine import HEAD, POINTS, Position, Side, board_index, own_point
from nardy_tui.i18n import N_, _
from nardy_tui.ui.cells import cell_of, layout, tray_cell
from nardy_tui.ui.translated import translate_bindings

GLYPH = {Side.WHITE: "○", Side.BLACK: "●"}
"""Checkers differ by glyph as well as colour, so the board reads in monochrome too."""

STACK_ROWS = 5
"""Checkers drawn on a point before the stack is shortened and its count written: the
least, for the smallest terminal; a taller terminal gets taller stacks (``fit_height``)."""

MAX_STACK_ROWS = 15
"""A whole side's checkers: a taller stack would only leave empty rows."""

POINT_WIDTH = 5
"""Columns of a point in the smallest terminal; a wider terminal widens them (``fit``)."""

MAX_POINT_WIDTH = 16

BOARD_FRAME = 16
"""Columns of the board that are not points: the bar (3), the tray with its margin (9),
the padding (2) and the border (2)."""

LAST_FROM_MARK = "◌"
"""Where a checker of the last play left from: an empty ring, for terminals without colour."""
LAST_TO_MARKS = {True: "▲", False: "▼"}
"""Where a checker of the last play arrived: an arrow at its stack (top row, bottom row)."""

BOARD_CHROME = 5
"""Rows of the board that are not points: its two borders and the banner across the middle."""

DIGIT_WAIT = 0.7
"""Seconds to wait for a second digit after typing 1 or 2 (10-24 are two digits)."""

HEAD_CELLS = frozenset(board_index(side, HEAD) for side in Side)

MARK_CLASSES = ("last-from", "last-to", "source", "selected", "dest-single", "dest-combined",
                "hint", "cursor")


class PointView(Static):
    """One point: its number at the board's edge and its stack of checkers."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "point--label", "point--white", "point--black", "point--marker",
    }

    def __init__(self, upper: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.upper = upper
        self.cell = 0
        self.count = 0
        self.label = ""
        self.marker = ""
        self.stack = STACK_ROWS

    def show(self, cell: int, count: int, label: str, marker: str, stack: int) -> None:
        """Show ``count`` checkers (+ White, - Black) under the edge number ``label``."""
        shown = (cell, count, label, marker, stack)
        if shown != (self.cell, self.count, self.label, self.marker, self.stack):
            self.cell, self.count, self.label, self.marker, self.stack = shown
            self.refresh()

    def render(self) -> Text:
        side = Side.WHITE if self.count > 0 else Side.BLACK
        checker = self.get_component_rich_style(f"point--{side.value}")
        rows: list[Text] = [Text(GLYPH[side], checker) for _ in range(min(abs(self.count),
                                                                          self.stack))]
        if abs(self.count) > self.stack:
            rows[-1] = Text(str(abs(self.count)), checker)
        if self.marker:
            rows.append(Text(self.marker, self.get_component_rich_style("point--marker")))
        rows += [Text("")] * (self.stack + 1 - len(rows))
        label = Text(self.label, self.get_component_rich_style("point--label"))
        lines = [label, *rows] if self.upper else [*reversed(rows), label]
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(BoardView.Clicked(self.cell))


class TrayView(Static):
    """A side's borne-off tray: its checkers' glyph and how many have been borne off."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cell = tray_cell(Side.WHITE)

    def show(self, cell: int, side: Side, count: int, marker: str) -> None:
        """Show ``side``'s tray; a fixed size, so no layout pass is needed."""
        self.cell = cell
        off = _("off")
        self.update(Text(f"{side.name_shown}\n{off}\n{GLYPH[side]} {count:>2}\n{marker}"),
                    layout=False)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(BoardView.Clicked(self.cell))


class BoardView(Widget, can_focus=True):
    """The whole board; focus it to move the cursor and choose points."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(0, -1)", N_("Left"), show=False),
        Binding("right", "cursor(0, 1)", N_("Right"), show=False),
        Binding("up", "cursor(-1, 0)", N_("Up"), show=False),
        Binding("down", "cursor(1, 0)", N_("Down"), show=False),
        Binding("enter,space", "choose", N_("Choose")),
        Binding("escape", "cancel", N_("Deselect"), show=False),
        Binding("f", "flip", N_("Flip view")),
        *(Binding(str(digit), f"digit({digit})", N_("Point"), show=False) for digit in range(10)),
    ]
    """The descriptions are translated per board (``translate_bindings``)."""

    view: reactive[Side] = reactive(Side.WHITE)
    """Whose side the board is seen from."""

    numbering: reactive[Side] = reactive(Side.WHITE)
    """Whose own numbering the edge numbers (and typed numbers) use: the mover's."""

    cursor: reactive[int] = reactive(board_index(Side.WHITE, HEAD))

    stack_rows: reactive[int] = reactive(STACK_ROWS)
    """How many checkers a point shows before it writes the count instead."""

    point_width: reactive[int] = reactive(POINT_WIDTH)
    """Columns per point: wider in a wider terminal, so the board fills it."""

    class Clicked(Message):
        """A point or tray inside the board was clicked."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Flipped(Message):
        """The view was flipped (so the screen can say whose side it shows)."""

    def __init__(self, *, interactive: bool = True, view: Side = Side.WHITE,
                 **kwargs: Any) -> None:
        """``view`` is set before the first frame, so the board never shows a side first."""
        super().__init__(**kwargs)
        translate_bindings(self)
        self.set_reactive(BoardView.view, view)
        self.can_focus = interactive
        self.interactive = interactive
        self.position = Position.initial()
        self._marks: dict[str, set[int]] = {name: set() for name in MARK_CLASSES}
        self._markers: dict[int, str] = {}
        self._pending_digit: int | None = None
        self._digit_timer: Timer | None = None
        self.on_chosen: Callable[[int], None] | None = None
        """Called at once with each chosen cell (Enter, Space, a typed number or a click).

        A callback, not a message: a posted message would queue behind keys already waiting
        from a fast burst, so a key typed after a point (confirm, undo) would act before the
        point was chosen.
        """
        self.on_cancelled: Callable[[], None] | None = None
        """Called at once when the player presses Escape (drop the selection)."""
        self._redraw_pending = False

    def compose(self) -> ComposeResult:
        for row in ("top", "bottom"):
            with Horizontal(classes=f"board-row {row}"):
                for column in range(12):
                    yield PointView(row == "top", classes="point " + _parity(row, column))
                    if column == 5:
                        yield Static(classes="bar")
                yield TrayView(classes="tray")
            if row == "top":
                yield Static(id="banner")

    def on_mount(self) -> None:
        self._redraw_now()

    # -- what the owner tells the board --------------------------------------------------

    def show(self, position: Position) -> None:
        """Draw ``position`` (any position: the board needs no turn in progress)."""
        self.position = position
        self._redraw()

    def set_banner(self, text: str | Text) -> None:
        """The line across the middle of the board: roll-off, dice, whose turn."""
        self.query_one("#banner", Static).update(text, layout=False)

    def set_marks(self, markers: dict[int, str] | None = None, **marks: Iterable[int]) -> None:
        """Replace the highlights: ``source=``, ``selected=``, ``dest_single=``, ...

        Each is a set of cells, shown as the CSS class of the same name; ``markers`` puts a
        glyph where a checker may land, for terminals without colour.
        """
        self._marks = {name: set(marks.get(name.replace("-", "_"), ())) for name in MARK_CLASSES
                       if name != "cursor"}
        self._markers = dict(markers or {})
        self._redraw()

    def move_cursor_to(self, cell: int) -> None:
        self.cursor = cell

    def fit_height(self, rows: int) -> None:
        """Make the stacks as tall as ``rows`` terminal rows allow for the whole board."""
        per_half = (rows - BOARD_CHROME) // 2 - 2  # each half: its edge numbers, a marker row
        self.stack_rows = max(STACK_ROWS, min(MAX_STACK_ROWS, per_half))

    def fit(self, columns: int, rows: int) -> None:
        """Make the board as big as ``columns`` by ``rows`` terminal cells allow: wider
        points and taller stacks, never smaller than the smallest board."""
        self.fit_height(rows)
        width = (columns - BOARD_FRAME) // 12
        self.point_width = max(POINT_WIDTH, min(MAX_POINT_WIDTH, width))

    # -- drawing ---------------------------------------------------------------------------

    def watch_view(self) -> None:
        self._redraw()

    def watch_numbering(self) -> None:
        self._redraw()

    def watch_cursor(self) -> None:
        self._redraw()

    def watch_stack_rows(self, rows: int) -> None:
        for widget in self.query(".point, .bar, .tray"):
            widget.styles.height = rows + 2
        self._redraw()

    def watch_point_width(self, columns: int) -> None:
        for widget in self.query(PointView):
            widget.styles.width = columns

    def _redraw(self) -> None:
        """Redraw once, after the current event, however many changes it made.

        One step changes the position, the numbering, the view and the highlights in turn;
        drawing each at once restyled the points several times over (and a burst of keys
        more), the costliest part of a step.
        """
        if self.is_mounted and not self._redraw_pending:
            self._redraw_pending = True
            self.call_later(self._redraw_now)

    def _redraw_now(self) -> None:
        self._redraw_pending = False
        if not self.is_attached or self.screen not in self.app.screen_stack:
            return  # a burst replaced its screen, which is being removed, points and all
        top, bottom = layout(self.view)
        points = list(self.query(PointView))
        trays = list(self.query(TrayView))
        point_cells = top[:12] + bottom[:12]
        for widget, cell in zip(points, point_cells, strict=True):
            label = str(own_point(self.numbering, cell))
            widget.show(cell, self.position.points[cell], label, self._marker(cell, widget.upper),
                        self.stack_rows)
            self._apply_classes(widget, cell)
        for tray, cell, upper in zip(trays, (top[12], bottom[12]), (True, False), strict=True):
            side = Side.WHITE if cell == tray_cell(Side.WHITE) else Side.BLACK
            tray.show(cell, side, self.position.borne_off(side), self._marker(cell, upper))
            self._apply_classes(tray, cell)

    def _marker(self, cell: int, upper: bool) -> str:
        """The glyph under a stack: the owner's marker, else the last play's own marks."""
        if cell in self._markers:
            return self._markers[cell]
        if cell in self._marks["last-to"]:
            return LAST_TO_MARKS[upper]
        return LAST_FROM_MARK if cell in self._marks["last-from"] else ""

    def _apply_classes(self, widget: Widget, cell: int) -> None:
        """Toggle the highlight classes in one batch (styles update only on a change)."""
        classes = {name: cell in cells for name, cells in self._marks.items()}
        classes["cursor"] = self.interactive and cell == self.cursor
        classes["head"] = cell in HEAD_CELLS
        widget.update_classes(classes)

    # -- keys and clicks ------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        self._flush_digit()
        top, bottom = layout(self.view)
        grid = [top, bottom]
        row = 0 if self.cursor in top else 1
        column = grid[row].index(self.cursor)
        row = (row + rows) % 2
        column = (column + columns) % len(grid[row])
        self.cursor = grid[row][column]

    def action_choose(self) -> None:
        if self._pending_digit is not None:
            self._flush_digit()
            return
        self._deliver(self.cursor)

    def action_cancel(self) -> None:
        self._flush_digit()
        if self.on_cancelled is not None:
            self.on_cancelled()

    def action_flip(self) -> None:
        self.view = self.view.opponent
        self.post_message(self.Flipped())

    def action_digit(self, digit: int) -> None:
        """Typed point numbers: 0 is the tray (off), 1-24 a point in the mover's numbering."""
        pending = self._pending_digit
        if pending is not None:
            self._cancel_digit_timer()
            self._pending_digit = None
            if pending * 10 + digit <= POINTS:
                self._choose_point(pending * 10 + digit)
                return
            self._choose_point(pending)
        if digit in (1, 2):
            self._pending_digit = digit
            self._digit_timer = self.set_timer(DIGIT_WAIT, self._flush_digit)
        else:
            self._choose_point(digit)

    def on_board_view_clicked(self, message: Clicked) -> None:
        message.stop()
        if not self.interactive:
            return
        self.focus()
        self._flush_digit()
        self.cursor = message.cell
        self._deliver(message.cell)

    def _choose_point(self, point: int) -> None:
        self.cursor = cell_of(self.numbering, point)
        self._deliver(self.cursor)

    def _deliver(self, cell: int) -> None:
        if self.on_chosen is not None:
            self.on_chosen(cell)

    def _flush_digit(self) -> None:
        self._cancel_digit_timer()
        if self._pending_digit is not None:
            point, self._pending_digit = self._pending_digit, None
            self._choose_point(point)

    def _cancel_digit_timer(self) -> None:
        timer, self._digit_timer = self._digit_timer, None
        if timer is not None:
            timer.stop()


def _parity(row: str, column: int) -> str:
    """Alternate point colours like the triangles of a real board."""
    return "light" if (column + (row == "bottom")) % 2 == 0 else "dark"

