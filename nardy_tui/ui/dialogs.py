"""Dialogs: game over, match over, quitting mid-match, resuming a saved match or giving it
up, news that must be read."""

from __future__ import annotations

import os
from enum import Enum
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from nardy_tui.engine import Game, Match, Side
from nardy_tui.i18n import N_, _, broken_into_lines, ngettext, reordering
from nardy_tui.ui.closing import ClosesOnce
from nardy_tui.ui.sized import UPRIGHT_WIDTHS
from nardy_tui.ui.translated import translate_bindings


def who(side: Side, names: dict[Side, str]) -> str:
    """A player as named on screen, with the colour added unless the name is the colour.

    >>> who(Side.WHITE, {Side.WHITE: "You", Side.BLACK: "Easy bot"})
    'You (White)'
    """
    name = names[side]
    colour = side.name_shown
    return name if name == colour else _("{player} ({side})").format(player=name, side=colour)


def is_you(side: Side, names: dict[Side, str]) -> bool:
    """Whether the player of ``side`` is the one at the keyboard ("You"): the sentences
    about them are their own messages, the verb agreeing ("You (White) score")."""
    return names[side] == _("You")


def score_line(match: Match, names: dict[Side, str]) -> str:
    """The score: "You (White) 1 - 0 Easy bot (Black), match to 3"."""
    line = _("{white_player} {white_score} - {black_score} {black_player}, match to {length}")
    return line.format(
        white_player=who(Side.WHITE, names),
        white_score=match.score[Side.WHITE],
        black_score=match.score[Side.BLACK],
        black_player=who(Side.BLACK, names),
        length=match.length,
    )


def game_scored(game: Game, names: dict[Side, str]) -> str:
    """Who scored the game just won, and how many points: "You (White) score 1 point."."""
    winner = game.winner
    assert winner is not None
    side, count = winner.name_shown, game.points
    if game.resignation is not None:
        return _resigned_game_scored(game, names)
    if is_you(winner, names):
        if game.is_mars:
            mars = _("You ({side}) score 2 points: mars! The loser bore off no checker.")
            return mars.format(side=side)
        return ngettext(
            "You ({side}) score {count} point.", "You ({side}) score {count} points.", count
        ).format(side=side, count=count)
    player = who(winner, names)
    if game.is_mars:
        return _("{player} scores 2 points: mars! The loser bore off no checker.").format(
            player=player
        )
    return ngettext(
        "{player} scores {count} point.", "{player} scores {count} points.", count
    ).format(player=player, count=count)


def _resigned_game_scored(game: Game, names: dict[Side, str]) -> str:
    """Who scored a game given up, how many points, and who resigned it."""
    assert game.winner is not None and game.resignation is not None
    count, loser = game.points, who(game.resignation.side, names)
    if is_you(game.winner, names):
        return ngettext(
            "You ({side}) score {count} point: {loser} resigned the game.",
            "You ({side}) score {count} points: {loser} resigned the game.",
            count,
        ).format(side=game.winner.name_shown, count=count, loser=loser)
    return ngettext(
        "{player} scores {count} point: {loser} resigned the game.",
        "{player} scores {count} points: {loser} resigned the game.",
        count,
    ).format(player=who(game.winner, names), count=count, loser=loser)


def match_won(match: Match, names: dict[Side, str]) -> str:
    """Who won the match: "You (White) win the match", "Easy bot (White) wins the match"."""
    winner = match.winner
    assert winner is not None
    if is_you(winner, names):
        return _("You ({side}) win the match").format(side=winner.name_shown)
    return _("{player} wins the match").format(player=who(winner, names))


def last_game_won(game: Game) -> str:
    """The last game of a match, and its points: "White won the last game (1 point)."."""
    assert game.winner is not None
    side = game.winner.name_shown
    if game.resignation is not None:
        return ngettext(
            "{side} won the last game: the other side resigned it ({count} point).",
            "{side} won the last game: the other side resigned it ({count} points).",
            game.points,
        ).format(side=side, count=game.points)
    if game.is_mars:
        return _("{side} won the last game with a mars (2 points).").format(side=side)
    return ngettext(
        "{side} won the last game ({count} point).",
        "{side} won the last game ({count} points).",
        game.points,
    ).format(side=side, count=game.points)


def past_the_length(match: Match) -> str:
    """Why a finished match's score can be more than its length ("2 - 0, match to 1"):
    a game counts its whole points, a mars 2, however few the match still needed."""
    assert match.winner is not None
    if match.score[match.winner] <= match.length:
        return ""
    return _("The last game's points all count, a mars 2, though the match needed fewer.")


