"""The nardy Textual app: start-up (resume or new match), screens, quitting, commands.

Only what the first frame needs is imported at module level; the game screen, the bot and
the help screen come in when first used, which keeps start-up fast.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import threading
import weakref
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cached_property, partial
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.errors import NoWidget
from textual.screen import Screen
from textual.signal import Signal

from nardy_tui.i18n import LANGUAGES, N_, _, current_language, language_name, use_language
from nardy_tui.options import LaunchOptions, MatchOptions, Mode, NetworkLaunch
from nardy_tui.play import Saver, load_bot
from nardy_tui.storage import (
    Animation,
    SavedMatch,
    Settings,
    Switch,
    Tutor,
    load_settings,
    save_settings,
)
from nardy_tui.ui.layouts import LATIN_KEY
from nardy_tui.ui.setting_labels import ANIMATION_NAMES, SETTING_LABELS, TUTOR_NAMES
from nardy_tui.ui.translated import translate_bindings

if TYPE_CHECKING:
    from rich.console import RenderableType

    from nardy_tui.engine import Match, TurnKey
    from nardy_tui.play import BotFactory
    from nardy_tui.ui.dialogs import Choice
    from nardy_tui.ui.game import GameScreen, GameServices
    from nardy_tui.ui.network import NetworkGame
    from nardy_tui.ui.newmatch import MatchChoice

TEXTUAL_KEY_NAMES = (N_("palette"),)
"""The words Textual gives its own keys in the footer, marked for the catalogs (the app
translates every binding it holds, ``translate_bindings``)."""
SIGNAL_GRACE = 2.0
"""Seconds a clean exit on SIGHUP or SIGTERM may take before the process just ends."""
BOT_PACE = 0.6
"""Seconds between the bot's steps: slow enough to follow, quick enough not to bore."""

TEXTUAL_COMMANDS = {
    "Theme": (N_("Theme"), N_("Change the colour theme")),
    "Keys": (N_("Keys"), N_("Show or hide the panel of keys")),
}
"""Textual's own palette commands worth keeping (the colour theme and the keys panel), with
our words for them, so they are translated too."""
SETTING_COMMANDS = (
    (Switch.AUTO_ROLL, N_("Toggle automatic rolling")),
    (Switch.AUTO_CONFIRM, N_("Toggle automatic confirming")),
    (Switch.AUTO_FORCED, N_("Toggle automatic forced plays")),
    (Switch.AUTO_FLIP, N_("Toggle turning the board to the mover (hot-seat)")),
    (Switch.REORDER_RTL, N_("Toggle putting right-to-left lines in reading order")),
)


