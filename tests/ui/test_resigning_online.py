"""Resigning on the game screen of a lobby match, against the real lobby server on this
machine and a scripted opponent: the Resign command (g, or the palette) asks for a single
game, a mars or the whole match; the opponent's offer is asked over the board (accept y,
decline n); the outcome is said in the status line."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.widgets import DataTable, Static

from nardy_tui.engine import MARS
from nardy_tui.lobby.server import RunningLobby
from nardy_tui.net import restore_network_match
from nardy_tui.online import Seek, Welcome
from nardy_tui.options import LaunchOptions, OnlineLaunch
from nardy_tui.play import (
    ClientNews,
    Command,
    Duty,
    LobbyClient,
    LobbyMatch,
    MatchJoined,
    OpponentSent,
    match_file,
)
from nardy_tui.storage import data_dir
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import GameOverDialog, NoticeDialog, ResignDialog, ResignOfferDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.lobby import LobbyScreen
from nardy_tui.ui.review import ReviewScreen
from tests.running_lobby import first_legal, lobby
from tests.ui.driver import burst
from tests.ui.two_apps import until

SIZE = (80, 24)
__all__ = ["lobby"]  # the server on this machine, as every lobby client's test starts it


class Opponent:
    """Boris, scripted: seeks a match to 3, holds back at the start until he has answered
    the player's offers as ``answers`` says (each once the test lets him: ``answer``), then
    offers the game at each of ``offers`` at his roll; otherwise he plays his first legal
    play at once, and leaves the next game to the player to start."""

    def __init__(self, lobby: RunningLobby, folder: Path, answers: list[bool], offers: list[int]):
        self.client = LobbyClient(lobby.url, "boris", folder, self.hear, first_pause=0.05)
        self.answers, self.offers = answers, offers
        self.may_answer = False
        self.match: LobbyMatch | None = None
        self.task = asyncio.get_running_loop().create_task(self.client.run())

    def hear(self, news: ClientNews) -> None:
        if isinstance(news, Welcome):
            self.client.send(Seek(3, None))
        elif isinstance(news, MatchJoined | OpponentSent):
            self.match = news.match
            self.act()

    def answer(self) -> None:
        self.may_answer = True
        self.act()

    def act(self) -> None:
        lobby_match = self.match
        assert lobby_match is not None
        while True:
            lobby_match.take_all()
            duty = lobby_match.duty()
            if duty is Duty.ANSWER and self.may_answer:
                self.may_answer = False
                lobby_match.answer_resignation(self.answers.pop(0))
            elif self.answers:
                return  # the player's offer, and the test's word, come first
            elif duty is Duty.ROLL and self.offers:
                lobby_match.offer_resignation(self.offers.pop(0))
            elif duty is Duty.ROLL:
                lobby_match.roll()
            elif duty is Duty.MOVE:
                lobby_match.play(first_legal(lobby_match.match))
            else:
                return

    async def leave(self) -> None:
        await self.client.close()
        await self.task


def status(game: GameScreen) -> str:
    """The game screen's status line, under whatever dialog is over it."""
    return " ".join(str(widget.content) for widget in game.query("#status"))


def body(app: NardyApp) -> str:
    return " ".join(str(widget.content) for widget in app.screen.query(".dialog-body"))


def reviewed(app: NardyApp) -> bool:
    return isinstance(app.screen, ReviewScreen) and app.screen.finished


def may_resign(app: NardyApp) -> bool:
    screen = app.screen
    return isinstance(screen, GameScreen) and screen.check_action("command", ("resign",)) is True


async def test_a_single_declined_a_mars_accepted_and_the_match_given_up_on_the_game_screen(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    boris = Opponent(lobby, tmp_path / "boris", answers=[False], offers=[MARS])
    app = NardyApp(LaunchOptions(online=OnlineLaunch(lobby.url, "anna")), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen), pilot, what="the lobby")
        await until(lambda: _seeks(app) == 1, pilot, what="boris's seek listed")
        await burst(pilot, "enter")
        await until(lambda: may_resign(app), pilot, what="the game screen, resign allowed")
        game = app.screen
        assert isinstance(game, GameScreen)
        anna = game.flow.viewpoint.human_side
        await burst(pilot, "g")
        assert isinstance(app.screen, ResignDialog)
        await burst(pilot, "s")
        await until(lambda: "waiting for the answer" in status(game), pilot, what="offer said")
        assert not game.check_action("command", (Command.ROLL.value,))
        assert not game.check_action("command", (Command.RESIGN.value,))
        boris.answer()
        await until(lambda: "declined your offer" in status(game), pilot, what="the no said")
        await until(
            lambda: isinstance(app.screen, ResignOfferDialog), pilot, what="boris's offer asked"
        )
        assert "2 points (a mars)" in body(app)
        await burst(pilot, "y")
        said = f"{anna.opponent.name_shown} resigns: {anna.name_shown} wins 2 points."
        assert said in status(game)
        await until(lambda: isinstance(app.screen, GameOverDialog), pilot, what="game over")
        assert "score 2 points: boris" in body(app) and "resigned the game" in body(app)
        assert game.match.score[anna] == 2 and game.match.game.resignation is not None
        assert app.online is not None and app.online.playing is not None
        kept = match_file(data_dir(), lobby.url, app.online.playing.id).read_text()
        assert restore_network_match(json.loads(kept)).match.score[anna] == 2
        await burst(pilot, "v")  # the review scores the game as resigned, not unfinished
        await until(lambda: reviewed(app), pilot, what="the game reviewed")
        summary = " ".join(str(app.screen.query_one("#review-summary", Static).content).split())
        assert f"{anna.name_shown} won 2 points" in summary and "(the resignation)" in summary
        await burst(pilot, "escape")
        await until(lambda: isinstance(app.screen, GameOverDialog), pilot, what="the dialog")
        await burst(pilot, "n")
        await until(lambda: may_resign(app), pilot, what="game 2, resigning allowed")
        assert game.match.game.number == 2
        await burst(pilot, "g")
        await until(lambda: isinstance(app.screen, ResignDialog), pilot, what="asked again")
        await burst(pilot, "w")
        await until(lambda: isinstance(app.screen, NoticeDialog), pilot, what="the result")
        assert "the other resigned" in body(app)
    await boris.leave()


def _seeks(app: NardyApp) -> int:
    screen = app.screen
    if not isinstance(screen, LobbyScreen):
        return -1
    return screen.query_one("#seeks", DataTable).row_count