DIALOG_TEXT_WIDTH = 58
"""Columns of a dialog's text: its width (64 in nardy.tcss) less the border and padding."""
DIALOG_FRAME = 6
"""Columns of a dialog that are not its text: the border and the padding."""


class Choice(Enum):
    """What a dialog's button answers; its value is the button's id and its keys' action
    parameter (``choose('next')``)."""

    NEXT = "next"
    REVIEW = "review"
    LOOK = "look"
    NEW = "new"
    QUIT = "quit"
    STAY = "stay"
    RESUME = "resume"
    RETHINK = "rethink"
    HINT = "hint"
    PLAY_ANYWAY = "play_anyway"
    OK = "ok"
    ACCEPT = "accept"
    DECLINE = "decline"
    SINGLE_GAME = "single"
    MARS = "mars"
    WHOLE_MATCH = "match"


class Dialog(ClosesOnce, ModalScreen[Choice]):
    """A short message with buttons; each button dismisses with its ``Choice``.

    Each button has keys of its own, written on it (``choose`` bindings in the subclass);
    Enter presses the focused button, the first one at the start, and the arrows move
    between them. Escape closes a dialog only where that is safe (its subclass binds it).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "app.focus_previous", show=False),
        Binding("right,down", "app.focus_next", show=False),
    ]
    HORIZONTAL_BREAKPOINTS = UPRIGHT_WIDTHS  # upright, the buttons one under another

    def __init__(self, title: str, body: str, buttons: list[tuple[Choice, str]]) -> None:
        """``buttons`` are (choice, label) pairs; the label should name the button's keys.

        All three are shown as given: translated by the subclass.
        """
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.buttons = buttons

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -right-to-left" if reordering() else "dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(
                broken_into_lines(self.body, self._text_width()),
                classes="dialog-body",
                markup=False,
            )
            with Horizontal(classes="dialog-buttons"):
                for index, (choice, label) in enumerate(self.buttons):
                    yield Button(
                        label, id=choice.value, variant="primary" if index == 0 else "default"
                    )

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def _text_width(self) -> int:
        """Columns for the text: the dialog's, or the terminal's where that is narrower."""
        return min(DIALOG_TEXT_WIDTH, self.app.size.width - DIALOG_FRAME)

    def on_screen_suspend(self) -> None:
        """Covered by another screen (Quit over the tutor's question), the box is hidden,
        so two boxes never show both their edges (docs/ui-hardening.md, "A dialog covered
        by a dialog"). It is shown again, its question still open, once it is on top."""
        self.add_class("-covered")

    def on_screen_resume(self) -> None:
        self.remove_class("-covered")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(Choice(event.button.id))

    def action_choose(self, choice: str) -> None:
        """A button's key: as if that button were pressed."""
        self.dismiss(Choice(choice))


class GameOverDialog(Dialog):
    """Who won the game, for how many points (mars labelled), and the match score.

    Escape closes it to look at the final board; n (the game screen's key) then starts
    the next game. Review (v) shows the game turn by turn against the expert's plays.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", N_("Next game"), show=False),
        Binding("v", "choose('review')", N_("Review the game"), show=False),
        Binding("escape", "choose('look')", N_("Look at the board"), show=False),
    ]

    def __init__(self, match: Match, names: dict[Side, str]) -> None:
        game = match.game
        assert game.winner is not None
        super().__init__(
            _("Game {number}: {side} wins").format(number=game.number, side=game.winner.name_shown),
            f"{game_scored(game, names)}\n\n{score_line(match, names)}",
            [
                (Choice.NEXT, _("Next game (n)")),
                (Choice.REVIEW, _("Review (v)")),
                (Choice.LOOK, _("See the board (Esc)")),
            ],
        )


class MatchOverDialog(Dialog):
    """The final score and where the match's record is, then a new match or quit.

    Escape closes it to look at the final board, which loses nothing: the record is
    written, and m (the game screen's key, or its button on a phone) brings the dialog
    back; n there starts a new match, as this dialog's button does. A fourth button says so
    only upright, where the buttons stand one under another and a phone has no Escape key:
    four do not fit the dialog's width in 80 columns; its last line does.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", N_("New match"), show=False),
        Binding("v", "choose('review')", N_("Review the last game"), show=False),
        Binding("q", "choose('quit')", N_("Quit"), show=False),
        Binding("escape", "choose('look')", N_("Look at the board"), show=False),
    ]

    def __init__(self, match: Match, names: dict[Side, str], record: str) -> None:
        """``record`` says where the match's record was written, or why it was not."""
        final = "\n".join(
            filter(
                None,
                (
                    _("Final score: {score}").format(score=score_line(match, names)),
                    past_the_length(match),
                ),
            )
        )
        super().__init__(
            match_won(match, names),
            f"{last_game_won(match.game)}\n\n{final}\n\n{record}\n\n"
            + _("Esc shows the final board; m there brings this back."),
            [
                (Choice.NEW, _("New match (n)")),
                (Choice.REVIEW, _("Review (v)")),
                (Choice.QUIT, _("Quit (q)")),
                (Choice.LOOK, _("See the board (Esc)")),  # upright only (nardy.tcss)
            ],
        )


class QuitDialog(Dialog):
    """Quitting mid-match needs a confirmation; the match stays saved.

    Quit is focused, so Ctrl+Q then Enter quits, as does Ctrl+Q twice (the app's key), y
    or q; Escape or n keeps playing.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "choose('quit')", N_("Quit"), show=False),
        Binding("n,escape", "choose('stay')", N_("Keep playing"), show=False),
    ]

    def __init__(self, how_to_go_on: str | None = None) -> None:
        """``how_to_go_on``: what takes the match up again, when it is not plain 'nardy'
        (a network match)."""
        super().__init__(
            _("Quit nardy?"),
            how_to_go_on
            or _(
                "The match is not over. It is saved: 'nardy --resume' (or "
                "just 'nardy') continues it later."
            ),
            [(Choice.QUIT, _("Quit (q, y)")), (Choice.STAY, _("Keep playing (Esc, n)"))],
        )


class TutorDialog(Dialog):
    """The tutor questions a play before it counts: Rethink (the turn taken back) is
    focused, so Enter or Escape never plays a mistake by accident.

    Its letters are not the game's (but h, a hint either way): the question comes up as
    the turn is confirmed, and the next key of a burst (c, then r to roll) must not
    answer it unread.

    The question is asked over the board it is about; ``b`` hides it to show the board
    whole, and brings it back.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t,escape", "choose('rethink')", N_("Rethink"), show=False),
        Binding("h", "choose('hint')", N_("Show hint"), show=False),
        Binding("p", "choose('play_anyway')", N_("Play anyway"), show=False),
        Binding("b", "look_at_board", N_("Board"), show=False),
    ]

    def __init__(self, mark: str, question: str) -> None:
        super().__init__(
            _("The tutor: {mark}").format(mark=mark),
            question + "\n" + _("b shows the board under this question, and b brings it back."),
            [
                (Choice.RETHINK, _("Rethink (t)")),
                (Choice.HINT, _("Show hint (h)")),
                (Choice.PLAY_ANYWAY, _("Play anyway (p)")),
            ],
        )

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(
            _(
                "The board under the tutor's question: b brings the question back; t "
                "rethinks, h shows the hint, p plays anyway."
            ),
            classes="tutor-looking",
        )

    def action_look_at_board(self) -> None:
        """Hide the question to see the board it is about, or bring it back."""
        self.toggle_class("-looking")


class AbandonDialog(Dialog):
    """Starting a new match replaces the one in progress, which is kept as a record
    (``give_up_match``): Keep playing is focused. ``in_browser``: the game is served to a
    browser, which the record goes to."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('new')", N_("New match"), show=False),
        Binding("n,escape", "choose('stay')", N_("Keep playing"), show=False),
    ]

    def __init__(self, in_browser: bool) -> None:
        super().__init__(
            _("Start a new match?"),
            _("The match in progress will be given up.") + " " + where_kept(in_browser),
            [(Choice.STAY, _("Keep playing (Esc, n)")), (Choice.NEW, _("New match (y)"))],
        )


class GiveUpSavedDialog(Dialog):
    """Asked once more before a new match takes the place of the saved one (as GNU
    Backgammon asks before it drops a match): Back is focused, so a second n or Enter
    never gives a match up by accident. ``in_browser`` as for ``AbandonDialog``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('new')", N_("Give it up"), show=False),
        Binding("n,escape", "choose('stay')", N_("Back"), show=False),
    ]

    def __init__(self, summary: str, in_browser: bool) -> None:
        super().__init__(
            _("Give up the saved match?"),
            _("The saved match ({summary}) cannot be resumed once a new match is chosen.").format(
                summary=summary
            )
            + " "
            + where_kept(in_browser),
            [(Choice.STAY, _("Back (Esc, n)")), (Choice.NEW, _("Give it up (y)"))],
        )


