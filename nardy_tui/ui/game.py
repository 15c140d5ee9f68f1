"""The game screen: the board, the panels, and the timers and workers that drive the match.

What a choice means is the turn flow's business (``nardy_tui.play``), and every rule
question goes on from there to the engine. This screen turns keys, clicks, timers and the
bot's answers into calls on the flow, and applies each ``Outcome`` in one place
(``_apply``): save, redraw, say, then start what comes next by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, ClassVar, TypeVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.signal import Signal
from textual.widgets import Static

from nardy_tui.engine import Dice, Match, Phase, Play, Position, Side, legal_results
from nardy_tui.i18n import N_, _, broken_into_lines, continued, ended, reordering
from nardy_tui.options import MatchOptions
from nardy_tui.play import (
    COMMANDS,
    HINT_LEVEL,
    TURN_COMPLETE,
    BotFactory,
    BotSeat,
    Chooser,
    Command,
    Lockstep,
    Next,
    Outcome,
    PeerBroke,
    PeerLeft,
    PeerPlayed,
    PeerStartedGame,
    RemoteSeat,
    Saver,
    Seat,
    Thrown,
    TurnFlow,
    away_thinking_said,
    banner,
    first_source_cell,
    hint_ranking,
    history_title,
    last_play_frames,
    last_play_marks,
    marks_for,
    pass_said,
    position_id_said,
    position_now,
    seen_from,
    turn_said,
    tutor_question,
    tutor_verdict,
    warns,
    where_we_are,
)
from nardy_tui.storage import Animation, Settings, Switch
from nardy_tui.ui.board import GLYPH, BoardView
from nardy_tui.ui.dialogs import Choice, GameOverDialog, MatchOverDialog, TutorDialog
from nardy_tui.ui.footer import KeysFooter, show_in_footer
from nardy_tui.ui.panels import CompactInfo, HistoryPanel, InfoPanel
from nardy_tui.ui.sized import FULL_LAYOUT, SizedScreen
from nardy_tui.ui.translated import translate_bindings

AUTOMATIC_PLAYS = (Switch.AUTO_ROLL, Switch.AUTO_FORCED, Switch.AUTO_CONFIRM)
"""The settings that play for the player: rolling, a forced play, confirming a turn."""
BELOW_BOARD = 3
"""Rows under the board: the two-line status and the footer."""
BOARD_KEYS_SHOWN = frozenset({"choose", "flip"})
"""The board's keys in the footer: Enter and f."""
KEYS_SHOWN_WHEN_ROOM = frozenset(spec.action for spec in COMMANDS if spec.roomy_only)
"""The screen's keys the footer drops (with the board's) in the compact layout."""
COMMAND_OF_ACTION = {spec.action: spec.command for spec in COMMANDS}
CONFIRM_KEYS = next(spec.keys for spec in COMMANDS if spec.command is Command.CONFIRM)

STATUS_ROWS = 2
"""Lines of the status under the board (in the compact layout, a long message takes four,
two of them from the board's banner)."""
COMPACT_INFO_ROWS = 2
"""Rows of the compact layout's news under the board (``CompactInfo``)."""

SIDE_PANEL = 44
"""Columns the side panel keeps (with its margin) when a wider terminal widens the board."""

PACE_FACTORS = {Animation.NORMAL: 1.0, Animation.FAST: 0.3, Animation.NONE: 0.0}
"""The bot's pace under each animation setting, against the normal one."""

if TYPE_CHECKING:
    from nardy_tui.bot import RankingWithChances, TurnReview

Answer = TypeVar("Answer")
"""What a worker of the game screen answers: the bot's play, the hint's best plays."""


