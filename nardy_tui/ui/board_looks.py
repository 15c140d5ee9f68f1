"""What the board's parts draw: each cell's look, and the widget base that turns a look into
styled cells. The landscape rows (``board.PointRow``) and the portrait columns
(``board_portrait.PointColumns``) draw the same looks, each in its own shape.

The looks live in the stylesheet as component classes of ``BoardCells``; a cell combines
them in ``*_LAYERS`` order, so a later highlight wins exactly as a later CSS rule would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from nardy_tui.engine import Side
from nardy_tui.play import OWNERS_MARKS, Highlight

DRAWN_POINTS_KEPT = 256
"""Points a part of the board keeps drawn for reuse before it forgets them all and starts
again."""

GLYPH = {Side.WHITE: "○", Side.BLACK: "●"}
"""Checkers differ by glyph as well as colour, so the board reads in monochrome too."""


@dataclass(frozen=True)
class PointLook:
    """What one point shows: its checkers (+ White, - Black), edge number, marker, marks."""

    cell: int
    count: int
    label: str
    marker: str
    marks: frozenset[Highlight]

    @property
    def glyph(self) -> str:
        """The glyph of the checkers on it (of Black's on an empty point: none is drawn)."""
        return GLYPH[Side.WHITE if self.count > 0 else Side.BLACK]


@dataclass(frozen=True)
class TrayLook:
    """What a borne-off tray shows: whose it is, how many are off, its marker and marks."""

    cell: int
    side: Side
    count: int
    marker: str
    marks: frozenset[Highlight]


LABEL_LAYERS = (
    (Highlight.HEAD, "point--label-head"),
    (Highlight.LAST_FROM, "point--label-last"),
    (Highlight.LAST_TO, "point--label-last"),
    (Highlight.SOURCE, "point--label-source"),
    (Highlight.SELECTED, "point--label-selected"),
    (Highlight.CURSOR, "point--label-cursor"),
)
"""The edge number's looks by mark, weakest first."""

TRAY_LAYERS = (
    (Highlight.LAST_TO, "tray--last-to"),
    (Highlight.DEST_SINGLE, "tray--dest"),
    (Highlight.DEST_COMBINED, "tray--dest"),
    (Highlight.HINT, "tray--hint"),
    (Highlight.CURSOR, "tray--cursor"),
)
"""A tray's looks by mark, weakest first."""


@dataclass(frozen=True)
class PointStyles:
    """The styles one point is drawn in: its ground, its checkers, its marker, its number."""

    ground: Style
    checker: Style
    marker: Style
    label: Style


@dataclass(frozen=True)
class TrayStyles:
    """The styles a tray is drawn in: its words (reversed under the cursor) and its ground."""

    words: Style
    ground: Style


class BoardCells(Widget):
    """A part of the board drawn line by line from looks; it knows no rule and no layout.

    One widget for many points, not one per point: a highlight then changes no CSS class
    and restyles nothing, and the screen is composed from a few regions instead of sixty
    (docs/ui-hardening.md, "The board's rows").
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "point--light",
        "point--dark",
        *(f"point--{mark.value}" for mark in OWNERS_MARKS),
        "point--white",
        "point--black",
        "point--marker",
        "point--label",
        *(component for _, component in LABEL_LAYERS),
        "bar",
        "tray",
        *(component for _, component in TRAY_LAYERS),
    }

    tapped: Callable[[int], None] | None = None
    """Told of each cell pressed (clicked, tapped): the board's. The app tells it, in the
    order of the presses (``InputGuard``), not this widget's own click handler: each part
    of the board has its own queue, and one part's could overtake the other's."""

    def cell_under(self, x: int, y: int) -> int | None:
        """The cell drawn at (``x``, ``y``) of this part, if any (for a subclass)."""
        return None

    def notify_style_update(self) -> None:
        """A new theme or stylesheet: draw the lines again with the new looks."""
        super().notify_style_update()
        self.forget_drawing()

    def forget_drawing(self) -> None:
        """Drop whatever was drawn, so that the next frame draws it all again."""

    def look(self, *components: str) -> Style:
        """The style of ``components`` laid over the board's own (a later one's colour and
        text style replace an earlier one's, as a later CSS rule's would)."""
        return self.rich_style + self.get_component_rich_style(*components, partial=True)

    def point_styles(self, look: PointLook, light: bool) -> PointStyles:
        """A point's styles: its shade (alternating, like a board's triangles) under the
        owner's highlights, its checkers' colour, and its number's highlights."""
        layers = [
            "point--light" if light else "point--dark",
            *(f"point--{mark.value}" for mark in OWNERS_MARKS if mark in look.marks),
        ]
        label_layers = [component for name, component in LABEL_LAYERS if name in look.marks]
        return PointStyles(
            ground=self.look(*layers),
            checker=self.look(*layers, "point--white" if look.count > 0 else "point--black"),
            marker=self.look(*layers, "point--marker"),
            label=self.look(*layers, "point--label", *label_layers),
        )

    def tray_styles(self, look: TrayLook) -> TrayStyles:
        """A tray's styles; the cursor reverses its words only."""
        layers = [component for name, component in TRAY_LAYERS if name in look.marks]
        return TrayStyles(
            words=self.look("tray", *layers),
            ground=self.look("tray", *(layer for layer in layers if layer != "tray--cursor")),
        )


def centred(text: str, style: Style, around: Style, width: int) -> Strip:
    """``text`` in ``style``, centred in ``width`` cells of ``around``'s background (cut if
    too long); blanks keep only the background, as Textual's own padding does, so they
    never merge with the words into one run."""
    spare = max(0, width - cell_len(text))
    left = spare // 2
    blank = around.background_style
    segments = [
        Segment(" " * left, blank),
        Segment(text, style),
        Segment(" " * (spare - left), blank),
    ]
    return Strip(segments).crop(0, width)
