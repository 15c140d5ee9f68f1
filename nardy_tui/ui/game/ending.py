"""The end of a game and of the match: their dialogs, the review, the match's record."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nardy_tui.bot import game_stakes
from nardy_tui.engine import Phase, Side
from nardy_tui.i18n import _
from nardy_tui.play import TutorGate, turn_said
from nardy_tui.ui.dialogs import Choice, GameOverDialog, MatchOverDialog

if TYPE_CHECKING:
    from nardy_tui.ui.game.host import GameHost


class MatchEnding:
    """Puts up the game-over and match-over dialogs, each once, and does what they ask."""

    def __init__(self, screen: GameHost, tutor: TutorGate) -> None:
        """``tutor``: the plays it warned of are marked in the review."""
        self._screen = screen
        self._tutor = tutor
        self._record_note = ""
        """What the match-over dialog says of the record, to show it again after a review."""

    def game_over(self) -> None:
        """The game-over dialog, once: its button (or n, or the palette) starts the next
        game."""
        screen = self._screen
        if screen.match.phase is not Phase.GAME_OVER:
            return  # the other machine started the next game meanwhile
        if not self._dialog_open(GameOverDialog):
            screen.app.push_screen(
                GameOverDialog(screen.match, screen.flow.viewpoint.names), self._game_over_chosen
            )

    def next_game(self) -> None:
        """Start the next game: through the game-over dialog when it is open."""
        screen = self._screen
        if screen.match.phase is not Phase.GAME_OVER:
            return
        dialog = next(
            (shown for shown in screen.app.screen_stack if isinstance(shown, GameOverDialog)), None
        )
        if dialog is None:
            screen.apply(screen.flow.next_game())
        elif screen.app.screen is dialog:
            dialog.dismiss(Choice.NEXT)

    def match_over(self) -> None:
        """Keep the finished match as a record; forget its save file once that is written.

        The match-over dialog is modal, so the export key cannot be reached any more: the
        record is written here, to the file the export key writes, and the dialog says
        where. If it cannot be written the save file (saved at match over) stays until a
        new match starts, so nothing is lost: resuming it shows this dialog again and tries
        again, and ``nardy export`` can still write the record. A player in a browser
        cannot reach a file on the server: the dialog tells them how to download it.
        """
        if self._dialog_open(MatchOverDialog):
            return
        screen = self._screen
        saver = screen.services.saver
        kept, written = saver.write_record(screen.match, screen.options)
        if kept:
            saver.discard()
            if screen.app.is_web:
                written = _("Its record: Escape closes this, then x downloads it.")
        else:
            written = _(
                "{problem}. The finished match stays saved until a new match starts: "
                "'nardy export FILE' writes its record elsewhere, and "
                "'nardy --resume' shows this again."
            ).format(problem=written)
        self._record_note = written
        self._show_match_over()

    def match_result(self) -> None:
        """The match-over dialog again, after Escape closed it to look at the final board."""
        if not self._dialog_open(MatchOverDialog):
            self._show_match_over()

    def _dialog_open(self, kind: type[GameOverDialog | MatchOverDialog]) -> bool:
        return any(isinstance(shown, kind) for shown in self._screen.app.screen_stack)

    def _game_over_chosen(self, choice: Choice | None) -> None:
        """The next game, or (Escape) the final board, from which n starts the next game."""
        screen = self._screen
        if choice is Choice.REVIEW:
            self._open_review(lambda _: self.game_over())
        elif choice is Choice.LOOK:
            screen.say(
                _("{turn}. The game is over: n starts the next game.").format(
                    turn=turn_said(screen.match.game.turns[-1], screen.flow.reader)
                )
            )
        else:
            screen.apply(screen.flow.next_game())

    def _show_match_over(self, _: None = None) -> None:
        screen = self._screen
        screen.app.push_screen(
            MatchOverDialog(screen.match, screen.flow.viewpoint.names, self._record_note),
            self._match_over_chosen,
        )

    def _match_over_chosen(self, choice: Choice | None) -> None:
        screen = self._screen
        if choice is Choice.REVIEW:
            self._open_review(self._show_match_over)
        elif choice is Choice.LOOK:
            screen.say(
                _(
                    "{turn}. The match is over: m shows its result again, n starts a new match."
                ).format(turn=turn_said(screen.match.game.turns[-1], screen.flow.reader))
            )
        elif choice is Choice.NEW:
            screen.services.new_match()
        else:
            screen.app.exit(0)

    def _open_review(self, back: Callable[[None], None]) -> None:
        """The review of the game just finished; ``back`` runs when it is closed.

        Imported here: the review needs the bot, which the first frame must not wait for.
        """
        from nardy_tui.ui.review import ReviewRequest, ReviewScreen

        screen = self._screen
        game = screen.match.game
        flow = screen.flow
        humans = frozenset(side for side in Side if flow.seats[side].at_keyboard)
        request = ReviewRequest(
            number=game.number,
            start=game.first_position,
            turns=tuple(game.turns),
            sides=humans,
            view=None if flow.hot_seat else flow.viewpoint.human_side,
            overridden=frozenset(
                turn for number, turn in self._tutor.overridden if number == game.number
            ),
            stakes=game_stakes(screen.match),
        )
        screen.app.push_screen(ReviewScreen(request), back)
