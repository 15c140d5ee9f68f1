"""The nardy Textual app: start-up (resume or new match), screens, quitting, settings.

Its other concerns live beside it: the palette's commands in ``palette``, the guards on
input in ``input_guard``, what comes before the first screen in ``startup``, and a match
with a friend on another machine in ``network_match`` (the screens the network game's news
changes; the game screen hears the rest itself).
Only what the first frame needs is imported at module level; the game screen (``lazy``),
the bot, the help screen and a match with a friend (the network layer) come in when first
used, which keeps start-up fast (``tests/test_layers.py`` checks what the first screen
loads).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from functools import cached_property, partial
from typing import TYPE_CHECKING, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.signal import Signal

from nardy_tui.i18n import N_, _, clause, current_language, use_language
from nardy_tui.memory import resume_collection
from nardy_tui.options import LaunchOptions, MatchOptions, NetworkLaunch, OnlineLaunch
from nardy_tui.play import Saver, load_bot
from nardy_tui.storage import Settings, Switch, load_settings, save_settings
from nardy_tui.ui.input_guard import InputGuard
from nardy_tui.ui.lazy import game_screen_in, game_screen_type, game_services_type
from nardy_tui.ui.palette import (
    game_commands_apply,
    redrawn_in_place,
    setting_commands,
    textual_commands,
)
from nardy_tui.ui.startup import (
    FirstScreen,
    exit_on_hangup_and_terminate,
    given_up_before_start,
    refused_before_start,
)
from nardy_tui.ui.textual_patches import ExceptionHook
from nardy_tui.ui.translated import translate_bindings

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.driver import Driver

    from nardy_tui.engine import Match, TurnKey
    from nardy_tui.play import BotFactory, NetworkGame
    from nardy_tui.ui.dialogs import Choice
    from nardy_tui.ui.game import GameServices
    from nardy_tui.ui.network_match import NetworkScreens
    from nardy_tui.ui.newmatch import MatchChoice
    from nardy_tui.ui.online import OnlineScreens
    from nardy_tui.ui.served_driver import TransferCode

TEXTUAL_KEY_NAMES = (N_("palette"),)
"""The words Textual gives its own keys in the footer, marked for the catalogs (the app
translates every binding it holds, ``translate_bindings``)."""
BOT_PACE = 0.6
"""Seconds between the bot's steps: slow enough to follow, quick enough not to bore."""


