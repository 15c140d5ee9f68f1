"""The lobby screen: who is online, the open seeks and the matches in play on a lobby
server, and what a player does there (seek a match, take a seek, challenge a player, pair
by rating, watch a match). What it shows is the play core's ``LobbyView``; what the player
chooses goes to the server through the ``Lobby`` it is given (``online.OnlineScreens``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, RadioSet, Static, Tab, Tabs

from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.i18n import N_, _, ngettext
from nardy_tui.online import Accept, Answer, Challenge, Challenged, ClockRule, Pair, Seek, Unseek
from nardy_tui.play import (
    LOBBY_CLOCKS,
    LobbyView,
    challenge_words,
    clock_words,
    points_words,
)
from nardy_tui.ui.closing import ClosesOnce
from nardy_tui.ui.dialogs import Choice, Dialog
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.newmatch import choice_group, choice_set
from nardy_tui.ui.sized import SizedScreen
from nardy_tui.ui.translated import translate_bindings

if TYPE_CHECKING:
    from nardy_tui.online import MatchInPlay, Request


class Lobby(Protocol):
    """What the lobby screen works with: the lobby as last told, and the way to the server."""

    @property
    def view(self) -> LobbyView: ...

    @property
    def server(self) -> str:
        """The server's address, as the player gave it."""
        ...

    def send(self, request: Request) -> None: ...

    def watch(self, match: MatchInPlay) -> None: ...

    def leave(self) -> None:
        """Leave the lobby for the new-match screen."""
        ...


ROOMY_FOOTER = 100
"""Columns from which the footer's keys fit with Textual's spacing."""
WIDE, TALL = 110, 30
"""The size from which the three lists are all in view."""
SEEKS, PLAYERS, MATCHES = "seeks", "players", "matches"
LISTS = (SEEKS, PLAYERS, MATCHES)
"""The lists' tables' ids (a list's tab is ``…-tab``, its box ``…-list``)."""


