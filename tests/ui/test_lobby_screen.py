"""The lobby in the game, against the real lobby server on this machine and a scripted
player on it: the lists shown, a seek taken and a challenge answered start the match on
the game screen with both clocks, a challenge declined is told, a clock run out ends the
match with the ratings and brings the lobby back, a match in play is watched, and a server
that cannot be reached is said in one line."""

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from nardy_tui.lobby.server import RunningLobby
from nardy_tui.online import (
    Accept,
    Answer,
    Challenge,
    Challenged,
    ClockRule,
    Request,
    Seek,
    Welcome,
)
from nardy_tui.options import LaunchOptions, OnlineLaunch
from nardy_tui.play import ClientNews, LobbyClient, MatchJoined, OpponentSent
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import NoticeDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.lobby import ChallengeDialog, LobbyScreen, TermsDialog
from nardy_tui.ui.panels import CompactInfo
from nardy_tui.ui.server_dialog import ServerDialog
from nardy_tui.ui.watching import WatchScreen
from tests.rendezvous_servers import free_port
from tests.running_lobby import first_legal, lobby
from tests.textual_seams import notifications
from tests.ui.driver import burst
from tests.ui.two_apps import until

__all__ = ["lobby"]
"""The fixture, for pytest to find in this module."""

SIZE = (80, 24)


class Stranger:
    """Another player on the lobby, scripted: says ``first`` once logged in, answers a
    challenge with ``answer``, and plays its first legal play at once when ``plays``."""

    def __init__(
        self,
        lobby: RunningLobby,
        name: str,
        folder: Path,
        first: Request | None = None,
        *,
        answer: bool | None = None,
        plays: bool = True,
    ) -> None:
        self.client = LobbyClient(lobby.url, name, folder, self.hear, first_pause=0.05)
        self.first, self.answer, self.plays = first, answer, plays
        self.heard: list[ClientNews] = []
        self.task = asyncio.get_running_loop().create_task(self.client.run())

    def hear(self, news: ClientNews) -> None:
        self.heard.append(news)
        if isinstance(news, Welcome) and self.first is not None:
            self.client.send(self.first)
        elif isinstance(news, Challenged) and self.answer is not None:
            self.client.send(Answer(news.id, self.answer))
        elif isinstance(news, MatchJoined | OpponentSent) and self.plays:
            news.match.take_turns(first_legal)

    async def leave(self) -> None:
        await self.client.close()
        await self.task


def lobby_app(lobby: RunningLobby, name: str = "anna") -> NardyApp:
    return NardyApp(LaunchOptions(online=OnlineLaunch(lobby.url, name)), pace=0)


def rows(app: NardyApp, table: str) -> int:
    screen = app.screen
    if not isinstance(screen, LobbyScreen):
        return -1
    return screen.query_one(f"#{table}", DataTable).row_count


def words(app: NardyApp, selector: str) -> str:
    return " ".join(str(widget.content) for widget in app.screen.query(selector))


def on_game_screen(app: NardyApp) -> Callable[[], bool]:
    return lambda: isinstance(app.screen, GameScreen) and app.screen.board_shown


async def test_a_seek_taken_in_the_lobby_starts_the_match_with_both_clocks(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    boris = Stranger(lobby, "boris", tmp_path / "boris", Seek(1, ClockRule(10, 60)))
    app = lobby_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: rows(app, "seeks") == 1, pilot, what="boris's seek listed")
        assert "anna · rating 1500" in words(app, "#lobby-title")
        await burst(pilot, "enter")
        await until(on_game_screen(app), pilot, what="the match's game screen")
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.flow.viewpoint.names[game.options.color.opponent] == "boris"
        await until(lambda: "1:00" in words(app, "CompactInfo"), pilot, what="both clocks")
    await boris.leave()


async def test_a_challenge_is_asked_and_accepting_it_starts_the_match(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    app = lobby_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: rows(app, "players") == 1, pilot, what="the lobby up")
        boris = Stranger(lobby, "boris", tmp_path / "boris", Challenge("anna", 3, None))
        await until(
            lambda: isinstance(app.screen, ChallengeDialog), pilot, what="the challenge asked"
        )
        assert "boris (1500) challenges you to a match to 3 points, no clock." in words(
            app, ".dialog-body"
        )
        await burst(pilot, "y")
        await until(on_game_screen(app), pilot, what="the challenged match's game screen")
        assert isinstance(app.screen, GameScreen) and app.screen.match.length == 3
    await boris.leave()


async def test_a_challenge_declined_is_told_to_the_challenger(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    boris = Stranger(lobby, "boris", tmp_path / "boris", answer=False)
    app = lobby_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: rows(app, "players") == 2, pilot, what="both players listed")
        await burst(pilot, "c")  # to the players' list
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        table = screen.query_one("#players", DataTable)
        table.focus()
        names = [table.get_row_at(row)[0] for row in range(table.row_count)]
        table.move_cursor(row=names.index("boris"))
        await burst(pilot, "c")
        assert isinstance(app.screen, TermsDialog)
        await burst(pilot, "o")
        await until(
            lambda: any("boris declined" in note.message for note in notifications(app)),
            pilot,
            what="the no told",
        )
    await boris.leave()