class NardyApp(InputGuard, ExceptionHook, App[int]):
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
        self._network_screens: NetworkScreens | None = None
        self.online: OnlineScreens | None = None
        """The lobby server this app is on, if any (``play_online``)."""

    def on_ready(self) -> None:
        """The first frame is on the screen: the garbage collector, held while the game
        started, runs again once that frame is drawn (``nardy_tui.memory``)."""
        self.call_after_refresh(resume_collection)

    def on_mount(self) -> None:
        """Resume a saved match, offer to, or open the new-match (or game) screen; or
        open (join) a match with a friend on another machine."""
        if not self.is_headless:
            exit_on_hangup_and_terminate(self)
        if self.launch.network is not None:
            self.run_worker(
                self.network_screens.start(self.launch.network), exclusive=True, group="network"
            )
            return
        if self.launch.online is not None:
            self.play_online(self.launch.online, from_app=False)
            return
        FirstScreen(self).open()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, but in a browser (``nardy serve``) one that ends the game once
        its server is gone (``served_driver``, imported only there)."""
        driver = super().get_driver_class()
        if driver.__module__ != "textual.drivers.web_driver":  # a terminal's driver
            return driver
        from nardy_tui.ui.served_driver import served_in_place_of_web

        return served_in_place_of_web(driver)

    def exit(
        self, result: int | None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Exit, for the first reason given: a later call (the other machine's news still
        arriving while the app closes, a second key) neither changes the status nor adds
        a second message, which Textual would print as "1 of 2 errors shown"."""
        if self.return_code is None:
            super().exit(result, return_code, message)

    def handle_uncaught(self, error: Exception) -> bool:
        """A part of the game that cannot be loaded any more (the package reinstalled or
        removed while the game ran: it loads some modules only when first needed) ends the
        game with one line instead of a traceback. The match was saved after its last
        step, so it resumes on the next start. Anything else is Textual's to report."""
        if not isinstance(error, ImportError):
            return False
        self.exit(
            return_code=1,
            message=_(
                "nardy: a part of the game could not be loaded ({error}); was it reinstalled "
                "while it ran? The match is saved: start nardy again to go on."
            ).format(error=clause(error)),
        )
        return True

    @cached_property
    def game_services(self) -> GameServices:
        """What every game screen is given, made with the first one (the game screen's
        package is imported on first use)."""
        return game_services_type()(
            settings=self.settings,
            settings_changed=self.settings_changed,
            saver=self.saver,
            bot_factory=self._bot_factory,
            pace=self._pace,
            new_match=self.action_new_match,
        )

    # -- a friend on another machine ---------------------------------------------------

    @property
    def network_screens(self) -> NetworkScreens:
        """What a match with a friend on another machine shows, made (and the network
        layer imported) when one is first asked for."""
        if self._network_screens is None:
            from nardy_tui.ui.network_match import NetworkScreens

            self._network_screens = NetworkScreens(self)
        return self._network_screens

    @property
    def network(self) -> NetworkGame | None:
        """The match with a friend on another machine, if that is what this app plays."""
        return None if self._network_screens is None else self._network_screens.game

    async def on_unmount(self) -> None:
        """Tell a friend on another machine that this side has quit; leave a lobby."""
        if self.network is not None:
            await self.network.leave()
        if self.online is not None:
            await self.online.close()

    # -- a lobby server --------------------------------------------------------------------

    def play_online(self, launch: OnlineLaunch, *, from_app: bool = True) -> None:
        """The lobby at ``launch``'s server, as its player; what is not given (the server,
        the name) is asked first, the last ones used offered."""
        from nardy_tui.play import Registrations, address_problem, served_lobby
        from nardy_tui.storage import data_dir

        registrations = Registrations(data_dir())
        url, name = launch.url, launch.name
        if self.is_web and url != served_lobby():
            self.notify(_("This page offers no lobby at that address."), severity="error")
            return
        if not (url and name):
            last_url, last_name = registrations.last() or ("", "")
            url, name = url or last_url, name or last_name
        if address_problem(url, name) is not None:
            self._ask_server(url, name, from_app)
            return
        self._open_lobby(OnlineLaunch(url, name), from_app)

    def _ask_server(self, url: str, name: str, from_app: bool) -> None:
        from nardy_tui.ui.server_dialog import ServerDialog

        def chosen(answer: tuple[str, str] | None) -> None:
            if answer is not None:
                self._open_lobby(OnlineLaunch(*answer), from_app)
            elif not from_app:
                self.exit(0)

        if not from_app and len(self.screen_stack) == 1:
            self.open_new_match_screen()  # something under the question
        self.push_screen(ServerDialog(url, name), chosen)

    def _open_lobby(self, launch: OnlineLaunch, from_app: bool) -> None:
        from nardy_tui.ui.online import OnlineScreens

        if self.online is not None:
            self.run_worker(self.online.close(), group="online-leaving")
        self.online = OnlineScreens(self, launch, from_app=from_app)
        self.run_worker(self.online.run(), exclusive=True, group="online")

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
        from nardy_tui.play import begin

        begun = begin(options, match, start)
        if match is None:
            if start is None:
                self._remember_choices(options)
            problem = self.saver.save(begun.match, begun.options)  # kept from the first frame on
            if problem is not None:
                self.notify(problem, severity="warning")
        self.show_screen(
            game_screen_type()(begun.match, begun.options, begun.seats, self.game_services, warned)
        )

    def _remember_choices(self, options: MatchOptions) -> None:
        """The new-match screen offers these choices again next time."""
        self.settings.remember(options)
        self.remember_settings()

    def action_new_match(self) -> None:
        """The new-match screen in place of the current one; it answers with the options."""
        self.open_new_match_screen()

    def open_new_match_screen(
        self, back: Callable[[], None] | None = None, friend_code: str | None = None
    ) -> None:
        """The new-match screen in place of the current one; Escape calls ``back``, if
        given; with ``friend_code``, the friend screen over it, that code filled in."""
        from nardy_tui.ui.newmatch import NewMatchScreen

        screen = NewMatchScreen(
            self.settings,
            self.change_setting,
            self.change_language,
            seed=self.launch.seed,
            back=back,
            friend_code=friend_code,
        )
        if len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen, partial(self._new_match_chosen, back))

    def _new_match_chosen(
        self,
        back: Callable[[], None] | None,
        chosen: MatchChoice | NetworkLaunch | OnlineLaunch | None,
    ) -> None:
        if isinstance(chosen, NetworkLaunch):
            self.play_friend(chosen)
        elif isinstance(chosen, OnlineLaunch):
            self.play_online(chosen)
        elif chosen is not None:
            self.start_match(chosen.options, start=chosen.start)
        elif back is not None:
            back()

    def play_friend(self, launch: NetworkLaunch) -> None:
        """Play a friend on another machine, asked for inside the app: what cannot start
        brings the player back to the new-match screen, the app going on."""
        self.run_worker(
            self.network_screens.start(launch, from_app=True), exclusive=True, group="network"
        )

    def show_screen(self, screen: Screen[None]) -> None:
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
        game = game_screen_in(self.screen_stack)
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
            how = self.network_screens.how_to_go_on() if self.network is not None else None
            if self.online is not None:
                how = self.online.how_to_go_on()
            if how is None and self.is_web:  # a visitor has no command line to type 'nardy'
                how = _(
                    "The match is not over. It is saved: open this page again in this browser "
                    "to go on with it."
                )
            self.push_screen(QuitDialog(how), chosen)

    # -- the command palette -------------------------------------------------------------

    def action_command_palette(self) -> None:
        """Textual's palette, made safe against bursts of keys (see ``ui/closing.py``).

        It has no id: reopened at once, it would clash with the closed one being removed.
        Not over a dialog: its question (quit? resume?) is answered first, and the palette
        would cover it with commands for the screen underneath.
        """
        from textual.command import CommandPalette

        from nardy_tui.ui.closing import Palette
        from nardy_tui.ui.dialogs import Dialog

        if self.use_command_palette and not isinstance(self.screen, CommandPalette | Dialog):
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
        """This app's actions, the game's where they apply, the settings (``palette``), and
        Textual's theme and keys."""
        yield from textual_commands(super().get_system_commands(screen))
        yield SystemCommand(
            _("Quit"),
            _("Quit nardy (asks first during a match, which stays saved)"),
            self.action_quit,
        )
        yield SystemCommand(
            _("New match"), _("Choose how to play a new match"), self._ask_new_match
        )
        yield SystemCommand(_("Help"), _("The rules in short and every key"), self.action_help)
        from nardy_tui.ui.transfer import transfer_commands

        yield from transfer_commands(self)
        game = game_screen_in(self.screen_stack)
        if game is not None and game_commands_apply(self.screen_stack, game, screen):
            yield from game.palette_commands()
        yield from setting_commands(self, with_languages=redrawn_in_place(screen))

    def on_transfer_code(self, arrived: TransferCode) -> None:
        """The server's code that moves this game's visitor to another device."""
        from nardy_tui.ui.transfer import show_transfer

        show_transfer(self, arrived.offered)

    def _ask_new_match(self) -> None:
        """The new-match screen, once the player agrees to give up the match in progress
        (kept as a record); a match with a friend on another machine is left saved on both
        machines instead."""
        game = game_screen_in(self.screen_stack)
        if self.online is not None and self.online.playing is not None:
            self.notify(self.online.how_to_go_on() or "", markup=False)
            self.online.back_to_lobby()
            return
        if self.network is not None:
            if game is not None and game.in_progress:
                self.notify(self.network_screens.how_to_go_on())
            self.network_screens.back_to_new_match()
            return
        if game is None or not game.in_progress:
            self.action_new_match()
            return
        from nardy_tui.ui.dialogs import AbandonDialog, Choice

        def chosen(choice: Choice | None) -> None:
            if choice is not Choice.NEW:
                return
            given_up, said = self.give_up_match(game.match, game.options)
            self.notify(said, severity="information" if given_up else "error", markup=False)
            if given_up:
                self.action_new_match()

        self.push_screen(AbandonDialog(self.is_web), chosen)

    def give_up_match(self, match: Match, options: MatchOptions) -> tuple[bool, str]:
        """Give the match on this machine up for a new one, kept as a record (in a browser,
        sent there too): whether it was given up, and where its record is, in words."""
        from nardy_tui.ui.game.record_export import give_up_match

        return give_up_match(self, self.saver, match, options)

    # -- settings and language -----------------------------------------------------------

    def remember_settings(self, said: str | None = None) -> None:
        """Write the settings for the next run (a problem is told, play goes on), then
        say ``said``, if given."""
        problem = save_settings(self.settings)
        if problem is not None:
            self.notify(problem, severity="warning")
        if said is not None:
            self.notify(said)

    def change_setting(self, switch: Switch, value: bool) -> None:
        """Set, remember for the next run, and tell the screens that show it (a flip needs
        a redraw) through ``settings_changed``."""
        self.settings.turn(switch, value)
        self.remember_settings()
        if switch is Switch.REORDER_RTL:
            use_language(current_language(), reorder_rtl=value)
            self.call_later(self._draw_again_in_language)
        self.settings_changed.publish(switch)

    def change_language(self, code: str) -> None:
        """Play in ``code`` from now on, remember it for the next run, and draw the screen
        again in it."""
        self.settings.language = code
        self.remember_settings()
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
        from nardy_tui.ui.newmatch import NewMatchScreen

        translate_bindings(self)
        self.refresh_bindings()
        screen = self.screen_stack[-1] if len(self.screen_stack) > 1 else None
        game_screen = game_screen_type()
        if self.online is not None and self.online.shows(screen):
            self.online.show_again()
        elif isinstance(screen, game_screen) and self.network is not None:
            self.network.show_again()
        elif isinstance(screen, game_screen):
            self.start_match(
                screen.options, screen.match, warned=frozenset(screen.tutor.overridden)
            )
        elif isinstance(screen, NewMatchScreen):
            self.open_new_match_screen(back=screen.back)


def run_app(launch: LaunchOptions) -> int:
    """Run the game until the player quits; the exit status for the shell. What can be
    known to fail is refused before the terminal is taken over, in one line with status 1
    (``startup.refused_before_start``); a match that ``--new`` gives up is kept as a record,
    and where is said on standard output (``startup.given_up_before_start``)."""
    problem = refused_before_start(launch)
    if problem is not None:
        print(f"nardy: {problem}", file=sys.stderr)
        return 1
    may_start, said = given_up_before_start(launch)
    if not may_start:
        print(f"nardy: {said}", file=sys.stderr)
        return 1
    if said is not None:
        print(said)
    app = NardyApp(launch)
    app.run()
    return app.return_code or 0