class LobbyScreen(SizedScreen):
    """The lobby: three lists in tabs, and the keys that act on the row chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "seek", N_("Seek")),
        Binding("p", "pair", N_("Pair me")),
        Binding("c", "challenge", N_("Challenge")),
        Binding("w", "watch", N_("Watch")),
        Binding("u", "withdraw", N_("Withdraw"), show=False),
        Binding("escape", "leave", N_("Leave")),
        Binding("question_mark,f1", "app.help", N_("Help")),
        # The lists are rows only: the arrows across move between them.
        Binding("left", "next_tab(-1)", show=False, priority=True),
        Binding("right", "next_tab(1)", show=False, priority=True),
    ]

    def __init__(self, lobby: Lobby) -> None:
        super().__init__()
        translate_bindings(self)
        self.lobby = lobby
        self.current = SEEKS
        """The list in the player's hands (``_tab``)."""

    def compose_main(self) -> ComposeResult:
        lists = (
            (SEEKS, _("Open seeks"), (_("Player"), _("Rating"), _("Match"), _("Clock"))),
            (PLAYERS, _("Players online"), (_("Player"), _("Rating"), _("Experience"), _("Now"))),
            (MATCHES, _("Matches in play"), (_("White"), _("Black"), _("Score"), _("Clock"))),
        )
        with Vertical(id="lobby"):
            yield Static(id="lobby-title", markup=False)
            yield Tabs(*(Tab(title, id=f"{key}-tab") for key, title, _columns in lists))
            with Container(id="lobby-lists"):
                for key, title, columns in lists:
                    with Vertical(id=f"{key}-list", classes="lobby-list"):
                        yield Static(title, classes="lobby-list-title")
                        yield self._table(key, columns)
            yield Static(id="lobby-news", markup=False)
        yield KeysFooter()

    @staticmethod
    def _table(table_id: str, columns: tuple[str, ...]) -> DataTable[str]:
        table: DataTable[str] = DataTable(id=table_id, cursor_type="row", zebra_stripes=True)
        table.add_columns(*columns)
        return table

    def ready(self) -> None:
        if not self.query(f"#{SEEKS}"):
            return  # the app ended while this screen was being put up
        self.show_lobby()
        self._fit(*self.app.size)
        self._show_tab(SEEKS)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """From ``WIDE`` columns and ``TALL`` rows the three lists are all in view (the
        seeks and the players side by side, the matches under them); below, one at a time
        under tabs. Below ``ROOMY_FOOTER`` columns the footer's keys take less room each,
        so that they all show."""
        self.set_class(width >= WIDE and height >= TALL, "-wide")
        if self.query(KeysFooter):
            self.query_one(KeysFooter).compact = width < ROOMY_FOOTER

    def action_next_tab(self, step: int) -> None:
        """The list beside this one (round)."""
        self._show_tab(LISTS[(LISTS.index(self._tab()) + step) % len(LISTS)])

    def _show_tab(self, table_id: str) -> None:
        """The list ``table_id`` shown (its tab chosen) and its table given the keys."""
        self.current = table_id
        self.query_one(Tabs).active = f"{table_id}-tab"
        for key in LISTS:
            self.query_one(f"#{key}-list").set_class(key == table_id, "-shown")
        self.query_one(f"#{table_id}", DataTable).focus()

    # -- what the lobby shows ------------------------------------------------------------------

    def show_lobby(self) -> None:
        """Everything again from the lobby as last told (a list is small: at most a few
        hundred rows, refilled whole)."""
        if not self.query(f"#{MATCHES}"):
            return  # not up yet (or going): ``ready`` shows it
        view = self.lobby.view
        self.query_one("#lobby-title", Static).update(view.title(self.lobby.server))
        keys = (
            [seek.id for seek in view.seeks],
            [player.name for player in view.players_by_rating],
            [match.id for match in view.matches],
        )
        rows = (view.seek_rows(), view.player_rows(), view.match_rows())
        for table_id, row_keys, table_rows in zip(
            (SEEKS, PLAYERS, MATCHES), keys, rows, strict=True
        ):
            self._refill(self.query_one(f"#{table_id}", DataTable), row_keys, table_rows)
        self.say(view.line_down or self._counts(view))

    @staticmethod
    def _counts(view: LobbyView) -> str:
        seeks, matches = len(view.seeks), len(view.matches)
        return _("{players} online, {seeks}, {matches}.").format(
            players=len(view.players),
            seeks=ngettext("{count} open seek", "{count} open seeks", seeks).format(count=seeks),
            matches=ngettext("{count} match in play", "{count} matches in play", matches).format(
                count=matches
            ),
        )

    @staticmethod
    def _refill(
        table: DataTable[str], keys: list[str], rows: list[tuple[str, str, str, str]]
    ) -> None:
        """The table's rows anew, the cursor kept on the same row (by its key) if it is
        still there."""
        chosen = _chosen_key(table)
        table.clear()
        for key, row in zip(keys, rows, strict=True):
            table.add_row(*row, key=key)
        if chosen in keys:
            table.move_cursor(row=keys.index(chosen), animate=False)

    def say(self, text: str) -> None:
        if self.query("#lobby-news"):
            self.query_one("#lobby-news", Static).update(text)

    # -- what the player does ----------------------------------------------------------------

    def _tab(self) -> str:
        """The list in the player's hands: the one shown last, or whose table the player
        gave the keys to (a click, Tab)."""
        return self.current

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, DataTable) and event.widget.id in LISTS:
            self.current = event.widget.id

    @on(Tabs.TabActivated)
    def _tab_chosen(self, event: Tabs.TabActivated) -> None:
        shown = self.current = str(event.tab.id).removesuffix("-tab")
        for key in LISTS:
            self.query_one(f"#{key}-list").set_class(key == shown, "-shown")
        self.query_one(f"#{shown}", DataTable).focus()

    def _chosen(self, table_id: str) -> str | None:
        return _chosen_key(self.query_one(f"#{table_id}", DataTable))

    @on(DataTable.RowSelected)
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        """Enter on a row: take the seek (or withdraw one's own), challenge the player,
        watch the match."""
        table_id = event.data_table.id
        if table_id == SEEKS:
            self._take_seek()
        elif table_id == PLAYERS:
            self.action_challenge()
        elif table_id == MATCHES:
            self.action_watch()

    def _take_seek(self) -> None:
        view, chosen = self.lobby.view, self._chosen(SEEKS)
        seek = next((seek for seek in view.seeks if seek.id == chosen), None)
        if seek is None:
            self.say(_("No seek is chosen: s offers one of your own."))
        elif view.is_me(seek.name):
            self.action_withdraw()
        else:
            self.lobby.send(Accept(seek.id))
            self.say(_("Taking {name}'s seek…").format(name=seek.name))

    def action_seek(self) -> None:
        def chosen(terms: MatchTerms | None) -> None:
            if terms is not None:
                self.lobby.send(Seek(terms.points, terms.clock))
                self.say(_("Your seek is open: anyone may take it (u withdraws it)."))

        self.app.push_screen(TermsDialog(_("Offer a match to anyone")), chosen)

    def action_pair(self) -> None:
        def chosen(terms: MatchTerms | None) -> None:
            if terms is not None:
                self.lobby.send(Pair(terms.points, terms.clock))
                self.say(_("Looking for the nearest rating among the seeks of that kind…"))

        self.app.push_screen(TermsDialog(_("Pair me with the nearest rating")), chosen)

    def action_challenge(self) -> None:
        view, name = self.lobby.view, self._chosen(PLAYERS)
        if self._tab() != PLAYERS or name is None:
            self._show_tab(PLAYERS)
            self.say(_("Choose a player in this list, then c (or Enter) challenges them."))
            return
        if view.is_me(name):
            self.say(_("That is you: choose another player."))
            return

        def chosen(terms: MatchTerms | None) -> None:
            if terms is not None:
                self.lobby.send(Challenge(name, terms.points, terms.clock))
                self.say(_("{name} is asked; their answer comes here.").format(name=name))

        self.app.push_screen(TermsDialog(_("Challenge {name}").format(name=name)), chosen)

    def action_watch(self) -> None:
        chosen = self._chosen(MATCHES)
        match = next((match for match in self.lobby.view.matches if match.id == chosen), None)
        if self._tab() != MATCHES or match is None:
            self._show_tab(MATCHES)
            self.say(_("Choose a match in this list, then w (or Enter) watches it."))
            return
        self.lobby.watch(match)

    def action_withdraw(self) -> None:
        if self.lobby.view.my_seek is None:
            self.say(_("You have no open seek."))
            return
        self.lobby.send(Unseek())
        self.say(_("Your seek is withdrawn."))

    def action_leave(self) -> None:
        self.lobby.leave()

    def ask(self, challenge: Challenged) -> None:
        """A challenge to this player: the question over the lobby, answered to the server."""

        def answered(choice: Choice | None) -> None:
            self.lobby.view.answered(challenge)
            self.lobby.send(Answer(challenge.id, choice is Choice.ACCEPT))

        self.app.push_screen(ChallengeDialog(challenge), answered)


