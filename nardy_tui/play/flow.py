"""The turn flow: what each choice at the board does to the match, with no widget involved.

The game screen turns keys, clicks and timers into calls here. Each call changes the match
through the engine (``Match``, ``TurnBuilder``) and answers with an ``Outcome``: the words
for the status line, whether the match changed (to be saved), whether the board needs
drawing again, and whether something ended (a roll, a turn, a game) so that what comes next
may start by itself. The screen applies every outcome in one place.

The flow also knows who is who through its ``Viewpoint`` (whose numbering the words use,
which side the board is seen from), which keys do something now, and what happens next without a key
(``what_next``). What the board shows of it is in ``board_marks``, the sentences about the
match as it stands in ``status``. None of it needs Textual, so all of it has unit tests
(``tests/play/test_flow.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING

from nardy_tui.engine import Match, Phase, Play, Side, Step, TurnBuilder
from nardy_tui.i18n import _, ngettext, sentences
from nardy_tui.play.cells import point_of
from nardy_tui.play.commands import Command
from nardy_tui.play.hint import hint_for
from nardy_tui.play.marks import COMBINED_GLYPH, SINGLE_GLYPH
from nardy_tui.play.reading import Reader
from nardy_tui.play.seats import Seat
from nardy_tui.play.status import (
    TURN_COMPLETE,
    not_now,
    pass_said,
    roll_off_unseen,
    rolled_said,
    turn_said,
)
from nardy_tui.play.viewpoint import Viewpoint
from nardy_tui.play.wording import roll_off_said
from nardy_tui.storage import Settings, Switch, Tutor

if TYPE_CHECKING:
    from nardy_tui.bot import RankedPlay, Stakes


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a call did, for the screen to apply: save, redraw, say, then go on."""

    said: str = ""
    """New words for the status line ("" leaves what it says)."""
    changed: bool = False
    """The match changed: save it."""
    redraw: bool = True
    """The board and panels need drawing again (a refusal only speaks)."""
    moves_on: bool = False
    """A roll, a turn or a game ended: start what comes next by itself (``what_next``)."""
    confirm: bool = False
    """The turn is complete and confirming is automatic, but the tutor is to look first."""


AUTOMATIC_PLAYS = (Switch.AUTO_ROLL, Switch.AUTO_FORCED, Switch.AUTO_CONFIRM)
"""The settings that play for the player: rolling, a forced play, confirming a turn."""


def saying(words: str) -> Outcome:
    """An outcome that only speaks: nothing changed, nothing to draw."""
    return Outcome(said=words, redraw=False)


class Next(Enum):
    """What starts without a key after a change (``TurnFlow.what_next``)."""

    WAIT = "wait for a key"
    ROLL = "roll by itself"
    PASS = "pass: nothing can be played"
    AWAY_MOVES = "a player away from the keyboard (the bot) chooses, then moves"
    PLAYER_MOVES = "a player moves"
    GAME_OVER = "the game is over"
    MATCH_OVER = "the match is over"