class GameScreen(SizedScreen):
    """One match in play, hot-seat or against the bot."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(spec.keys, spec.action, spec.label, show=spec.in_footer) for spec in COMMANDS),
        # The same key once the turn cannot be confirmed (Textual tries the one above first):
        # it says why, off the footer.
        Binding(CONFIRM_KEYS, "confirm_unfinished", N_("Confirm"), show=False),
        # The next game's key once the match is over: its dialog again, from the final board.
        Binding("n", "match_result", N_("Match result")),
        Binding("question_mark,f1", "app.help", N_("Help")),
    ]
    """The descriptions are translated per screen (``translate_bindings``)."""

    bot_activity: reactive[str] = reactive("", init=False)
    """What the bot is doing now, in words for the side panel ("" when it is not its turn)."""

    live_keys: reactive[tuple[bool, ...]] = reactive((), init=False)
    """Which of the commands do something now (``check_action``); when that changes, the
    footer shows the keys again."""

    def __init__(self, match: Match, options: MatchOptions, seats: dict[Side, Seat], *,
                 settings: Settings, settings_changed: Signal[Switch], saver: Saver,
                 bot_factory: BotFactory, pace: float, new_match: Callable[[], None],
                 lockstep: Lockstep | None = None,
                 warned: frozenset[tuple[int, int]] = frozenset()) -> None:
        """``seats`` says who plays each side; ``options.color`` is resolved; ``warned``:
        the plays already made against the tutor's warning (a resumed match's).

        The rest comes from the app: the settings (shared) and the signal that tells of a
        change to them, the save file, how bots are made, the bot's pace (seconds a step
        stays in view) and what starts a new match. ``lockstep`` is there when the other
        side plays on another machine: every throw goes through it, and what the other
        side sends comes from it (``take_from_peer``).
        """
        super().__init__()
        translate_bindings(self)
        self.match = match
        self.options = options
        self.flow = TurnFlow(match, seats, settings)
        self._settings_changed = settings_changed
        self.saver = saver
        self.bot_factory = bot_factory
        self.normal_pace = pace
        self._settings = settings
        self._new_match = new_match
        self.lockstep = lockstep
        self._line_news = ""
        """What the line to the other machine did last, for a screen not yet shown."""
        self._bots: dict[str, Chooser] = {}
        self._record_note = ""
        """What the match-over dialog says of the record, to show it again after a review."""
        self._replay: list[tuple[Position, Play]] = []
        """The frames of the last play still to show again (``l``)."""
        self._replay_run = 0
        """Counts the replays started or stopped, so a stopped replay's timer does nothing."""
        self._tutor_verdicts: dict[tuple[int, int, Play], TurnReview] = {}
        """The tutor's verdicts on complete turns, by (game, turn, play), as they come."""
        self._tutor_asked: tuple[int, int, Play] | None = None
        """The turn the player confirmed while the tutor was still judging it."""
        self._tutor_judging: set[tuple[int, int, Play]] = set()
        """The turns the tutor's workers are judging now: a confirmation waits only on one
        of these, and the same turn is not judged twice at once."""
        self.tutor_overridden: set[tuple[int, int]] = set(warned)
        """(game, turn number) of the plays made against the tutor's warning, for the
        review; saved with the match."""

    def compose_main(self) -> ComposeResult:
        with Horizontal(id="game-body"):
            yield BoardView(id="board", view=self.flow.view)
            with Vertical(id="side-panel", classes="-right-to-left" if reordering() else ""):
                with Vertical(id="panel-news"):
                    yield InfoPanel(id="info")
                    yield Static(id="bot-activity")
                with Vertical(id="panel-history"):
                    yield Static(_("History"), id="history-title", classes="panel-title")
                    yield HistoryPanel(id="history")
        yield CompactInfo(id="compact-info", classes="-right-to-left" if reordering() else "")
        yield Static(id="status")
        yield KeysFooter()

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def in_progress(self) -> bool:
        """Whether quitting now would leave a match unfinished."""
        return self.match.phase is not Phase.MATCH_OVER

    def _setting_changed(self, switch: Switch) -> None:
        """Show a changed setting at once (turning the board to the mover needs a redraw).

        An automatic play turned on while it applies (the player's roll waiting, a forced
        play not begun, a complete turn) acts now, not from the next turn on; after the
        palette that changed it has closed.
        """
        if not (self.is_attached and self.board.is_mounted):
            return
        self.refresh_view()
        if switch in AUTOMATIC_PLAYS and self.flow.settings.is_on(switch):
            self.call_later(self._play_automatically, switch)

    def _play_automatically(self, setting: Switch) -> None:
        """Do what the automatic ``setting`` does, if it applies now (the flow checks)."""
        if not self.is_current:
            return
        flow = self.flow
        if setting is Switch.AUTO_ROLL:
            self._apply(flow.roll(by_key=False) if flow.allows(Command.ROLL) else None)
        elif setting is Switch.AUTO_FORCED:
            self._apply(flow.play_forced())
        elif setting is Switch.AUTO_CONFIRM:
            self.action_confirm()  # past the tutor, if it watches

    def ready(self) -> None:
        if not self.query(BoardView):
            return  # the app ended while this screen was being put up
        self._settings_changed.subscribe(self, self._setting_changed)
        self.board.on_chosen = self._chosen
        self.board.on_cancelled = self._cancelled
        self.board.on_digit_waiting = self._digit_waiting
        self.board.focus()
        self._fit_board(self.app.size.width, self.app.size.height)
        self.refresh_view()
        self.say(self._line_news or where_we_are(self.match, self.flow.reader))
        self.bot_activity = self._line_news
        self.call_after_refresh(self._advance)
        self.call_after_refresh(self.take_from_peer)
        self._tutor_look()  # a resumed match's complete turn is judged at once, as any other

    def on_resize(self, event: events.Resize) -> None:
        """Wider points and taller stacks in a bigger terminal, so the board fills it."""
        self._fit_board(event.size.width, event.size.height)

    def _fit_board(self, width: int, height: int) -> None:
        """The layout for the terminal's size: the board and the side panel beside it, or,
        in a terminal smaller than ``FULL_LAYOUT``, the board alone with two lines of news
        under it and the panel a key away (``i``)."""
        compact = width < FULL_LAYOUT[0] or height < FULL_LAYOUT[1]
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            self.remove_class("-panel-shown")
            # The footer's keys in 80 columns: tighter, and a few left to the help, where
            # every key is.
            self.query_one(KeysFooter).compact = compact
            show_in_footer(self.board, BOARD_KEYS_SHOWN, not compact)
            show_in_footer(self, KEYS_SHOWN_WHEN_ROOM, not compact)
            self.refresh_bindings()
        if compact:
            self.board.fit(width, height - BELOW_BOARD - COMPACT_INFO_ROWS)
        else:
            self.board.fit(width - SIDE_PANEL, height - BELOW_BOARD)

    def action_panel(self) -> None:
        """In the compact layout, the side panel (score, dice, pips, the whole history) in
        the board's place, and back."""
        shown = not self.has_class("-panel-shown")
        self.set_class(shown, "-panel-shown")
        if not shown:
            self.board.focus()
        self.refresh_bindings()

    def watch_bot_activity(self, activity: str) -> None:
        """A side-panel box that stands out while the bot thinks or moves.

        Once the bot is done the box is only hidden, its words kept: a new class takes
        effect a frame after new words do, so emptying it showed an empty box for a frame
        (seen in a real terminal after every bot turn)."""
        box = self.query_one("#bot-activity", Static)
        if activity:
            box.update(activity)
        box.set_class(bool(activity), "-active")

    # -- showing the state ------------------------------------------------------------------

    def _apply(self, outcome: Outcome | None) -> None:
        """Apply what the flow did: save, redraw, say, then start what comes next."""
        if outcome is None:
            return
        if outcome.changed:
            self._save()
            if self.lockstep is not None:
                self.lockstep.observe()  # saved before anything is sent
        if outcome.moves_on:
            self.bot_activity = ""
        if outcome.redraw:
            self.refresh_view()
        if outcome.said:
            self.say(outcome.said)
        if outcome.moves_on:
            self._advance()
            self.take_from_peer()
        self._tutor_look()
        if outcome.confirm:
            self.action_confirm()

    def refresh_view(self) -> None:
        """Redraw everything from the match: board, highlights, panels, bindings."""
        flow = self.flow
        board = self.board
        self._stop_replay()
        flow.follow_mover()  # a setting may have just been turned on
        board.show(position_now(self.match))
        board.view = flow.view
        board.numbering = flow.reader.side
        board.set_marks(marks_for(flow))
        board.set_banner(banner(self.match, flow.names))
        self.query_one(InfoPanel).show(self.match, flow.names)
        self.query_one(CompactInfo).show(self.match, flow.names)
        self.query_one(HistoryPanel).show(self.match, flow.reader)
        self.query_one("#history-title", Static).update(history_title(flow.reader, flow.hot_seat))
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Look at the live keys once the events at hand are handled.

        A turn that ends and the next that rolls by itself (auto-roll, the bot) come out
        with the same keys: looked at right away, the footer was rebuilt twice for nothing
        (a costly recompose).
        """
        self.call_after_refresh(self._update_live_keys)

    def _update_live_keys(self) -> None:
        self.live_keys = tuple(bool(self.check_action(spec.action, ())) for spec in COMMANDS)

    def watch_live_keys(self) -> None:
        self.refresh_bindings()

    def say(self, text: str) -> None:
        """The status line under the board: reasons, announcements, what to do next.

        A right-to-left line is broken to the status line's width before it is reordered
        (``broken_into_lines``), and set to the right. In the compact layout a message longer
        than the status's two lines (a hint in Russian) takes two rows of the board's banner
        until the next message: the news under the board (score, dice left) is never hidden.
        """
        status = self.query_one("#status", Static)
        status.set_class(reordering(), "-right-to-left")
        width = status.content_size.width or self.size.width
        shown = broken_into_lines(text, width)
        long = (self.has_class("-compact")
                and len(Text(shown).wrap(self.app.console, width)) > STATUS_ROWS)
        relayout = long != self.has_class("-long-status")
        self.set_class(long, "-long-status")
        status.update(shown, layout=relayout)

    # -- what happens without a key -------------------------------------------------------

    def _advance(self) -> None:
        """Start what comes next by itself: a roll, a pass, the bot's turn, the forced play,
        the dialog at the end of a game or of the match (``TurnFlow.what_next``)."""
        next_step = self.flow.what_next()
        if next_step is Next.ROLL:
            self.call_later(self._auto_roll)
        elif next_step is Next.PASS:
            # In the status line, not a toast: a toast covered the news under the board and
            # outlived the next roll.
            said = pass_said(self.match)
            self._apply(replace(self.flow.finish_turn(passing=True), said=said))
        elif next_step is Next.AWAY_MOVES:
            self._start_bot_turn()
        elif next_step is Next.PLAYER_MOVES:
            cell = first_source_cell(self.flow.human_turn)
            if cell is not None:
                self.board.move_cursor_to(cell)
            self._apply(self.flow.play_forced())
        elif next_step is Next.GAME_OVER:
            self._show_game_over()
        elif next_step is Next.MATCH_OVER:
            self._end_match()

    def _later(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds (at once, but after this event, for 0)."""
        if delay > 0:
            self.set_timer(delay, callback)
        else:
            self.call_later(callback)

    def _auto_roll(self) -> None:
        if self.match.may_roll and self.is_current:
            if self.lockstep is not None:
                self._throw_with_peer()
            else:
                self._apply(self.flow.roll(by_key=False))

    # -- the bot ----------------------------------------------------------------------------

    @property
    def pace(self) -> float:
        """Seconds a step of the bot (or of a last play shown again) stays in view, as the
        animation setting asks."""
        return self.normal_pace * PACE_FACTORS[self._settings.animation]

    def _start_bot_turn(self) -> None:
        turn = self.match.turn
        assert turn is not None
        thinking = _("{player} is thinking…").format(player=self.flow.names[turn.mover])
        self.say(away_thinking_said(self.match, self.flow.names))
        self.bot_activity = f"{GLYPH[turn.mover]} {thinking}"
        if not isinstance(self.flow.seats[turn.mover], RemoteSeat):
            self._think(turn.position, turn.dice, len(self.match.game.turns))

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, position: Position, dice: Dice, turn_number: int) -> None:
        """Ask the seat to move for its play off the UI thread; the answer comes back as a
        call."""
        player = self._away_player(self.flow.seats[position.turn])
        self._answer(self._away_chose, player.choose(position, dice), turn_number)

    def _answer(self, callback: Callable[[Answer, int], None], answer: Answer,
                turn_number: int) -> None:
        """From a worker's thread, hand its answer to ``callback`` on the UI thread, but
        only if this screen is still in the app's stack by then: a language change makes
        the game screen anew on the same match, and the old screen would otherwise play
        the bot's turn a second time, or draw on a board that is gone."""
        app = self.app

        def deliver() -> None:
            if self in app.screen_stack:
                callback(answer, turn_number)

        app.call_from_thread(deliver)

    def _away_player(self, seat: Seat) -> Chooser:
        """What answers for a seat away from the keyboard."""
        if isinstance(seat, BotSeat):
            return self._bot(seat.level)
        raise ValueError(f"{seat} plays at the keyboard: nothing to ask")

    def _bot(self, level: str) -> Chooser:
        if level not in self._bots:
            seed = self.options.seed if self.options.seed is not None else self.match.seed
            self._bots[level] = self.bot_factory(level, seed)
        return self._bots[level]

    def _away_chose(self, play: Play, turn_number: int) -> None:
        """Show the bot's play step by step, at a pace a person can follow."""
        outcome = self.flow.away_chose(play, turn_number)
        if outcome is None:
            return
        self._apply(outcome)
        turn = self.match.turn
        assert turn is not None  # away_chose answers only while the turn is on
        moving = _("{player} is moving").format(player=self.flow.names[turn.mover])
        skips = _("s skips the animation")
        self.bot_activity = f"{GLYPH[turn.mover]} {moving}\n  {skips}"
        self._later(self.pace, self._bot_step)

    def _bot_step(self) -> None:
        self._apply(self.flow.bot_step())
        if self.flow.away_steps:
            self._later(self.pace, self._bot_step)

    def action_skip(self) -> None:
        """Play the rest of the bot's turn at once."""
        self._apply(self.flow.skip())

    # -- the other machine ------------------------------------------------------------------

    def _throw_with_peer(self) -> None:
        """This side's player rolls: the dice come once the other side's secret is here."""
        assert self.lockstep is not None
        if self.flow.allows(Command.ROLL):
            self.lockstep.roll()
            self.take_from_peer()
            if self.match.may_roll:
                self.say(_("Rolling: the dice come from both machines…"))

    def take_from_peer(self) -> None:
        """Do what the other side's messages ask, one at a time, while nothing is being
        shown; a message that makes no sense ends the match (``peer_broke``)."""
        lockstep = self.lockstep
        if lockstep is None or not self.is_attached:
            return
        try:
            action = lockstep.next_action(busy=bool(self.flow.away_steps))
        except PeerBroke as broken:
            self.peer_broke(str(broken))
            return
        if isinstance(action, Thrown):
            self._apply(self.flow.roll(by_key=action.by_me))
        elif isinstance(action, PeerPlayed):
            if action.play:
                self._away_chose(action.play, action.turn_number)
            else:
                self._apply(self.flow.finish_turn(passing=True))
        elif isinstance(action, PeerStartedGame):
            if isinstance(self.app.screen, GameOverDialog):
                self.app.screen.dismiss(None)
            self._apply(self.flow.next_game())
        elif isinstance(action, PeerLeft):
            self.line_news(_("Your friend has left; the match is saved on both machines. "
                             "It goes on when they join again."))
        if action is not None and not isinstance(action, PeerLeft):
            self.call_later(self.take_from_peer)

    def line_news(self, news: str, said: bool = True) -> None:
        """What the line is doing (up, down, back), where the bot's doings are shown
        (kept until the screen is up, if it is not yet), and, if ``said``, in the status
        line too.

        News already shown is not shown again: the joiner tries the host again every few
        seconds, and each try would overwrite what the status line says of the player's
        own moves."""
        if news == self._line_news:
            return
        self._line_news = news
        if self.query(BoardView) and self.board.is_mounted:
            self.bot_activity = news
            if said:
                self.say(news)

    def peer_broke(self, reason: str) -> None:
        """The other side sent what the match cannot take: stop here, the match saved."""
        self._save()
        self.app.exit(return_code=1, message=_(
            "nardy: the match with your friend stopped: {reason} The match is saved as it "
            "was before that message.").format(reason=ended(continued(reason))))

    # -- the hint ---------------------------------------------------------------------------

    def action_hint(self) -> None:
        turn = self.flow.human_turn
        if turn is None or not self.flow.allows(Command.HINT):
            return
        self.say(_("Looking for the best play…"))
        self._find_hint(turn.position, turn.dice, len(self.match.game.turns))

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, position: Position, dice: Dice, turn_number: int) -> None:
        ranking = hint_ranking(self._bot(HINT_LEVEL), position, dice)
        self._answer(self._show_hint, ranking, turn_number)

    def _show_hint(self, ranking: RankingWithChances, turn_number: int) -> None:
        chances = {play: known for play, _, known in ranking if known is not None}
        self._apply(self.flow.show_hint([(play, value) for play, value, _ in ranking],
                                        turn_number, chances))

    # -- the player's choices --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer (and the palette) only the keys that do something now."""
        if not super().check_action(action, parameters):
            return False
        if action == "match_result":
            return self.match.phase is Phase.MATCH_OVER
        command = COMMAND_OF_ACTION.get(action)
        if command is None:
            return True  # Textual's own (copy_text): not the game's business
        if command is Command.PANEL:
            return self.has_class("-compact")
        return self.flow.allows(command)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The game's actions that do something now (the footer's test, ``check_action``),
        and the board's flip, for the command palette."""
        for spec in COMMANDS:
            if spec.title and self.check_action(spec.action, ()):
                yield SystemCommand(_(spec.title), _(spec.help),
                                    partial(self.run_action, spec.action))
        if not self.too_small:
            yield SystemCommand(_("Flip the board"), _("See the board from the other side"),
                                self.board.action_flip)

    def action_roll(self) -> None:
        if self.lockstep is not None:
            self._throw_with_peer()
        else:
            self._apply(self.flow.roll())

    def _chosen(self, cell: int) -> None:
        """The player chose a cell on the board: select, move, or say why not."""
        self._apply(self.flow.choose(cell))

    def _cancelled(self) -> None:
        self._apply(self.flow.cancel())

    def _digit_waiting(self, digit: int) -> None:
        self._apply(self.flow.digit_waiting(digit))

    @on(BoardView.Flipped)
    def _flipped(self) -> None:
        """Hot-seat: the numbering turns with the board (against the bot it stays yours)."""
        self.flow.view = self.board.view
        self.refresh_view()
        self.say(seen_from(self.flow.view, self.flow.reader, self.flow.hot_seat))

    def action_undo(self) -> None:
        self._tutor_asked = None  # a confirmation asked before is withdrawn
        self._apply(self.flow.undo())

    def action_undo_turn(self) -> None:
        self._tutor_asked = None
        self._apply(self.flow.undo_turn())

    def action_confirm(self) -> None:
        """Confirm the turn; with the tutor on, once it has judged the play and, if the play
        is a mistake at the player's threshold, the player has answered its question.

        The judgement is started here if none is under way (the tutor turned on after the
        turn was complete), so a confirmation never waits on nothing."""
        key = self._tutor_key()
        if key is None:
            self._apply(self.flow.confirm())
            return
        verdict = self._tutor_verdicts.get(key)
        if verdict is None:
            self._tutor_asked = key
            self._tutor_look()
            self.say(_("The tutor is looking at your play…"))
            return
        self._tutor_decide(key, verdict)

    def action_confirm_unfinished(self) -> None:
        """The confirm key while the turn cannot be confirmed: a point number still waiting
        for its second digit is taken first (it may finish the turn, then this confirms);
        otherwise the player hears how many steps are left, not silence."""
        self.board.take_waiting_digit()
        if self.flow.allows(Command.CONFIRM):
            self.action_confirm()
        else:
            self._apply(self.flow.not_complete())

    # -- the tutor ------------------------------------------------------------------------

    def _tutor_key(self) -> tuple[int, int, Play] | None:
        """The complete turn the tutor is to judge before it counts, if any."""
        turn = self.flow.human_turn
        if not self.flow.tutor_watches or turn is None or not turn.is_complete:
            return None
        return self.match.game.number, len(self.match.game.turns), turn.steps

    def _tutor_look(self) -> None:
        """Start judging a turn as soon as it is complete, so a good play is not kept
        waiting when it is confirmed."""
        key = self._tutor_key()
        turn = self.flow.human_turn
        if (key is None or turn is None or key in self._tutor_verdicts
                or key in self._tutor_judging):
            return
        self._tutor_judging.add(key)
        self._tutor_judge(key, turn.position, turn.dice)

    @work(thread=True, group="tutor")
    def _tutor_judge(self, key: tuple[int, int, Play], position: Position, dice: Dice) -> None:
        after = position.apply(key[2], dice)  # the steps in the order the player made them
        ranking = hint_ranking(self._bot(HINT_LEVEL), position, dice, played=after)
        verdict = tutor_verdict(ranking, dict(legal_results(position, dice)), position, dice,
                                key[2], after)
        self._answer(self._tutor_judged, (key, verdict), key[1])

    def _tutor_judged(self, judged: tuple[tuple[int, int, Play], TurnReview], _: int) -> None:
        key, verdict = judged
        self._tutor_judging.discard(key)
        self._tutor_verdicts[key] = verdict
        if self._tutor_asked == key and self._tutor_key() == key:
            self._tutor_asked = None
            self._tutor_decide(key, verdict)

    def _tutor_decide(self, key: tuple[int, int, Play], verdict: TurnReview) -> None:
        if not warns(verdict, self.flow.settings.tutor):
            self._apply(self.flow.confirm())
            return

        def answered(choice: Choice | None) -> None:
            if self._tutor_key() != key:
                return  # the turn changed meanwhile
            if choice is Choice.PLAY_ANYWAY:
                self.tutor_overridden.add((key[0], key[1] + 1))
                self._apply(self.flow.confirm())  # saved with the warning counted
            elif choice is Choice.HINT:
                self._apply(self.flow.undo_turn())
                self.action_hint()
            else:
                self._apply(self.flow.undo_turn())

        self.say(_(TURN_COMPLETE))  # not "the tutor is looking" any more: it has spoken
        self.app.push_screen(TutorDialog(verdict.mark.name_shown, tutor_question(verdict)),
                             answered)

    def action_last_play(self) -> None:
        """Show the last turn again, step by step at the bot's pace, then the board as it is.

        Any change to the match (a roll, a step) stops it and shows the board as it is.
        """
        if not self.check_action("last_play", ()):
            return
        frames = last_play_frames(self.match.game)
        self.refresh_view()
        self._replay = frames
        self.say(_("Again, slowly: {turn}").format(
            turn=turn_said(self.match.game.turns[-1], self.flow.reader)))
        self._replay_step(self._replay_run)

    def _replay_step(self, run: int) -> None:
        """Show the next frame of the replay, unless it was stopped since."""
        if run != self._replay_run or not self._replay or not self.is_attached:
            return
        position, steps = self._replay.pop(0)
        record = self.match.game.turns[-1]
        board = self.board
        board.show(position)
        board.set_marks(last_play_marks(record.side, steps))
        side, dice = record.side.name_shown, str(record.dice)
        moves = self.flow.reader.moves(steps, record.side)
        if moves:
            banner = _("Last play again · {side} {dice} · {moves}").format(
                side=side, dice=dice, moves=moves)
        else:
            banner = _("Last play again · {side} {dice} · before it").format(side=side,
                                                                           dice=dice)
        board.set_banner(banner)
        self._later(self.pace, partial(self._replay_step if self._replay
                                       else self._replay_done, run))

    def _replay_done(self, run: int) -> None:
        if run == self._replay_run:
            self.refresh_view()
            self.say(where_we_are(self.match, self.flow.reader))

    def _stop_replay(self) -> None:
        self._replay_run += 1
        self._replay = []

    def action_export(self) -> None:
        self.say(self.saver.export(self.match, self.options))

    def action_copy_id(self) -> None:
        text, said = position_id_said(self.match)
        self.app.copy_to_clipboard(text)
        self.say(said)

    # -- the end of a game, a match ------------------------------------------------------

    def _show_game_over(self) -> None:
        """The game-over dialog, once: its button (or n, or the palette) starts the next game."""
        if self.match.phase is not Phase.GAME_OVER:
            return  # the other machine started the next game meanwhile
        if not any(isinstance(screen, GameOverDialog) for screen in self.app.screen_stack):
            self.app.push_screen(GameOverDialog(self.match, self.flow.names),
                                 self._game_over_chosen)

    def _game_over_chosen(self, choice: Choice | None) -> None:
        """The next game, or (Escape) the final board, from which n starts the next game."""
        if choice is Choice.REVIEW:
            self._open_review(lambda _: self._show_game_over())
        elif choice is Choice.LOOK:
            self.say(_("{turn}. The game is over: n starts the next game.").format(
                turn=turn_said(self.match.game.turns[-1], self.flow.reader)))
        else:
            self._apply(self.flow.next_game())

    def action_next_game(self) -> None:
        """Start the next game: through the game-over dialog when it is open."""
        if self.match.phase is not Phase.GAME_OVER:
            return
        dialog = next((screen for screen in self.app.screen_stack
                       if isinstance(screen, GameOverDialog)), None)
        if dialog is None:
            self._apply(self.flow.next_game())
        elif self.app.screen is dialog:
            dialog.dismiss(Choice.NEXT)

    def _end_match(self) -> None:
        """Keep the finished match as a record; forget its save file once that is written.

        The match-over dialog is modal, so the export key cannot be reached any more: the
        record is written here, to the file the export key writes, and the dialog says
        where. If it cannot be written the save file (saved at match over) stays until a
        new match starts, so nothing is lost: resuming it shows this dialog again and tries
        again, and ``nardy export`` can still write the record.
        """
        if any(isinstance(screen, MatchOverDialog) for screen in self.app.screen_stack):
            return
        saver = self.saver
        kept, written = saver.write_record(self.match, self.options)
        if kept:
            saver.discard()
        else:
            written = _("{problem}. The finished match stays saved until a new match starts: "
                        "'nardy export FILE' writes its record elsewhere, and "
                        "'nardy --resume' shows this again.").format(problem=written)
        self._record_note = written
        self._show_match_over_again()

    def _open_review(self, back: Callable[[None], None]) -> None:
        """The review of the game just finished; ``back`` runs when it is closed.

        Imported here: the review needs the bot, which the first frame must not wait for.
        """
        from nardy_tui.ui.review import ReviewRequest, ReviewScreen

        game = self.match.game
        flow = self.flow
        humans = frozenset(side for side in Side if flow.seats[side].at_keyboard)
        request = ReviewRequest(
            number=game.number, start=game.first_position,
            turns=tuple(game.turns),
            sides=humans, view=None if flow.hot_seat else flow.human_side,
            overridden=frozenset(turn for number, turn in self.tutor_overridden
                                 if number == game.number))
        self.app.push_screen(ReviewScreen(request), back)

    def _show_match_over_again(self, _: None = None) -> None:
        self.app.push_screen(MatchOverDialog(self.match, self.flow.names, self._record_note),
                             self._match_over)

    def action_match_result(self) -> None:
        """The match-over dialog again, after Escape closed it to look at the final board."""
        if not any(isinstance(screen, MatchOverDialog) for screen in self.app.screen_stack):
            self._show_match_over_again()

    def _match_over(self, choice: Choice | None) -> None:
        if choice is Choice.REVIEW:
            self._open_review(self._show_match_over_again)
            return
        if choice is Choice.LOOK:
            self.say(_("{turn}. The match is over: n shows its result again.").format(
                turn=turn_said(self.match.game.turns[-1], self.flow.reader)))
            return
        if choice is Choice.NEW:
            self._new_match()
        else:
            self.app.exit(0)

    def save_now(self) -> None:
        """Save at once: the other machine's message changed what this side must keep."""
        self._save()

    def _save(self) -> None:
        problem = self.saver.save(self.match, self.options, self.tutor_overridden)
        if problem is not None:
            self.notify(problem, severity="warning")
