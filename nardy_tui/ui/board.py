"""The board: one focusable widget that owns the cursor, the selection keys and the view.

Its two halves (``PointRow``: twelve points, the bar and a tray each) and the banner between
them cannot take focus, so a fast burst of keys always reaches the board itself. The board
knows no rule. It draws any ``Position``, shows the highlights it is given, and reports which
cell the player chose; the game screen asks the engine what that choice means. With
``interactive=False`` it is a read-only picture (for a replay viewer).

Cells (``nardy_tui.play``'s ``cell_of``) are board indexes or trays, so a highlight stays on
the same point when the view flips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from nardy_tui.engine import HEAD, OFF, Position, Side, board_index, own_point
from nardy_tui.i18n import N_, _
from nardy_tui.play import (
    LAST_FROM_GLYPH,
    LAST_TO_GLYPHS,
    LAST_TO_GLYPHS_TURNED,
    Highlight,
    Marks,
    PointTyping,
    cell_of,
    choosable_points,
    layout,
    points_begun_by,
    tray_cell,
)
from nardy_tui.ui.board_looks import (
    DRAWN_POINTS_KEPT,
    GLYPH,
    BoardCells,
    PointLook,
    TrayLook,
    centred,
)
from nardy_tui.ui.board_portrait import PointColumns, stack_for
from nardy_tui.ui.sized import Shape
from nardy_tui.ui.translated import translate_bindings

STACK_ROWS = 5
"""Checkers drawn on a point before the stack is shortened and its count written: the
least, for the smallest terminal; a taller terminal gets taller stacks (``fit_height``)."""

SHORT_STACK_ROWS = 3
"""The stacks of a short terminal (fewer than 24 rows, ``sized.SHORT_HEIGHT``)."""

MAX_STACK_ROWS = 15
"""A whole side's checkers: a taller stack would only leave empty rows."""

POINT_WIDTH = 5
"""Columns of a point in the smallest terminal; a wider terminal widens them (``fit``)."""

MAX_POINT_WIDTH = 16

BOARD_FRAME = 16
"""Columns of the board that are not points: the bar (3), the tray with its margin (9),
the padding (2) and the border (2)."""

BOARD_CHROME = 5
"""Rows of the board that are not points: its two borders and the banner across the middle."""
SHORT_BOARD_CHROME = 3
"""The same in a short terminal, whose banner is one line."""

DRAWN_FROM = ("view", "numbering", "cursor", "stack_rows", "point_width", "portrait")
"""The board's reactives: a change to any of them redraws it (once the event's changes are
all made, ``BoardView._redraw``)."""

HEAD_CELLS = frozenset(board_index(side, HEAD) for side in Side)

PORTRAIT_FRAME = 4
"""Columns of the turned board that are not points: the padding (2) and the border (2)."""
PORTRAIT_CHROME = 4
"""Rows of the turned board that are not points, the bar or the trays: its two borders and
the banner (two lines at most) over the columns."""

BAR_WIDTH = 3
TRAY_MARGIN = 1
"""Columns of board between the last point and the tray."""
TRAY_WIDTH = 8


