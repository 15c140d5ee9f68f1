"""The game screen: the board, the panels, and the turn flow that drives the match.

Every rule question goes to the engine: which points may start a step, where a checker may
go, why a move is refused, whether a turn passes. This screen only turns the players'
choices into calls on ``Match`` and ``TurnBuilder`` and shows the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Footer, Static

from nardy_tui.engine import (
    OFF,
    Game,
    Match,
    Phase,
    Play,
    Position,
    RollOff,
    Side,
    Step,
    TurnBuilder,
    TurnRecord,
    checker_moves,
    format_play,
    renumber,
    renumbered,
)
from nardy_tui.options import MatchOptions
from nardy_tui.storage import Settings
from nardy_tui.ui.board import GLYPH, BoardView, cell_of, point_of
from nardy_tui.ui.bots import HINT_LEVEL, BotFactory, Chooser, best_plays
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog
from nardy_tui.ui.match_files import Saver
from nardy_tui.ui.panels import HistoryPanel, InfoPanel, turn_line
from nardy_tui.ui.sized import SizedScreen

SINGLE_MARK = "◇"
COMBINED_MARK = "◆"
HINT_MARK = "★"
LIVE_ACTIONS = ("roll", "confirm", "undo", "undo_turn", "hint", "skip", "next_game",
                "last_play")
BELOW_BOARD = 3
"""Rows under the board: the two-line status and the footer."""
SIDE_PANEL = 44
"""Columns the side panel keeps (with its margin) when a wider terminal widens the board."""


class GameScreen(SizedScreen):
    """One match in play, hot-seat or against the bot."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "Roll"),
        Binding("c", "confirm", "Confirm"),
        Binding("u", "undo", "Undo step"),
        Binding("U", "undo_turn", "Undo turn"),
        Binding("h", "hint", "Hint"),
        Binding("s", "skip", "Skip animation"),
        Binding("l", "last_play", "Last play"),
        Binding("n", "next_game", "Next game"),
        Binding("x", "export", "Export record", show=False),
        Binding("question_mark,f1", "app.help", "Help"),
    ]

    bot_activity: reactive[str] = reactive("", init=False)
    """What the bot is doing now, in words for the side panel ("" when it is not its turn)."""

    live_keys: reactive[tuple[bool, ...]] = reactive((), init=False)
    """Which of ``LIVE_ACTIONS`` do something now (``check_action``); when that changes, the
    footer shows the keys again."""

    def __init__(self, match: Match, options: MatchOptions, bots: dict[Side, str], *,
                 settings: Settings, saver: Saver, bot_factory: BotFactory, pace: float,
                 new_match: Callable[[], None]) -> None:
        """``bots`` maps each side the bot plays to its level; ``options.color`` is resolved.

        The rest comes from the app: the settings (shared: a change shows at once), the
        save file, how bots are made, the bot's pace (seconds a step stays in view) and
        what starts a new match.
        """
        super().__init__()
        self.match = match
        self.options = options
        self.bot_levels = bots
        self.settings = settings
        self.saver = saver
        self.bot_factory = bot_factory
        self.pace = pace
        self._new_match = new_match
        self.selected: int | None = None
        self.hint: Play | None = None
        self._bot_steps: list[Step] = []
        self._bots: dict[str, Chooser] = {}
        self._turned_to: Side | None = None
        self._record_note = ""
        """What the match-over dialog says of the record, to show it again after a review."""
        self._replay: list[tuple[Position, Play]] = []
        """The frames of the last play still to show again (``l``), each a position and
        the steps played so far."""
        self._replay_run = 0
        """Counts the replays started or stopped, so a stopped replay's timer does nothing."""

    def compose_main(self) -> ComposeResult:
        with Horizontal(id="game-body"):
            yield BoardView(id="board", view=self._human_side())
            with Vertical(id="side-panel"):
                yield InfoPanel(id="info")
                yield Static(id="bot-activity")
                yield Static("History", id="history-title", classes="panel-title")
                yield HistoryPanel(id="history")
        yield Static(id="status")
        yield Footer()

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def names(self) -> dict[Side, str]:
        if not self.bot_levels:
            return {side: side.label for side in Side}
        return {side: bot_name(self.bot_levels[side]) if side in self.bot_levels else "You"
                for side in Side}

    @property
    def in_progress(self) -> bool:
        """Whether quitting now would leave a match unfinished."""
        return self.match.phase is not Phase.MATCH_OVER

    def _human_side(self) -> Side:
        """The side the board is seen from at first: the human's (White in hot-seat)."""
        return next((side for side in Side if side not in self.bot_levels), Side.WHITE)

    @property
    def reader(self) -> Side:
        """Whose own numbering everything on screen uses: the board's edge, typed points,
        messages, history and hints. Against the bot the human's; in hot-seat that of the
        player the board is turned to."""
        return self._human_side() if self.bot_levels else self.board.view

    def ready(self) -> None:
        self.board.on_chosen = self._chosen
        self.board.on_cancelled = self._cancelled
        self.board.focus()
        self._fit_board(self.app.size.width, self.app.size.height)
        self.refresh_view()
        self.say(self._where_we_are())
        self.call_after_refresh(self._advance)

    def on_resize(self, event: events.Resize) -> None:
        """Wider points and taller stacks in a bigger terminal, so the board fills it."""
        self._fit_board(event.size.width, event.size.height)

    def _fit_board(self, width: int, height: int) -> None:
        self.board.fit(width - SIDE_PANEL, height - BELOW_BOARD)

    def watch_bot_activity(self, activity: str) -> None:
        """A side-panel box that stands out while the bot thinks or moves."""
        box = self.query_one("#bot-activity", Static)
        box.update(activity)
        box.set_class(bool(activity), "-active")

    # -- showing the state ------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw everything from the match: board, highlights, panels, bindings."""
        match = self.match
        turn = match.turn
        position = turn.position_now() if turn is not None else match.position
        board = self.board
        self._stop_replay()
        board.show(position)
        self._turn_to_mover()
        board.numbering = self.reader
        self._show_marks()
        board.set_banner(self._banner())
        self.query_one(InfoPanel).show(match, self.names)
        self.query_one(HistoryPanel).show(match, self.reader)
        self.query_one("#history-title", Static).update(f"History, in {self._numbering()}")
        self._refresh_footer()

    def _numbering(self) -> str:
        """Whose numbering the screen uses, in words: "your numbering", "Black's numbering"."""
        return "your numbering" if self.bot_levels else f"{self.reader.label}'s numbering"

    def _point(self, point: int, mover: Side | None = None) -> str:
        """The mover's own point as the reader numbers it ("off" for 0)."""
        mover = mover or self.match.position.turn
        return "off" if point == OFF else str(renumber(point, mover, self.reader))

    def _steps_read(self, steps: Play, mover: Side | None = None) -> str:
        """Steps as the reader reads them: ``24/21 21/16`` in the reader's numbering."""
        return " ".join(f"{self._point(step.src, mover)}/{self._point(step.dst, mover)}"
                        for step in steps)

    def _play_read(self, play: Play, position: Position, dice: tuple[int, int]) -> str:
        """A whole play in notation, as the reader reads it."""
        notation = format_play(play, position, dice)
        return notation if position.turn is self.reader else renumbered(notation)

    def _refresh_footer(self) -> None:
        """Look at the live keys once the events at hand are handled.

        A turn that ends and the next that rolls by itself (auto-roll, the bot) come out
        with the same keys: looked at right away, the footer was rebuilt twice for nothing
        (a costly recompose).
        """
        self.call_after_refresh(self._update_live_keys)

    def _update_live_keys(self) -> None:
        self.live_keys = tuple(bool(self.check_action(action, ())) for action in LIVE_ACTIONS)

    def watch_live_keys(self) -> None:
        self.refresh_bindings()

    def _turn_to_mover(self) -> None:
        """In hot-seat, show the board from the mover's side once per turn (a setting).

        Only when the mover changes, so a player's own flip (f) holds for the turn.
        """
        mover = self.match.position.turn
        playing = self.match.phase in (Phase.ROLL, Phase.MOVE)
        if self.bot_levels or not self.settings.auto_flip or not playing:
            return
        if mover is not self._turned_to:
            self._turned_to = mover
            self.board.view = mover

    def say(self, text: str) -> None:
        """The status line under the board: reasons, announcements, what to do next."""
        self.query_one("#status", Static).update(text, layout=False)

    def _show_marks(self) -> None:
        turn = self.match.turn
        last_from, last_to = self._last_play_cells()
        if turn is None or not self._human_to_move():
            self.board.set_marks(last_from=last_from, last_to=last_to)
            return
        mover = turn.position.turn
        markers: dict[int, str] = {}
        single: set[int] = set()
        combined: set[int] = set()
        if self.selected is not None:
            for route in turn.routes(self.selected):
                cell = cell_of(mover, route.dst)
                (combined if route.is_combined else single).add(cell)
                markers[cell] = COMBINED_MARK if route.is_combined else SINGLE_MARK
        hint_cells = self._hint_cells()
        for cell in hint_cells:
            markers.setdefault(cell, HINT_MARK)
        self.board.set_marks(
            markers,
            source={cell_of(mover, point) for point in turn.sources()},
            selected=set() if self.selected is None else {cell_of(mover, self.selected)},
            dest_single=single,
            dest_combined=combined,
            hint=hint_cells,
            last_from=last_from,
            last_to=last_to,
        )

    def _hint_cells(self) -> set[int]:
        """The hint's moves still to play, in any order: none once a step outside the
        hinted play was played (taking it back shows them again)."""
        turn = self.match.turn
        if self.hint is None or turn is None:
            return set()
        left = list(self.hint)
        for step in turn.steps:
            if step not in left:
                return set()
            left.remove(step)
        mover = turn.position.turn
        return {cell_of(mover, point) for move in checker_moves(tuple(left)) for point in move}

    def _last_play(self) -> tuple[Side, Play] | None:
        """The play the board marks as the last one, and whose it is.

        The opponent's last turn from when it ends until the player to move rolls (with
        automatic rolling, until their first step), the bot's steps as it plays them, and
        the winning turn once a game is over.
        """
        match = self.match
        turn = match.turn
        if match.phase is Phase.MOVE and turn is not None and not self._human_to_move():
            return turn.position.turn, turn.steps
        if not match.game.turns:
            return None
        record = match.game.turns[-1]
        waiting = match.phase is Phase.ROLL and self._human_to_move()
        rolled_for_you = (match.phase is Phase.MOVE and self._human_to_move() and turn is not None
                          and self.settings.auto_roll and not turn.steps)
        over = match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        return (record.side, record.play) if waiting or rolled_for_you or over else None

    def _last_play_cells(self, last: tuple[Side, Play] | None = None) -> tuple[set[int], set[int]]:
        """Where the last play's checkers left from, and where they arrived."""
        last = last or self._last_play()
        if last is None:
            return set(), set()
        side, play = last
        moves = checker_moves(play)
        return ({cell_of(side, src) for src, _ in moves},
                {cell_of(side, dst) for _, dst in moves})

    def _banner(self) -> str:
        match = self.match
        names = self.names
        if match.phase is Phase.ROLL_OFF:
            throws = match.game.roll_offs
            if not throws:
                return f"Game {match.game.number} · roll-off: each side rolls one die (r)"
            last = throws[-1]
            return (f"Roll-off: White {last.white} · Black {last.black} · a tie, roll again (r)")
        if match.phase is Phase.ROLL:
            side = match.position.turn
            if not match.game.turns:
                last = match.game.roll_offs[-1]
                return (f"Roll-off: White {last.white} · Black {last.black} · "
                        f"{side.label} starts · {names[side]} to roll")
            return f"{self._player(side)} to roll"
        if match.phase is Phase.MOVE and match.dice is not None and match.turn is not None:
            side = match.position.turn
            done = " · turn complete: confirm (c)" if match.turn.is_complete else ""
            return f"{self._player(side)} rolled {match.dice[0]}-{match.dice[1]}{done}"
        winner = match.game.winner
        assert winner is not None
        return f"{winner.label} wins game {match.game.number}"

    def _player(self, side: Side) -> str:
        """The colour, then who plays it when that is not just the colour again (hot-seat)."""
        name = self.names[side]
        return side.label if name == side.label else f"{side.label} · {name}"

    # -- what happens without a key -------------------------------------------------------

    def _human_to_move(self) -> bool:
        return self.match.position.turn not in self.bot_levels

    def _advance(self) -> None:
        """Start what comes next by itself: a bot's roll, an automatic roll, a pass, the
        dialog at the end of a game or of the match.

        It runs after every change and when a screen opens on a match, a resumed one
        included, so a match saved at any phase goes on from there.
        """
        match = self.match
        bot_turn = not self._human_to_move()
        rolling = match.phase in (Phase.ROLL_OFF, Phase.ROLL)
        if rolling and (self.settings.auto_roll or (match.phase is Phase.ROLL and bot_turn)):
            self.call_later(self._auto_roll)
        elif match.phase is Phase.MOVE:
            self._after_roll()
        elif match.phase is Phase.GAME_OVER:
            self._show_game_over()
        elif match.phase is Phase.MATCH_OVER:
            self._end_match()

    def _where_we_are(self) -> str:
        """The status line for the match as it stands: what was said when it got here.

        A match opened from its save file shows it, so the player reads where they were.
        """
        match = self.match
        game = match.game
        turn = match.turn
        if match.phase is Phase.ROLL_OFF and not game.roll_offs:
            return f"Game {game.number}: roll-off (r)."
        if match.phase is Phase.ROLL_OFF or (match.phase is Phase.ROLL and not game.turns):
            return roll_off_said(game.roll_offs[-1])
        if match.phase is Phase.MOVE and turn is not None and match.dice is not None:
            if turn.is_complete and turn.steps:
                return "The turn is complete: confirm it (c) or undo (u)."
            if turn.steps:
                return (f"Played so far: {self._steps_read(turn.steps)}. "
                        f"Choose the next checker to move.")
            return self._rolled_said()
        return self._turn_said(game.turns[-1]) if game.turns else ""

    def _turn_said(self, record: TurnRecord) -> str:
        """A turn just played, for the status line, in the reader's numbering."""
        return ("Pass: " if not record.play else "") + turn_line(record, self.reader)

    def _rolled_said(self) -> str:
        """The roll just made, and why any die is struck out (✗) on the dice panel."""
        match = self.match
        turn = match.turn
        assert turn is not None and match.dice is not None
        said = f"{turn.position.turn.label} rolled {match.dice[0]}-{match.dice[1]}."
        unplayable = turn.unplayable_dice()
        if not unplayable or turn.is_pass:
            return said
        if turn.must_play_higher:
            return (f"{said} Only one die can be played, so it must be the higher: "
                    f"the {unplayable[0]} is struck out.")
        if match.dice[0] == match.dice[1]:
            return (f"{said} Only {turn.max_steps} of the four {match.dice[0]}s can be "
                    f"played: the rest are struck out.")
        return (f"{said} No legal turn can use the {unplayable[0]}: it is struck out.")

    def _later(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds (at once, but after this event, for 0)."""
        if delay > 0:
            self.set_timer(delay, callback)
        else:
            self.call_later(callback)

    def _auto_roll(self) -> None:
        if self.match.phase in (Phase.ROLL_OFF, Phase.ROLL) and self.is_current:
            self.action_roll(by_key=False)

    def _after_roll(self) -> None:
        turn = self.match.turn
        assert turn is not None and self.match.dice is not None
        mover = turn.position.turn
        if turn.is_pass:
            dice = self.match.dice
            self.notify(f"{mover.label} cannot move with {dice[0]}-{dice[1]}: the turn passes.")
            self._finish_turn(passing=True)
        elif not self._human_to_move():
            self.say(f"{self.names[mover]} is thinking…")
            self.bot_activity = f"{GLYPH[mover]} {self.names[mover]} is thinking…"
            self._think(turn.position, self.match.dice, len(self.match.game.turns))
        else:
            sources = turn.sources()  # none when a resumed turn is complete but unconfirmed
            if sources:
                self.board.move_cursor_to(cell_of(mover, sources[0]))
            if self.settings.auto_forced and not turn.steps:
                self._play_forced()

    def _play_forced(self) -> None:
        """Play the turn for the human when the engine allows exactly one play."""
        turn = self.match.turn
        assert turn is not None
        play = turn.forced_play
        if play is not None:
            for step in play:
                turn.push(step)
            self.say("The only legal play was played for you.")
            self._save()
            self._after_step()

    # -- the bot ----------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, position: Position, dice: tuple[int, int], turn_number: int) -> None:
        """Ask the bot for its play off the UI thread; the answer comes back as a call."""
        side = self.match.position.turn
        bot = self._bot(self.bot_levels[side])
        play = bot.choose(position, dice)
        self.app.call_from_thread(self._bot_chose, play, turn_number)

    def _bot(self, level: str) -> Chooser:
        if level not in self._bots:
            seed = self.options.seed if self.options.seed is not None else self.match.seed
            self._bots[level] = self.bot_factory(level, seed)
        return self._bots[level]

    def _bot_chose(self, play: Play, turn_number: int) -> None:
        """Show the bot's play step by step, after any steps already on the board.

        A turn resumed from the save file can hold the first steps of the bot's play from
        before; if its new choice does not go on from them, they are taken back first.
        """
        turn = self.match.turn
        if (self.match.phase is not Phase.MOVE or turn is None
                or len(self.match.game.turns) != turn_number):
            return
        shown = turn.steps
        if play[: len(shown)] == shown:
            play = play[len(shown):]
        else:
            turn.reset()
        self._bot_steps = list(play)
        side = self.match.position.turn
        self.say(f"{self.names[side]} plays (s skips the animation)")
        self.bot_activity = f"{GLYPH[side]} {self.names[side]} is moving\n  s skips the animation"
        self._later(self.pace, self._bot_step)

    def _bot_step(self) -> None:
        """Show the bot's next step, at a pace a person can follow."""
        turn = self.match.turn
        if not self._bot_steps or turn is None:
            return
        turn.push(self._bot_steps.pop(0))
        self._save()
        if self._bot_steps:
            self.refresh_view()
            self._later(self.pace, self._bot_step)
        else:
            self._finish_turn()

    def action_skip(self) -> None:
        """Play the rest of the bot's turn at once."""
        turn = self.match.turn
        if turn is None or not self._bot_steps:
            return
        while self._bot_steps:
            turn.push(self._bot_steps.pop(0))
        self._finish_turn()

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, position: Position, dice: tuple[int, int], turn_number: int) -> None:
        plays = best_plays(self._bot(HINT_LEVEL), position, dice)
        self.app.call_from_thread(self._show_hint, plays, turn_number)

    def _show_hint(self, plays: list[tuple[Play, float]], turn_number: int) -> None:
        """Star the best play on the board and name the best three with their equities,
        so the hint teaches how close the choice is, not just which play to make."""
        if self.match.phase is not Phase.MOVE or len(self.match.game.turns) != turn_number:
            return
        self.hint = plays[0][0]
        turn = self.match.turn
        assert turn is not None
        named = [f"{self._play_read(play, turn.position, turn.dice)} ({value:+.2f})"
                 for play, value in plays]
        others = f"; then {', '.join(named[1:])}" if len(named) > 1 else ""
        self.say(f"Hint: {named[0]}, starred on the board{others}. "
                 f"Equity in points for you.")
        self.refresh_view()

    # -- the player's choices --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer (and the palette) only the keys that do something now."""
        if not super().check_action(action, parameters):
            return False
        match = self.match
        human_move = match.phase is Phase.MOVE and self._human_to_move()
        turn = match.turn
        if action == "roll":
            return match.phase in (Phase.ROLL_OFF, Phase.ROLL) and (
                match.phase is Phase.ROLL_OFF or self._human_to_move())
        if action == "confirm":
            return human_move and turn is not None and turn.is_complete
        if action in ("undo", "undo_turn"):
            return human_move and turn is not None and bool(turn.steps)
        if action == "hint":
            return human_move and turn is not None and not turn.is_complete
        if action == "skip":
            return bool(self._bot_steps)
        if action == "next_game":
            return match.phase is Phase.GAME_OVER
        if action == "last_play":
            return (match.phase in (Phase.ROLL, Phase.MOVE) and self._human_to_move()
                    and bool(match.game.turns))
        return True

    def action_roll(self, by_key: bool = True) -> None:
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            self.say(roll_off_said(match.roll_off()))
        elif match.phase is Phase.ROLL and (self._human_to_move() or not by_key):
            match.roll()
            self.say(self._rolled_said())
        else:
            return
        self._save()
        self.refresh_view()
        self._advance()

    def _chosen(self, cell: int) -> None:
        """The player chose a cell on the board: select, move, or say why not."""
        turn = self.match.turn
        if turn is None or not self._human_to_move():
            self.say(self._not_now())
            return
        point = point_of(turn.position.turn, cell)
        if point is None:
            self.say("That is the opponent's tray: your checkers are borne off into your own.")
        elif point == self.selected:
            self._cancelled()
        elif self.selected is None:
            self._select(point)
        elif turn.route(self.selected, point) is not None:
            self._move(self.selected, point)
        elif point in turn.sources():
            self._select(point)
        else:
            self.say(turn.why_not(self.selected, point, self.reader))

    def _cancelled(self) -> None:
        if self.match.turn is None or not self._human_to_move() or self.selected is None:
            return
        self._select(None)
        self.say("Selection dropped: choose a checker to move.")

    @on(BoardView.Flipped)
    def _flipped(self) -> None:
        """Hot-seat: the numbering turns with the board (against the bot it stays yours)."""
        self.refresh_view()
        self.say(f"The board is seen from {self.board.view.label}'s side, "
                 f"in {self._numbering()}.")

    def _not_now(self) -> str:
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            return "First the roll-off: press r."
        if match.phase is Phase.ROLL:
            return "Roll the dice first: press r." if self._human_to_move() else "Wait for the bot."
        if match.phase is Phase.MOVE:
            return "Wait: the bot is moving."
        if match.phase is Phase.GAME_OVER:
            return "The game is over: n starts the next game."
        return "The match is over."

    def _select(self, point: int | None) -> None:
        turn = self.match.turn
        assert turn is not None
        if point is not None and point not in turn.sources():
            self.say(self._why_not_source(point))
            return
        self.selected = point
        if point is not None:
            self.say(f"Checker on {self._point(point)} selected: choose where it goes "
                     f"({SINGLE_MARK} one die, {COMBINED_MARK} dice combined).")
        self.refresh_view()

    def _why_not_source(self, point: int) -> str:
        """The engine's reason why no step may start from ``point`` now (the tray included)."""
        turn = self.match.turn
        assert turn is not None
        return turn.why_not_from(point, self.reader)

    def _move(self, src: int, dst: int) -> None:
        turn = self.match.turn
        assert turn is not None
        steps = turn.move(src, dst)
        self.selected = None
        self.say(f"Moved {self._steps_read(steps)}.")
        self._save()
        self._after_step()

    def _after_step(self) -> None:
        turn = self.match.turn
        assert turn is not None
        if turn.is_complete and self.settings.auto_confirm:
            self._finish_turn()
            return
        if turn.is_complete:
            self.say("The turn is complete: confirm it (c) or undo (u).")
        self.refresh_view()

    def _human_turn(self) -> TurnBuilder | None:
        """The turn being built, if it is a human's to change now (not the bot's)."""
        turn = self.match.turn
        return turn if turn is not None and self._human_to_move() else None

    def action_undo(self) -> None:
        turn = self._human_turn()
        if turn is None or turn.undo() is None:
            return
        self.selected = None
        self.say("Step taken back.")
        self._save()
        self.refresh_view()

    def action_undo_turn(self) -> None:
        turn = self._human_turn()
        if turn is None or not turn.steps:
            return
        turn.reset()
        self.selected = None
        self.say("The whole turn was taken back.")
        self._save()
        self.refresh_view()

    def action_confirm(self) -> None:
        turn = self._human_turn()
        if turn is None or not turn.is_complete:
            return
        self._finish_turn()

    def action_hint(self) -> None:
        turn = self._human_turn()
        if turn is None or self.match.dice is None:
            return
        self.say("Looking for the best play…")
        self._find_hint(turn.position, self.match.dice, len(self.match.game.turns))

    def action_last_play(self) -> None:
        """Show the last turn again, step by step at the bot's pace, then the board as it is.

        Any change to the match (a roll, a step) stops it and shows the board as it is.
        """
        game = self.match.game
        if not self.check_action("last_play", ()) or not game.turns:
            return
        record = game.turns[-1]
        before = position_before_last(game)
        frames: list[tuple[Position, Play]] = [(before, ())]
        turn = TurnBuilder(before, record.dice)
        for step in record.play:
            turn.push(step)
            frames.append((turn.position_now(), turn.steps))
        self.refresh_view()
        self._replay = frames
        self.say(f"Again, slowly: {self._turn_said(record)}")
        self._replay_step(self._replay_run)

    def _replay_step(self, run: int) -> None:
        """Show the next frame of the replay, unless it was stopped since."""
        if run != self._replay_run or not self._replay or not self.is_attached:
            return
        position, steps = self._replay.pop(0)
        record = self.match.game.turns[-1]
        board = self.board
        board.show(position)
        last_from, last_to = self._last_play_cells((record.side, steps))
        board.set_marks(last_from=last_from, last_to=last_to)
        moves = " ".join(f"{self._point(src, record.side)}/{self._point(dst, record.side)}"
                         for src, dst in checker_moves(steps)) or "before it"
        board.set_banner(f"Last play again · {record.side.label} {record.dice[0]}-"
                         f"{record.dice[1]} · {moves}")
        self._later(self.pace, partial(self._replay_step if self._replay
                                             else self._replay_done, run))

    def _replay_done(self, run: int) -> None:
        if run == self._replay_run:
            self.refresh_view()
            self.say(self._where_we_are())

    def _stop_replay(self) -> None:
        self._replay_run += 1
        self._replay = []

    def action_export(self) -> None:
        self.say(self.saver.export(self.match, self.options))

    # -- the end of a turn, a game, a match ---------------------------------------------

    def _finish_turn(self, passing: bool = False) -> None:
        match = self.match
        record = match.play(()) if passing else match.commit()
        self.selected = None
        self.hint = None
        self._bot_steps = []
        self.bot_activity = ""
        self._save()
        self.refresh_view()  # first: in hot-seat it turns the board, and the numbering
        self.say(self._turn_said(record))
        self._advance()

    def _show_game_over(self) -> None:
        """The game-over dialog, once: its button (or n, or the palette) starts the next game."""
        if not any(isinstance(screen, GameOverDialog) for screen in self.app.screen_stack):
            self.app.push_screen(GameOverDialog(self.match, self.names), self._game_over_chosen)

    def _game_over_chosen(self, choice: str | None) -> None:
        """The next game, or (Escape) the final board, from which n starts the next game."""
        if choice == "review":
            self._open_review(lambda _: self._show_game_over())
        elif choice == "look":
            self.say(f"{self._turn_said(self.match.game.turns[-1])}. "
                     f"The game is over: n starts the next game.")
        else:
            self._next_game()

    def action_next_game(self) -> None:
        """Start the next game: through the game-over dialog when it is open."""
        if self.match.phase is not Phase.GAME_OVER:
            return
        dialog = next((screen for screen in self.app.screen_stack
                       if isinstance(screen, GameOverDialog)), None)
        if dialog is None:
            self._next_game()
        elif self.app.screen is dialog:
            dialog.dismiss("next")

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
            written += (". The finished match stays saved until a new match starts: "
                        "'nardy export FILE' writes its record elsewhere, and "
                        "'nardy --resume' shows this again.")
        self._record_note = written
        self.app.push_screen(MatchOverDialog(self.match, self.names, written), self._match_over)

    def _next_game(self, _: object = None) -> None:
        if self.match.phase is not Phase.GAME_OVER:
            return
        self.match.next_game()
        self.say(f"Game {self.match.game.number}: roll-off (r).")
        self._save()
        self.refresh_view()
        self._advance()

    def _open_review(self, back: Callable[[None], None]) -> None:
        """The review of the game just finished; ``back`` runs when it is closed.

        Imported here: the review needs the bot, which the first frame must not wait for.
        """
        from nardy_tui.ui.review import ReviewRequest, ReviewScreen

        game = self.match.game
        first = game.first_mover or Side.WHITE
        humans = frozenset(side for side in Side if side not in self.bot_levels)
        request = ReviewRequest(
            number=game.number, start=Position.initial(first),
            turns=tuple((turn.side, turn.dice, turn.play) for turn in game.turns),
            sides=humans, view=self._human_side() if self.bot_levels else None)
        self.app.push_screen(ReviewScreen(request), back)

    def _show_match_over_again(self, _: None = None) -> None:
        self.app.push_screen(MatchOverDialog(self.match, self.names, self._record_note),
                             self._match_over)

    def _match_over(self, choice: str | None) -> None:
        if choice == "review":
            self._open_review(self._show_match_over_again)
            return
        if choice == "new":
            self._new_match()
        else:
            self.app.exit(0)

    def _save(self) -> None:
        problem = self.saver.save(self.match, self.options)
        if problem is not None:
            self.notify(problem, severity="warning")


def position_before_last(game: Game) -> Position:
    """The position before ``game``'s last turn, played again from the opening."""
    assert game.first_mover is not None
    position = Position.initial(game.first_mover)
    for record in game.turns[:-1]:
        position = position.apply(record.play, record.dice)
    return position


def bot_name(level: str) -> str:
    """The bot as the screen names it: "Easy bot", "Hard bot"."""
    return f"{level.capitalize()} bot"


def roll_off_said(throw: RollOff) -> str:
    """A roll-off throw in words, for the status line."""
    return f"Roll-off: White {throw.white}, Black {throw.black}. " + (
        "A tie: roll again (r)." if throw.winner is None else f"{throw.winner.label} starts.")



