"""Continuing on another device, in the game: the palette offers it only to a game served
in a browser, the command asks the server in the form the server reads, and only a code
in the form the server writes reaches the app (the game's side of ``transfer_meta``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from textual.app import App
from textual.message import Message

from nardy_tui.transfer_meta import TransferAsked, TransferMeta, TransferOffered
from nardy_tui.ui.served_driver import ServedDriver, TransferCode
from nardy_tui.ui.transfer import transfer_commands

OFFERED = TransferOffered("ABCDEFGHJK", "https://nardy.example/?transfer=ABCDEFGHJK", 10)


@dataclass
class Game:
    """The app as its driver and the command see it, keeping what was posted to it."""

    _driver: object = None
    posted: list[Message] = field(default_factory=list)

    def post_message(self, message: Message) -> bool:
        self.posted.append(message)
        return True


@pytest.fixture(autouse=True)
def no_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver's input is not read here (a test's standard input may be no pipe)."""
    monkeypatch.setattr("textual.drivers.web_driver.InputReader", lambda: None)


def served(game: Game) -> tuple[ServedDriver, list[bytes]]:
    """``game`` served in a browser: its driver, and what the driver writes to the server."""
    driver = ServedDriver(cast(App[Any], game))
    written: list[bytes] = []
    driver._write = written.append  # type: ignore[assignment]
    game._driver = driver
    return driver, written


def test_a_game_in_a_terminal_has_no_such_command() -> None:
    assert list(transfer_commands(cast(App[int], Game()))) == []


async def test_a_served_games_command_asks_its_server_for_a_code() -> None:
    game = Game()
    _, written = served(game)
    [command] = transfer_commands(cast(App[int], game))
    assert command.title == "Continue on another device"
    command.callback()
    [packet] = written
    assert packet[:1] == b"M" and int.from_bytes(packet[1:5], "big") == len(packet) - 5
    assert TransferAsked.read(packet[5:]) == TransferAsked()


async def test_only_a_code_of_the_servers_form_reaches_the_game() -> None:
    game = Game()
    driver, _ = served(game)
    for wrong in (
        {**OFFERED.meta(), "link": "javascript:alert(1)"},
        {**OFFERED.meta(), "code": "x" * 5000},
        {**OFFERED.meta(), "minutes": "10"},
        {"type": TransferMeta.OFFERED.value},
    ):
        driver._on_meta("M", json.dumps(wrong).encode())
    assert game.posted == []
    driver._on_meta("M", json.dumps(OFFERED.meta()).encode())
    [arrived] = game.posted
    assert isinstance(arrived, TransferCode) and arrived.offered == OFFERED
