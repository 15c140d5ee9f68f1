"""The panels beside the board: the match at a glance, and the move history.

They only render what the match state machine already knows, in the words of the play core
(``nardy_tui.play.panel_words``); neither can take focus, so the board keeps every key.
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from nardy_tui.engine import Dice, Match, Side
from nardy_tui.i18n import _, reading_of, reordering, visual
from nardy_tui.play import Reader, history_lines, passed_dice, struck_out_why, whose_turn_words
from nardy_tui.ui.board_looks import GLYPH

HANGING_INDENT = 4
"""How much further in a wrapped history line goes on: under the turn's moves."""
MIN_HISTORY_WIDTH = 10
"""The width to wrap to before the panel has been laid out."""
NAME_WIDTH = 11
"""The least columns for a player's name in the side panel ("Medium bot" and a space); a
longer name (Arabic's Medium bot, Romanian's "Your friend") widens the column, so the
figures after it stay in line."""


def dice_text(dice: Dice, used: list[int], unplayable: tuple[int, ...]) -> Text:
    """The dice as ``[5] [3]`` (from the right in a right-to-left language): used dice
    dimmed, dice that cannot be played struck out.

    Both are marked by more than colour (``·`` used, ``✗`` unplayable) for monochrome.
    """
    used_left = list(used)
    unplayable_left = list(unplayable)
    parts: list[Text] = []
    for die in dice.steps:
        if die in used_left:
            used_left.remove(die)
            parts.append(Text(f"·{die}· ", "dim"))
        elif die in unplayable_left:
            unplayable_left.remove(die)
            parts.append(Text(f"✗{die}✗ ", "strike dim"))
        else:
            parts.append(Text(f"[{die}] ", "bold"))
    return Text().join(reversed(parts) if reordering() else parts)  # first die read first


def dice_now(match: Match) -> Text:
    """The dice of the turn in play (used ones dimmed, unplayable ones struck out), or of
    the turn just passed; empty between turns."""
    passed = passed_dice(match)
    if match.dice is not None and match.turn is not None:
        used = [step.die for step in match.turn.steps]
        return dice_text(match.dice, used, match.turn.unplayable_dice())
    if passed is not None:
        return dice_text(passed, [], passed.steps)
    return Text()


class CompactInfo(Static):
    """The side panel's news in two lines under the board, for a terminal too small for
    the panel (``GameScreen``'s compact layout): the score and pips, whose turn and the
    dice. The history and the rest are a key away (the panel shown in the board's place).

    Each line is a row of parts; in a right-to-left language the row runs from the right
    (first part rightmost) and each part is put into visual order on its own, so "Match to
    3" stays the line's head and every name keeps its score beside it.
    """

    _last = Text()

    def show(
        self, match: Match, names: dict[Side, str], clocks: dict[Side, str] | None = None
    ) -> None:
        """``clocks``: each side's clock in words (a lobby match with clocks), after its
        score."""
        position = match.turn.position_now() if match.turn is not None else match.position
        match_line = [Text(_("Match to {length}").format(length=match.length), "bold")]
        match_line.extend(
            Text(
                visual(f"{GLYPH[side]} {reading_of(names[side])} {match.score[side]}")
                + (f" ({clocks[side]})" if clocks else "")
            )
            for side in Side
        )
        pips = "  ".join(f"{GLYPH[side]} {position.pip_count(side)}" for side in Side)
        match_line.append(Text(visual(f"{reading_of(_('pips'))} {pips}")))
        dice = _row(
            [dice_now(match), Text(struck_out_why(match.turn, passed_dice(match) is not None))], " "
        )
        turn_parts = [Text(InfoPanel.whose_turn(match, names), "bold reverse"), dice]
        text = Text("\n").join([_row(match_line, "   "), _row(turn_parts, "  ")])
        if text != self._last:
            self._last = text
            self.update(text, layout=False)


def _row(parts: list[Text], gap: str) -> Text:
    """``parts`` on one line with ``gap`` between them, from the right when reordering."""
    shown = [part for part in parts if part.plain]
    return Text(gap).join(reversed(shown) if reordering() else shown)


