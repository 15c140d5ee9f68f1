"""The way to a friend on another machine from inside the app (the new-match screen's
"A friend" key): join their match by the code their screen shows, or host one and give
them the code. It starts the same match as ``nardy join CODE`` and ``nardy host`` do, at
the same servers (``net.meeting_servers``), for a player with no command line: a visitor
of ``nardy serve`` in a browser."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from nardy_tui.i18n import N_, _, ngettext
from nardy_tui.net import (
    NetworkMatch,
    Role,
    ServersError,
    meeting_servers,
    not_a_code,
    wormhole_code,
)
from nardy_tui.options import NetworkLaunch, Rendezvous
from nardy_tui.play import record_keeper
from nardy_tui.ui.closing import ClosesOnce
from nardy_tui.ui.dialogs import Choice, GiveUpFriendDialog
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.served import browser_page
from nardy_tui.ui.sized import UPRIGHT_WIDTHS, SizedScreenOf
from nardy_tui.ui.startup import friend_options, friend_summary, saved_in_role, taken_up
from nardy_tui.ui.textual_patches import SubmittingInput
from nardy_tui.ui.translated import translate_bindings

EXAMPLE_CODE = "7-crossover-clockwork"


class CodeInput(SubmittingInput):
    """The field for the friend's code: Enter joins with the code as typed so far."""


class FriendScreen(ClosesOnce, SizedScreenOf[NetworkLaunch | None]):
    """Join a friend's match by its code, host a match of ``points`` for a friend, or go on
    with the ``unfinished`` one; dismissed with the match to start, or None (Escape) to go
    back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("question_mark,f1", "app.help", N_("Help"), show=False),
        Binding("down", "app.focus_next", N_("Next"), show=False),
        Binding("up", "app.focus_previous", N_("Previous"), show=False),
    ]
    AUTO_FOCUS = "#code"
    HORIZONTAL_BREAKPOINTS = UPRIGHT_WIDTHS

    def __init__(self, points: int, unfinished: NetworkMatch | None = None, code: str = "") -> None:
        """``code``: the friend's code to fill in (their link's), if any."""
        super().__init__()
        translate_bindings(self)
        self.points = points
        self.unfinished = unfinished
        self.code = code

    def compose_main(self) -> ComposeResult:
        with Vertical(id="friend-choices"):
            yield Static(_("nardy · Long Nardy · a friend on another machine"), id="friend-title")
            yield Static(_("Join your friend's match: type the code their screen shows."))
            with Horizontal(id="code-row"):
                yield CodeInput(
                    self.code, placeholder=EXAMPLE_CODE, max_length=80, compact=True, id="code"
                )
                yield Button(_("Join (Enter)"), id="join", variant="primary")
            yield Static(self._host_words(), id="friend-host-words")
            yield Button(_("Host a match"), id="host")
            if self.unfinished is not None:
                yield Static(
                    _("Or go on with the unfinished match: {summary}.").format(
                        summary=friend_summary(self.unfinished)
                    ),
                    id="friend-go-on-words",
                )
                yield Button(_("Go on with it"), id="go-on")
            yield Static(self._needs_words(), id="friend-needs")
        yield KeysFooter()

    def _host_words(self) -> str:
        """What hosting gives: in a browser with the page's address, a link to send."""
        if self.app.is_web and browser_page().address is not None:
            return ngettext(
                "Or open a match to {count} point: your screen shows a link to send your friend.",
                "Or open a match to {count} points: your screen shows a link to send your friend.",
                self.points,
            ).format(count=self.points)
        return ngettext(
            "Or open a match to {count} point: your screen shows the code to give your friend.",
            "Or open a match to {count} points: your screen shows the code to give your friend.",
            self.points,
        ).format(count=self.points)

    def _needs_words(self) -> str:
        """What else it takes: in a terminal, the servers the player may choose; in a
        browser, where the server chose them, how a friend's link comes in."""
        if self.app.is_web:
            return _("A link from your friend opens this screen with their code filled in.")
        return _(
            "Both machines need the internet, or servers of your own "
            "(NARDY_MAILBOX, NARDY_TRANSIT)."
        )

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#code")
    def _code_submitted(self, event: Input.Submitted) -> None:
        self.join(event.value)

    @on(Button.Pressed, "#join")
    def _join_pressed(self) -> None:
        self.join(self.query_one("#code", Input).value)

    @on(Button.Pressed, "#host")
    def _host_pressed(self) -> None:
        rendezvous = self._servers()
        if rendezvous is not None:
            self._start(
                NetworkLaunch(hosting=True, code="", points=self.points, rendezvous=rendezvous)
            )

    @on(Button.Pressed, "#go-on")
    def _go_on_pressed(self) -> None:
        rendezvous = self._servers()
        if rendezvous is not None and self.unfinished is not None:
            self.dismiss(taken_up(self.unfinished, rendezvous))

    def join(self, typed: str) -> None:
        """Join with ``typed``, if it can be a code; else say what a code looks like."""
        if not typed.strip():
            self._refuse(
                _("type the code your friend's screen shows, like: {example}").format(
                    example=EXAMPLE_CODE
                )
            )
            return
        code = wormhole_code(typed)
        if code is None:
            self._refuse(not_a_code(typed))
            return
        rendezvous = self._servers()
        if rendezvous is not None:
            self._start(NetworkLaunch(hosting=False, code=code, rendezvous=rendezvous))

    def _start(self, launch: NetworkLaunch) -> None:
        """Start the new match ``launch``, once the player has said so if it would take
        the place of an unfinished one saved in the same role (as ``nardy host`` asks for
        ``--new``)."""
        replaced = saved_in_role(
            Role.HOST if launch.hosting else Role.JOINER,
            partial(self.notify, severity="warning", markup=False),
        )
        if replaced is None:
            self.dismiss(launch)
            return
        dialog = GiveUpFriendDialog(friend_summary(replaced), can_go_on=replaced.by_code)
        self.app.push_screen(dialog, partial(self._give_up_chosen, launch, replaced))

    def _give_up_chosen(
        self, launch: NetworkLaunch, replaced: NetworkMatch, choice: Choice | None
    ) -> None:
        from nardy_tui.ui.game.record_export import give_up_match

        if choice is Choice.NEW:
            given_up, said = give_up_match(
                self.app, record_keeper(replaced), replaced.match, friend_options(replaced)
            )
            self.notify(said, severity="information" if given_up else "error", markup=False)
            if given_up:
                self.dismiss(launch)
        elif choice is Choice.RESUME and launch.rendezvous is not None:
            self.dismiss(taken_up(replaced, launch.rendezvous))

    def _servers(self) -> Rendezvous | None:
        """Where to meet, as ``nardy host`` and ``nardy join`` would; None, told, if the
        environment names a server that cannot be one."""
        try:
            return meeting_servers()
        except ServersError as error:
            self._refuse(str(error))
            return None

    def _refuse(self, reason: str) -> None:
        """Say why, in words: what was typed is no markup."""
        self.notify(reason, severity="error", markup=False)
        self.query_one("#code", Input).focus()
