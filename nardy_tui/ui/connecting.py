"""The screen of a new match with a friend before its first connection, and the line's news
as the screens show it (``shown_news``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Static

from nardy_tui.i18n import N_, _
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.translated import translate_bindings

if TYPE_CHECKING:
    from collections.abc import Callable

    from nardy_tui.play import LineReport


def shown_news(news: LineReport) -> str:
    """The line's news as markup: escaped (what a stranger or a server sent is no markup
    of ours), its ``bold`` part in bold."""
    shown = escape(news.text)
    if news.bold:
        bold = escape(news.bold)
        shown = shown.replace(bold, f"[b]{bold}[/b]", 1)
    return shown


class ConnectingScreen(Screen[None]):
    """Before a new match's first connection: where the joiner is trying to go.

    With ``back`` (a match asked for inside the app), Escape gives the meeting up and
    calls it: a code nobody is waiting on (the friend gone, a code already used) would
    otherwise be waited on until the player quits.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]

    def __init__(self, title: str, back: Callable[[], None] | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_words = title
        self.back = back

    def compose(self) -> ComposeResult:
        with Vertical(id="connecting"):
            yield Static(self.title_words, id="connecting-title")
            yield Static(id="connecting-news")
            keys = _("Ctrl+Q quits.") if self.back is None else _("Escape goes back; Ctrl+Q quits.")
            yield Static(keys, id="connecting-keys")
        if self.back is not None:
            yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.back is not None if action == "back" else True

    def action_back(self) -> None:
        if self.back is not None:
            self.back()

    def news(self, news: LineReport) -> None:
        self.query_one("#connecting-news", Static).update(shown_news(news))
