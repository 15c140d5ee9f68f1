"""What a network match puts on the app (``ui/network_match``), heard without an app: each
piece of ``NetworkGame``'s news that changes screens goes to the screen, notice or exit it
is for."""

from __future__ import annotations

import socket
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.screen import Screen

from nardy_tui.net import new_code
from nardy_tui.options import NetworkLaunch, Rendezvous
from nardy_tui.play import (
    CannotStart,
    CodeGiven,
    Joining,
    LineReport,
    MatchBroken,
    MatchReady,
    NetworkNews,
    PeerArrived,
    SaveFailed,
)
from nardy_tui.ui.connecting import ConnectingScreen
from nardy_tui.ui.network_match import NetworkScreens


@dataclass
class FakeStage:
    """The app as a network match sees it, writing down what it is asked to do."""

    screen_stack: list[Screen[Any]] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    notices: list[tuple[str, str]] = field(default_factory=list)
    exits: list[tuple[int, str]] = field(default_factory=list)
    new_match_screens: int = 0
    is_web: bool = False
    workers: list[Coroutine[Any, Any, None]] = field(default_factory=list)

    @property
    def screen(self) -> Screen[object]:
        return self.screen_stack[-1]

    @property
    def game_services(self) -> Any:
        raise AssertionError("no game screen is made in these tests")

    def push_screen(self, screen: Screen[Any]) -> object:
        self.screen_stack.append(screen)
        return None

    def pop_screen(self) -> object:
        return self.screen_stack.pop()

    def show_screen(self, screen: Screen[None]) -> None:
        self.screen_stack[-1:] = [screen]

    def copy_to_clipboard(self, text: str) -> None:
        self.copied.append(text)

    def notify(
        self,
        message: str,
        *,
        severity: str = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        self.notices.append((message, severity))

    def exit(self, result: int | None = None, return_code: int = 0, message: str = "") -> None:
        self.exits.append((return_code, message))

    def open_new_match_screen(self, back: Callable[[], None] | None = None) -> None:
        self.new_match_screens += 1

    def run_worker(self, work: Coroutine[Any, Any, None], *, group: str = "") -> object:
        self.workers.append(work)
        return None


def shown(*told: NetworkNews) -> FakeStage:
    stage = FakeStage(screen_stack=[Screen()])
    screens = NetworkScreens(stage)
    for news in told:
        screens.show(news)
    return stage


def test_a_new_match_joining_shows_where_it_goes() -> None:
    stage = shown(Joining("Joining the match at 10.0.0.2:7520…"))
    connecting = stage.screen
    assert isinstance(connecting, ConnectingScreen)
    assert connecting.title_words == "Joining the match at 10.0.0.2:7520…"


def test_the_code_given_is_offered_for_copying() -> None:
    assert shown(CodeGiven("nardy join 7-apple-tree")).copied == ["nardy join 7-apple-tree"]


def test_a_match_that_cannot_be_saved_is_told_as_an_error() -> None:
    assert shown(SaveFailed("the disk is full")).notices == [("the disk is full", "error")]


def test_a_refusal_ends_the_app_saying_why() -> None:
    assert shown(CannotStart("the code is wrong")).exits == [(1, "nardy: the code is wrong")]


def test_joining_from_the_command_line_has_no_way_back() -> None:
    connecting = shown(Joining("Joining the match 7-apple-tree…")).screen
    assert isinstance(connecting, ConnectingScreen) and connecting.back is None


def test_a_broken_match_with_no_game_screen_ends_the_app_saying_why() -> None:
    assert shown(MatchBroken("a play that is not legal")).exits == [
        (1, "nardy: a play that is not legal")
    ]


def test_news_and_arrivals_with_no_game_screen_change_nothing() -> None:
    stage = shown(LineReport("Connected to the host."), PeerArrived())
    assert (stage.exits, stage.notices, len(stage.screen_stack)) == ([], [], 1)


def test_news_that_comes_while_the_app_closes_its_last_screen_is_let_go() -> None:
    stage = FakeStage(screen_stack=[])
    screens = NetworkScreens(stage)
    for news in (LineReport("The line to your friend is down."), MatchReady()):
        screens.show(news)
    assert (stage.exits, stage.notices, stage.screen_stack) == ([], [], [])


async def test_a_port_that_cannot_be_opened_ends_the_app_in_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        stage = FakeStage()
        screens = NetworkScreens(stage)
        launch = NetworkLaunch(hosting=True, code=new_code(), address="127.0.0.1", port=port)
        await screens.start(launch)
    [(status, said)] = stage.exits
    assert status == 1 and said.startswith(f"nardy: cannot listen on port {port}: ")


async def test_a_match_asked_for_in_the_app_that_cannot_start_is_told_and_the_app_goes_on(
    private_home: Path,
) -> None:
    (private_home / "network-joiner.json").write_text("[not a save", encoding="utf-8")
    stage = FakeStage(screen_stack=[Screen()])
    screens = NetworkScreens(stage)
    rendezvous = Rendezvous("ws://127.0.0.1:9/v1", "127.0.0.1:9", direct=False)
    await screens.start(NetworkLaunch(hosting=False, code="", rendezvous=rendezvous), from_app=True)
    [(said, severity)] = stage.notices
    assert "cannot be resumed" in said and severity == "error"
    assert stage.exits == [] and stage.new_match_screens == 1 and screens.game is None