class NardyApp(App[int]):
    """Long Nardy in the terminal."""

    CSS_PATH = "nardy.tcss"
    TITLE = "nardy"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", N_("Quit"), priority=True)]

    def __init__(
        self,
        launch: LaunchOptions | None = None,
        *,
        bot_factory: BotFactory | None = None,
        pace: float = BOT_PACE,
    ) -> None:
        """``bot_factory`` and ``pace`` are seams for tests: a fast bot, no animation delay."""
        super().__init__()
        self.settings: Settings = load_settings()
        use_language(current_language(), reorder_rtl=self.settings.reorder_rtl)
        translate_bindings(self)
        self.launch = launch or LaunchOptions()
        self._bot_factory: BotFactory = bot_factory or load_bot
        self._pace = pace
        self.settings_changed: Signal[Switch] = Signal(self, "settings-changed")
        """Published with a setting's name when the player changes it."""
        self.saver: Saver = Saver()
        self._typed_on: weakref.WeakKeyDictionary[events.Key, Screen[object]] = (
            weakref.WeakKeyDictionary()
        )
        """The screen each key was typed on, while it travels (``on_event``)."""
        self.network: NetworkGame | None = None
        """The match with a friend on another machine, if that is what this app plays."""

    def on_mount(self) -> None:
        """Resume a saved match, offer to, or open the new-match (or game) screen; or
        open (join) a match with a friend on another machine."""
        if not self.is_headless:
            self._exit_on_hangup_and_terminate()
        if self.launch.network is not None:
            self.run_worker(
                self._start_network(self.launch.network), exclusive=True, group="network"
            )
            return
        saved, problem = (None, None) if self.launch.resume is False else self.saver.load()
        if problem is not None:
            self.notify(
                problem, title=_("The save file could not be read"), severity="warning", timeout=10
            )
        if saved is not None and self.launch.resume:
            self.start_match(saved.options, saved.match, warned=saved.warned)
        elif saved is not None:
            self._offer_resume(saved)
        else:
            self._open_start_screen()

    def _exit_on_hangup_and_terminate(self) -> None:
        """Closing the terminal (SIGHUP) or ``kill`` (SIGTERM) ends the app as quitting does.

        By default either signal kills the process on the spot, leaving the terminal in raw
        mode on the alternate screen. The match needs nothing more: it is saved after every
        step, and the handler runs between the app's callbacks, never inside a save.
        """
        loop = asyncio.get_running_loop()
        for name in ("SIGHUP", "SIGTERM"):
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                loop.add_signal_handler(number, self._end_on_signal, number)
            except (NotImplementedError, RuntimeError):  # no such handlers on Windows
                return

    def _end_on_signal(self, number: int) -> None:
        """Exit with the shell's usual status, 128 + the signal's number.

        Shutting down can hang: after a hangup, restoring the terminal writes to a terminal
        that is gone, and a bot thinking in its thread cannot be stopped. So the process
        ends anyway once ``SIGNAL_GRACE`` seconds have passed.
        """
        deadline = threading.Timer(SIGNAL_GRACE, os._exit, (128 + number,))
        deadline.daemon = True
        deadline.start()
        self.exit(return_code=128 + number)

    def exit(
        self, result: int | None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Exit, for the first reason given: a later call (the other machine's news still
        arriving while the app closes, a second key) neither changes the status nor adds
        a second message, which Textual would print as "1 of 2 errors shown"."""
        if self.return_code is None:
            super().exit(result, return_code, message)

    def _handle_exception(self, error: Exception) -> None:
        """A part of the game that cannot be loaded any more (the package reinstalled or
        removed while the game ran: it loads some modules only when first needed) ends the
        game with one line instead of a traceback. The match was saved after its last
        step, so it resumes on the next start. Anything else is Textual's to report."""
        if isinstance(error, ImportError):
            self.exit(
                return_code=1,
                message=_(
                    "nardy: a part of the game could not be loaded ({error}); was it reinstalled "
                    "while it ran? The match is saved: start nardy again to go on."
                ).format(error=error),
            )
            return
        super()._handle_exception(error)

    async def on_event(self, event: events.Event) -> None:
        """Drop input that was still queued when the app began to exit (or lost its screens).

        A fast burst can hold keys typed after the one that quits; by the time they are
        handled the screens are gone, and Textual would fail looking for one.
        """
        if isinstance(event, events.InputEvent) and (
            self.return_code is not None or not self.screen_stack
        ):
            return
        if isinstance(event, events.MouseDown) and self._removed_under(event):
            return
        if isinstance(event, events.Key):
            if self._bubbled_from_another_screen(event):
                return
            event = self._on_latin_key(event)
        await super().on_event(event)

    def _bubbled_from_another_screen(self, key: events.Key) -> bool:
        """A key no widget took comes back up to the app, which then looks for a binding
        on the screen shown *now*. In a burst (a key, then ctrl+q, read at once) that was
        the quit dialog opened meanwhile, and Enter or y, meant for the board, quit the
        game unasked. So a key counts only on the screen it was typed on."""
        if not key.is_forwarded:
            self._typed_on[key] = self.screen
            return False
        typed_on = self._typed_on.pop(key, self.screen)
        return typed_on is not self.screen

    def _on_latin_key(self, key: events.Key) -> events.Key:
        """A letter typed on a Russian, Greek, Armenian, Hebrew or Arabic layout as the
        Latin letter of its key (``layouts``), except in a text field, which keeps it."""
        from textual.widgets import Input

        latin = LATIN_KEY.get(key.character or "")
        if latin is None or key.is_forwarded or isinstance(self.focused, Input):
            return key
        return events.Key(latin, latin)

    def _removed_under(self, event: events.MouseDown) -> bool:
        """Whether the last frame shows, under the pointer, a widget removed since.

        Textual starts a text selection there and fails on the missing widget (seen with the
        keys panel, which rebuilds its table when the bindings change). A click on what is
        gone has nothing to act on.
        """
        try:
            widget, _ = self.get_widget_at(event.x, event.y)
        except NoWidget:
            return False
        return not widget.is_attached

    def _open_start_screen(self) -> None:
        if self.launch.match is not None:
            self.start_match(self.launch.match, start=self.launch.start)
        else:
            self.action_new_match()

    def _offer_resume(self, saved: SavedMatch) -> None:
        """Ask whether to resume the saved match or start a new one."""
        from nardy_tui.ui.dialogs import ResumeDialog

        asked = None if self.launch.match is None else _asked(self.launch.match)
        self.push_screen(
            ResumeDialog(_summary(saved.match, saved.options), asked),
            partial(self._resume_chosen, saved),
        )

    def _resume_chosen(self, saved: SavedMatch, choice: Choice | None) -> None:
        """Resume, or choose a new match; Escape on the new-match screen asks again."""
        from nardy_tui.ui.dialogs import Choice

        if choice is Choice.RESUME:
            self.start_match(saved.options, saved.match, warned=saved.warned)
            if self.launch.match is not None:
                self.notify(
                    _(
                        "The saved match goes on: the match asked for on the command "
                        "line was not started."
                    )
                )
        elif self.launch.match is not None:
            self.start_match(self.launch.match, start=self.launch.start)
        else:
            self._open_new_match_screen(back=partial(self._offer_resume, saved))

    # -- a friend on another machine -----------------------------------------------------

    async def _start_network(self, launch: NetworkLaunch) -> None:
        """Listen or connect; a port that cannot be opened, or a saved network match that
        cannot be read, ends the app in one line."""
        from nardy_tui.net import NetworkSaveError
        from nardy_tui.ui.network import NetworkGame, resumable

        try:
            self.network = NetworkGame(self, launch, resumable(launch))
            await self.network.start()
        except NetworkSaveError as error:
            self.exit(return_code=1, message=f"nardy: {error}")
        except OSError as error:
            self.exit(
                return_code=1,
                message=_("nardy: cannot listen on port {port}: {reason}").format(
                    port=launch.port, reason=error.strerror or error
                ),
            )

    @cached_property
    def game_services(self) -> GameServices:
        """What every game screen is given, made with the first one (the game screen's
        package is imported on first use)."""
        from nardy_tui.ui.game import GameServices

        return GameServices(
            settings=self.settings,
            settings_changed=self.settings_changed,
            saver=self.saver,
            bot_factory=self._bot_factory,
            pace=self._pace,
            new_match=self.action_new_match,
        )

    def show_network_match(self, network: NetworkGame, saver: Saver) -> None:
        """The game screen for the match with a friend (again after a language change)."""
        from nardy_tui.ui.game import GameScreen

        assert network.saved is not None
        services = replace(
            self.game_services,
            saver=saver,
            new_match=partial(self.exit, 0),
            lockstep=network.lockstep,
        )
        self._show(GameScreen(network.saved.match, network.options, network.seats, services))

    async def on_unmount(self) -> None:
        """Tell a friend on another machine that this side has quit."""
        if self.network is not None:
            await self.network.leave()

    # -- screens -------------------------------------------------------------------------

    def start_match(
        self,
        options: MatchOptions,
        match: Match | None = None,
        start: str | None = None,
        warned: frozenset[TurnKey] = frozenset(),
    ) -> None:
        """Play ``match`` (a resumed one, with the plays ``warned`` of by the tutor) or a
        new match with ``options``: from the opening, or a practice game from the position
        ID ``start``."""
        from nardy_tui.engine import Match, Side, read_position_id
        from nardy_tui.play import against_bot, hot_seat
        from nardy_tui.ui.game import GameScreen

        color = (
            random.Random(options.seed).choice(list(Side))
            if options.color is None
            else options.color
        )
        resolved = replace(options, color=color)
        seats = against_bot(color, options.bot_level) if options.mode is Mode.BOT else hot_seat()
        if match is None:
            if start is None:
                self._remember_choices(options)
                match = Match(length=options.points, seed=options.seed)
            else:
                position, dice = read_position_id(start)
                match = Match(length=1, seed=options.seed, start=position, start_dice=dice)
            problem = self.saver.save(match, resolved)  # kept from the first frame on
            if problem is not None:
                self.notify(problem, severity="warning")
        self._show(GameScreen(match, resolved, seats, self.game_services, warned))

    def _remember_choices(self, options: MatchOptions) -> None:
        """The new-match screen offers these choices again next time."""
        self.settings.remember(options)
        problem = save_settings(self.settings)
        if problem is not None:
            self.notify(problem, severity="warning")

    def action_new_match(self) -> None:
        """The new-match screen in place of the current one; it answers with the options."""
        self._open_new_match_screen()

    def _open_new_match_screen(self, back: Callable[[], None] | None = None) -> None:
        """The new-match screen in place of the current one; Escape calls ``back``, if given."""
        from nardy_tui.ui.newmatch import NewMatchScreen

        screen = NewMatchScreen(
            self.settings,
            self.change_setting,
            self.change_language,
            seed=self.launch.seed,
            back=back,
        )
        if len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen, partial(self._new_match_chosen, back))

    def _new_match_chosen(
        self, back: Callable[[], None] | None, chosen: MatchChoice | None
    ) -> None:
        if chosen is not None:
            self.start_match(chosen.options, start=chosen.start)
        elif back is not None:
            back()

    def _show(self, screen: Screen[None]) -> None:
        """Replace the current top screen (the default screen stays underneath)."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def action_help_quit(self) -> None:
        """Ctrl+C, which many press to quit: say how to, in the player's language (Textual's
        own notice is in English)."""
        self.notify(_("Press ctrl+q to quit."), title=_("Do you want to quit?"))

    def action_help(self) -> None:
        from nardy_tui.ui.help import HelpScreen

        self.push_screen(HelpScreen())

    async def action_quit(self) -> None:
        """Quit, but ask first if a match is in progress (it stays saved)."""
        game = self._game_screen()
        if game is None or not game.in_progress:
            self.exit(0)
            return
        from nardy_tui.ui.dialogs import Choice, QuitDialog

        def chosen(choice: Choice | None) -> None:
            if choice is Choice.QUIT:
                self.exit(0)

        if isinstance(self.screen, QuitDialog):  # Ctrl+Q twice
            self.screen.dismiss(Choice.QUIT)
        else:
            network = self.network
            self.push_screen(QuitDialog(network.how_to_go_on() if network else None), chosen)

    def _game_screen(self) -> GameScreen | None:
        from nardy_tui.ui.game import GameScreen

        found = [screen for screen in self.screen_stack if isinstance(screen, GameScreen)]
        return found[-1] if found else None

    # -- the command palette -------------------------------------------------------------

    def action_command_palette(self) -> None:
        """Textual's palette, made safe against bursts of keys (see ``ui/closing.py``).

        It has no id: reopened at once, it would clash with the closed one being removed.
        """
        from textual.command import CommandPalette

        from nardy_tui.ui.closing import Palette

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(Palette(placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """The theme chooser (the palette's "Theme" command), as burst-safe as the palette.

        Textual's own opens a plain palette, which a click then Escape could pop together
        with the game screen under it (found by the fuzz test).
        """
        from textual.theme import ThemeProvider

        from nardy_tui.ui.closing import Palette

        self.push_screen(Palette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """This app's actions, offered only where they apply, and Textual's theme and keys.

        Textual's other commands do not fit here: its quit skips the question asked during
        a match, and maximizing or a screenshot mean nothing to a player.
        """
        for command in super().get_system_commands(screen):
            if command.title in TEXTUAL_COMMANDS:
                title, help_text = TEXTUAL_COMMANDS[command.title]
                yield SystemCommand(_(title), _(help_text), command.callback)
        yield SystemCommand(
            _("Quit"),
            _("Quit nardy (asks first during a match, which stays saved)"),
            self.action_quit,
        )
        yield SystemCommand(
            _("New match"), _("Choose how to play a new match"), self._ask_new_match
        )
        yield SystemCommand(_("Help"), _("The rules in short and every key"), self.action_help)
        game = self._game_screen()
        if game is not None and (game is screen or self._game_over_dialog_on(game, screen)):
            yield from game.palette_commands()
        for switch, title in SETTING_COMMANDS:
            state = _("Now on") if self.settings.is_on(switch) else _("Now off")
            yield SystemCommand(_(title), state, partial(self._toggle, switch))
        yield from self._animation_commands()
        yield from self._tutor_commands()
        if self._redrawn_in_place(screen):
            yield from self._language_commands()

    def _game_over_dialog_on(self, game: GameScreen, screen: Screen[object]) -> bool:
        """Whether ``screen`` is the game-over dialog right on top of ``game``: the palette
        opened there offers the game's actions that apply (the next game)."""
        from nardy_tui.ui.dialogs import GameOverDialog

        stack = self.screen_stack
        return (
            isinstance(screen, GameOverDialog)
            and screen in stack
            and stack.index(screen) == stack.index(game) + 1
        )

    def _ask_new_match(self) -> None:
        game = self._game_screen()
        if game is None or not game.in_progress:
            self.action_new_match()
            return
        from nardy_tui.ui.dialogs import AbandonDialog, Choice

        def chosen(choice: Choice | None) -> None:
            if choice is Choice.NEW:
                self.saver.discard()
                self.action_new_match()

        self.push_screen(AbandonDialog(), chosen)

    def _language_commands(self) -> Iterable[SystemCommand]:
        """One command per other language, each named in itself, under "Language" (and the
        English word too, so that a player lost in a language they cannot read finds the
        way back by typing "lang")."""
        in_english = "" if current_language() == "en" else " · Language"
        for code in LANGUAGES:
            if code != current_language():
                name = language_name(code)
                yield SystemCommand(
                    _("Language: {name}").format(name=name) + in_english,
                    _("Play in {name} from now on").format(name=name),
                    partial(self.change_language, code),
                )

    def _redrawn_in_place(self, screen: Screen[object]) -> bool:
        """Whether ``screen`` can be drawn again in another language at once: the game and
        the new-match screen (a dialog or the help first closes)."""
        from nardy_tui.ui.game import GameScreen
        from nardy_tui.ui.newmatch import NewMatchScreen

        return isinstance(screen, (GameScreen, NewMatchScreen))

    def _animation_commands(self) -> Iterable[SystemCommand]:
        """One command per other speed of the bot's animation (remembered)."""
        now = _(ANIMATION_NAMES[self.settings.animation])
        for animation in Animation:
            if animation is not self.settings.animation:
                title = _("Bot animation: {speed}").format(speed=_(ANIMATION_NAMES[animation]))
                yield SystemCommand(
                    title,
                    _("Now {speed}").format(speed=now),
                    partial(self._set_animation, animation),
                )

    def _set_animation(self, animation: Animation) -> None:
        self.settings.animation = animation
        self._remember_settings(
            _("Bot animation: {speed}").format(speed=_(ANIMATION_NAMES[animation]))
        )

    def _remember_settings(self, said: str) -> None:
        """Write the settings for the next run (a problem is told, play goes on), then
        say what changed."""
        problem = save_settings(self.settings)
        if problem is not None:
            self.notify(problem, severity="warning")
        self.notify(said)

    def _tutor_commands(self) -> Iterable[SystemCommand]:
        """One command per other threshold of the tutor (remembered)."""
        now = _(TUTOR_NAMES[self.settings.tutor])
        for tutor in Tutor:
            if tutor is not self.settings.tutor:
                title = _("Tutor: {threshold}").format(threshold=_(TUTOR_NAMES[tutor]))
                yield SystemCommand(
                    title,
                    _("Before a turn counts, the expert judges it. Now: {threshold}").format(
                        threshold=now
                    ),
                    partial(self._set_tutor, tutor),
                )

    def _set_tutor(self, tutor: Tutor) -> None:
        self.settings.tutor = tutor
        self._remember_settings(_("Tutor: {threshold}").format(threshold=_(TUTOR_NAMES[tutor])))

    def _toggle(self, switch: Switch) -> None:
        self.change_setting(switch, not self.settings.is_on(switch))
        label = _(SETTING_LABELS[switch])
        said = _("{setting}: on") if self.settings.is_on(switch) else _("{setting}: off")
        self.notify(said.format(setting=label))

    def change_setting(self, switch: Switch, value: bool) -> None:
        """Set, remember for the next run, and tell the screens that show it (a flip needs
        a redraw) through ``settings_changed``."""
        self.settings.turn(switch, value)
        problem = save_settings(self.settings)
        if problem is not None:
            self.notify(problem, severity="warning")
        if switch is Switch.REORDER_RTL:
            use_language(current_language(), reorder_rtl=value)
            self.call_later(self._draw_again_in_language)
        self.settings_changed.publish(switch)

    def change_language(self, code: str) -> None:
        """Play in ``code`` from now on, remember it for the next run, and draw the screen
        again in it."""
        self.settings.language = code
        problem = save_settings(self.settings)
        if problem is not None:
            self.notify(problem, severity="warning")
        use_language(code, reorder_rtl=self.settings.reorder_rtl)
        self.call_later(self._draw_again_in_language)

    def _draw_again_in_language(self) -> None:
        """Every word of the top screen in the language now in use: the game screen is made
        again on the same match (saved after every step, so it goes on exactly where it
        was), the new-match screen opened again.

        Called from the app's own queue (``call_later``), never from the screen's event that
        asked for it: Textual gives a pushed screen's result to the message pump pushing it,
        and the new-match screen that asked is gone by then, so its "start" was lost.
        """
        from nardy_tui.ui.game import GameScreen
        from nardy_tui.ui.newmatch import NewMatchScreen

        translate_bindings(self)
        self.refresh_bindings()
        screen = self.screen_stack[-1] if len(self.screen_stack) > 1 else None
        if isinstance(screen, GameScreen) and self.network is not None:
            self.network.show_again()
        elif isinstance(screen, GameScreen):
            self.start_match(
                screen.options, screen.match, warned=frozenset(screen.tutor.overridden)
            )
        elif isinstance(screen, NewMatchScreen):
            self._open_new_match_screen(back=screen.back)


def _summary(match: Match, options: MatchOptions) -> str:
    """The saved match in one line, for the question whether to resume it."""
    from nardy_tui.engine import Phase, Side
    from nardy_tui.play import level_name

    if match.phase is Phase.GAME_OVER:
        where = _("game {number} over, the next to start")
    elif match.phase is Phase.MATCH_OVER:
        where = _("the match is over, its record not yet written")
    else:
        where = _("game {number}")
    if options.mode is Mode.HOT_SEAT:
        template = _("hot-seat, match to {length}, White {white} - Black {black}, {where}")
    else:
        template = _(
            "against the {level} bot, match to {length}, White {white} - Black {black}, {where}"
        )
    return template.format(
        level=level_name(options.bot_level),
        length=match.length,
        white=match.score[Side.WHITE],
        black=match.score[Side.BLACK],
        where=where.format(number=match.game.number),
    )


def _asked(options: MatchOptions) -> str:
    """The new match the command line asks for, in one line, beside the saved one."""
    from nardy_tui.play import level_name

    if options.mode is Mode.HOT_SEAT:
        return _("hot-seat, match to {length}").format(length=options.points)
    return _("against the {level} bot, match to {length}").format(
        level=level_name(options.bot_level), length=options.points
    )


def run_app(launch: LaunchOptions) -> int:
    """Run the game until the player quits; the exit status for the shell.

    What can be known to fail is refused before the terminal is taken over, in one line
    with status 1: a data folder that cannot be created, and ``--resume`` with no match to
    resume (none saved, or a save that cannot be read, which is then moved aside).
    """
    from nardy_tui.storage import data_dir_problem

    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    if launch.resume:
        saved, problem = Saver().load()
        if saved is None:
            return _fail(
                problem or _("there is no unfinished match to resume; run 'nardy' to start one")
            )
    app = NardyApp(launch)
    app.run()
    return app.return_code or 0


def _fail(message: str) -> int:
    print(f"nardy: {message}", file=sys.stderr)
    return 1
