"""The review screen: a finished game turn by turn, with what the expert would have played.

The game is reviewed in a thread worker (``nardy_tui.bot.review_game``) while the screen is
already usable: turns appear in the list as they are judged, under a progress bar. The list
can show every decision, the mistakes only, or one player's; the board shows the selected
turn's position before the play, the play made (the last-play style: ◌ where checkers left,
an arrow where they arrived) and the best play (starred). Everything is written in the
numbering of the side the board is seen from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from nardy_tui.bot import (
    MONEY,
    GameReview,
    RolledVerdict,
    Stakes,
    TurnReview,
    Verdict,
    WeightsError,
    review_game,
    roll_out_turn,
    summarise,
)
from nardy_tui.engine import (
    Position,
    Resignation,
    Side,
    TurnRecord,
)
from nardy_tui.i18n import (
    N_,
    _,
    broken_into_lines,
    ngettext,
    reordering,
)
from nardy_tui.play import (
    TurnFilter,
    judged_marks,
    list_line,
    luck_said,
    marks_key,
    roll_luck_said,
    rolled_said,
    summary_line,
    unit_said,
    verdict_lines,
)
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.footer import KeysFooter, describe_in_footer, show_in_footer
from nardy_tui.ui.sized import BOARD_HEIGHTS, BOARD_WIDTHS, Shape, SizedScreen, shape_of
from nardy_tui.ui.translated import translate_bindings

ROLLOUT_TRIALS = 36
"""Trials of a rollout asked for on the review screen: one block, every roll's luck taken
out, about as tight as 144 trials without (a middle-game turn takes ten to fifteen seconds
on one core)."""
LIST_KEYS = frozenset({"show"})
"""The keys that choose what the turns' list shows."""
VERDICT_KEYS = frozenset({"mistake", "details", "roll_out"})
"""The keys about the turn shown on the board."""


class _Closed(Exception):
    """The review screen was closed while its review was still running."""


# The workers' answers, each posted to the review screen (for it alone), whose queue takes
# it on the UI thread.


@dataclass
class ReviewProgress(Message, bubble=False):
    """The review's worker has judged ``done`` turns of the game's."""

    done: int


@dataclass
class TurnReviewed(Message, bubble=False):
    """One turn judged, for the list as soon as it is."""

    turn: TurnReview


@dataclass
class ReviewFinished(Message, bubble=False):
    """The whole review, every roll's luck with it."""

    review: GameReview


@dataclass
class ReviewFailed(Message, bubble=False):
    """Why the game could not be reviewed (no weights, say)."""

    reason: str


@dataclass
class RollOutDone(Message, bubble=False):
    """A turn rolled out (``r``)."""

    turn: TurnReview
    verdict: RolledVerdict


@dataclass
class RollOutFailed(Message, bubble=False):
    """Why a turn could not be rolled out."""

    turn: TurnReview
    reason: str


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """What to review: a game from its first position, its turns, and whose play."""

    number: int
    start: Position
    turns: tuple[TurnRecord, ...]
    sides: frozenset[Side]
    """The sides whose turns the list shows: both in hot-seat, the human against the bot.
    Both sides' play is judged all the same: the luck sentence sums the two."""
    view: Side | None
    """The side the board is seen from and numbered for; None: each turn's mover."""
    overridden: frozenset[int] = frozenset()
    """The numbers of the turns played against the tutor's warning."""
    stakes: Stakes = MONEY
    """White's stakes in the game: the match's score when it began (``play.game_stakes``)."""
    resignation: Resignation | None = None
    """The resignation that ended the game, if one did (its points are the game's)."""


