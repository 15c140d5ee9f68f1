"""Big buttons for what the game's keys do, for a terminal played by taps (a phone).

The stylesheet shows the bar in the layouts of a phone's screen only (``sized.Shape.tapped``):
a row under the board held upright, a column beside it held sideways. Each button runs the
screen's own command, as its key does, and shows only while the command applies (the
footer's test, ``GameScreen.check_action``); the menu button opens the command palette,
where every other command is. No button takes the focus: the board keeps it, so the keys
of a player who has a keyboard as well still reach the board.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button

from nardy_tui.i18n import N_, _
from nardy_tui.play import COMMANDS, Command

TAPPED = (Command.ROLL, Command.CONFIRM, Command.UNDO, Command.HINT, Command.NEXT_GAME)
"""The commands with a button of their own, in the footer's order."""

AT_THE_MATCH_END = (("new_match", N_("New match")), ("match_result", N_("Match result")))
"""The screen's own actions once the match is over (their keys n and m): a new match, and
the match-over dialog again, after it was closed to look at the final board."""

MENU = N_("Menu")


class TapBar(Horizontal):
    """A button for each command of ``TAPPED`` and each action of ``AT_THE_MATCH_END`` that
    applies now, and the menu."""

    def compose(self) -> ComposeResult:
        for spec in COMMANDS:
            if spec.command in TAPPED:
                yield _tap_button(_(spec.label), f"screen.{spec.action}", spec.command.value)
        for action, label in AT_THE_MATCH_END:
            yield _tap_button(_(label), f"screen.{action}", action)
        yield _tap_button(_(MENU), "app.command_palette", "menu")

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.show_what_applies)
        self.show_what_applies(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def show_what_applies(self, screen: Screen[object]) -> None:
        """Each command's button shown while its command applies."""
        for command in TAPPED:
            applies = screen.check_action("command", (command.value,)) is True
            self.query_one(f"#tap-{command.value}", Button).display = applies
        for action, _label in AT_THE_MATCH_END:
            applies = screen.check_action(action, ()) is True
            self.query_one(f"#tap-{action}", Button).display = applies


def _tap_button(label: str, action: str, name: str) -> Button:
    """A button that never takes the focus and acts on every tap, as its key does on every
    press: Textual's ignores a second click within a fifth of a second, which dropped the
    turn's roll tapped right after the roll-off's (the board answers each tap anyway)."""
    button = Button(label, action=action, id=f"tap-{name}")
    button.can_focus = False
    button.active_effect_duration = 0
    return button
