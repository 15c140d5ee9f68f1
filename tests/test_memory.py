"""While the game starts, the garbage collector is held (``nardy_tui.memory``): the command
line holds it just before the game is imported, and the app lets it run again once its
first frame is drawn, with what starting left frozen out of later full passes. A lobby
server, once open, freezes what starting made and makes its full passes rare."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import nardy_tui.lobby.server
import nardy_tui.ui
from nardy_tui import memory
from nardy_tui.cli import main
from nardy_tui.lobby.server import LobbyOptions
from nardy_tui.options import LaunchOptions


@pytest.fixture
def freezes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Each freeze asked for, recorded instead of done (a test worker's memory is left as
    it is), and the collector running again after the test whatever it did."""
    frozen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    yield frozen
    gc.enable()


def test_held_collection_runs_again_once_with_whats_alive_frozen(freezes: list[bool]) -> None:
    memory.hold_collection()
    assert not gc.isenabled()
    memory.resume_collection()
    assert gc.isenabled() and freezes == [True]


def test_where_collection_was_never_held_nothing_is_frozen(freezes: list[bool]) -> None:
    memory.resume_collection()
    assert gc.isenabled() and freezes == []


def test_the_command_line_holds_collection_while_the_game_starts(
    freezes: list[bool], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    held_when_started: list[bool] = []

    def run_app(launch: LaunchOptions) -> int:
        held_when_started.append(not gc.isenabled())
        return 0

    monkeypatch.setattr(nardy_tui.ui, "run_app", run_app)
    assert main(["--hot-seat"]) == 0
    assert held_when_started == [True]


def test_a_subcommand_keeps_the_collector_running(
    freezes: list[bool], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    assert main(["verify", str(tmp_path / "no-such-record.txt")]) == 1
    assert gc.isenabled()


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    """The collector's thresholds, as they were before the test and again after it."""
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)


def test_an_open_lobby_server_freezes_what_starting_made_and_passes_over_it_rarely(
    freezes: list[bool],
    thresholds: tuple[int, int, int],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    young, middle, _full = thresholds
    when_open: list[tuple[list[bool], tuple[int, int, int]]] = []

    async def open_and_stop(options: LobbyOptions, opened: Callable[[str], None]) -> None:
        assert not freezes  # starting is not over until the lobby is open
        opened("ws://127.0.0.1:8090/ws")
        when_open.append((list(freezes), gc.get_threshold()))

    monkeypatch.setattr(nardy_tui.lobby.server, "run_lobby", open_and_stop)
    assert main(["lobby-server", "--port", "8090"]) == 0
    assert when_open == [([True], (young, middle, memory.SERVER_FULL_PASS_EVERY))]