class NoticeDialog(Dialog):
    """News the player must not miss (a save file that could not be read and was moved
    aside): it stays until it is read and closed, where a notice would vanish."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('ok')", N_("OK"), show=False),
    ]

    def __init__(self, title: str, news: str) -> None:
        super().__init__(title, news, [(Choice.OK, _("OK (Enter)"))])


def where_kept(in_browser: bool) -> str:
    """Where the record of a match given up goes: the records' folder (ending in the
    separator, as a dialog shows a folder), or, for a player in a browser, who cannot reach
    a file on the server, their browser."""
    from nardy_tui.storage import records_dir

    if in_browser:
        return _("Its record, to replay or review, comes to your browser as a download.")
    return _("It is kept as a record, to replay or review, in:\n{folder}").format(
        folder=f"{records_dir()}{os.sep}"
    )


class GiveUpFriendDialog(Dialog):
    """A new match with a friend would take the place of the unfinished one this side
    keeps in that role (a machine keeps one it hosts and one it joined): going on with it
    is focused, Escape goes back. ``can_go_on`` is False for a match met directly, which
    only ``nardy host --resume`` or ``nardy join`` with its code takes up."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "choose('resume')", N_("Go on with it"), show=False),
        Binding("n", "choose('new')", N_("New match"), show=False),
        Binding("escape", "choose('stay')", N_("Back"), show=False),
    ]

    def __init__(self, summary: str, can_go_on: bool) -> None:
        go_on = [(Choice.RESUME, _("Go on with it (g)"))] if can_go_on else []
        super().__init__(
            _("Give up the unfinished match?"),
            _(
                "An unfinished match with a friend is saved:\n{summary}\n\nA new "
                "match gives it up on this machine, kept as a record."
            ).format(summary=summary),
            [*go_on, (Choice.NEW, _("New match (n)")), (Choice.STAY, _("Back (Esc)"))],
        )


