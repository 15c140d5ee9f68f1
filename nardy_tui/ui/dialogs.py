"""Dialogs: game over, match over, quitting mid-match, resuming a saved match."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from nardy_tui.engine import Match, Side
from nardy_tui.ui.closing import ClosesOnce


def who(side: Side, names: dict[Side, str]) -> str:
    """A player as named on screen, with the colour added unless the name is the colour.

    >>> who(Side.WHITE, {Side.WHITE: "You", Side.BLACK: "Easy bot"})
    'You (White)'
    """
    name = names[side]
    return name if name == side.label else f"{name} ({side.label})"


def verb(side: Side, names: dict[Side, str], singular: str, plural: str) -> str:
    """The verb that agrees with the player: "You (White) score", "White scores"."""
    return plural if names[side] == "You" else singular


def score_line(match: Match, names: dict[Side, str]) -> str:
    white, black = match.score[Side.WHITE], match.score[Side.BLACK]
    return (f"{who(Side.WHITE, names)} {white} - {black} {who(Side.BLACK, names)}, "
            f"match to {match.length}")


class Dialog(ClosesOnce, ModalScreen[str]):
    """A short message with buttons; each button dismisses with its id.

    Each button has keys of its own, written on it (``choose`` bindings in the subclass);
    Enter presses the focused button, the first one at the start, and the arrows move
    between them. Escape closes a dialog only where that is safe (its subclass binds it).
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("left,up", "app.focus_previous", show=False),
                Binding("right,down", "app.focus_next", show=False)]

    def __init__(self, title: str, body: str, buttons: list[tuple[str, str]]) -> None:
        """``buttons`` are (id, label) pairs; the label should name the button's keys."""
        super().__init__()
        self.title_text = title
        self.body = body
        self.buttons = buttons

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.body, classes="dialog-body", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for index, (button_id, label) in enumerate(self.buttons):
                    yield Button(label, id=button_id,
                                 variant="primary" if index == 0 else "default")

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, button_id: str) -> None:
        """A button's key: as if that button were pressed."""
        self.dismiss(button_id)


class GameOverDialog(Dialog):
    """Who won the game, for how many points (mars labelled), and the match score.

    Escape closes it to look at the final board; n (the game screen's key) then starts
    the next game. Review (v) shows the game turn by turn against the expert's plays.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next game", show=False),
        Binding("v", "choose('review')", "Review the game", show=False),
        Binding("escape", "choose('look')", "Look at the board", show=False),
    ]

    def __init__(self, match: Match, names: dict[Side, str]) -> None:
        game = match.game
        assert game.winner is not None
        points = "2 points: mars! The loser bore off no checker." if game.is_mars else "1 point."
        super().__init__(
            f"Game {game.number}: {game.winner.label} wins",
            f"{who(game.winner, names)} {verb(game.winner, names, 'scores', 'score')} "
            f"{points}\n\n"
            f"{score_line(match, names)}",
            [("next", "Next game (n)"), ("review", "Review (v)"), ("look", "See the board (Esc)")],
        )


class MatchOverDialog(Dialog):
    """The final score and where the match's record is, then a new match or quit.

    Escape does nothing here: neither choice is a safe guess.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", "New match", show=False),
        Binding("v", "choose('review')", "Review the last game", show=False),
        Binding("q", "choose('quit')", "Quit", show=False),
    ]

    def __init__(self, match: Match, names: dict[Side, str], record: str) -> None:
        """``record`` says where the match's record was written, or why it was not."""
        winner = match.winner
        assert winner is not None
        mars = " with a mars (2 points)" if match.game.is_mars else " (1 point)"
        super().__init__(
            f"{who(winner, names)} {verb(winner, names, 'wins', 'win')} the match",
            f"{winner.label} won the last game{mars}.\n\n"
            f"Final score: {score_line(match, names)}\n\n{record}",
            [("new", "New match (n)"), ("review", "Review (v)"), ("quit", "Quit (q)")],
        )


class QuitDialog(Dialog):
    """Quitting mid-match needs a confirmation; the match stays saved.

    Quit is focused, so Ctrl+Q then Enter quits, as does Ctrl+Q twice (the app's key), y
    or q; Escape or n keeps playing.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "choose('quit')", "Quit", show=False),
        Binding("n,escape", "choose('stay')", "Keep playing", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(
            "Quit nardy?",
            "The match is not over. It is saved: 'nardy --resume' (or just 'nardy') "
            "continues it later.",
            [("quit", "Quit (q, y)"), ("stay", "Keep playing (Esc, n)")],
        )


class AbandonDialog(Dialog):
    """Starting a new match replaces the one in progress: Keep playing is focused."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('new')", "New match", show=False),
        Binding("n,escape", "choose('stay')", "Keep playing", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(
            "Start a new match?",
            "The match in progress will be discarded.",
            [("stay", "Keep playing (Esc, n)"), ("new", "New match (y)")],
        )


class ResumeDialog(Dialog):
    """An unfinished match was found at start-up.

    Escape does nothing: with nothing under the dialog, there is nothing to go back to.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r,y", "choose('resume')", "Resume", show=False),
        Binding("n", "choose('new')", "New match", show=False),
    ]

    def __init__(self, summary: str) -> None:
        super().__init__(
            "Resume the saved match?",
            f"An unfinished match is saved:\n{summary}",
            [("resume", "Resume (r)"), ("new", "New match (n)")],
        )
