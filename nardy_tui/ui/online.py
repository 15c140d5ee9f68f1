"""Playing on a lobby server, on the app's screens: ``OnlineScreens`` owns the lobby client
(``play.online.LobbyClient``), hears all it tells, and puts each piece of news where it
belongs: the lobby's lists on the lobby screen, this player's match on its game screen (a
game screen as any other, with both clocks), a watched match on the watching screen.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from nardy_tui.engine import Side
from nardy_tui.i18n import _
from nardy_tui.online import (
    Challenged,
    ClockTimes,
    Declined,
    Ending,
    MatchBegins,
    MatchInPlay,
    MatchResult,
    Refusal,
    Relayed,
    Request,
    Resign,
    Unwatch,
    Watch,
    Welcome,
)
from nardy_tui.options import MatchOptions, Mode, OnlineLaunch
from nardy_tui.play import (
    ClientNews,
    ClientStopped,
    ClockReading,
    ClocksTold,
    GameNews,
    LineDown,
    LineReport,
    LobbyClient,
    LobbyMatch,
    LobbyView,
    MatchBroken,
    MatchDecided,
    MatchJoined,
    MatchNotSaved,
    MatchStopped,
    OpponentSent,
    PeerArrived,
    Registrations,
    against_online_player,
    ending_words,
)
from nardy_tui.storage import data_dir
from nardy_tui.ui.lazy import game_screen_type
from nardy_tui.ui.lobby import LobbyScreen
from nardy_tui.ui.watching import WatchScreen

if TYPE_CHECKING:
    from nardy_tui.ui.game import GameScreen
    from nardy_tui.ui.network_match import Stage

GIVEN_UP_SECONDS = 12.0
"""How long the reason the lobby could not be reached stays on the new-match screen."""


def result_words(result: MatchResult, begins: MatchBegins) -> str:
    """Who won a lobby match, why, and how the ratings moved, for the player."""
    why = ending_words(result, begins.white if result.winner is Side.WHITE else begins.black)
    moves = ", ".join(
        _("{name} {before:.0f} → {after:.0f}").format(name=name, before=before, after=after)
        for name, before, after in result.ratings
    )
    return _("{result} Ratings: {moves}.").format(result=why, moves=moves) if moves else why


class OnlineScreens:
    """The lobby at ``launch.url`` as ``launch.name``, on ``stage``'s screens."""

    def __init__(self, stage: Stage, launch: OnlineLaunch, *, from_app: bool) -> None:
        self._stage = stage
        self.launch = launch
        self.from_app = from_app
        """Asked for inside the app (the new-match screen), not on the command line: what
        cannot go on brings the player back to the new-match screen."""
        self.view = LobbyView()
        self.client: LobbyClient | None = None
        self.lobby_screen = LobbyScreen(self)
        self.game: GameScreen | None = None
        self.playing: LobbyMatch | None = None
        self.watching: WatchScreen | None = None
        self._left = False

    @property
    def server(self) -> str:
        return self.launch.url

    async def run(self) -> None:
        """The lobby screen, then the client's line to the server until the player leaves
        (the app's worker)."""
        self._stage.show_screen(self.lobby_screen)
        self.client = LobbyClient(self.launch.url, self.launch.name, data_dir(), self.hear)
        await self.client.run()

    # -- what the lobby screen asks (``ui.lobby.Lobby``) ---------------------------------------

    def send(self, request: Request) -> None:
        if self.client is None or self.client.socket is None:
            self.lobby_screen.say(_("Not connected: wait for the line to come back."))
            return
        self.client.send(request)

    def watch(self, match: MatchInPlay) -> None:
        self.stop_watching()
        self.watching = WatchScreen(match, self.stop_watching)
        self._stage.push_screen(self.watching)
        self.send(Watch(match.id))

    def stop_watching(self) -> None:
        """Back from the watched match to the lobby."""
        watching, self.watching = self.watching, None
        if watching is None:
            return
        self.send(Unwatch(watching.match_id))
        if watching in self._stage.screen_stack:
            self.back_to_lobby()

    def leave(self) -> None:
        """Leave the lobby for the new-match screen, or the game if it began in the lobby
        (``nardy online``), the line closed first."""
        self._left = True
        if self.from_app:
            self._stage.run_worker(self.close(), group="online-leaving")
            self._stage.open_new_match_screen()
        else:  # the close done before the game ends, not cancelled half begun
            self._stage.run_worker(self._close_and_exit(), group="online-leaving")

    async def _close_and_exit(self) -> None:
        await self.close()
        self._stage.exit(0)

    def back_to_lobby(self) -> None:
        """The lobby screen on top again (a match over, a watched match left)."""
        stack = self._stage.screen_stack
        if self.lobby_screen not in stack:
            self._stage.show_screen(self.lobby_screen)
            return
        while self._stage.screen is not self.lobby_screen:
            self._stage.pop_screen()
        self.lobby_screen.show_lobby()

    def how_to_go_on(self) -> str | None:
        """What quitting the app now means for this player's match, if one is in play."""
        if self.playing is None:
            return None
        return _(
            "The match stays open on the server (if it has a clock, yours runs): nardy online "
            "takes you back to it."
        )

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()

    # -- what the client tells -------------------------------------------------------------

    def hear(self, news: ClientNews) -> None:
        """The client's ``post``: each piece of news to the screen it is for."""
        if self._left or not self._stage.screen_stack:
            return
        if self.view.hear(news):
            self.lobby_screen.show_lobby()
        match news:
            case ClientStopped(reason=reason):
                self._give_up(reason)
            case Challenged():
                self.lobby_screen.ask(news)
            case Declined(by=by):
                self._stage.notify(_("{name} declined your challenge.").format(name=by))
            case Refusal(text=text):
                self._stage.notify(
                    _("The server refused: {reason}").format(reason=text),
                    severity="warning",
                    markup=False,
                )
            case MatchJoined(match=match):
                self._joined(match)
            case OpponentSent(match=match) if self._is_mine(match.id):
                self._to_game(PeerArrived())
            case MatchStopped(match=match_id, reason=reason):
                self._stopped(match_id, reason)
            case MatchNotSaved(problem=problem):
                self._stage.notify(problem, severity="error", markup=False)
            case LineDown():
                self._to_game(LineReport(self.view.line_down, up=False))
                if self.watching is not None:
                    self.watching.say(self.view.line_down)
            case Welcome(name=name):
                self._remember(name)
                self._to_game(LineReport(_("Back on the server."), up=True))
                if self.watching is not None:  # a new line watches nothing until asked
                    self.watching.say(_("Back on the server."))
                    self.send(Watch(self.watching.match_id))
            case ClockTimes():
                self._clocks(news)
            case MatchResult():
                self._result(news)
            case MatchBegins() | Relayed() if self.watching is not None:
                self.watching.heard(news)

    def _remember(self, name: str) -> None:
        """The server and name offered next time (not being able to is no news)."""
        with contextlib.suppress(OSError):
            Registrations(data_dir()).remember_last(self.launch.url, name)

    def _is_mine(self, match_id: str) -> bool:
        return self.playing is not None and self.playing.id == match_id

    def _to_game(self, news: GameNews) -> None:
        if self.game is not None:
            self.game.hear_friend(news)

    def _joined(self, match: LobbyMatch) -> None:
        """This player's match starts (a game screen over the lobby), or starts again."""
        if self._is_mine(match.id) and self.game is not None:
            self._to_game(PeerArrived())
            return
        self.stop_watching()
        self.playing = match
        self.game = self._game_screen(match)
        self._stage.push_screen(self.game)

    def _game_screen(self, match: LobbyMatch) -> GameScreen:
        begins = match.begins
        opponent = begins.black if match.me is Side.WHITE else begins.white
        services = replace(
            self._stage.game_services,
            saver=match.saver(),
            lockstep=match.lockstep,
            resign_match=partial(self.send, Resign(match.id)),
            new_match=self._match_over,
            match_stopped=self._match_broken,
        )
        options = MatchOptions(mode=Mode.NETWORK, color=match.me, points=match.match.length)
        return game_screen_type()(
            match.match, options, against_online_player(match.me, opponent), services
        )

    def shows(self, screen: object) -> bool:
        """Whether ``screen`` is one of the lobby's (to be drawn again in a new language)."""
        return screen is self.lobby_screen or (screen is not None and screen is self.game)

    def show_again(self) -> None:
        """The top screen made anew in the language now in use: the lobby, or the game
        screen on the same match (saved after every step)."""
        if self.game is not None and self._stage.screen is self.game and self.playing:
            self.game = self._game_screen(self.playing)
            self._stage.show_screen(self.game)
        elif self._stage.screen is self.lobby_screen:
            self.lobby_screen = LobbyScreen(self)
            self._stage.show_screen(self.lobby_screen)

    def _match_over(self) -> None:
        """The match-over dialog's "new match": the lobby again."""
        self.playing, self.game = None, None
        self.back_to_lobby()

    def _match_broken(self, reason: str) -> None:
        self._stage.notify(
            _("The match stopped: {reason}").format(reason=reason), severity="error", markup=False
        )
        self._match_over()

    def _stopped(self, match_id: str, reason: str) -> None:
        if self._is_mine(match_id):
            self._to_game(MatchBroken(reason))
        else:
            self._stage.notify(reason, severity="warning", markup=False)

    def _clocks(self, times: ClockTimes) -> None:
        reading = ClockReading(
            times.white, times.black, times.running, times.delay, heard_at=time.monotonic()
        )
        if self._is_mine(times.match):
            self._to_game(ClocksTold(reading))
        elif self.watching is not None and self.watching.match_id == times.match:
            self.watching.show_clocks(reading)

    def _result(self, result: MatchResult) -> None:
        if self._is_mine(result.match) and self.playing is not None:
            words = result_words(result, self.playing.begins)
            if result.ending is Ending.POINTS:
                self._stage.notify(words, timeout=GIVEN_UP_SECONDS, markup=False)
            else:
                self._to_game(MatchDecided(words))
        elif self.watching is not None and self.watching.match_id == result.match:
            self.watching.ended(result)

    def _give_up(self, reason: str) -> None:
        """The lobby cannot go on (not reached, a name refused): said, and the player is
        back at the new-match screen, or the app ends (started on the command line)."""
        self._left = True
        if not self.from_app:
            self._stage.exit(return_code=1, message=f"nardy: {reason}")
            return
        self._stage.notify(reason, severity="error", timeout=GIVEN_UP_SECONDS, markup=False)
        self._stage.open_new_match_screen()