class PointRow(BoardCells):
    """Half the board in landscape, drawn line by line: twelve points, the bar after the
    sixth, a tray."""

    def __init__(self, upper: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.upper = upper
        self.points: tuple[PointLook, ...] = ()
        self.tray: TrayLook | None = None
        self.stack = STACK_ROWS
        self.point_width = POINT_WIDTH
        self._lines: list[Strip] | None = None
        self._drawn: dict[tuple[PointLook, bool], list[Strip]] = {}
        """Points already drawn, by look and shade: a step changes two or three points."""

    def show(
        self, points: tuple[PointLook, ...], tray: TrayLook, stack: int, point_width: int
    ) -> None:
        """Draw these looks; only a change redraws, and only a new size lays out again."""
        resized = (stack, point_width) != (self.stack, self.point_width)
        if not resized and (points, tray) == (self.points, self.tray):
            return
        self.points, self.tray, self.stack, self.point_width = points, tray, stack, point_width
        self._lines = None
        if resized or len(self._drawn) > DRAWN_POINTS_KEPT:
            self._drawn.clear()
        self.refresh(layout=resized)

    def cell_at(self, x: int) -> int | None:
        """The cell drawn at column ``x`` of this row (None on the bar or the margin)."""
        points_width = 6 * self.point_width
        if x < points_width:
            return self.points[x // self.point_width].cell
        x -= points_width + BAR_WIDTH
        if 0 <= x < points_width:
            return self.points[6 + x // self.point_width].cell
        x -= points_width + TRAY_MARGIN
        return self.tray.cell if self.tray is not None and 0 <= x < TRAY_WIDTH else None

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 12 * self.point_width + BAR_WIDTH + TRAY_MARGIN + TRAY_WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.stack + 2

    def forget_drawing(self) -> None:
        self._lines = None
        self._drawn.clear()

    def render_line(self, y: int) -> Strip:
        if self._lines is None:
            self._lines = self._draw() if self.tray is not None else []
        if y < len(self._lines):
            return self._lines[y]
        return Strip.blank(self.size.width, self.rich_style)

    def cell_under(self, x: int, y: int) -> int | None:
        return self.cell_at(x)

    def _draw(self) -> list[Strip]:
        assert self.tray is not None
        around = self.rich_style
        height = self.stack + 2
        columns = [self._point_drawn(look, column) for column, look in enumerate(self.points)]
        bar = [Strip.blank(BAR_WIDTH, self.look("bar"))] * height
        margin = [Strip.blank(TRAY_MARGIN, around)] * height
        columns[6:6] = [bar]
        columns += [margin, self._tray(self.tray)]
        return [Strip.join(column[y] for column in columns) for y in range(height)]

    def _point_drawn(self, look: PointLook, column: int) -> list[Strip]:
        light = (column + (not self.upper)) % 2 == 0  # alternating, like a board's triangles
        key = (look, light)
        if key not in self._drawn:
            self._drawn[key] = self._point(look, light)
        return self._drawn[key]

    def _point(self, look: PointLook, light: bool) -> list[Strip]:
        """The point's lines, edge number first (top row) or last (bottom row)."""
        styles = self.point_styles(look, light)
        rows = [(look.glyph, styles.checker)] * min(abs(look.count), self.stack)
        if abs(look.count) > self.stack:
            rows[-1] = (str(abs(look.count)), styles.checker)
        if look.marker:
            rows.append((look.marker, styles.marker))
        rows += [("", styles.ground)] * (self.stack + 1 - len(rows))
        label = (look.label, styles.label)
        lines = [label, *rows] if self.upper else [*reversed(rows), label]
        return [
            centred(text, text_style, styles.ground, self.point_width) for text, text_style in lines
        ]

    def _tray(self, look: TrayLook) -> list[Strip]:
        """The tray's lines: a blank line, whose tray, "off", the count, the marker."""
        styles = self.tray_styles(look)
        texts = [
            "",
            look.side.name_shown,
            _("off"),
            f"{GLYPH[look.side]} {look.count:>2}",
            look.marker,
        ]
        texts += [""] * (self.stack + 2 - len(texts))
        return [centred(text, styles.words, styles.ground, TRAY_WIDTH) for text in texts]


class BoardListener(Protocol):
    """What the board tells its owner (the game screen) of the player's input.

    Calls, not messages: a posted message would queue behind keys already waiting from a
    fast burst, so a key typed after a point (confirm, undo) would act before the point
    was chosen.
    """

    def chosen(self, cell: int) -> None:
        """A cell was chosen: Enter, Space, a typed number or a click."""

    def cancelled(self) -> None:
        """Escape: drop the selection."""

    def digit_waiting(self, digit: int, points: Sequence[int]) -> None:
        """A typed 1 or 2 waits for a second digit that makes one of ``points`` (those
        it begins that can be chosen now), so the player sees it."""

    def digit_forgotten(self, digit: int) -> None:
        """Escape forgot a digit that waited (and chose nothing), so the player sees it."""


KEYS_OF_TYPING = frozenset({*(str(digit) for digit in range(10)), "enter", "space", "escape"})
"""The keys that say what a waiting digit means; any other takes it as its point first."""


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
        Binding("o", "tray", N_("Off"), show=False),
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

    portrait: reactive[bool] = reactive(False)
    """Whether the board is turned a quarter, its points as rows (a narrow terminal)."""

    class Flipped(Message):
        """The view was flipped (so the screen can say whose side it shows)."""

    def __init__(self, *, interactive: bool = True, view: Side = Side.WHITE, **kwargs: Any) -> None:
        """``view`` is set before the first frame, so the board never shows a side first."""
        super().__init__(**kwargs)
        translate_bindings(self)
        self.set_reactive(BoardView.view, view)
        self.can_focus = interactive
        self.interactive = interactive
        self.position = Position.initial()
        self._marks = Marks()
        self._typing = PointTyping()
        self.listener: BoardListener | None = None
        """Told at once of each choice (none on a board only looked at)."""
        self._redraw_pending = False
        self._turned_stack = stack_for(0)
        self._turned_row_height = 1

    def compose(self) -> ComposeResult:
        yield PointRow(upper=True, id="top-row")
        yield Static(id="banner")
        yield PointRow(upper=False, id="bottom-row")
        yield PointColumns(id="columns")

    def watch_portrait(self, portrait: bool) -> None:
        self.set_class(portrait, "-portrait")

    def on_mount(self) -> None:
        for part in self.query(BoardCells):
            part.tapped = self.cell_tapped
        for name in DRAWN_FROM:
            self.watch(self, name, self._redraw, init=False)
        self._redraw_now()

    # -- what the owner tells the board --------------------------------------------------

    def show(self, position: Position) -> None:
        """Draw ``position`` (any position: the board needs no turn in progress)."""
        self.position = position
        self._redraw()

    def set_banner(self, text: str | Text) -> None:
        """The line across the middle of the board: roll-off, dice, whose turn."""
        self.query_one("#banner", Static).update(text, layout=False)

    def set_marks(self, marks: Marks) -> None:
        """Replace the highlights: each mark's cells are drawn in the look of its name
        (``PointRow``), and each glyph stands under its cell, for terminals without colour."""
        self._marks = marks
        self._redraw()

    def move_cursor_to(self, cell: int) -> None:
        """The owner's cursor for a new turn: Enter then chooses it, whatever was typed."""
        self._typing.forget()
        self.cursor = cell

    def fit_height(self, rows: int) -> None:
        """Make the stacks as tall as ``rows`` terminal rows allow for the whole board."""
        per_half = (rows - BOARD_CHROME) // 2 - 2  # each half: its edge numbers, a marker row
        self.stack_rows = max(STACK_ROWS, min(MAX_STACK_ROWS, per_half))

    def fit_shape(self, shape: Shape, columns: int, rows: int) -> None:
        """Fit ``columns`` by ``rows`` of a terminal of ``shape``: turned a quarter in a
        narrow one, with shorter stacks in a short one."""
        self.portrait = shape is Shape.PORTRAIT
        self.fit(columns, rows, short=shape is Shape.SHORT)

    def fit(self, columns: int, rows: int, *, short: bool = False) -> None:
        """Make the board as big as ``columns`` by ``rows`` terminal cells allow: wider
        points and taller stacks, never smaller than the smallest board (in a ``short``
        terminal, its shorter stacks). Turned a quarter, longer stacks and, where there
        is room, points two lines high, easier to tap."""
        if self.portrait:
            self._turned_stack = stack_for(columns - PORTRAIT_FRAME)
            two_high = PORTRAIT_CHROME + 13 * 2 + 1  # twelve points and a tray, the bar
            self._turned_row_height = 2 if rows >= two_high else 1
            self._redraw()
            return
        if short:
            per_half = (rows - SHORT_BOARD_CHROME) // 2 - 2
            self.stack_rows = max(SHORT_STACK_ROWS, min(STACK_ROWS, per_half))
        else:
            self.fit_height(rows)
        width = (columns - BOARD_FRAME) // 12
        self.point_width = max(POINT_WIDTH, min(MAX_POINT_WIDTH, width))

    # -- drawing ---------------------------------------------------------------------------

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
        if self.portrait:
            self._draw_turned()
            return
        for row, cells in zip(self.query(PointRow), layout(self.view), strict=True):
            arrow = LAST_TO_GLYPHS[row.upper]
            points = tuple(self._point_look(cell, arrow) for cell in cells[:12])
            row.show(points, self._tray_look(cells[12], arrow), self.stack_rows, self.point_width)

    def _draw_turned(self) -> None:
        """The board turned a quarter: the top row is the right column, read top down."""
        top, bottom = layout(self.view)
        left_arrow, right_arrow = LAST_TO_GLYPHS_TURNED[False], LAST_TO_GLYPHS_TURNED[True]
        self.query_one(PointColumns).show(
            tuple(self._point_look(cell, left_arrow) for cell in bottom[:12]),
            tuple(self._point_look(cell, right_arrow) for cell in top[:12]),
            (self._tray_look(bottom[12], left_arrow), self._tray_look(top[12], right_arrow)),
            self._turned_stack,
            self._turned_row_height,
        )

    def looks(self) -> list[PointLook | TrayLook]:
        """Every cell as drawn, row by row from the top left (what a test reads); turned,
        the left column, the right, then the trays."""
        if self.portrait:
            columns = self.query_one(PointColumns)
            return [*columns.left, *columns.right, *columns.trays]
        return [
            look
            for row in self.query(PointRow)
            for look in (*row.points, row.tray)
            if look is not None
        ]

    def marked(self, mark: Highlight) -> set[int]:
        """The cells drawn with ``mark``."""
        return {look.cell for look in self.looks() if mark in look.marks}

    def _point_look(self, cell: int, arrow: str) -> PointLook:
        return PointLook(
            cell,
            self.position.points[cell],
            str(own_point(self.numbering, cell)),
            self._marker(cell, arrow),
            self._marks_of(cell),
        )

    def _tray_look(self, cell: int, arrow: str) -> TrayLook:
        side = Side.WHITE if cell == tray_cell(Side.WHITE) else Side.BLACK
        return TrayLook(
            cell,
            side,
            self.position.borne_off(side),
            self._marker(cell, arrow),
            self._marks_of(cell),
        )

    def _marker(self, cell: int, arrow: str) -> str:
        """The glyphs at a stack's tip: the owner's marker and the last play's own mark
        (``arrow`` where a checker arrived), side by side where both apply; a review's play
        that was the best lost its ◌ and ▲ to the ★."""
        last = ""
        if cell in self._marks.of(Highlight.LAST_TO):
            last = arrow
        elif cell in self._marks.of(Highlight.LAST_FROM):
            last = LAST_FROM_GLYPH
        return self._marks.glyphs.get(cell, "") + last

    def _marks_of(self, cell: int) -> frozenset[Highlight]:
        marks = {mark for mark, cells in self._marks.cells.items() if cell in cells}
        if self.interactive and cell == self.cursor:
            marks.add(Highlight.CURSOR)
        if cell in HEAD_CELLS:
            marks.add(Highlight.HEAD)
        return frozenset(marks)

    # -- keys and clicks ------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Before any key but those of typing acts (a move, confirm, undo, the tray), a
        digit still waiting is taken as its point: the keys act in the order typed."""
        if event.key not in KEYS_OF_TYPING:
            self.take_waiting_digit()

    def action_cursor(self, rows: int, columns: int) -> None:
        """Move the cursor on the board as drawn: turned a quarter, up and down go along a
        column (a landscape row) and left and right across to the other."""
        if self.portrait:
            rows, columns = abs(columns), rows
        top, bottom = layout(self.view)
        grid = [top, bottom]
        row = 0 if self.cursor in top else 1
        column = grid[row].index(self.cursor)
        row = (row + rows) % 2
        column = (column + columns) % len(grid[row])
        self.cursor = grid[row][column]

    def action_choose(self) -> None:
        """Enter: a waiting digit's point, nothing more right after a typed point (Enter
        after 1 never drops the checker 1 chose), else the point under the cursor."""
        points = self._typing.enter()
        if points is None:
            self._deliver(self.cursor)
        else:
            self._choose_points(points)

    def action_cancel(self) -> None:
        """Escape: a waiting digit is forgotten (never played); else the selection dropped."""
        digit = self._typing.forget()
        if self.listener is None:
            return
        if digit is None:
            self.listener.cancelled()
        else:
            self.listener.digit_forgotten(digit)

    def action_flip(self) -> None:
        self.view = self.view.opponent
        self.post_message(self.Flipped())

    def action_digit(self, digit: int) -> None:
        """Typed point numbers: 0 is the tray (off), 1-24 a point in the mover's numbering;
        a 1 or 2 that may begin a point that can be chosen waits for its second digit."""
        choosable = choosable_points(self._marks, self.numbering)
        self._choose_points(self._typing.digit(digit, choosable))
        if self._typing.waiting is not None:
            self.cursor = cell_of(self.numbering, digit)
            if self.listener is not None:
                begun = [point for point in points_begun_by(digit) if point in choosable]
                self.listener.digit_waiting(digit, begun)

    def action_tray(self) -> None:
        """The mover's own tray (bear off), by a key of its own: ``0`` right after a 1
        makes point 10. A digit still waiting was taken as a point first (``on_key``)."""
        self._choose_point(OFF)

    def cell_tapped(self, cell: int) -> None:
        """A click (or tap) on a point or tray chooses it, as Enter on it would."""
        if not self.interactive:
            return
        self.focus()
        self.take_waiting_digit()
        self.cursor = cell
        self._deliver(cell)

    def _choose_point(self, point: int) -> None:
        self.cursor = cell_of(self.numbering, point)
        self._deliver(self.cursor)

    def _deliver(self, cell: int) -> None:
        if self.listener is not None:
            self.listener.chosen(cell)

    def take_waiting_digit(self) -> None:
        """Take a typed 1 or 2 still waiting for its second digit as its point now: a
        key or command typed after it means the point typed before it."""
        self._choose_points(self._typing.take())

    def _choose_points(self, points: tuple[int, ...]) -> None:
        for point in points:
            self._choose_point(point)
