"""Where to play online: the lobby server's address and this player's name there, asked
before the lobby opens (from the new-match screen, or ``nardy online`` with neither given
nor remembered)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from nardy_tui.i18n import N_, _
from nardy_tui.ui.closing import ClosesOnce
from nardy_tui.ui.translated import translate_bindings


class ServerDialog(ClosesOnce, ModalScreen[tuple[str, str] | None]):
    """Where to play online: the server's address and this player's name there, filled in
    with the last ones used."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, url: str, name: str, *, fixed: bool = False) -> None:
        """``fixed``: the address is given (a game served to a browser plays on its
        server's lobby only); only the name is asked."""
        super().__init__()
        translate_bindings(self)
        self.url, self.player, self.fixed = url, name, fixed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="server"):
            yield Static(_("Play someone online"), classes="dialog-title")
            yield Static(_("The lobby's address (ws://… or wss://…)"), classes="group-title")
            yield Input(
                self.url, placeholder="wss://example.org/ws", id="server-url", disabled=self.fixed
            )
            yield Static(
                _("Your name there (3 to 16 letters, digits, - or _)"), classes="group-title"
            )
            yield Input(self.player, max_length=16, id="server-name")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Connect (Enter)"), id="connect", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#server-name" if self.url else "#server-url", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#connect")
    def _connect(self) -> None:
        from nardy_tui.play import address_problem

        url = self.query_one("#server-url", Input).value.strip()
        name = self.query_one("#server-name", Input).value.strip()
        problem = address_problem(url, name)
        if problem is not None:
            self.notify(problem, severity="error")
            return
        self.dismiss((url, name))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