def _chosen_key(table: DataTable[str]) -> str | None:
    """The key of the row under the table's cursor; None for an empty table."""
    if table.row_count == 0:
        return None
    row_key, _column = table.coordinate_to_cell_key(table.cursor_coordinate)
    return row_key.value


@dataclass(frozen=True, slots=True)
class MatchTerms:
    """A match as a seek or a challenge offers it."""

    points: int
    clock: ClockRule | None


class TermsDialog(ClosesOnce, ModalScreen[MatchTerms | None]):
    """The length and clock of a match to offer; Enter (or o) offers it, Escape does not."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "offer", N_("Offer")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, title: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_words = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="terms"):
            yield Static(self.title_words, classes="dialog-title", markup=False)
            with Horizontal(id="terms-choices"):
                yield choice_group(
                    _("Match length"),
                    choice_set("terms-points", [points_words(n) for n in MATCH_LENGTHS], 0),
                )
                yield choice_group(
                    _("Clock"),
                    choice_set("terms-clock", [clock_words(clock) for clock in LOBBY_CLOCKS], 0),
                )
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Offer (o)"), id="offer", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#terms-points").focus()

    @on(Button.Pressed, "#offer")
    def action_offer(self) -> None:
        points = self.query_one("#terms-points", RadioSet).pressed_index
        clock = self.query_one("#terms-clock", RadioSet).pressed_index
        self.dismiss(MatchTerms(MATCH_LENGTHS[max(points, 0)], LOBBY_CLOCKS[max(clock, 0)]))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ChallengeDialog(Dialog):
    """Another player's challenge: accept (y) or decline (n, Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('accept')", N_("Accept"), show=False),
        Binding("n,escape", "choose('decline')", N_("Decline"), show=False),
    ]

    def __init__(self, challenge: Challenged) -> None:
        super().__init__(
            _("A challenge"),
            challenge_words(challenge),
            [(Choice.ACCEPT, _("Accept (y)")), (Choice.DECLINE, _("Decline (n)"))],
        )
