"""The screens of a match with a friend on another machine: the news of ``NetworkGame``
(``nardy_tui.play``) that changes them.

``NetworkScreens`` owns the ``NetworkGame`` and is where it posts; it drives the app through
``Stage``, the few things of the app it needs. The news of the match being played goes to
its game screen instead, which follows the network game from the moment it is made.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from nardy_tui.i18n import _
from nardy_tui.play import (
    CannotStart,
    CodeGiven,
    Joining,
    LineReport,
    MatchBroken,
    MatchReady,
    NetworkGame,
    NetworkNews,
    SaveFailed,
    resumable,
)
from nardy_tui.ui.connecting import ConnectingScreen
from nardy_tui.ui.lazy import game_screen_type
from nardy_tui.ui.served import browser_page

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine

    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from nardy_tui.options import NetworkLaunch
    from nardy_tui.ui.game import GameServices


GIVEN_UP_SECONDS = 12.0
"""How long the reason a match with a friend did not start stays on the new-match screen:
long enough to read it, and the code typed, once more."""


class Stage(Protocol):
    """What of the app a network match drives: its screens, its notices and its exit."""

    @property
    def screen(self) -> Screen[object]: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    @property
    def game_services(self) -> GameServices: ...

    @property
    def is_web(self) -> bool: ...

    def push_screen(self, screen: Screen[Any]) -> object: ...

    def pop_screen(self) -> object: ...

    def show_screen(self, screen: Screen[None]) -> None: ...

    def copy_to_clipboard(self, text: str) -> None: ...

    def notify(
        self,
        message: str,
        *,
        severity: SeverityLevel = ...,
        timeout: float | None = ...,
        markup: bool = ...,
    ) -> None: ...

    def exit(self, result: int | None = None, return_code: int = 0, message: str = ...) -> None: ...

    def open_new_match_screen(self, back: Callable[[], None] | None = None) -> None: ...

    def run_worker(self, work: Coroutine[Any, Any, None], *, group: str = ...) -> object: ...


class NetworkScreens:
    """The match with a friend on another machine, shown on ``stage``'s screens."""

    def __init__(self, stage: Stage) -> None:
        self._stage = stage
        self.game: NetworkGame | None = None
        """Made by ``start``."""
        self._from_app = False
        self._left = False
        """Whether the player left the match in this app: what it posted meanwhile is
        no news any more."""

    async def start(self, launch: NetworkLaunch, *, from_app: bool = False) -> None:
        """Listen or connect; a port that cannot be opened, or a saved network match that
        cannot be read, gives the match up (``_give_up``). ``from_app``: the player asked
        for it inside the app (the new-match screen, a match taken up at start-up), not on
        the command line."""
        from nardy_tui.net import NetworkSaveError

        self._from_app, self._left = from_app, False
        try:
            browser = browser_page() if self._stage.is_web else None
            self.game = NetworkGame(launch, resumable(launch), self.show, browser)
            await self.game.start()
        except NetworkSaveError as error:
            self._give_up(str(error))
        except OSError as error:
            self._give_up(
                _("cannot listen on port {port}: {reason}").format(
                    port=launch.port, reason=error.strerror or error
                )
            )

    def _give_up(self, reason: str) -> None:
        """The match cannot start or go on in this app. Asked for on the command line,
        the app ends saying why in one line; asked for inside the app, where ending it
        would close a browser's page, the player is told and is back at the new-match
        screen."""
        if not self._from_app:
            self._stage.exit(return_code=1, message=f"nardy: {reason}")
            return
        # The reason may quote a server's words: none of it is markup of ours.
        self._stage.notify(reason, severity="error", timeout=GIVEN_UP_SECONDS, markup=False)
        self.back_to_new_match()

    def back_to_new_match(self) -> None:
        """Leave the match with the friend (saved, if it began) for the new-match screen."""
        game, self.game = self.game, None
        self._left = True
        if game is not None:
            self._stage.run_worker(game.give_up(), group="network-leaving")
        self._stage.open_new_match_screen()

    def how_to_go_on(self) -> str:
        """What takes the match up again once this app has left it: asked for inside the
        app (no command line to type), the app offers it when it starts again."""
        game = self.game
        assert game is not None
        if self._from_app and game.launch.rendezvous is not None:
            return _(
                "The match is not over. It is saved on both machines: nardy offers to "
                "take it up when it starts again, with no new code."
            )
        return game.how_to_go_on()

    def show(self, news: NetworkNews) -> None:
        """Put what the network game tells on the screen it is for: ``NetworkGame``'s
        ``post``. The game's news comes here only while no game screen follows the match."""
        stage = self._stage
        if self._left or not stage.screen_stack:
            return  # gone, or the app closing its last screen: nowhere to show it
        match news:
            case MatchReady():
                self._show_match()
            case Joining(title=title):
                back = self.back_to_new_match if self._from_app else None
                stage.push_screen(ConnectingScreen(title, back))
            case CodeGiven(line=line):
                stage.copy_to_clipboard(line)  # OSC 52: where the terminal (browser) lets it
            case LineReport() if isinstance(stage.screen, ConnectingScreen):
                stage.screen.news(news)
            case MatchBroken(reason=reason) | CannotStart(reason=reason):
                self._give_up(reason)
            case SaveFailed(problem=problem):
                stage.notify(problem, severity="error")

    def _show_match(self) -> None:
        """The game screen for the match with a friend, in place of the screen that showed
        where the joiner was going."""
        network, stage = self.game, self._stage
        assert network is not None
        if isinstance(stage.screen, ConnectingScreen):
            stage.pop_screen()
        services = replace(
            stage.game_services,
            saver=network.saver,
            new_match=self.back_to_new_match if self._from_app else partial(stage.exit, 0),
            lockstep=network.lockstep,
        )
        begun = network.begun()
        game = game_screen_type()(begun.match, begun.options, begun.seats, services)
        network.follow(game.hear_friend)
        stage.show_screen(game)
