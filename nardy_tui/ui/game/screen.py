"""The game screen: the board, the panels, and the timers and workers that drive the match.

What a choice means is the turn flow's business (``nardy_tui.play``), and every rule
question goes on from there to the engine. This screen turns keys, clicks, timers, the
bot's answers and the other machine's messages into calls on the flow, and applies each
``Outcome`` here, in one place (``apply``): save, redraw, say, then start what comes next
by itself (``advance``). Every command of ``COMMANDS`` is the one action ``command``, and
the board tells this screen of each choice (it is the board's listener). The screen owns
its timers, its workers and its dialogs, in Textual's manner: the bot thinking, the hint's
search and the tutor's judgement are each a ``@work`` method whose answer (``answers``)
comes back to an ``@on`` handler here. What is not Textual's is plain state of the play
core that answers with a decision: the tutor's gate (``TutorGate``), what an automatic play
turned on does (``TurnFlow.turned_on``), the line to the other machine (``LineNews``), the
last play shown again (``LastPlayShow``). Beside it, and calling nothing back: the layout
for the terminal's size (``GameLayout``), a step's time in view (``StepPace``) and the
match's record in a file (``record_export``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from nardy_tui.bot import Stakes, game_stakes, stakes_at
from nardy_tui.engine import (
    MARS,
    SINGLE_GAME,
    Dice,
    Match,
    Phase,
    Play,
    Position,
    Side,
    TurnKey,
    legal_results,
)
from nardy_tui.i18n import N_, _, broken_into_lines, continued, ended, ngettext, reordering
from nardy_tui.options import MatchOptions
from nardy_tui.play import (
    COMMANDS,
    HINT_LEVEL,
    READ_EVERY,
    TURN_COMPLETE,
    Ask,
    BotSeat,
    ClockReading,
    ClocksTold,
    Command,
    Confirm,
    GameNews,
    JudgedTurn,
    LastPlayShow,
    LineNews,
    LineReport,
    MatchBots,
    MatchBroken,
    MatchDecided,
    Next,
    Outcome,
    PeerArrived,
    RemoteSeat,
    Seat,
    TurnFlow,
    TutorDecision,
    TutorGate,
    Wait,
    away_thinking_said,
    banner,
    first_source_cell,
    history_title,
    marks_for,
    position_id_said,
    position_now,
    seen_from,
    thinking_said,
    turn_said,
    tutor_question,
    tutor_verdict,
    where_we_are,
)
from nardy_tui.storage import Switch
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.board_looks import GLYPH
from nardy_tui.ui.connecting import shown_news
from nardy_tui.ui.dialogs import (
    Choice,
    GameOverDialog,
    MatchOverDialog,
    NoticeDialog,
    ResignDialog,
    ResignOfferDialog,
    TutorDialog,
)
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.game.answers import BotChose, HintFound, TutorJudged
from nardy_tui.ui.game.layout import GameLayout
from nardy_tui.ui.game.pace import StepPace
from nardy_tui.ui.game.record_export import export_record, keep_record
from nardy_tui.ui.game.services import GameServices
from nardy_tui.ui.game.tap_bar import TapBar
from nardy_tui.ui.panels import CompactInfo, HistoryPanel, InfoPanel
from nardy_tui.ui.sized import BOARD_HEIGHTS, BOARD_WIDTHS, SizedScreen
from nardy_tui.ui.translated import translate_bindings

CONFIRM_KEYS = next(spec.keys for spec in COMMANDS if spec.command is Command.CONFIRM)
UNDO_KEYS = ",".join(
    spec.keys for spec in COMMANDS if spec.command in (Command.UNDO, Command.UNDO_TURN)
)

STATUS_ROWS = 2
"""Lines of the status under the board (in the compact layout, a long message takes four,
two of them from the board's banner)."""


class GameScreen(SizedScreen):
    """One match in play, hot-seat or against the bot."""

    HORIZONTAL_BREAKPOINTS = BOARD_WIDTHS
    VERTICAL_BREAKPOINTS = BOARD_HEIGHTS
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(spec.keys, spec.action, spec.label, show=spec.in_footer) for spec in COMMANDS),
        # The same key once the turn cannot be confirmed (Textual tries the one above first):
        # it says why, off the footer.
        Binding(CONFIRM_KEYS, "confirm_unfinished", N_("Confirm"), show=False),
        # The undo keys when there is nothing to take back: they say so, off the footer.
        Binding(UNDO_KEYS, "nothing_to_undo", N_("Undo step"), show=False),
        # Once the match is over, from the final board: n means what the match-over
        # dialog's button says (a new match), and m brings that dialog back.
        Binding("n", "new_match", N_("New match")),
        Binding("m", "match_result", N_("Match result")),
        Binding("question_mark,f1", "app.help", N_("Help")),
    ]
    """The descriptions are translated per screen (``translate_bindings``)."""

    bot_activity: reactive[str] = reactive("", init=False)
    """What the bot is doing now, in words for the side panel ("" when it is not its turn)."""

    live_keys: reactive[tuple[bool, ...]] = reactive((), init=False)
    """Which of the commands do something now (``check_action``); when that changes, the
    footer shows the keys again."""

    def __init__(
        self,
        match: Match,
        options: MatchOptions,
        seats: dict[Side, Seat],
        services: GameServices,
        warned: frozenset[TurnKey] = frozenset(),
    ) -> None:
        """``seats`` says who plays each side; ``options.color`` is resolved; ``warned``:
        the plays already made against the tutor's warning (a resumed match's)."""
        super().__init__()
        translate_bindings(self)
        self.match = match
        self.options = options
        self.services = services
        self.flow = TurnFlow(match, seats, services.settings)
        self.bots = MatchBots(
            services.bot_factory, match.seed if options.seed is None else options.seed
        )
        self.pace = StepPace(self, services.pace, services.settings)
        self.arrangement = GameLayout(self)  # not "layout": that is Textual's own
        self.tutor = TutorGate(self.flow, warned)
        self.last_play = LastPlayShow()
        self.lockstep = services.lockstep
        """There when the other side plays on another machine: every throw goes through
        it, and what the other side sends comes from it."""
        self.line = LineNews()
        """The line to the other machine (with none, it stays up and says nothing)."""
        self._record_note = ""
        """What the match-over dialog says of the record, to show it again after a review."""
        self.clocks: ClockReading | None = None
        """A lobby match's clocks as last told; None for a match without clocks."""
        self._held: list[Callable[[], None]] = []
        """The automatic plays that came due while another screen covered this one: done
        once it is on top again (``on_screen_resume``)."""

    def compose_main(self) -> ComposeResult:
        with Horizontal(id="game-body"):
            yield BoardView(id="board", view=self.flow.viewpoint.view)
            with Vertical(id="side-panel", classes="-right-to-left" if reordering() else ""):
                with Vertical(id="panel-news"):
                    yield InfoPanel(id="info")
                    yield Static(id="bot-activity")
                with Vertical(id="panel-history"):
                    yield Static(_("History"), id="history-title", classes="panel-title")
                    yield HistoryPanel(id="history")
            yield TapBar(id="tap-bar")
        yield CompactInfo(id="compact-info", classes="-right-to-left" if reordering() else "")
        yield Static(id="status")
        yield KeysFooter()

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def board_shown(self) -> bool:
        """Whether the board is up (not yet, while the screen is being put up)."""
        return bool(self.query(BoardView)) and self.board.is_mounted

    @property
    def in_progress(self) -> bool:
        """Whether quitting now would leave a match unfinished."""
        return self.match.phase is not Phase.MATCH_OVER

    def ready(self) -> None:
        if not self.query(BoardView):
            return  # the app ended while this screen was being put up
        self.services.settings_changed.subscribe(self, self.setting_changed)
        board = self.board
        board.listener = self
        board.focus()
        self.arrangement.fit(self.app.size.width, self.app.size.height)
        self.refresh_view()
        self.say(self.line.news or where_we_are(self.match, self.flow.reader))
        self.bot_activity = self.line.news
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self.take_from_peer)
        self.judge_turn()  # a resumed match's complete turn is judged at once, as any other

    def on_resize(self, event: events.Resize) -> None:
        self.arrangement.fit(event.size.width, event.size.height)

    def watch_bot_activity(self, activity: str) -> None:
        """A side-panel box that stands out while the bot thinks or moves.

        Once the bot is done the box is only hidden, its words kept: a new class takes
        effect a frame after new words do, so emptied it would show empty for a frame
        (docs/ui-hardening.md, "The bot's box")."""
        box = self.query_one("#bot-activity", Static)
        if activity:
            box.update(activity)
        box.set_class(bool(activity), "-active")

    # -- showing the state ------------------------------------------------------------------

    def apply(self, outcome: Outcome | None) -> None:
        """Apply what the flow did: save, redraw, say, then start what comes next."""
        if outcome is None:
            return
        if outcome.changed:
            saved = self.save()
            if self.lockstep is not None:
                self.lockstep.observe(saved)  # saved once, then what the save holds may leave
        if outcome.moves_on:
            self.bot_activity = ""
        if outcome.redraw:
            self.refresh_view()
        if outcome.said:
            self.say(outcome.said)
        if outcome.moves_on:
            self.advance()
            self.take_from_peer()
        self.judge_turn()
        if outcome.confirm:
            self.confirm_turn()

    def refresh_view(self) -> None:
        """Redraw everything from the match: board, highlights, panels, bindings.

        The live keys are looked at once the events at hand are handled: a turn that ends
        and the next that rolls by itself (auto-roll, the bot) then rebuild the footer once,
        not twice (docs/ui-hardening.md, "The footer after a turn")."""
        flow = self.flow
        board = self.board
        self.last_play.stop()
        flow.viewpoint.follow(self.match.mover)  # a setting may have just been turned on
        board.show(position_now(self.match))
        board.view = flow.viewpoint.view
        board.numbering = flow.reader.side
        board.set_marks(marks_for(flow))
        board.set_banner(banner(self.match, flow.viewpoint.names))
        self._show_panels()
        self.query_one(HistoryPanel).show(self.match, flow.reader)
        self.query_one("#history-title", Static).update(history_title(flow.reader, flow.hot_seat))
        self.call_after_refresh(self._update_live_keys)

    def _show_panels(self) -> None:
        """The side panel (or the compact lines under the board), with the clocks if any."""
        names = self.flow.viewpoint.names
        clocks = self._clock_words()
        self.query_one(InfoPanel).show(self.match, names, clocks)
        self.query_one(CompactInfo).show(self.match, names, clocks)

    def _clock_words(self) -> dict[Side, str] | None:
        return None if self.clocks is None else self.clocks.both(time.monotonic())

    def _show_clocks(self, reading: ClockReading) -> None:
        """A lobby's clocks: shown at once, then every ``READ_EVERY`` seconds as they run."""
        if self.clocks is None:
            self.set_interval(READ_EVERY, self._tick_clocks)
        self.clocks = reading
        if self.board_shown:
            self._show_panels()

    def _tick_clocks(self) -> None:
        if self.board_shown and self.clocks is not None and self.clocks.running is not None:
            self._show_panels()

    def _update_live_keys(self) -> None:
        self.live_keys = tuple(
            bool(self.check_action("command", (spec.command.value,))) for spec in COMMANDS
        )

    def watch_live_keys(self) -> None:
        self.refresh_bindings()

    def say(self, text: str) -> None:
        """The status line under the board: reasons, announcements, what to do next.

        A right-to-left line is broken to the status line's width before it is reordered
        (``broken_into_lines``), and set to the right. In the compact layout a message longer
        than the status's two lines (a hint in Russian) takes a row of the board's banner for
        each line more, two at most, until the next message: the news under the board (score,
        dice left) is never hidden, and the board gives up no row a message does not use.
        """
        found = self.query("#status")
        if not found:
            return  # the app is ending, and took the status line away first: none to say
        status = found.only_one(Static)
        status.set_class(reordering(), "-right-to-left")
        width = status.content_size.width or self.size.width
        shown = broken_into_lines(text, width)
        lines = (
            len(Text(shown).wrap(self.app.console, width))
            if self.arrangement.compact
            else STATUS_ROWS
        )
        classes = {
            "-three-line-status": lines == STATUS_ROWS + 1,
            "-long-status": lines > STATUS_ROWS + 1,
        }
        relayout = any(wanted != self.has_class(name) for name, wanted in classes.items())
        for name, wanted in classes.items():
            self.set_class(wanted, name)
        status.update(shown, layout=relayout)

    # -- the player's input on the board (``BoardListener``): each choice is the flow's ------

    def chosen(self, cell: int) -> None:
        self.apply(self.flow.choose(cell))

    def cancelled(self) -> None:
        self.apply(self.flow.cancel())

    def digit_waiting(self, digit: int, points: Sequence[int]) -> None:
        self.apply(self.flow.digit_waiting(digit, points))

    def digit_forgotten(self, digit: int) -> None:
        self.apply(self.flow.digit_forgotten(digit))

    # -- what starts without a key ----------------------------------------------------------

    def advance(self) -> None:
        """Start the step the flow names next (``TurnFlow.what_next``): after every change,
        and when the screen opens on a match (a resumed one included), so a match saved at
        any phase goes on from there."""
        flow = self.flow
        match flow.what_next():
            case Next.ROLL:
                self.call_later(self._roll_when_due)
            case Next.PASS:
                self.apply(flow.pass_turn())
            case Next.AWAY_MOVES:
                self._away_turn()
            case Next.PLAYER_MOVES:
                cell = first_source_cell(flow.human_turn)
                if cell is not None:
                    self.board.move_cursor_to(cell)
                self.apply(flow.play_forced())
            case Next.GAME_OVER:
                self.game_over()
            case Next.MATCH_OVER:
                self.match_over()

    def _roll_when_due(self) -> None:
        """The roll nobody has to press for (auto-roll, the bot's), while it is still due
        and this player's offer to resign waits for no answer; under a dialog, once it has
        closed."""
        if (
            self.match.may_roll
            and not self._own_offer_waits()
            and not self._held_while_covered(self._roll_when_due)
        ):
            self.roll(by_key=False)

    def _held_while_covered(self, play: Callable[[], None]) -> bool:
        """Whether another screen (a dialog, help, the palette) covers this one; ``play``,
        an automatic play come due, is then kept until this screen is on top again: the
        player sees every roll and step made without a key, none behind a box they read.

        Not Textual's ``is_current``: that holds under a modal screen too, which lets the
        board show through (docs/ui-hardening.md, "Automatic plays under a dialog")."""
        if self.app.screen is self:
            return False
        self._held.append(play)
        return True

    def on_screen_resume(self) -> None:
        """On top again: do the automatic plays that came due meanwhile, in turn (each
        looks again whether it still applies)."""
        held, self._held = self._held, []
        for play in held:
            play()

    def setting_changed(self, switch: Switch) -> None:
        """Show a changed setting at once (turning the board to the mover needs a redraw);
        an automatic play turned on acts now if it applies (``TurnFlow.turned_on``), once
        the palette that changed it has closed."""
        if not (self.is_attached and self.board_shown):
            return
        self.refresh_view()
        self.call_later(self._turned_on, switch)

    def _turned_on(self, switch: Switch) -> None:
        # Under a dialog that came up before the palette closed: once that has closed.
        if not self._held_while_covered(partial(self._turned_on, switch)):
            self.apply(self.flow.turned_on(switch))

    # -- the turn of the side away from the keyboard (the bot, or a friend on another
    # machine): who is thinking, then its steps one by one at a pace a person can follow.

    def _away_turn(self) -> None:
        """Say who is thinking, and set the bot thinking (the other machine's play comes
        with its messages, ``take_from_peer``)."""
        turn = self.match.turn
        assert turn is not None
        remote = isinstance(self.flow.seats[turn.mover], RemoteSeat)
        down = self.line.down if remote else ""
        if down:
            # The friend's program is not on the line (a match taken up before they came
            # back): what the line does is the news, not a friend thinking.
            self.say(down)
            self.bot_activity = down
            return
        names = self.flow.viewpoint.names
        self.say(away_thinking_said(self.match, names))
        self.bot_activity = f"{GLYPH[turn.mover]} {thinking_said(names[turn.mover])}"
        if not remote:
            self.think()

    def _away_chose(self, play: Play, turn_number: int) -> None:
        """Show the away side's play step by step, at a pace a person can follow."""
        outcome = self.flow.away_chose(play, turn_number)
        if outcome is None:
            return
        self.apply(outcome)
        turn = self.match.turn
        assert turn is not None  # away_chose answers only while the turn is on
        moving = _("{player} is moving").format(player=self.flow.viewpoint.names[turn.mover])
        skips = _("s skips the animation")
        self.bot_activity = f"{GLYPH[turn.mover]} {moving}\n  {skips}"
        self.pace.after_step(self.away_step)

    def away_step(self) -> None:
        """Show the away side's next step; its timer calls this, one step after another,
        and under a dialog the step waits until it has closed."""
        if self._held_while_covered(self.away_step):
            return
        self.apply(self.flow.bot_step())
        if self.flow.away_steps:
            self.pace.after_step(self.away_step)

    # -- the workers, and their answers: taken only while this screen is in the app's stack
    # (``gone``): a language change makes the game screen anew on the same match, and the
    # old screen would play the bot's turn a second time, or draw on a board that is going.
    # What a worker needs of the match is read here, on the UI thread, and handed to it.

    def think(self) -> None:
        """The bot to move thinks of its play, at the match's score."""
        turn = self.match.turn
        assert turn is not None
        seat = self.flow.seats[turn.mover]
        if not isinstance(seat, BotSeat):
            raise ValueError(f"{seat} plays at the keyboard: nothing to ask")
        stakes = stakes_at(self.match, turn.mover)
        self._think(seat, turn.position, turn.dice, stakes, len(self.match.game.turns))

    @work(thread=True, exclusive=True, group="bot")
    def _think(
        self, seat: BotSeat, position: Position, dice: Dice, stakes: Stakes, turn_number: int
    ) -> None:
        play = self.bots[seat.level].choose(position, dice, stakes)
        self.post_message(BotChose(play, turn_number))

    @on(BotChose)
    def _bot_chose(self, chose: BotChose) -> None:
        if not self.gone:
            self._away_chose(chose.play, chose.turn_number)

    def find_hint(self) -> None:
        """Look for the best plays, if the player has a turn a hint can help with."""
        turn = self.flow.human_turn
        if turn is None or not self.flow.allows(Command.HINT):
            return
        self.say(_("Looking for the best play…"))
        stakes = stakes_at(self.match, turn.mover)
        self._rank(turn.position, turn.dice, stakes, len(self.match.game.turns))

    @work(thread=True, exclusive=True, group="hint")
    def _rank(self, position: Position, dice: Dice, stakes: Stakes, turn_number: int) -> None:
        ranking = self.bots[HINT_LEVEL].rank_with_chances(position, dice, None, stakes)
        self.post_message(HintFound(ranking, turn_number, stakes))

    @on(HintFound)
    def _hint_found(self, found: HintFound) -> None:
        """The best plays on the board, if the turn they were found for is still on."""
        if not self.gone:
            self.apply(self.flow.show_hint(found.ranking, found.turn_number, found.stakes))

    def judge_turn(self) -> None:
        """The tutor judges the complete turn, if it watches and has not judged it yet."""
        key = self.tutor.to_judge()
        turn = self.flow.human_turn
        if key is not None and turn is not None:
            stakes = stakes_at(self.match, turn.mover)
            self._judge(key, turn.position, turn.dice, stakes)

    @work(thread=True, group="tutor")
    def _judge(self, key: JudgedTurn, position: Position, dice: Dice, stakes: Stakes) -> None:
        after = position.apply(key.steps, dice)
        ranking = self.bots[HINT_LEVEL].rank_with_chances(position, dice, after, stakes)
        reached = dict(legal_results(position, dice))
        judged = tutor_verdict(ranking, reached, position, dice, key.steps, after, stakes)
        self.post_message(TutorJudged(key, judged))

    @on(TutorJudged)
    def _tutor_judged(self, judged: TutorJudged) -> None:
        if not self.gone:
            self._carry_out(self.tutor.judged(judged.turn, judged.judged))

    def confirm_turn(self) -> None:
        """Confirm the turn; with the tutor watching, once it has judged the play and the
        player has answered its question, if it asks one."""
        self._carry_out(self.tutor.confirm())

    def _carry_out(self, decision: TutorDecision | None) -> None:
        """Do what the tutor's gate decided of a confirmation."""
        match decision:
            case Confirm():
                self.apply(self.flow.confirm())
            case Wait():
                self.judge_turn()  # if nobody is judging it yet (the tutor turned on late)
                self.say(_("The tutor is looking at your play…"))
            case Ask(turn=key, judged=judged):
                self.say(_(TURN_COMPLETE))  # not "the tutor is looking" any more
                self.app.push_screen(
                    TutorDialog(judged.verdict.name_shown, tutor_question(judged)),
                    partial(self._tutor_answered, key),
                )

    def _tutor_answered(self, key: JudgedTurn, choice: Choice | None) -> None:
        """Play anyway (counted for the review), or take the turn back (and see the hint)."""
        if self.tutor.turn_now() != key:
            return  # the turn changed meanwhile
        if choice is Choice.PLAY_ANYWAY:
            self.tutor.played_anyway(key)
            self.apply(self.flow.confirm())  # saved with the warning counted
            return
        self.apply(self.flow.undo_turn())
        if choice is Choice.HINT:
            self.find_hint()

    def save(self) -> bool:
        """Save the match (with the plays made against the tutor's warning); whether it was
        written (a problem is shown, and play goes on)."""
        problem = self.services.saver.save(self.match, self.options, self.tutor.overridden)
        if problem is not None:
            self.notify(problem, severity="warning")
        return problem is None

    # -- the other machine: this side's throws go through the lockstep, and what the other
    # side sends is played here, one message at a time. Its classes (and the network layer
    # under them) are imported where its messages are taken: a match at one machine never
    # needs them.

    def take_from_peer(self) -> None:
        """Do what the other side's messages ask, one at a time, while nothing is being
        shown; a message that makes no sense ends the match (``peer_broke``)."""
        if self.lockstep is None or not self.is_attached:
            return
        from nardy_tui.play import (
            PeerAcceptedResignation,
            PeerBroke,
            PeerDeclinedResignation,
            PeerLeft,
            PeerPlayed,
            PeerStartedGame,
            Thrown,
        )

        try:
            action = self.lockstep.next_action(busy=bool(self.flow.away_steps))
        except PeerBroke as broken:
            self.peer_broke(str(broken))
            return
        if isinstance(action, Thrown):
            self.apply(self.flow.roll(by_key=action.by_me))
        elif isinstance(action, PeerPlayed):
            if action.play:
                self._away_chose(action.play, action.turn_number)
            else:
                self.apply(self.flow.finish_turn(passing=True))
        elif isinstance(action, PeerStartedGame):
            if isinstance(self.app.screen, GameOverDialog):
                self.app.screen.dismiss(None)
            self.apply(self.flow.next_game())
        elif isinstance(action, PeerLeft):
            away = self.flow.seats[self.flow.viewpoint.human_side.opponent]
            assert isinstance(away, RemoteSeat)
            self.line_news(away.left_words(), up=False)
        elif isinstance(action, PeerAcceptedResignation):
            self._game_resigned(self.flow.viewpoint.human_side, action.points)
        elif isinstance(action, PeerDeclinedResignation):
            said = _("{player} declined your offer: play goes on.")
            self.say(said.format(player=self._opponent()))
            self._update_live_keys()
            self.advance()
        self._keep_lockstep()  # a commitment taken with no play to show, say
        self._ask_about_offer()
        if action is not None and not isinstance(action, PeerLeft):
            self.call_later(self.take_from_peer)

    def _throw(self) -> None:
        """This side's player rolls: the dice come once the other side's secret is here."""
        assert self.lockstep is not None
        if self.flow.allows(Command.ROLL) and not self._own_offer_waits():
            self.lockstep.roll()
            self._keep_lockstep()
            self.take_from_peer()
            if self.match.may_roll:
                # With the other machine away, what the line does stays in view (a new
                # match's host: the code to give); the dice come once it is back.
                self.say(self.line.down or _("Rolling: the dice come from both machines…"))

    # -- resigning, in a lobby's match: a game offered at a stake, or the whole match --------

    def _may_resign(self) -> bool:
        """Whether the Resign command applies: a lobby's match, a game in play with no turn
        of this player's being built (``TurnFlow.allows``), no offer open, and none of this
        side's dice on their way."""
        lockstep = self.lockstep
        return (
            self.services.resign_match is not None
            and lockstep is not None
            and lockstep.offer is None
            and not (lockstep.rolling or lockstep.exchange.revealed)
            and self.flow.allows(Command.RESIGN)
        )

    def _opponent(self) -> str:
        """The player on the other side, by their name."""
        return self.flow.seats[self.flow.viewpoint.human_side.opponent].name()

    def _own_offer_waits(self) -> bool:
        """Whether this player's offer to resign waits for its answer: no roll meanwhile."""
        offer = self.lockstep.offer if self.lockstep is not None else None
        return offer is not None and offer.side is self.flow.viewpoint.human_side

    def _resign_chosen(self, choice: Choice | None) -> None:
        from nardy_tui.play import ResignationRefused

        if choice is Choice.WHOLE_MATCH and self.services.resign_match is not None:
            self.services.resign_match()
            self.say(_("You resign the match."))
            return
        if choice not in (Choice.SINGLE_GAME, Choice.MARS) or self.lockstep is None:
            return
        points = MARS if choice is Choice.MARS else SINGLE_GAME
        try:
            self.lockstep.offer_resignation(points)
        except ResignationRefused as refused:
            self.say(str(refused))
            return
        self._keep_lockstep()
        self._update_live_keys()
        offered = ngettext(
            "You offer this game at {count} point (a single game): waiting for the answer.",
            "You offer this game at {count} points (a mars): waiting for the answer.",
            points,
        )
        self.say(offered.format(count=points))

    def _ask_about_offer(self) -> None:
        """The opponent's offer to resign, as a question over the board, once none of this
        side's dice are on their way (the offer can be accepted only then)."""
        lockstep = self.lockstep
        offer = lockstep.offer if lockstep is not None else None
        if (
            lockstep is None
            or offer is None
            or offer.side is self.flow.viewpoint.human_side
            or lockstep.exchange.revealed
            or self._dialog_open(ResignOfferDialog)
        ):
            return
        self.app.push_screen(
            ResignOfferDialog(self._opponent(), offer.points), self._offer_answered
        )

    def _offer_answered(self, choice: Choice | None) -> None:
        from nardy_tui.play import ResignationRefused

        lockstep = self.lockstep
        assert lockstep is not None
        try:
            if choice is not Choice.ACCEPT:
                lockstep.decline_offer()
                self._keep_lockstep()
                self.say(_("You decline: play goes on."))
                self.advance()
                return
            offer = lockstep.accepted_offer()
        except ResignationRefused as refused:
            self.say(str(refused))
            return
        self._game_resigned(offer.side, offer.points)

    def _game_resigned(self, side: Side, points: int) -> None:
        """``side`` gave up the game at ``points``, the other having accepted: the game is
        over, saved, said, and the game-over dialog follows (``advance``)."""
        self.match.resign(side, points)
        self.tutor.withdraw()
        assert self.lockstep is not None
        self.lockstep.observe(self.save())
        said = ngettext(
            "{side} resigns: {winner} wins {count} point.",
            "{side} resigns: {winner} wins {count} points.",
            points,
        )
        self.say(said.format(side=side.name_shown, winner=side.opponent.name_shown, count=points))
        self.refresh_view()
        self.advance()

    def _keep_lockstep(self) -> None:
        """Save what the lockstep changed (a secret given, a commitment taken), then let it
        send."""
        if self.lockstep is not None and self.lockstep.unsaved:
            self.lockstep.observe(self.save())

    def line_news(self, news: str, said: bool = True, up: bool | None = None) -> None:
        """What the line is doing (up, down, back), where the bot's doings are shown (kept
        until the board is up, if it is not yet), and, if ``said``, in the status line
        too; ``up``: whether the line is up after it (None: as it was). News already shown
        is not shown again (``LineNews.heard``)."""
        if self.line.heard(news, up) and self.board_shown:
            self.bot_activity = news
            if said:
                self.say(news)

    def peer_broke(self, reason: str) -> None:
        """The other side sent what the match cannot take: stop here, the match saved."""
        self.save()
        if self.services.match_stopped is not None:
            self.services.match_stopped(reason)
            return
        self.app.exit(
            return_code=1,
            message=_(
                "nardy: the match with your friend stopped: {reason} The match is saved as it "
                "was before that message."
            ).format(reason=ended(continued(reason))),
        )

    class FriendNews(Message):
        """The network game's news of this match (``hear_friend``), on this screen's queue."""

        def __init__(self, news: GameNews) -> None:
            super().__init__()
            self.news = news

    def hear_friend(self, news: GameNews) -> None:
        """How this screen hears the network game it follows (``NetworkGame.follow``)."""
        self.post_message(self.FriendNews(news))

    @on(FriendNews)
    def _friend_news(self, heard: FriendNews) -> None:
        match heard.news:
            case PeerArrived():
                self.take_from_peer()
            case LineReport(said=said, up=up):
                self.line_news(shown_news(heard.news), said, up)
            case MatchBroken(reason=reason):
                self.peer_broke(reason)
            case ClocksTold(reading=reading):
                self._show_clocks(reading)
            case MatchDecided(news=news):
                self._decided(news)

    def _decided(self, news: str) -> None:
        """The lobby ended the match off the board: said, then the lobby again."""
        self.save()
        self.app.push_screen(
            NoticeDialog(_("The match is over"), news), lambda _choice: self.services.new_match()
        )

    # -- the last play shown again (``l``), step by step at the bot's pace ------------------

    def show_last_play(self) -> None:
        """The frames of the last play on the board, then the board as it is; any redraw
        (a roll, a step) stops the show."""
        self.refresh_view()  # stops a show under way
        show = self.last_play.start(self.match.game)
        turn = turn_said(self.match.game.turns[-1], self.flow.reader)
        self.say(_("Again, slowly: {turn}").format(turn=turn))
        self._show_next_frame(show)

    def _show_next_frame(self, show: int) -> None:
        """The show's next frame, or once it has shown them all the board as it is; a timer
        of a show stopped since does nothing."""
        if not (self.last_play.is_on(show) and self.is_attached):
            return
        frame = self.last_play.next_frame(self.flow.reader)
        if frame is None:
            self.refresh_view()
            self.say(where_we_are(self.match, self.flow.reader))
            return
        board = self.board
        board.show(frame.position)
        board.set_marks(frame.marks)
        board.set_banner(frame.banner)
        self.pace.after_step(partial(self._show_next_frame, show))

    # -- the end of a game and of the match: their dialogs, each put up once, the review,
    # the match's record.

    def game_over(self) -> None:
        """The game-over dialog, once: its button (or n, or the palette) starts the next
        game."""
        if self.match.phase is not Phase.GAME_OVER:
            return  # the other machine started the next game meanwhile
        if not self._dialog_open(GameOverDialog):
            self.app.push_screen(
                GameOverDialog(self.match, self.flow.viewpoint.names), self._game_over_chosen
            )

    def next_game(self) -> None:
        """Start the next game: through the game-over dialog when it is open."""
        if self.match.phase is not Phase.GAME_OVER:
            return
        dialog = next(
            (shown for shown in self.app.screen_stack if isinstance(shown, GameOverDialog)), None
        )
        if dialog is None:
            self.apply(self.flow.next_game())
        elif self.app.screen is dialog:
            dialog.dismiss(Choice.NEXT)

    def match_over(self) -> None:
        """Keep the finished match as a record (``keep_record``), and say so in the
        match-over dialog, once."""
        if self._dialog_open(MatchOverDialog):
            return
        self._record_note = keep_record(
            self.services.saver, self.match, self.options, self.app.is_web
        )
        self._show_match_over()

    def _dialog_open(
        self, kind: type[GameOverDialog | MatchOverDialog | ResignOfferDialog]
    ) -> bool:
        return any(isinstance(shown, kind) for shown in self.app.screen_stack)

    def _game_over_chosen(self, choice: Choice | None) -> None:
        """The next game, or (Escape) the final board, from which n starts the next game."""
        if choice is Choice.REVIEW:
            self._open_review(lambda _: self.game_over())
        elif choice is Choice.LOOK:
            self.say(
                _("{turn}. The game is over: n starts the next game.").format(
                    turn=turn_said(self.match.game.turns[-1], self.flow.reader)
                )
            )
        else:
            self.apply(self.flow.next_game())

    def _show_match_over(self, _: None = None) -> None:
        self.app.push_screen(
            MatchOverDialog(self.match, self.flow.viewpoint.names, self._record_note),
            self._match_over_chosen,
        )

    def _match_over_chosen(self, choice: Choice | None) -> None:
        if choice is Choice.REVIEW:
            self._open_review(self._show_match_over)
        elif choice is Choice.LOOK:
            self.say(
                _(
                    "{turn}. The match is over: m shows its result again, n starts a new match."
                ).format(turn=turn_said(self.match.game.turns[-1], self.flow.reader))
            )
        elif choice is Choice.NEW:
            self.services.new_match()
        else:
            self.app.exit(0)

    def _open_review(self, back: Callable[[None], None]) -> None:
        """The review of the game just finished, the plays the tutor warned of marked;
        ``back`` runs when it is closed.

        Imported here: the review needs the bot, which the first frame must not wait for.
        """
        from nardy_tui.ui.review import ReviewRequest, ReviewScreen

        game = self.match.game
        flow = self.flow
        humans = frozenset(side for side in Side if flow.seats[side].at_keyboard)
        request = ReviewRequest(
            number=game.number,
            start=game.first_position,
            turns=tuple(game.turns),
            sides=humans,
            view=None if flow.hot_seat else flow.viewpoint.human_side,
            overridden=frozenset(
                turn for number, turn in self.tutor.overridden if number == game.number
            ),
            stakes=game_stakes(self.match),
            resignation=game.resignation,
        )
        self.app.push_screen(ReviewScreen(request), back)

    # -- the player's keys ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer (and the palette) only the keys that do something now."""
        if not super().check_action(action, parameters):
            return False
        if action in ("match_result", "new_match"):
            return self.match.phase is Phase.MATCH_OVER
        if action != "command":
            return True  # Textual's own (copy_text), and the unfinished turn's confirm key
        command = Command(parameters[0])
        if command is Command.PANEL:
            return self.arrangement.compact
        if command is Command.RESIGN:
            return self._may_resign()
        if command is Command.ROLL and self._own_offer_waits():
            return False
        return self.flow.allows(command)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The game's actions that do something now (the footer's test, ``check_action``),
        and the board's flip, for the command palette."""
        for spec in COMMANDS:
            if spec.title and self.check_action("command", (spec.command.value,)):
                yield SystemCommand(
                    _(spec.title), _(spec.help), partial(self.run_action, spec.action)
                )
        if not self.too_small:
            yield SystemCommand(
                _("Flip the board"), _("See the board from the other side"), self.board.action_flip
            )

    def action_command(self, name: str) -> None:
        """Do one of the game's commands (``COMMANDS``): from its key or the palette, and
        only while it applies (``check_action``)."""
        flow = self.flow
        match Command(name):
            case Command.ROLL:
                self.roll(by_key=True)
            case Command.CONFIRM:
                self.confirm_turn()
            case Command.UNDO:
                self.tutor.withdraw()
                self.apply(flow.undo())
            case Command.UNDO_TURN:
                self.tutor.withdraw()
                self.apply(flow.undo_turn())
            case Command.HINT:
                self.find_hint()
            case Command.SKIP:
                self.apply(flow.skip())  # the rest of the bot's turn at once
            case Command.LAST_PLAY:
                self.show_last_play()
            case Command.NEXT_GAME:
                self.next_game()
            case Command.EXPORT:
                self.say(export_record(self.app, self.services.saver, self.match, self.options))
            case Command.COPY_ID:
                text, said = position_id_said(self.match)
                self.app.copy_to_clipboard(text)
                self.say(said)
            case Command.PANEL:
                self.arrangement.toggle_panel()
            case Command.RESIGN:
                self.app.push_screen(ResignDialog(self._opponent()), self._resign_chosen)

    def roll(self, by_key: bool) -> None:
        """This side's roll: through the other machine in a match with a friend."""
        if self.lockstep is not None:
            self._throw()
        else:
            self.apply(self.flow.roll(by_key=by_key))

    @on(BoardView.Flipped)
    def _flipped(self) -> None:
        """Hot-seat: the numbering turns with the board (against the bot it stays yours)."""
        self.flow.viewpoint.view = self.board.view
        self.refresh_view()
        self.say(seen_from(self.flow.viewpoint.view, self.flow.reader, self.flow.hot_seat))

    def action_confirm_unfinished(self) -> None:
        """The confirm key while the turn cannot be confirmed: a point number still waiting
        for its second digit is taken first (it may finish the turn, then this confirms);
        otherwise the player hears how many steps are left, not silence."""
        self.board.take_waiting_digit()
        if self.flow.allows(Command.CONFIRM):
            self.confirm_turn()
        else:
            self.apply(self.flow.not_complete())

    def action_nothing_to_undo(self) -> None:
        """An undo key with nothing to undo: ``check_action`` refused the undo, and Textual
        tried this binding of the same key next."""
        self.apply(self.flow.nothing_to_undo())

    def action_new_match(self) -> None:
        """A new match from the final board, as the match-over dialog's button starts it."""
        self.services.new_match()

    def action_match_result(self) -> None:
        """The match-over dialog again, after Escape closed it to look at the final board."""
        if not self._dialog_open(MatchOverDialog):
            self._show_match_over()
