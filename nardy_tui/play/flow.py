"""The turn flow: what each choice at the board does to the match, with no widget involved.

The game screen turns keys, clicks and timers into calls here. Each call changes the match
through the engine (``Match``, ``TurnBuilder``) and answers with an ``Outcome``: the words
for the status line, whether the match changed (to be saved), whether the board needs
drawing again, and whether something ended (a roll, a turn, a game) so that what comes next
may start by itself. The screen applies every outcome in one place.

The flow also owns what the screen reads off the match: whose numbering the words use, the
marks on the board, the banner, which keys do something now, and what happens next without
a key (``what_next``). None of it needs Textual, so all of it has unit tests
(``tests/play/test_flow.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from nardy_tui.bot import comparable
from nardy_tui.engine import (
    OFF,
    POINTS,
    Dice,
    Game,
    Match,
    Phase,
    Play,
    Position,
    Side,
    Step,
    TurnBuilder,
    TurnRecord,
    checker_moves,
    format_moves,
    format_play,
    legal_results,
    renumber,
)
from nardy_tui.i18n import N_, _, ngettext, sentences
from nardy_tui.play.cells import cell_of, point_of
from nardy_tui.play.commands import Command
from nardy_tui.play.marks import (
    COMBINED_GLYPH,
    HINT_FROM_GLYPH,
    HINT_TO_GLYPH,
    SINGLE_GLYPH,
    Mark,
    Marks,
    moved_cells,
)
from nardy_tui.play.seats import Seat
from nardy_tui.play.wording import chances_said, roll_off_said, turn_line
from nardy_tui.storage import Settings, Tutor

if TYPE_CHECKING:
    from nardy_tui.bot import JudgedPlay

HINT_PLAYS = 3
"""How many plays the hint names with their equities."""
TURN_COMPLETE = N_("The turn is complete: confirm it (c) or undo (u).")
EQUITY_FOR_SIDE = {Side.WHITE: N_("Equity in points for White."),
                   Side.BLACK: N_("Equity in points for Black.")}
"""Whose the hint's figures are in hot-seat: a sentence per side, so that a language that
declines the side's name ("в пользу чёрных") can."""

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
        self.hot_seat = all(seat.at_keyboard for seat in seats.values())
        """Both sides at this keyboard: "you" could be either, so words name the player."""
        self.view = self.human_side
        """The side the board is seen from."""
        self.selected: int | None = None
        """The mover's point of the checker chosen to move, if any."""
        self.hint: Play | None = None
        """The hint's play for the turn in progress, once found."""
        self.away_steps: list[Step] = []
        """The bot's steps still to show, one at a time."""
        self._turned_to: Side | None = None

    # -- who is who ------------------------------------------------------------------------

    @property
    def human_side(self) -> Side:
        """The side the board is seen from at first: the human's (White in hot-seat)."""
        return next((side for side in Side if self.seats[side].at_keyboard), Side.WHITE)

    @property
    def reader(self) -> Side:
        """Whose own numbering everything on screen uses: the board's edge, typed points,
        messages, history and hints. Against the bot the human's; in hot-seat that of the
        player the board is seen from."""
        return self.view if self.hot_seat else self.human_side

    @property
    def names(self) -> dict[Side, str]:
        if self.hot_seat:
            return {side: side.name_shown for side in Side}
        return {side: self.seats[side].name() for side in Side}

    @property
    def human_to_move(self) -> bool:
        """Whether the side to move is played at the keyboard (True when no side is to move:
        both throw a roll-off)."""
        mover = self.match.mover
        return mover is None or self.seats[mover].at_keyboard

    def follow_mover(self) -> None:
        """In hot-seat, show the board from the mover's side once per turn (a setting).

        Only when the mover changes, so a player's own flip (f) holds for the turn.
        """
        mover = self.match.mover
        if not self.hot_seat or not self.settings.auto_flip or mover is None:
            return
        if mover is not self._turned_to:
            self._turned_to = mover
            self.view = mover

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
            return (turn is not None and not turn.is_complete
                    and all(seat.leaves_hints for seat in self.seats.values()))
        if command is Command.SKIP:
            return bool(self.away_steps)
        if command is Command.NEXT_GAME:
            return match.phase is Phase.GAME_OVER
        if command is Command.LAST_PLAY:
            return match.mover is not None and self.human_to_move and bool(match.game.turns)
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
            by_itself = (seat.rolls_by_itself if seat is not None and not seat.at_keyboard
                         else self.settings.auto_roll)
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
            said = self.rolled_said()
            if not by_key:
                said = sentences(self._roll_off_unseen(), said)
        else:
            return None
        self.follow_mover()
        return Outcome(said, changed=True, moves_on=True)

    def _roll_off_unseen(self) -> str:
        """The roll-off's result, when the first roll of a game came by itself right after
        it (the bot's, or an automatic one), so it was never on screen for long: "" on any
        later turn."""
        game = self.match.game
        return "" if game.turns or not game.roll_offs else roll_off_said(game.roll_offs[-1])

    def away_thinking_said(self) -> str:
        """While the player away from the keyboard chooses: who is thinking (after the
        roll-off's result, on the game's first turn)."""
        turn = self.match.turn
        assert turn is not None
        thinking = _("{player} is thinking…").format(player=self.names[turn.mover])
        return sentences(self._roll_off_unseen(), thinking)

    def choose(self, cell: int) -> Outcome:
        """The player chose ``cell`` on the board: select, move, or say why not."""
        turn = self.human_turn
        if turn is None:
            return saying(self.not_now())
        point = point_of(turn.mover, cell)
        if point is None:
            return saying(self._to_mover(turn.mover, _(
                "That is the opponent's tray: your checkers are borne off into your own.")))
        if point == self.selected:
            return self._drop_selection()
        if self.selected is None:
            return self._select(turn, point)
        if turn.route(self.selected, point) is not None:
            return self._move(turn, self.selected, point)
        if point in turn.sources():
            return self._select(turn, point)
        return saying(self._to_mover(turn.mover, turn.why_not(self.selected, point,
                                                               self.reader)))

    def digit_waiting(self, digit: int) -> Outcome | None:
        """A typed 1 or 2 waits for a second digit: say so at once, and how to choose the
        point itself, so that 1 then 0 (point 10) is no surprise."""
        if self.human_turn is None:
            return None
        return saying(_("{digit}…: a second digit makes point {low}-{high}; Enter or a "
                        "moment's pause takes point {digit}; o is your tray (bear off).").format(
            digit=digit, low=digit * 10, high=min(digit * 10 + 9, POINTS)))

    def cancel(self) -> Outcome | None:
        """Drop the selection, if there is one to drop (Escape)."""
        if self.human_turn is None or self.selected is None:
            return None
        return self._drop_selection()

    def _to_mover(self, mover: Side, reason: str) -> str:
        """Words said to the player at the keyboard: in hot-seat, where "you" could be
        either player, led by the name of the one whose turn it is."""
        if not self.hot_seat:
            return reason
        return _("{player}: {reason}").format(player=self.names[mover], reason=reason)

    def _drop_selection(self) -> Outcome:
        self.selected = None
        return Outcome(_("Selection dropped: choose a checker to move."))

    def _select(self, turn: TurnBuilder, point: int) -> Outcome:
        if point not in turn.sources():
            return saying(self._to_mover(turn.mover, turn.why_not_from(point, self.reader)))
        self.selected = point
        selected = _("Checker on {point} selected: choose where it goes ({single} one die, "
                     "{combined} dice combined).")
        return Outcome(selected.format(point=self.point(point, turn.mover), single=SINGLE_GLYPH,
                                       combined=COMBINED_GLYPH))

    def _move(self, turn: TurnBuilder, src: int, dst: int) -> Outcome:
        steps = turn.move(src, dst)
        self.selected = None
        return self._after_step(_("Moved {steps}.").format(
            steps=self.steps_read(steps, turn.mover)))

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

    @property
    def tutor_watches(self) -> bool:
        """Whether the tutor judges the human's turn before it counts: the setting is on
        and the expert may be asked (as for the hint: not against a player elsewhere)."""
        return (self.settings.tutor is not Tutor.OFF and self.human_turn is not None
                and all(seat.leaves_hints for seat in self.seats.values()))

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
        return saying(self._to_mover(turn.mover, ngettext(
            "The turn is not complete: {count} more step to play.",
            "The turn is not complete: {count} more steps to play.", left).format(count=left)))

    def play_forced(self) -> Outcome | None:
        """Play the turn for the human when the engine allows exactly one play and the
        player asked for forced plays to be made for them (a setting)."""
        turn = self.human_turn
        if (not self.settings.auto_forced or turn is None or turn.steps
                or turn.forced_play is None):
            return None
        for step in turn.forced_play:
            turn.push(step)
        return self._after_step("", complete=_("The only legal play was played for you: "
                                               "confirm it (c) or undo (u)."))

    def finish_turn(self, passing: bool = False) -> Outcome:
        """End the turn: the steps built so far, or a pass when nothing can be played."""
        match = self.match
        record = match.play(()) if passing else match.commit()
        self.selected = None
        self.hint = None
        self.away_steps = []
        self.follow_mover()
        return Outcome(self.turn_said(record), changed=True, moves_on=True)

    def next_game(self) -> Outcome | None:
        if self.match.phase is not Phase.GAME_OVER:
            return None
        self.match.next_game()
        return Outcome(_("Game {number}: roll-off (r).").format(number=self.match.game.number),
                       changed=True, moves_on=True)

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
            play = play[len(shown):]
        else:
            turn.reset()
        self.away_steps = list(play)
        plays = _("{player} plays (s skips the animation)").format(player=self.names[turn.mover])
        return saying(sentences(self._roll_off_unseen(), plays))

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

    def show_hint(self, plays: list[tuple[Play, float]], turn_number: int,
                  judged: Mapping[Play, JudgedPlay] | None = None) -> Outcome | None:
        """Star the best way to finish the turn from where it stands and name the best
        few with their equities, so the hint teaches how close the choice is, not just
        which play to make. ``plays`` ranks every whole turn from the turn's start, best
        first; once steps are played, only the turns they can still lead to are named,
        and if the best of all is no longer one of them the hint says to undo. Where the
        expert ``judged`` the plays, the best named also gets the mover's chances after
        it, and the others named are those it looked at as deeply, whose equities compare
        with the best's (a play looked at less deeply may show a higher figure)."""
        turn = self.human_turn
        if turn is None or len(self.match.game.turns) != turn_number:
            return None
        reached = dict(legal_results(turn.position, turn.dice))
        finishes = turn.completions()
        open_plays = [(play, finishes[reached[play]], value) for play, value in plays
                      if reached[play] in finishes]
        if not open_plays:
            return None
        self.hint = turn.steps + open_plays[0][1]
        known = judged or {}
        best = known.get(open_plays[0][0])
        compared = [open_plays[0]] + [entry for entry in open_plays[1:]
                                      if comparable(known.get(entry[0]), best)]
        named = [f"{self._finish_read(rest, turn)} ({value:+.3f}"
                 + (f": {chances_said(best.chances)})" if rank == 0 and best else ")")
                 for rank, (_play, rest, value) in enumerate(compared[:HINT_PLAYS])]
        if len(named) == 1:
            said = _("Hint: {best}, starred on the board.").format(best=named[0])
        else:
            said = _("Hint: {best}, starred on the board; next best {others}.").format(
                best=named[0], others=", ".join(named[1:]))
        best_play, best_value = plays[0]
        undo = ""
        if reached[best_play] not in finishes:
            undo = _("Undo to follow the best play, {best} ({value}).").format(
                best=self.play_read(best_play, turn.position, turn.dice),
                value=f"{best_value:+.3f}")
        return Outcome(sentences(said, undo, self._equity_for(turn.mover)))

    def _finish_read(self, rest: Play, turn: TurnBuilder) -> str:
        """The steps that finish ``turn`` in notation, as the reader reads them: a whole
        play as ever, the rest of a turn begun with each checker's steps joined."""
        if not turn.steps:
            return self.play_read(rest, turn.position, turn.dice)
        return format_moves(checker_moves(rest), turned=turn.mover is not self.reader)

    def _equity_for(self, mover: Side) -> str:
        """Whose equity the hint's figures are: the human's against the bot, the named
        player's in hot-seat (where "you" would be either)."""
        if not self.hot_seat:
            return _("Equity in points for you.")
        return _(EQUITY_FOR_SIDE[mover])

    def hint_cells(self) -> tuple[set[int], set[int]]:
        """Where the hint's moves still to play leave from and arrive, in any order: none
        once a step outside the hinted play was played (taking it back shows them again)."""
        turn = self.match.turn
        if self.hint is None or turn is None:
            return set(), set()
        left = list(self.hint)
        for step in turn.steps:
            if step not in left:
                return set(), set()
            left.remove(step)
        return moved_cells(turn.mover, tuple(left))

    # -- what the board shows --------------------------------------------------------------

    def position_now(self) -> Position:
        """The board as it stands, the steps of the turn in progress played."""
        turn = self.match.turn
        return turn.position_now() if turn is not None else self.match.position

    def marks(self) -> Marks:
        """Where a step may start, the selection, where it may go, the hint, the last play."""
        last_from, last_to = self.last_play_cells()
        turn = self.human_turn
        if turn is None:
            return Marks(cells={Mark.LAST_FROM: last_from, Mark.LAST_TO: last_to})
        mover = turn.mover
        glyphs: dict[int, str] = {}
        single: set[int] = set()
        combined: set[int] = set()
        if self.selected is not None:
            for route in turn.routes(self.selected):
                cell = cell_of(mover, route.dst)
                (combined if route.is_combined else single).add(cell)
                glyphs[cell] = COMBINED_GLYPH if route.is_combined else SINGLE_GLYPH
        hint_from, hint_to = self.hint_cells()
        for cell in hint_to:
            glyphs.setdefault(cell, HINT_TO_GLYPH)
        for cell in hint_from - hint_to:
            glyphs.setdefault(cell, HINT_FROM_GLYPH)
        return Marks(glyphs, {
            Mark.SOURCE: {cell_of(mover, point) for point in turn.sources()},
            Mark.SELECTED: set() if self.selected is None else {cell_of(mover, self.selected)},
            Mark.DEST_SINGLE: single,
            Mark.DEST_COMBINED: combined,
            Mark.HINT: hint_from | hint_to,
            Mark.LAST_FROM: last_from,
            Mark.LAST_TO: last_to,
        })

    def first_source_cell(self) -> int | None:
        """Where the cursor starts a human's turn: the first checker that may move (none
        when a resumed turn is complete but unconfirmed)."""
        turn = self.human_turn
        sources = turn.sources() if turn is not None else []
        return cell_of(turn.mover, sources[0]) if turn is not None and sources else None

    def last_play(self) -> tuple[Side, Play] | None:
        """The play the board marks as the last one, and whose it is.

        The opponent's last turn from when it ends until the player to move rolls (with
        automatic rolling, until their first step), the bot's steps as it plays them, and
        the winning turn once a game is over.
        """
        match = self.match
        turn = match.turn
        if match.phase is Phase.MOVE and turn is not None and not self.human_to_move:
            return turn.mover, turn.steps
        if not match.game.turns:
            return None
        record = match.game.turns[-1]
        waiting = match.phase is Phase.ROLL and self.human_to_move
        rolled_for_you = (match.phase is Phase.MOVE and self.human_to_move and turn is not None
                          and self.settings.auto_roll and not turn.steps)
        over = match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        return (record.side, record.play) if waiting or rolled_for_you or over else None

    def last_play_cells(self, last: tuple[Side, Play] | None = None) -> tuple[set[int], set[int]]:
        """Where the last play's checkers left from, and where they arrived."""
        last = last or self.last_play()
        return (set(), set()) if last is None else moved_cells(*last)

    def last_play_frames(self) -> list[tuple[Position, Play]]:
        """The last turn again, frame by frame: each a position and the steps played so far,
        from the board before it to the board after it."""
        game = self.match.game
        record = game.turns[-1]
        before = position_before_last(game)
        frames: list[tuple[Position, Play]] = [(before, ())]
        turn = TurnBuilder(before, record.dice)
        for step in record.play:
            turn.push(step)
            frames.append((turn.position_now(), turn.steps))
        return frames

    def banner(self) -> str:
        """The line across the board's middle: the roll-off, who is to roll or move, the winner."""
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            throws = match.game.roll_offs
            if not throws:
                return _("Game {number} · roll-off: each side rolls one die (r)").format(
                    number=match.game.number)
            last = throws[-1]
            return _("Roll-off: White {white} · Black {black} · a tie, roll again (r)").format(
                white=last.white, black=last.black)
        mover = match.mover
        if mover is None:
            winner = match.game.winner
            assert winner is not None
            return _("{side} wins game {number}").format(side=winner.name_shown,
                                                         number=match.game.number)
        if match.phase is Phase.ROLL and not match.game.turns and match.game.start is not None:
            return _("Practice from a position · {player} to roll").format(
                player=self._player(mover))
        if match.phase is Phase.ROLL and not match.game.turns:
            last = match.game.roll_offs[-1]
            return _("Roll-off: White {white} · Black {black} · {side} starts · {player} to "
                     "roll").format(white=last.white, black=last.black, side=mover.name_shown,
                                    player=self.names[mover])
        if match.phase is Phase.ROLL:
            return _("{player} to roll").format(player=self._player(mover))
        turn = match.turn
        assert turn is not None
        dice = str(turn.dice)
        if turn.is_complete:
            return _("{player} rolled {dice} · turn complete: confirm (c)").format(
                player=self._player(mover), dice=dice)
        return _("{player} rolled {dice}").format(player=self._player(mover), dice=dice)

    def _player(self, side: Side) -> str:
        """The colour, then who plays it when that is not just the colour again (hot-seat)."""
        name = self.names[side]
        colour = side.name_shown
        return colour if name == colour else _("{side} · {player}").format(side=colour,
                                                                         player=name)

    # -- words -----------------------------------------------------------------------------

    def position_id_said(self) -> tuple[str, str]:
        """The position's ID (with the dice once thrown) and the sentence that shows it."""
        match = self.match
        dice = match.dice if match.phase is Phase.MOVE else None
        text = match.position.to_id(dice)
        return text, _("Position ID {id} (copied to the clipboard if the terminal allows): "
                       "'nardy analyze {id}' analyses it.").format(id=text)

    def history_title(self) -> str:
        """The history panel's title: whose numbering its moves are in."""
        if not self.hot_seat:
            return _("History, in your numbering")
        return _("History, in {side}'s numbering").format(side=self.reader.name_shown)

    def seen_from(self) -> str:
        """After a flip: whose side the board is seen from, and whose numbering it uses."""
        if not self.hot_seat:
            return _("The board is seen from {side}'s side, in your numbering.").format(
                side=self.view.name_shown)
        return _("The board is seen from {side}'s side, in {reader}'s numbering.").format(
            side=self.view.name_shown, reader=self.reader.name_shown)

    def point(self, point: int, mover: Side) -> str:
        """``mover``'s own point as the reader numbers it ("off" for 0, as notation writes
        it)."""
        return "off" if point == OFF else str(renumber(point, mover, self.reader))

    def steps_read(self, steps: Play, mover: Side) -> str:
        """Steps as the reader reads them: ``24/21 21/16`` in the reader's numbering."""
        return " ".join(f"{self.point(step.src, mover)}/{self.point(step.dst, mover)}"
                        for step in steps)

    def moves_read(self, steps: Play, mover: Side) -> str:
        """Each checker's move as the reader reads it: ``24/16`` for 24/19 19/16."""
        return " ".join(f"{self.point(src, mover)}/{self.point(dst, mover)}"
                        for src, dst in checker_moves(steps))

    def play_read(self, play: Play, position: Position, dice: Dice) -> str:
        """A whole play in notation, as the reader reads it."""
        return format_play(play, position, dice, reader=self.reader)

    def turn_said(self, record: TurnRecord) -> str:
        """A turn just played, for the status line, in the reader's numbering."""
        line = turn_line(record, self.reader)
        return _("Pass: {turn}").format(turn=line) if not record.play else line

    def rolled_said(self) -> str:
        """The roll just made, and why any die is struck out (✗) on the dice panel."""
        match = self.match
        turn = match.turn
        assert turn is not None and match.dice is not None
        side = turn.mover.name_shown
        dice = str(match.dice)
        unplayable = turn.unplayable_dice()
        if not unplayable or turn.is_pass:
            return _("{side} rolled {dice}.").format(side=side, dice=dice)
        if turn.bears_off_the_last:
            return _("{side} rolled {dice}. The last checkers come off with fewer dice: "
                     "nothing is left for the rest.").format(side=side, dice=dice)
        if turn.must_play_higher:
            return _("{side} rolled {dice}. Only one die can be played, so it must be the "
                     "higher: the {die} is struck out.").format(side=side, dice=dice,
                                                                die=unplayable[0])
        if match.dice[0] == match.dice[1]:
            return ngettext(
                "{side} rolled {dice}. Only {count} of the four {die}s can be played: the "
                "rest are struck out.",
                "{side} rolled {dice}. Only {count} of the four {die}s can be played: the "
                "rest are struck out.",
                turn.max_steps).format(side=side, dice=dice, count=turn.max_steps,
                                       die=match.dice[0])
        return _("{side} rolled {dice}. No legal turn can use the {die}: it is struck out."
                 ).format(side=side, dice=dice, die=unplayable[0])

    def pass_said(self) -> str:
        """A roll with which nothing can be played, for a notification."""
        turn = self.match.turn
        assert turn is not None
        return _("{side} cannot move with {dice}: the turn passes.").format(
            side=turn.mover.name_shown, dice=str(turn.dice))

    def where_we_are(self) -> str:
        """The status line for the match as it stands: what was said when it got here.

        A match opened from its save file shows it, so the player reads where they were.
        """
        match = self.match
        game = match.game
        turn = match.turn
        if match.phase is Phase.ROLL_OFF and not game.roll_offs:
            return _("Game {number}: roll-off (r).").format(number=game.number)
        if game.start is not None and not game.turns and match.phase is Phase.ROLL:
            return _("A practice game from a position, not from the opening: {side} to "
                     "roll.").format(side=match.position.turn.name_shown)
        if match.phase is Phase.ROLL_OFF or (match.phase is Phase.ROLL and not game.turns):
            return roll_off_said(game.roll_offs[-1])
        if match.phase is Phase.MOVE and turn is not None and match.dice is not None:
            if turn.is_complete and turn.steps:
                return _(TURN_COMPLETE)
            if turn.steps:
                return _("Played so far: {steps}. Choose the next checker to move.").format(
                    steps=self.steps_read(turn.steps, turn.mover))
            return self.rolled_said()
        return self.turn_said(game.turns[-1]) if game.turns else ""

    def not_now(self) -> str:
        """Why a choice on the board does nothing now."""
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            return _("First the roll-off: press r.")
        if match.phase is Phase.ROLL and match.mover is not None:
            return self.seats[match.mover].wait_to_roll()
        if match.phase is Phase.MOVE and match.mover is not None:
            return self.seats[match.mover].wait_to_move()
        if match.phase is Phase.GAME_OVER:
            return _("The game is over: n starts the next game.")
        return _("The match is over.")


def position_before_last(game: Game) -> Position:
    """The position before ``game``'s last turn, played again from the game's first
    position (the opening, or a practice game's start)."""
    position = game.first_position
    for record in game.turns[:-1]:
        position = position.apply(record.play, record.dice)
    return position
