"""A long run's progress on standard error: the arena's line (``Progress``), updated in
place on a terminal and written now and then anywhere else, and the bar the review and the
analysis count their turns or trials on (``counting_bar``)."""

from __future__ import annotations

import time
from typing import TextIO

from rich import progress as rich_progress
from rich.console import Console

from nardy_tui.i18n import _

LOG_EVERY_SECONDS = 30.0
LOG_LINES = 20
"""Progress written to a file or a pipe: a plain line every twentieth of the run, or every
30 seconds if that comes first, and one for the last game."""


class Progress:
    """The arena's progress on standard error.

    On a terminal one line is rewritten in place (a carriage return before each update).
    Anywhere else (a log file, CI) carriage returns would run every update together on one
    line, so whole lines are written, now and then.
    """

    def __init__(self, stream: TextIO, games: int) -> None:
        self.stream = stream
        self.games = games
        self.live = _is_terminal(stream)
        self.started = self.last_line = time.perf_counter()
        self.every = max(1, games // LOG_LINES)

    def update(self, text: str, game: int) -> None:
        """``text`` describes the run after ``game`` games (counted from 1)."""
        now = time.perf_counter()
        line = _("{progress} ({seconds} s)").format(
            progress=text, seconds=f"{now - self.started:.0f}"
        )
        if self.live:
            print(f"\r{line}", end="", file=self.stream, flush=True)
        elif (
            game == self.games
            or game % self.every == 0
            or now - self.last_line >= LOG_EVERY_SECONDS
        ):
            self.last_line = now
            print(line, file=self.stream, flush=True)

    def close(self) -> None:
        if self.live:
            print(file=self.stream, flush=True)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False


def counting_bar(words: str) -> rich_progress.Progress:
    """A bar on standard error after ``words``, with the count done of the total; nothing
    is drawn when standard error is not a terminal (a pipe, a log file)."""
    console = Console(stderr=True)
    return rich_progress.Progress(
        rich_progress.TextColumn(words, markup=False),
        rich_progress.BarColumn(),
        rich_progress.MofNCompleteColumn(),
        console=console,
        disable=not console.is_terminal,
    )