class TurnFlow:
    """The match as the players at this screen play it.

    ``seats`` says who plays each side; ``settings`` are the player's (shared with the app,
    so a change counts at once).
    """

    def __init__(self, match: Match, seats: dict[Side, Seat], settings: Settings) -> None:
        self.match = match
        self.seats = seats
        self.settings = settings
        self.viewpoint = Viewpoint(seats, settings)
        self.hot_seat = self.viewpoint.hot_seat
        """Both sides at this keyboard: "you" could be either, so words name the player."""
        self.selected: int | None = None
        """The mover's point of the checker chosen to move, if any."""
        self.hint: Play | None = None
        """The hint's play for the turn in progress, once found."""
        self.away_steps: list[Step] = []
        """The bot's steps still to show, one at a time."""

    # -- who is who ------------------------------------------------------------------------

    @property
    def reader(self) -> Reader:
        """The numbering every word of the flow uses (``Viewpoint.reader``)."""
        return self.viewpoint.reader

    @property
    def human_to_move(self) -> bool:
        """Whether the side to move is played at the keyboard (True when no side is to move:
        both throw a roll-off)."""
        mover = self.match.mover
        return mover is None or self.seats[mover].at_keyboard

    # -- what the keys may do now ----------------------------------------------------------

    def allows(self, command: Command) -> bool:
        """Whether ``command`` does something now (the footer shows it); every command has
        an answer, and anything else is an error."""
        match = self.match
        turn = self.human_turn
        if command is Command.ROLL:
            return match.phase is Phase.ROLL_OFF or (match.may_roll and self.human_to_move)
        if command is Command.CONFIRM:
            return turn is not None and turn.is_complete
        if command in (Command.UNDO, Command.UNDO_TURN):
            return turn is not None and bool(turn.steps)
        if command is Command.HINT:
            return (
                turn is not None
                and not turn.is_complete
                and all(seat.leaves_hints for seat in self.seats.values())
            )
        if command is Command.SKIP:
            return bool(self.away_steps)
        if command is Command.NEXT_GAME:
            return match.phase is Phase.GAME_OVER
        if command is Command.LAST_PLAY:
            return match.mover is not None and self.human_to_move and bool(match.game.turns)
        if command is Command.RESIGN:
            # Against a lobby's player, a game in play, and no turn of this player's being
            # built: an offer to resign stops its throws and plays until the answer.
            in_play = match.phase in (Phase.ROLL_OFF, Phase.ROLL, Phase.MOVE)
            online = any(seat.takes_resignations for seat in self.seats.values())
            return online and in_play and turn is None
        if command in (Command.EXPORT, Command.PANEL, Command.COPY_ID):
            return True  # the record and the position can always be had; the panel is the
            # screen's
        raise ValueError(f"not a command of the game: {command!r}")

    @property
    def human_turn(self) -> TurnBuilder | None:
        """The turn being built, if it is a human's to change now (not the bot's)."""
        turn = self.match.turn
        return turn if turn is not None and self.human_to_move else None

    def what_next(self) -> Next:
        """What starts by itself now: after every change, and when a screen opens on a
        match (a resumed one included), so a match saved at any phase goes on from there."""
        match = self.match
        if match.may_roll:
            seat = self.seats[match.mover] if match.mover is not None else None
            by_itself = (
                seat.rolls_by_itself
                if seat is not None and not seat.at_keyboard
                else self.settings.auto_roll
            )
            return Next.ROLL if by_itself else Next.WAIT
        if match.phase is Phase.MOVE:
            assert match.turn is not None
            if match.turn.is_pass:
                return Next.PASS
            return Next.PLAYER_MOVES if self.human_to_move else Next.AWAY_MOVES
        return Next.GAME_OVER if match.phase is Phase.GAME_OVER else Next.MATCH_OVER

    # -- the player's choices --------------------------------------------------------------

    def roll(self, by_key: bool = True) -> Outcome | None:
        """A roll-off throw, or the mover's dice (by key only when a human is to move)."""
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            said = roll_off_said(match.roll_off())
        elif match.phase is Phase.ROLL and (self.human_to_move or not by_key):
            match.roll()
            said = rolled_said(match)
            if not by_key:
                said = sentences(roll_off_unseen(match.game), said)
        else:
            return None
        self.viewpoint.follow(match.mover)
        return Outcome(said, changed=True, moves_on=True)

    def choose(self, cell: int) -> Outcome:
        """The player chose ``cell`` on the board: select, move, or say why not."""
        turn = self.human_turn
        if turn is None:
            return saying(not_now(self.match, self.seats))
        point = point_of(turn.mover, cell)
        if point is None:
            return self._refuse(
                turn, _("That is the opponent's tray: your checkers are borne off into your own.")
            )
        if point == self.selected:
            return self._drop_selection()
        if self.selected is None:
            return self._select(turn, point)
        if turn.route(self.selected, point) is not None:
            return self._move(turn, self.selected, point)
        if point in turn.sources():
            return self._select(turn, point)
        return self._refuse(turn, turn.why_not(self.selected, point, self.reader.side))

    def digit_waiting(self, digit: int, points: Sequence[int]) -> Outcome | None:
        """A typed 1 or 2 waits for a second digit that makes one of ``points`` (those
        it begins that can be chosen now): say so at once, naming just those, and how to
        choose the point itself, so that 1 then 0 (point 10) is no surprise."""
        if self.human_turn is None:
            return None
        return saying(
            _(
                "{digit}…: a second digit makes point {points}; Enter takes point "
                "{digit}, Escape forgets it; o is your tray (bear off)."
            ).format(digit=digit, points=", ".join(str(point) for point in points))
        )

    def digit_forgotten(self, digit: int) -> Outcome | None:
        """Escape forgot a typed 1 or 2 that waited: say that nothing was chosen (the
        status line still asked for its second digit)."""
        if self.human_turn is None:
            return None
        return saying(_("{digit} forgotten: no point was chosen.").format(digit=digit))

    def cancel(self) -> Outcome | None:
        """Drop the selection, if there is one to drop (Escape)."""
        if self.human_turn is None or self.selected is None:
            return None
        return self._drop_selection()

    def _refuse(self, turn: TurnBuilder, reason: str) -> Outcome:
        """Say why not to the player at the keyboard (``Viewpoint.addressed``)."""
        return saying(self.viewpoint.addressed(turn.mover, reason))

    def _drop_selection(self) -> Outcome:
        self.selected = None
        return Outcome(_("Selection dropped: choose a checker to move."))

    def _select(self, turn: TurnBuilder, point: int) -> Outcome:
        if point not in turn.sources():
            return self._refuse(turn, turn.why_not_from(point, self.reader.side))
        self.selected = point
        selected = _(
            "Checker on {point} selected: choose where it goes ({single} one die, "
            "{combined} dice combined)."
        )
        return Outcome(
            selected.format(
                point=self.reader.point(point, turn.mover),
                single=SINGLE_GLYPH,
                combined=COMBINED_GLYPH,
            )
        )

    def _move(self, turn: TurnBuilder, src: int, dst: int) -> Outcome:
        steps = turn.move(src, dst)
        self.selected = None
        return self._after_step(
            _("Moved {steps}.").format(steps=self.reader.steps(steps, turn.mover))
        )

    def _after_step(self, said: str, complete: str | None = None) -> Outcome:
        """A step was played: the turn ends here if it is complete and confirming is
        automatic, otherwise it waits for the next step (``said``) or the confirmation
        (``complete``, by default ``TURN_COMPLETE``)."""
        turn = self.match.turn
        assert turn is not None
        if turn.is_complete and self.settings.auto_confirm:
            if self.tutor_watches:
                return Outcome(said, changed=True, confirm=True)
            return self.finish_turn()
        if turn.is_complete:
            said = _(TURN_COMPLETE) if complete is None else complete
        return Outcome(said, changed=True)

    def undo(self) -> Outcome | None:
        turn = self.human_turn
        if turn is None or turn.undo() is None:
            return None
        self.selected = None
        return Outcome(_("Step taken back."), changed=True)

    def undo_turn(self) -> Outcome | None:
        turn = self.human_turn
        if turn is None or not turn.steps:
            return None
        turn.reset()
        self.selected = None
        return Outcome(_("The whole turn was taken back."), changed=True)

    def nothing_to_undo(self) -> Outcome:
        """What an undo key says when it takes nothing back, rather than silence: on the
        player's own turn before a step, or when no turn of theirs is being played (a
        confirmed turn stays as played)."""
        if self.human_turn is not None:
            return saying(_("Nothing to undo: no step of this turn has been played yet."))
        return saying(
            _("Nothing to undo: only the steps of a turn being played can be taken back.")
        )

    @property
    def tutor_watches(self) -> bool:
        """Whether the tutor judges the human's turn before it counts: the setting is on
        and the expert may be asked (as for the hint: not against a player elsewhere)."""
        return (
            self.settings.tutor is not Tutor.OFF
            and self.human_turn is not None
            and all(seat.leaves_hints for seat in self.seats.values())
        )

    def confirm(self) -> Outcome | None:
        turn = self.human_turn
        if turn is None or not turn.is_complete:
            return None
        return self.finish_turn()

    def not_complete(self) -> Outcome | None:
        """Why the turn cannot be confirmed yet: the steps still to play (a confirm key on
        an unfinished turn says so, rather than nothing)."""
        turn = self.human_turn
        if turn is None or turn.is_complete:
            return None
        left = turn.max_steps - len(turn.steps)
        return self._refuse(
            turn,
            ngettext(
                "The turn is not complete: {count} more step to play.",
                "The turn is not complete: {count} more steps to play.",
                left,
            ).format(count=left),
        )

    def play_forced(self) -> Outcome | None:
        """Play the turn for the human when the engine allows exactly one play and the
        player asked for forced plays to be made for them (a setting)."""
        turn = self.human_turn
        if not self.settings.auto_forced or turn is None or turn.steps or turn.forced_play is None:
            return None
        for step in turn.forced_play:
            turn.push(step)
        return self._after_step(
            "", complete=_("The only legal play was played for you: confirm it (c) or undo (u).")
        )

    def turned_on(self, setting: Switch) -> Outcome | None:
        """What an automatic play does once it is turned on, if it applies now (the player's
        roll waiting, a forced play not begun, a complete turn): it acts at once, not from
        the next turn on. A complete turn is confirmed past the tutor (``Outcome.confirm``),
        as when its last step completes it."""
        if setting not in AUTOMATIC_PLAYS or not self.settings.is_on(setting):
            return None
        if setting is Switch.AUTO_ROLL:
            return self.roll(by_key=False) if self.allows(Command.ROLL) else None
        if setting is Switch.AUTO_FORCED:
            return self.play_forced()
        return Outcome(redraw=False, confirm=True) if self.allows(Command.CONFIRM) else None

    def pass_turn(self) -> Outcome:
        """The turn passes, as nothing can be played: said in the status line, not a toast
        (a toast covered the news under the board and outlived the next roll)."""
        said = pass_said(self.match)
        return replace(self.finish_turn(passing=True), said=said)

    def finish_turn(self, passing: bool = False) -> Outcome:
        """End the turn: the steps built so far, or a pass when nothing can be played."""
        match = self.match
        record = match.play(Play()) if passing else match.commit()
        self.selected = None
        self.hint = None
        self.away_steps = []
        self.viewpoint.follow(match.mover)
        return Outcome(turn_said(record, self.reader), changed=True, moves_on=True)

    def next_game(self) -> Outcome | None:
        if self.match.phase is not Phase.GAME_OVER:
            return None
        self.match.next_game()
        return Outcome(
            _("Game {number}: roll-off (r).").format(number=self.match.game.number),
            changed=True,
            moves_on=True,
        )

    # -- the bot's turn --------------------------------------------------------------------

    def away_chose(self, play: Play, turn_number: int) -> Outcome | None:
        """The bot's play, to be shown step by step after any steps already on the board.

        A turn resumed from the save file can hold the first steps of the bot's play from
        before; if its new choice does not go on from them, they are taken back first.
        ``turn_number`` is the turn it thought about: a late answer is dropped.
        """
        turn = self.match.turn
        if turn is None or len(self.match.game.turns) != turn_number:
            return None
        shown = turn.steps
        if play[: len(shown)] == shown:
            play = Play(play[len(shown) :])
        else:
            turn.reset()
        self.away_steps = list(play)
        plays = _("{player} plays (s skips the animation)").format(
            player=self.viewpoint.names[turn.mover]
        )
        return saying(sentences(roll_off_unseen(self.match.game), plays))

    def bot_step(self) -> Outcome | None:
        """The bot's next step; the last one ends its turn."""
        turn = self.match.turn
        if not self.away_steps or turn is None:
            return None
        turn.push(self.away_steps.pop(0))
        return self.finish_turn() if not self.away_steps else Outcome(changed=True)

    def skip(self) -> Outcome | None:
        """Play the rest of the bot's turn at once."""
        turn = self.match.turn
        if turn is None or not self.away_steps:
            return None
        while self.away_steps:
            turn.push(self.away_steps.pop(0))
        return self.finish_turn()

    # -- the hint --------------------------------------------------------------------------

    def show_hint(
        self, ranking: Sequence[RankedPlay], turn_number: int, stakes: Stakes
    ) -> Outcome | None:
        """Star the best way to finish the turn and name the best few (``hint_for``), in
        the unit of the ``stakes`` they were ranked at; ``turn_number`` is the turn the
        ranking is for: a late one is dropped."""
        turn = self.human_turn
        if turn is None or len(self.match.game.turns) != turn_number:
            return None
        hint = hint_for(turn, ranking, self.reader, self.hot_seat, stakes)
        if hint is None:
            return None
        self.hint = hint.play
        return Outcome(hint.said)
