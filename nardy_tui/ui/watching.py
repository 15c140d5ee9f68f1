"""Watching a match on a lobby server: the board as the two players' messages make it, read
only, with both clocks and the score.

The watcher is sent every message of the match so far, then each new one; a referee of its
own (the server's, ``nardy_tui.online.Referee``) plays them into a match here exactly as
the server checked them, so what is shown is always a position the rules allow.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from nardy_tui.engine import Side
from nardy_tui.i18n import N_, _
from nardy_tui.net import Sync
from nardy_tui.online import MatchBegins, MatchInPlay, MatchResult, Referee, Relayed
from nardy_tui.play import (
    READ_EVERY,
    ClockReading,
    banner,
    clock_words,
    ending_words,
    points_words,
    position_now,
)
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.panels import CompactInfo
from nardy_tui.ui.sized import Shape, SizedScreen, shape_of
from nardy_tui.ui.translated import translate_bindings

AROUND_BOARD = 5
"""Rows that are not the board: the title, the two lines of the score, the news, the footer."""


class WatchScreen(SizedScreen):
    """A match of two other players, as it is played; Escape goes back to the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back to the lobby")),
        Binding("f", "flip", N_("Flip view")),
    ]

    DEFAULT_CSS = """
    WatchScreen #watch-title, WatchScreen #watch-news {
        height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    WatchScreen #watch-title { text-style: bold; }
    """

    def __init__(self, match: MatchInPlay, back: Callable[[], None]) -> None:
        super().__init__()
        translate_bindings(self)
        self.listed = match
        self.match_id = match.id
        self.back = back
        self.referee = Referee.new(match.points)
        self.clocks: ClockReading | None = None
        self.names = {Side.WHITE: match.white, Side.BLACK: match.black}

    def compose_main(self) -> ComposeResult:
        yield Static(self._title(), id="watch-title", markup=False)
        yield BoardView(interactive=False, id="board")
        yield CompactInfo(id="watch-info")
        yield Static(_("Waiting for the match's moves…"), id="watch-news", markup=False)
        yield KeysFooter()

    def _title(self) -> str:
        listed = self.listed
        return _("Watching {white} (White) and {black} (Black): match to {points}, {clock}").format(
            white=listed.white,
            black=listed.black,
            points=points_words(listed.points),
            clock=clock_words(listed.clock),
        )

    def ready(self) -> None:
        self.fit(*self.app.size)
        self.show_match()
        self.set_interval(READ_EVERY, self._tick)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(*event.size)

    def fit(self, width: int, height: int) -> None:
        if self.query(BoardView):
            shape = shape_of(width, height) or Shape.COMPACT
            self.query_one(BoardView).fit_shape(shape, width, height - AROUND_BOARD)

    # -- what the server sends ---------------------------------------------------------------

    def heard(self, news: MatchBegins | Relayed) -> None:
        """The match's start (again, after a reconnection: the messages follow from the
        first) or one of its messages."""
        if isinstance(news, MatchBegins):
            if news.id == self.match_id:
                self.referee = Referee.new(news.points)
                self.show_match()
            return
        if news.match != self.match_id or news.sender is None or isinstance(news.message, Sync):
            return
        verdict = self.referee.take(news.sender, news.message)
        if verdict.accepted and verdict.news:
            self.show_match()
            self.say(_("Moves appear as they are played; f flips the board."))

    def show_clocks(self, reading: ClockReading) -> None:
        self.clocks = reading
        self._show_info()

    def ended(self, result: MatchResult) -> None:
        self.say(
            _("{result} Escape goes back to the lobby.").format(
                result=ending_words(result, self.names[result.winner])
            )
        )
        if self.clocks is not None:
            self.clocks = ClockReading(
                self.clocks.white_ms, self.clocks.black_ms, None, 0, self.clocks.heard_at
            )

    # -- showing it ----------------------------------------------------------------------------

    def show_match(self) -> None:
        if not self.query(BoardView):
            return
        match = self.referee.match
        board = self.query_one(BoardView)
        board.show(position_now(match))
        board.set_banner(banner(match, self.names))
        self._show_info()

    def _show_info(self) -> None:
        if not self.query(CompactInfo):
            return
        clocks = None if self.clocks is None else self.clocks.both(time.monotonic())
        self.query_one(CompactInfo).show(self.referee.match, self.names, clocks)

    def _tick(self) -> None:
        if self.clocks is not None and self.clocks.running is not None:
            self._show_info()

    def say(self, text: str) -> None:
        if self.query("#watch-news"):
            self.query_one("#watch-news", Static).update(text)

    def action_back(self) -> None:
        self.back()

    def action_flip(self) -> None:
        board = self.query_one(BoardView)
        board.view = board.view.opponent