class ResumeDialog(Dialog):
    """An unfinished match was found at start-up.

    Escape does nothing: with nothing under the dialog, there is nothing to go back to.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r,y", "choose('resume')", N_("Resume"), show=False),
        Binding("n", "choose('new')", N_("New match"), show=False),
    ]

    def __init__(self, summary: str, asked: str | None = None) -> None:
        """``asked``: the new match the command line asks for, which "New match" starts
        at once, giving the saved one up (so the question says so)."""
        body = _("An unfinished match is saved:\n{summary}").format(summary=summary)
        if asked is not None:
            body += "\n\n" + _("The command line asks for a new match:\n{asked}").format(
                asked=asked
            )
        body += "\n\n" + _("A new match gives the saved one up (kept as a record).")
        super().__init__(
            _("Resume the saved match?"),
            body,
            [(Choice.RESUME, _("Resume (r)")), (Choice.NEW, _("New match (n)"))],
        )


class ResignDialog(Dialog):
    """What to give up in a lobby's match: this game, offered at a single game (s) or a
    mars (m), which the opponent accepts or declines, or the whole match at once (w).
    Escape keeps playing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('single')", N_("A single game"), show=False),
        Binding("m", "choose('mars')", N_("A mars"), show=False),
        Binding("w", "choose('match')", N_("The whole match"), show=False),
        Binding("escape", "choose('stay')", N_("Keep playing"), show=False),
    ]

    def __init__(self, opponent: str) -> None:
        super().__init__(
            _("Resign"),
            _(
                "Offer {player} this game at a single game (1 point) or a mars (2 points): "
                "you wait for the answer, yes or no. Or give up the whole match at once. "
                "Esc: keep playing."
            ).format(player=opponent),
            [
                (Choice.SINGLE_GAME, _("Single (s)")),
                (Choice.MARS, _("Mars (m)")),
                (Choice.WHOLE_MATCH, _("Match (w)")),
            ],
        )


class ResignOfferDialog(Dialog):
    """The opponent offers to give up the game at a stake: accept (y) or decline (n)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('accept')", N_("Accept"), show=False),
        Binding("n", "choose('decline')", N_("Decline"), show=False),
    ]

    def __init__(self, opponent: str, points: int) -> None:
        super().__init__(
            _("{player} offers to resign").format(player=opponent),
            ngettext(
                "{player} offers you this game at {count} point (a single game). "
                "Accept, and you win it; decline, and play goes on.",
                "{player} offers you this game at {count} points (a mars). "
                "Accept, and you win it; decline, and play goes on.",
                points,
            ).format(player=opponent, count=points),
            [(Choice.ACCEPT, _("Accept (y)")), (Choice.DECLINE, _("Decline (n)"))],
        )
