"""The replay viewer behind ``nardy replay FILE``: a game record on the board, turn by turn.

The record is read back through the engine first (``nardy_tui.storage.load_record``), so
the viewer only ever shows legal positions; a bad file ends with one line and exit 1.
The board is the game's own ``BoardView``, read-only, with the turn's moves highlighted,
the turn in its frame above and the position's ID below, so that no line wraps in 80 columns.
With a review (``nardy replay --review``) each judged turn also shows its mark, what it cost
and the best play (starred), and m jumps to the next mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from nardy_tui.bot import GameReview, TurnReview, Verdict
from nardy_tui.engine import Play, Position, TurnKey
from nardy_tui.i18n import N_, _, ngettext
from nardy_tui.play import figure, gap, judged_marks, unit_named
from nardy_tui.storage import Record, RecordedGame, RecordedTurn, header_shown
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.footer import KeysFooter, show_in_footer
from nardy_tui.ui.sized import Shape, SizedScreen, shape_of
from nardy_tui.ui.translated import translate_bindings

FOOTER_ROWS = 1
ROOMY_FOOTER_WIDTH = 100
"""Columns from which the footer's keys fit with Textual's spacing, in every language;
below, the footer is compact (less space around each key) and, when a review adds its
"m Next mistake", leaves Home and End out (the keys still work), so that Quit and the
palette's key stay whole at 80 columns."""
LEFT_OUT_WHEN_NARROW = frozenset({"first", "last"})
VERDICT_ROWS = 2
"""A review's verdict under the board: the mark, the cost and the best play, then the
equities (one line could not hold them all in 80 columns)."""
HEADER_GAP = " · "
PADDING = 2
"""The columns the header's padding takes, one each side."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One stop of the replay: a game's start (``turn`` None) or the board after a turn."""

    game: RecordedGame
    turn: RecordedTurn | None

    @property
    def position(self) -> Position:
        return self.turn.after if self.turn is not None else self.game.start

    def caption(self) -> str:
        game, turn, winner, points = self.game, self.turn, self.game.winner, self.game.points
        last = turn is (game.turns[-1] if game.turns else None)
        if turn is None:
            start = _("Game {game}: start, {side} moves first").format(
                game=game.number, side=game.start.turn.name_shown
            )
            return start + self._resigned() if last else start
        # The turn as the record writes it, the colour in the player's language.
        line = f"{turn.number}. {turn.side.name_shown} {turn.dice}: {turn.notation}"
        if game.resignation is not None and last:
            return _("Game {game}, {turn}").format(game=game.number, turn=line) + self._resigned()
        if not last or winner is None:
            return _("Game {game}, {turn}").format(game=game.number, turn=line)
        if points == 2:
            won = ngettext(
                "Game {game}, {turn}  {side} wins {count} point (mars)",
                "Game {game}, {turn}  {side} wins {count} points (mars)",
                points,
            )
        else:
            won = ngettext(
                "Game {game}, {turn}  {side} wins {count} point",
                "Game {game}, {turn}  {side} wins {count} points",
                points,
            )
        return won.format(game=game.number, turn=line, side=winner.name_shown, count=points)

    def _resigned(self) -> str:
        """How a game given up ended, after its last frame's caption: the game's end is
        the resignation, not that frame's turn."""
        resignation = self.game.resignation
        if resignation is None:
            return ""
        points = ngettext("{count} point", "{count} points", resignation.points).format(
            count=resignation.points
        )
        return "  " + _("{side} resigns: {winner} wins {points}").format(
            side=resignation.side.name_shown,
            winner=resignation.side.opponent.name_shown,
            points=points,
        )


def frames(record: Record) -> list[Frame]:
    """Every stop of the replay in order: each game's start, then each of its turns."""
    return [Frame(game, turn) for game in record.games for turn in (None, *game.turns)]


