"""Save, then send, in a network match: nothing is put on the line before the save that holds
it, the first words of a connection included, and a confirmed turn is saved once. The
line is ``Session.send`` written down; the friend's side is the lockstep harness's
(``tests/play/two_machines``), or no one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nardy_tui import net
from nardy_tui.net import (
    Message,
    PlayMade,
    Session,
    Sync,
    Welcome,
    network_document,
    write_network_match,
)
from nardy_tui.options import NetworkLaunch
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.network import NetworkGame
from tests.play.two_machines import connected_machines, play_until
from tests.ui.driver import burst, turn_keys
from tests.ui.two_apps import host_app, hosting, match_of, until

CODE = "abcd-efgh"
"""The harness's code."""


def the_line(monkeypatch: pytest.MonkeyPatch, on_the_line: Any) -> None:
    """Every message a session sends goes to ``on_the_line`` (there is no line)."""
    monkeypatch.setattr(Session, "send", lambda _session, message: on_the_line(message))


def test_the_first_words_of_a_connection_leave_once_the_save_holds_them(
    monkeypatch: pytest.MonkeyPatch, private_home: Path
) -> None:
    """A joiner's first meeting: its save (with the code of the meetings after it) is on
    disk when its ``Sync`` leaves, and it is the match as it is then."""
    launch = NetworkLaunch(hosting=False, code=CODE, address="192.168.1.5", port=7520)
    game = NetworkGame(launch, None, lambda _news: None)
    sent: list[tuple[Message, object, object]] = []

    def on_the_line(message: Message) -> None:
        on_disk = json.loads((private_home / "network-joiner.json").read_text(encoding="utf-8"))
        assert game.saved is not None and game.lockstep is not None
        now = json.loads(json.dumps(network_document(game.saved, game.lockstep.events())))
        sent.append((message, on_disk, now))

    the_line(monkeypatch, on_the_line)
    game.connected(Welcome(points=3))
    [(first, on_disk, now)] = sent
    assert isinstance(first, Sync) and on_disk == now


async def test_a_confirmed_turn_is_saved_once_and_its_play_leaves_after_the_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host takes up a match at its own turn (its friend not back yet), plays it and
    confirms: one save, then the play on the line."""
    machine, friend = connected_machines()
    play_until(machine, friend, machine.my_turn)
    write_network_match(network_document(machine.saved, machine.step.events()))
    saves: list[dict[str, Any]] = []
    line: list[tuple[Message, int]] = []
    """Each message put on the line, with the saves made before it."""
    make_document = net.network_document

    def document(*of: Any) -> dict[str, Any]:
        saves.append(made := make_document(*of))
        return made

    monkeypatch.setattr(net, "network_document", document)
    the_line(monkeypatch, lambda message: line.append((message, len(saves))))
    app = host_app(CODE, resume=True, address="127.0.0.1")
    async with hosting(app) as (pilot, _port):
        await until(lambda: board_up(app.screen), pilot, what="the board")
        await burst(pilot, *turn_keys(match_of(app)))
        saves.clear()
        line.clear()
        await burst(pilot, "c")
        confirmed = list(line)
    assert len(saves) == 1, "one confirmed turn, one save"
    [(played, saves_before)] = confirmed
    assert isinstance(played, PlayMade) and saves_before == 1


def board_up(screen: object) -> bool:
    return isinstance(screen, GameScreen) and screen.board_shown
