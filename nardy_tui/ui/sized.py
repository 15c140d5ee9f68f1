"""Screens that need a minimum terminal size, and say so plainly when they do not get it."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 100
MIN_HEIGHT = 28


class SizedScreen(Screen[None]):
    """A screen whose content is replaced by an "enlarge" message in a small terminal.

    Subclasses write ``compose_main``, and ``ready`` for what they do once mounted; the check
    runs on mount and on every resize, so the game comes back as soon as the terminal is
    large enough again.
    """

    class Restored(Message):
        """The terminal is large enough again (so the screen can give focus back)."""

    def compose(self) -> ComposeResult:
        yield Static(id="enlarge")
        with Container(id="main"):
            yield from self.compose_main()

    def compose_main(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        """Check the size and get ready, unless another screen has replaced this one already.

        A burst can switch to a screen and away again before the first has finished
        mounting; Textual then removes it, children and all, while its mount still runs.
        """
        if self not in self.app.screen_stack:
            return
        self._check_size(self.app.size.width, self.app.size.height)
        self.ready()

    def ready(self) -> None:
        """Start the screen: focus, first drawing (for subclasses; nothing by default)."""

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        was_small = self.has_class("-too-small")
        self.query_one("#enlarge", Static).update(
            f"Please enlarge the terminal to at least {_size(MIN_WIDTH, MIN_HEIGHT)} "
            f"(it is now {_size(width, height)})."
        )
        self.set_class(small, "-too-small")
        if was_small and not small:
            self.post_message(self.Restored())


def _size(width: int, height: int) -> str:
    return f"{width}\N{MULTIPLICATION SIGN}{height}"