class ReplayScreen(SizedScreen):
    """The board at one frame of a record, with keys to move through the frames."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "go(1)", N_("Next")),
        Binding("left,p", "go(-1)", N_("Back")),
        Binding("home", "first", N_("Start")),
        Binding("end", "last", N_("End")),
        Binding("f", "flip", N_("Flip view")),
        Binding("m", "next_mistake", N_("Next mistake")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-header, ReplayScreen #replay-verdict {
        height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    ReplayScreen #replay-verdict { text-style: bold; }
    ReplayScreen BoardView {
        border-title-color: $text; border-title-style: bold; border-subtitle-color: $text;
    }
    """

    def __init__(self, record: Record, reviews: list[GameReview] | None = None) -> None:
        """``reviews``, one per game of the record, adds the review's marks to the turns."""
        super().__init__()
        translate_bindings(self)
        self.record = record
        self.frames = frames(record)
        self.index = 0
        self.judged: dict[TurnKey, TurnReview] = {
            TurnKey(game.number, turn.number): turn
            for game, review in zip(record.games, reviews or [], strict=False)
            for turn in review.turns
        }

    def compose_main(self) -> ComposeResult:
        yield Static(id="replay-header", markup=False)
        yield BoardView(interactive=False, id="board")
        verdict_shown = Static(id="replay-verdict", markup=False)
        verdict_shown.display = bool(self.judged)
        yield verdict_shown
        yield KeysFooter()

    def header_lines(self, width: int) -> list[str]:
        """The record's players, length and date, in the language in use, in as few lines
        of a terminal ``width`` wide as hold them without breaking one."""
        parts = [header_shown(line) for line in self.record.header[1:4]]
        return fitted(parts, HEADER_GAP, width - PADDING)

    def around_board(self, width: int) -> int:
        """Rows that are not the board in a terminal ``width`` wide: the header's lines,
        a review's verdict and the footer. The turn and the position's ID are in the
        board's frame, where they take no row."""
        verdict_rows = VERDICT_ROWS if self.judged else 0
        return len(self.header_lines(width)) + verdict_rows + FOOTER_ROWS

    def ready(self) -> None:
        self.fit(*self.app.size)
        self.show_frame()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(*event.size)

    def fit(self, width: int, height: int) -> None:
        """The header in lines that do not wrap, and the board as big as the rest of the
        terminal allows, wider points and taller stacks as in a game."""
        self.query_one("#replay-header", Static).update("\n".join(self.header_lines(width)))
        narrow = width < ROOMY_FOOTER_WIDTH
        self.query_one(KeysFooter).compact = narrow
        show_in_footer(self, LEFT_OUT_WHEN_NARROW, not (narrow and self.judged))
        shape = shape_of(width, height) or Shape.COMPACT
        self.query_one(BoardView).fit_shape(shape, width, height - self.around_board(width))

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    def action_go(self, delta: int) -> None:
        self.index = min(max(self.index + delta, 0), len(self.frames) - 1)
        self.show_frame()

    def action_first(self) -> None:
        self.index = 0
        self.show_frame()

    def action_last(self) -> None:
        self.index = len(self.frames) - 1
        self.show_frame()

    def action_next_mistake(self) -> None:
        """Jump to the next turn the review marked (from a review only)."""
        for index in range(self.index + 1, len(self.frames)):
            judged = self._judged(self.frames[index])
            if judged is not None and judged.verdict is not Verdict.NONE:
                self.index = index
                self.show_frame()
                return
        self.notify(
            _("No mistake further on.")
            if self.judged
            else _("No review: 'nardy replay --review FILE' marks the mistakes."),
            timeout=3,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_mistake" and not self.judged:
            return False
        return super().check_action(action, parameters)

    def _judged(self, frame: Frame) -> TurnReview | None:
        if frame.turn is None:
            return None
        return self.judged.get(TurnKey(frame.game.number, frame.turn.number))

    def action_flip(self) -> None:
        board = self.query_one(BoardView)
        board.view = board.view.opponent

    def show_frame(self) -> None:
        """Draw the current frame: the board after the turn, its moves highlighted."""
        board = self.query_one(BoardView)
        frame = self.frame
        board.show(frame.position)
        mover = frame.turn.side if frame.turn else frame.game.start.turn
        board.numbering = mover
        played = frame.turn.play if frame.turn else Play()
        judged = self._judged(frame)
        best = judged.best if judged is not None and judged.verdict is not Verdict.NONE else Play()
        board.set_marks(judged_marks(mover, played, best))
        board.set_banner(frame.turn.notation if frame.turn else _("Start"))
        board.border_title = Content(frame.caption())
        board.border_subtitle = Content(
            _("{number}/{count} · ID {id}").format(
                number=self.index + 1, count=len(self.frames), id=frame.position.to_id()
            )
        )
        self.query_one("#replay-verdict", Static).update(
            verdict(judged) if judged is not None else ""
        )


def fitted(parts: Sequence[str], gap: str, width: int) -> list[str]:
    """``parts`` joined by ``gap`` in lines no wider than ``width`` where they fit, a new
    line before a part that does not: a part is never broken.

    >>> fitted(["White: you", "Match to 3 points", "Date: today"], " · ", 32)
    ['White: you · Match to 3 points', 'Date: today']
    """
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(lines[-1] + gap + part) <= width:
            lines[-1] += gap + part
        else:
            lines.append(part)
    return lines


def verdict(turn: TurnReview) -> str:
    """The review's word on a turn, under the board: one line for a good play, two for a
    mistake (``VERDICT_ROWS``); the figures in the unit, which the line ends by naming
    (the replay has no heading to name it once)."""
    stakes = turn.stakes
    unit = unit_named(stakes.is_match)
    if turn.verdict is Verdict.NONE:
        return _("Review: a good play, {value} ({unit}).").format(
            value=figure(stakes, turn.played_equity), unit=unit
        )
    cost = _("Review: {mark}, cost {cost}; best was {play} (☆ ★).").format(
        mark=turn.verdict.name_shown,
        cost=gap(stakes, turn.loss),
        play=turn.before.notation(turn.best, turn.dice),
    )
    values = _("{best} for the best play, {played} for the play made ({unit}).").format(
        best=figure(stakes, turn.best_equity), played=figure(stakes, turn.played_equity), unit=unit
    )
    return f"{cost}\n{values}"


class ReplayApp(App[None]):
    """A small app around ``ReplayScreen``, styled like the game."""

    CSS_PATH = "nardy.tcss"
    TITLE = "nardy replay"

    def __init__(self, record: Record, reviews: list[GameReview] | None = None) -> None:
        super().__init__()
        translate_bindings(self)  # Textual's own keys (the palette) in the language in use
        self.record = record
        self.reviews = reviews

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.record, self.reviews))