class Messages(Static):
    """Messages one under another, laid out for the widget's size, and again whenever the
    size changes (a terminal resized, the widget shown): each broken to the width before a
    right-to-left one is reordered (``broken_into_lines``: wrapped after reordering, a line
    would read its end first). With ``whole``, the messages that fit the rows, each whole
    and in order: a small terminal shows the play and the best ones rather than cut a
    sentence, and its last row then says how many are left out and the key that shows
    them all (``more``), so that nothing goes unsaid."""

    def __init__(self, *, whole: bool = False, more: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.whole = whole
        self.more = more
        """What the last row says when messages are left out, with ``{count}`` for how many."""
        self.messages: list[str] = []
        self.left_out = 0

    def show(self, messages: list[str]) -> None:
        self.messages = messages
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.content_size.width or 30
        rows = self.content_size.height or len(self.messages)
        broken = [broken_into_lines(message, width) for message in self.messages]
        shown = broken if not self.whole else self._fitting(broken, width, rows)
        self.left_out = len(broken) - len(shown)
        if self.left_out:
            shown.append(broken_into_lines(self.more.format(count=self.left_out), width))
        # A ``whole`` widget's rows are the layout's: its text does not change them.
        self.update("\n".join(shown), layout=not self.whole)

    def _fitting(self, broken: list[str], width: int, rows: int) -> list[str]:
        """The first messages that fit ``rows`` whole, with a row kept for ``more`` if
        some do not (the first message always, cut if it must be)."""
        if self._rows(broken, width) <= rows:
            return list(broken)
        shown = broken[:1]
        for message in broken[1:]:
            if self._rows([*shown, message], width) > rows - 1:
                break
            shown.append(message)
        return shown

    def _rows(self, lines: list[str], width: int) -> int:
        return sum(len(Text(line).wrap(self.app.console, width)) for line in lines)


AROUND_TAPPED_BOARD = 4
"""Rows of the review under its board in a phone's layouts: the verdict's three and the
footer."""


class ReviewScreen(SizedScreen):
    """Step through the reviewed turns; Escape goes back to where the review was opened."""

    HORIZONTAL_BREAKPOINTS = BOARD_WIDTHS
    VERTICAL_BREAKPOINTS = BOARD_HEIGHTS
    _compact = False
    """Whether the board and its verdict are alone (``-compact``, as of the last resize)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", N_("Back")),
        Binding("n", "mistake(1)", N_("Next mistake")),
        Binding("p", "mistake(-1)", N_("Previous")),
        Binding("a", "show('all')", N_("All")),
        Binding("m", "show('mistakes')", N_("Mistakes")),
        Binding("w", "show('white')", N_("White")),
        Binding("b", "show('black')", N_("Black")),
        Binding("i", "panel", N_("Turns")),
        Binding("d", "details", N_("Details")),
        Binding("r", "roll_out", N_("Roll out")),
    ]

    shown: reactive[TurnFilter] = reactive(TurnFilter.ALL, init=False)
    """Which turns the list shows."""

    def __init__(self, request: ReviewRequest) -> None:
        super().__init__()
        translate_bindings(self)
        self.request = request
        self.reviewed: list[TurnReview] = []
        self.rolled: dict[int, RolledVerdict] = {}
        """The turns rolled out (``r``), by number."""
        self.rolling: set[int] = set()
        """The numbers of the turns being rolled out now."""
        self.luck: GameReview | None = None
        """The finished review, with every roll's luck (the review's last step)."""
        self.finished = False
        self._listed: list[TurnReview] = []

    def compose_main(self) -> ComposeResult:
        with Horizontal(id="review-body", classes="-right-to-left" if reordering() else ""):
            with Vertical(id="review-left"):
                yield BoardView(interactive=False, id="review-board")
                yield Messages(
                    whole=True,
                    more=_("… {count} more: d shows the whole verdict"),
                    id="review-detail",
                )
            with Vertical(id="review-side"):
                yield Static(
                    _("Review of game {number}: {unit}").format(
                        number=self.request.number, unit=unit_said(self.request.stakes.is_match)
                    ),
                    classes="panel-title",
                )
                yield ProgressBar(id="review-progress", show_eta=False)
                yield Messages(id="review-summary")
                yield OptionList(id="review-turns")
        yield KeysFooter()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Below the full layout (``sized.Shape``) the board and its verdict take the whole
        screen and the turns' list is a key away (``i``); a narrow terminal turns the
        board a quarter, a short one shortens its stacks."""
        shape = shape_of(width, height) or Shape.COMPACT
        board = self.query_one(BoardView)
        if shape.tapped:
            board.fit_shape(shape, width, height - AROUND_TAPPED_BOARD)
        else:
            board.portrait = False  # the review's board keeps its size from 80 by 24 up
        compact = shape is not Shape.FULL
        if compact != self._compact:
            self._compact = compact
            self.remove_class("-list-shown")
            self.query_one(KeysFooter).compact = compact
            self._footer_keys()

    def _footer_keys(self) -> None:
        """Every key in the footer of the full layout; in the compact one, whose line holds
        only six, the keys of what is in view: the list's filters with the list, the
        mistakes (n said "Next" beside p's "Previous"), the details and the rollout with
        the board (all keys work all the time, and the palette's Keys lists them)."""
        compact = self._compact
        listing = self.has_class("-list-shown")
        describe_in_footer(self, "mistake(1)", _("Next") if compact else _("Next mistake"))
        show_in_footer(self, LIST_KEYS, not compact or listing)
        show_in_footer(self, VERDICT_KEYS, not compact or not listing)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The list's key only where the list is not in view anyway."""
        if not super().check_action(action, parameters):
            return False
        return action != "panel" or self._compact

    def action_panel(self) -> None:
        """In the compact layout, the summary and the turns' list in the board's place."""
        shown = not self.has_class("-list-shown")
        self.set_class(shown, "-list-shown")
        if shown:
            self.query_one("#review-turns", OptionList).focus()
        self._footer_keys()

    def action_details(self) -> None:
        """The whole verdict in the board's place, and the board back: a small terminal
        leaves some of the verdict out under the board (its last row says so)."""
        self.toggle_class("-details-shown")
        self.remove_class("-list-shown")
        self._footer_keys()

    def ready(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        self.query_one("#review-progress", ProgressBar).update(total=len(self.request.turns))
        self.query_one("#review-turns", OptionList).focus()
        self.query_one(BoardView).show(self.request.start)
        self._write_summary()
        self._review()

    # -- the worker, and its answers: each a message posted to this screen, for it only
    # while it is in the app's stack (``gone``) -----------------------------------------

    @work(thread=True, exclusive=True, group="review")
    def _review(self) -> None:
        start = self.request.start
        try:
            review = review_game(
                start,
                self.request.turns,
                progress=self._progress_from_thread,
                on_turn=self._turn_from_thread,
                stakes=self.request.stakes,
                resignation=self.request.resignation,
            )
        except _Closed:
            return
        except (WeightsError, ValueError) as error:
            self.post_message(ReviewFailed(str(error)))
            return
        self.post_message(ReviewFinished(review))

    def _progress_from_thread(self, done: int, total: int) -> None:
        """Move the bar; stop reviewing once the screen is closed (its worker cancelled)."""
        if get_current_worker().is_cancelled:
            raise _Closed
        self.post_message(ReviewProgress(done))

    def _turn_from_thread(self, turn: TurnReview) -> None:
        if get_current_worker().is_cancelled:
            raise _Closed
        self.post_message(TurnReviewed(turn))

    @on(ReviewProgress)
    def _advance_bar(self, progress: ReviewProgress) -> None:
        if not self.gone:
            self.query_one("#review-progress", ProgressBar).update(progress=progress.done)

    @on(TurnReviewed)
    def _add_turn(self, reviewed: TurnReviewed) -> None:
        turn = reviewed.turn
        if self.gone or turn.side not in self.request.sides:
            return
        self.reviewed.append(turn)
        if self.shown.passes(turn):
            self._append(turn)
        self._write_summary()

    @on(ReviewFinished)
    def _done(self, finished: ReviewFinished) -> None:
        if self.gone:
            return
        self.finished = True
        self.luck = finished.review
        if self.selected is not None:
            self._show_turn(self.selected)  # now with its roll's luck
        self.query_one("#review-progress", ProgressBar).display = False
        self._write_summary()
        if not self.reviewed:
            self.query_one("#review-detail", Messages).show(
                [_("No turn to review: every turn had only one legal play.")]
            )

    @on(ReviewFailed)
    def _failed(self, failed: ReviewFailed) -> None:
        if self.gone:
            return
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-detail", Messages).show(
            [_("The review cannot run: {reason}").format(reason=failed.reason)]
        )

    # -- the list --------------------------------------------------------------------------

    def _append(self, turn: TurnReview) -> None:
        turns = self.query_one("#review-turns", OptionList)
        if not self._listed:
            turns.clear_options()  # the line saying there is none yet
        self._listed.append(turn)
        turns.add_option(Option(list_line(turn, self._reader(turn))))
        if turns.highlighted is None:
            turns.highlighted = 0

    def watch_shown(self) -> None:
        turns = self.query_one("#review-turns", OptionList)
        keep = self.selected
        turns.clear_options()
        self._listed = []
        for turn in self.reviewed:
            if self.shown.passes(turn):
                self._append(turn)
        if keep in self._listed:
            turns.highlighted = self._listed.index(keep)
        if not self._listed:
            turns.add_option(Option(self._none_listed(), disabled=True))
        self.notify(self.shown.notice, timeout=2)

    def _none_listed(self) -> str:
        """What an empty list says instead of nothing (the mistakes of a game well played)."""
        if self.shown is TurnFilter.MISTAKES:
            return (
                _("No mistakes in this game.")
                if self.finished
                else _("No mistakes yet: the review is still running.")
            )
        return (
            _("No turn to show.")
            if self.finished
            else _("No turn yet: the review is still running.")
        )

    @property
    def selected(self) -> TurnReview | None:
        index = self.query_one("#review-turns", OptionList).highlighted
        return self._listed[index] if index is not None and index < len(self._listed) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        turn = self.selected
        if turn is not None:
            self._show_turn(turn)

    # -- actions ---------------------------------------------------------------------------

    def action_roll_out(self) -> None:
        """Play the shown turn's play and its best play out (``ROLLOUT_TRIALS`` times) in a
        worker; the verdict shows the rolled-out figures beside the estimates."""
        turn = self.selected
        if turn is None or turn.number in self.rolled or turn.number in self.rolling:
            return
        self.rolling.add(turn.number)
        self._show_turn(turn)
        # Once "Rolling out…" is drawn: the rollout's thread held the screen back from it.
        self.call_after_refresh(self._roll_out, turn)

    @work(thread=True, exclusive=True, group="rollout")
    def _roll_out(self, turn: TurnReview) -> None:
        try:
            verdict = roll_out_turn(turn, ROLLOUT_TRIALS, seed=turn.number)
        except WeightsError as error:
            self.post_message(RollOutFailed(turn, str(error)))
            return
        self.post_message(RollOutDone(turn, verdict))

    @on(RollOutFailed)
    def _roll_out_failed(self, failed: RollOutFailed) -> None:
        """Say why, and take "Rolling out…" away, so that r may try again."""
        turn = failed.turn
        self.rolling.discard(turn.number)
        self.notify(failed.reason, severity="error")
        if not self.gone and self.selected is turn:
            self._show_turn(turn)

    @on(RollOutDone)
    def _rolled_out(self, done: RollOutDone) -> None:
        if self.gone:
            return
        turn = done.turn
        self.rolling.discard(turn.number)
        self.rolled[turn.number] = done.verdict
        if self.selected is turn:
            self._show_turn(turn)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_show(self, which: str) -> None:
        self.shown = TurnFilter(which)

    def action_mistake(self, direction: int) -> None:
        """Select the next (or previous) mistake in the list, from the selected turn."""
        turns = self.query_one("#review-turns", OptionList)
        here = turns.highlighted if turns.highlighted is not None else -direction
        index = here + direction
        while 0 <= index < len(self._listed):
            if self._listed[index].verdict is not Verdict.NONE:
                turns.highlighted = index
                return
            index += direction
        self.notify(
            _("No further mistake that way.")
            if self.finished
            else _("No further mistake yet: the review is still running."),
            timeout=2,
        )

    # -- drawing ---------------------------------------------------------------------------

    def _reader(self, turn: TurnReview) -> Side:
        return self.request.view or turn.side

    def _show_turn(self, turn: TurnReview) -> None:
        board = self.query_one(BoardView)
        reader = self._reader(turn)
        board.view = reader
        board.numbering = reader
        board.show(turn.before)
        mover = turn.side
        board.set_marks(judged_marks(mover, turn.played, turn.best))
        board.set_banner(
            _("Turn {number}: {side} rolled {dice}").format(
                number=turn.number, side=mover.name_shown, dice=str(turn.dice)
            )
        )
        lines = verdict_lines(turn, self._reader(turn), turned=board.portrait)
        if self.luck is not None:
            lines.insert(-1, roll_luck_said(self.luck.luck[turn.number - 1], turn.stakes))
        if turn.number in self.rolled:
            lines.insert(
                2,  # under the play made and the best, the figures it speaks of
                _("The figures above are the expert's estimates; {rollout}.").format(
                    rollout=rolled_said(self.rolled[turn.number])
                ),
            )
        elif turn.number in self.rolling:
            lines.insert(2, _("Rolling out… ({trials} games)").format(trials=ROLLOUT_TRIALS))
        self.query_one("#review-detail", Messages).show(lines)

    def _write_summary(self) -> None:
        review = GameReview(tuple(self.reviewed))
        lines = [
            summary_line(summarise([review], side), self.finished)
            for side in sorted(self.request.sides, key=lambda s: s is not Side.WHITE)
        ]
        if not self.finished:
            lines.insert(0, _("Reviewing… (the list grows as turns are judged)"))
        if self.request.overridden:
            count = len(self.request.overridden)
            lines.append(
                ngettext(
                    "{count} play made against the tutor's warning.",
                    "{count} plays made against the tutor's warning.",
                    count,
                ).format(count=count)
            )
        if self.luck is not None:
            lines.append(luck_said([self.luck], self._luck_side()))
        lines.append(marks_key())
        self.query_one("#review-summary", Messages).show(lines)

    def _luck_side(self) -> Side:
        """Whose luck the summary tells: the player's against the bot, White's in hot-seat
        (the other's is the same, turned round)."""
        sides = self.request.sides
        return next(iter(sides)) if len(sides) == 1 else Side.WHITE