class InfoPanel(Static):
    """Whose turn, the dice, both pip counts, borne-off counts and the match score.

    After a pass the dice that could not be played stay shown, struck out, until the next
    roll (a bare "-" there would read as if no dice had been rolled).

    Its height is fixed in the stylesheet, so an update never needs a layout pass.
    """

    _last = Text()

    def show(
        self, match: Match, names: dict[Side, str], clocks: dict[Side, str] | None = None
    ) -> None:
        """Render from ``match``; ``names`` says who plays each side (you, bot, player);
        ``clocks``, each side's clock in words (a lobby match with clocks), after its score.

        Each row is written in reading order and put into visual order whole, so in a
        right-to-left language the columns run from the right: the name, then its figures.
        """
        position = match.turn.position_now() if match.turn is not None else match.position
        name = {side: reading_of(names[side]) for side in Side}
        width = max(NAME_WIDTH, *(len(shown) + 1 for shown in name.values()))
        text = Text()
        text.append(_("Match to {length}").format(length=match.length) + "\n", "bold")
        for side in Side:
            clock = f"  {clocks[side]}" if clocks else ""
            text.append(
                visual(f"{GLYPH[side]} {name[side]:<{width}}{match.score[side]:>4}{clock}") + "\n"
            )
        text.append("\n")
        text.append(self.whose_turn(match, names), "bold reverse")
        text.append("\n")
        dice = [Text(_("Dice")), dice_now(match) or Text("-")]
        text.append_text(Text("  ").join(reversed(dice) if reordering() else dice))
        text.append(f"\n{struck_out_why(match.turn, passed_dice(match) is not None)}\n")
        pips, off = reading_of(_("pips")), reading_of(_("off"))
        text.append(visual(f"{'':<{width + 2}}{pips:>4} {off:>4}") + "\n")
        for side in Side:
            text.append(
                visual(
                    f"{GLYPH[side]} {name[side]:<{width}}"
                    f"{position.pip_count(side):>4}{position.borne_off(side):>5}"
                )
                + "\n"
            )
        if text != self._last:
            self._last = text
            self.update(text, layout=False)

    @staticmethod
    def whose_turn(match: Match, names: dict[Side, str]) -> str:
        """Whose turn it is, standing out: the side's checker before the words."""
        words = whose_turn_words(match, names)
        side = match.mover
        if side is None:
            return f" {words} "
        return f" {visual(f'{GLYPH[side]} {reading_of(words)}')} "


class HistoryPanel(VerticalScroll, can_focus=False):
    """Every turn of the match in notation (RULES.md section 9), game by game.

    Written only while it is in view: the whole match is read again for it, after every
    step, and a small terminal (a phone's) shows it only on ``i``. Hidden, it keeps what to
    show and writes it once it is shown again."""

    _lines: tuple[str, ...] = ()
    _unshown: tuple[Match, Reader] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="history-text")

    def on_resize(self) -> None:
        self._write_unshown()
        self._render_lines()

    def on_show(self) -> None:
        self._write_unshown()

    def show(self, match: Match, reader: Reader) -> None:
        """Every turn, its moves in ``reader``'s numbering (the one on the board's edge)."""
        self._unshown = (match, reader)
        if self.region:
            self._write_unshown()

    def _write_unshown(self) -> None:
        if self._unshown is None:
            return
        match, reader = self._unshown
        self._unshown = None
        lines = tuple(history_lines(match, reader))
        if lines != self._lines:
            self._lines = lines
            self._render_lines()

    def _render_lines(self) -> None:
        """Wrap to the panel's width ourselves, so a long turn goes on under its moves.

        Left to the widget, a turn's moves wrapped to the panel's edge and read as a turn
        of their own. One column stays free for the scrollbar, which comes and goes. The
        lines are kept in reading order, wrapped, then each put into visual order (right to
        left, when the game reorders).
        """
        width = max(self.content_region.width - 1, MIN_HISTORY_WIDTH)
        wrapped = [visual(part) for line in self._lines for part in wrap_line(line, width)]
        self.query_one("#history-text", Static).update(Text("\n".join(wrapped)))
        height = self.content_region.height
        self._keep_latest_in_view(overflowing=bool(height) and len(wrapped) > height)

    def _keep_latest_in_view(self, overflowing: bool) -> None:
        """Anchor to the latest turn once the history overflows, on every later layout too.

        Scrolling to the end after each update missed the last lines whenever a resize
        rewrapped them; an anchor holds on each layout. Textual lays an anchored widget's
        short content against its bottom, so a history that still fits is not anchored.
        """
        self.anchor(overflowing)
        if not overflowing:
            self.scroll_home(animate=False, immediate=True)


def wrap_line(line: str, width: int) -> list[str]:
    """``line`` in pieces of at most ``width`` (long words apart), continued further in.

    >>> wrap_line("  12. White 2-2: 6/4 5/3 4/2 3/1", 26)
    ['  12. White 2-2: 6/4 5/3', '      4/2 3/1']
    """
    indent = " " * (len(line) - len(line.lstrip()) + HANGING_INDENT)
    return textwrap.wrap(
        line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [line]