async def test_a_clock_run_out_ends_the_match_with_the_ratings_and_the_lobby_comes_back(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    boris = Stranger(lobby, "boris", tmp_path / "boris", Seek(1, ClockRule(0, 1)))
    app = lobby_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: rows(app, "seeks") == 1, pilot, what="boris's seek listed")
        await burst(pilot, "enter")
        await until(
            lambda: isinstance(app.screen, NoticeDialog), pilot, what="the match over on time"
        )
        said = words(app, ".dialog-body")
        assert "on time" in said and "anna 1500 → 1490" in said, said
        await burst(pilot, "enter")
        await until(lambda: isinstance(app.screen, LobbyScreen), pilot, what="the lobby again")
        await until(
            lambda: "rating 1490" in words(app, "#lobby-title"), pilot, what="the new rating"
        )
    await boris.leave()


async def test_a_match_in_play_is_watched_as_it_is_played(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    boris = Stranger(lobby, "boris", tmp_path / "boris", Seek(3, None), plays=False)
    carol = Stranger(lobby, "carol", tmp_path / "carol", plays=False)
    app = lobby_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await watch_their_match(app, pilot, taker=carol)
        for stranger in (boris, carol):  # they play from now on, and the watcher sees it
            stranger.plays = True
            for match in stranger.client.matches.values():
                match.take_turns(first_legal)
        await until(
            lambda: (
                app.screen.query_one(CompactInfo) is not None
                and isinstance(app.screen, WatchScreen)
                and app.screen.referee.match.games[0].turns != []
            ),
            pilot,
            what="a turn watched",
        )
        assert "Watching boris (White) and carol (Black)" in words(app, "#watch-title") or (
            "Watching carol (White) and boris (Black)" in words(app, "#watch-title")
        )
        await burst(pilot, "escape")
        await until(lambda: isinstance(app.screen, LobbyScreen), pilot, what="the lobby again")
    await boris.leave()
    await carol.leave()


async def test_a_watcher_whose_line_drops_goes_on_watching_once_it_is_back(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    boris = Stranger(lobby, "boris", tmp_path / "boris", Seek(3, None), plays=False)
    carol = Stranger(lobby, "carol", tmp_path / "carol", plays=False)
    app = lobby_app(lobby)

    def played_and_watched_beyond(turns: int) -> Callable[[], bool]:
        def check() -> bool:
            for stranger in (boris, carol):  # each plays what is theirs to play now
                for match in stranger.client.matches.values():
                    match.take_turns(first_legal)
            return watched_turns(app) > turns

        return check

    async with app.run_test(size=SIZE) as pilot:
        await watch_their_match(app, pilot, taker=carol)
        await until(played_and_watched_beyond(0), pilot, what="a turn watched")
        assert app.online is not None and app.online.client is not None
        socket = app.online.client.socket
        assert socket is not None
        turns_then = watched_turns(app)
        await socket.close()
        await until(played_and_watched_beyond(turns_then), pilot, what="watched again")
    await boris.leave()
    await carol.leave()


async def watch_their_match(app: NardyApp, pilot: Pilot[int], taker: Stranger) -> None:
    """The one seek in the lobby taken by ``taker``, and the app watching their match."""
    await until(lambda: rows(app, "seeks") == 1, pilot, what="the seek listed")
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    [seek] = screen.lobby.view.seeks
    taker.client.send(Accept(seek.id))
    await until(lambda: rows(app, "matches") == 1, pilot, what="their match listed")
    await burst(pilot, "w", "w")
    await until(lambda: isinstance(app.screen, WatchScreen), pilot, what="the watching screen")


def watched_turns(app: NardyApp) -> int:
    screen = app.screen
    if not isinstance(screen, WatchScreen):
        return 0
    return sum(len(game.turns) for game in screen.referee.match.games)


async def test_leaving_the_lobby_of_nardy_online_closes_the_line_before_the_game_ends(
    lobby: RunningLobby,
) -> None:
    app = lobby_app(lobby)
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        async with app.run_test(size=SIZE) as pilot:
            await until(lambda: rows(app, "players") >= 1, pilot, what="the lobby")
            assert app.online is not None and app.online.client is not None
            client = app.online.client
            await burst(pilot, "escape")
            await until(lambda: app.return_code is not None, pilot, what="the game ended")
        gc.collect()  # a coroutine never awaited says so when it is collected
    assert app.return_code == 0
    assert client.socket is None or client.socket.closed
    assert not [w for w in warned if "never awaited" in str(w.message)]


async def test_a_lobby_that_cannot_be_reached_ends_the_game_in_one_line() -> None:
    nobody = f"ws://127.0.0.1:{free_port()}/ws"
    app = NardyApp(LaunchOptions(online=OnlineLaunch(nobody, "anna")), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: app.return_code is not None, pilot, what="the game ended")
    assert app.return_code == 1


async def test_a_game_served_to_a_browser_offers_only_its_servers_lobby(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A visitor must not make the server connect where they like."""
    monkeypatch.setattr(NardyApp, "is_web", property(lambda _app: True))
    monkeypatch.delenv("NARDY_LOBBY", raising=False)
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "o")
        assert not isinstance(app.screen, ServerDialog)
        assert any("offers no lobby" in note.message for note in notifications(app))
        monkeypatch.setenv("NARDY_LOBBY", "ws://127.0.0.1:9/ws")
        await burst(pilot, "o")
        dialog = app.screen
        assert isinstance(dialog, ServerDialog)
        address = dialog.query_one("#server-url", Input)
        assert address.value == "ws://127.0.0.1:9/ws" and address.disabled
        await burst(pilot, "escape")
        app.play_online(OnlineLaunch("ws://elsewhere.example/ws", "anna"))
        await pilot.pause()
        assert app.online is None
        assert any("no lobby at that address" in note.message for note in notifications(app))
