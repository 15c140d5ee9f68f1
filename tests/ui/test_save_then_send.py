"""Save, then send, on the game screen of a network match: a confirmed turn is saved once,
and its play is put on the line after that save. The line is ``Session.send`` written
down; the friend is not there (``tests/play/test_network_game`` has the first words of a
connection)."""

from __future__ import annotations

from typing import Any

import pytest

from nardy_tui import net
from nardy_tui.net import (
    Message,
    PlayMade,
    Session,
    network_document,
    write_network_match,
)
from nardy_tui.ui.game import GameScreen
from tests.play.two_machines import connected_machines, play_until
from tests.ui.driver import burst, turn_keys
from tests.ui.two_apps import host_app, hosting, match_of, until

CODE = "abcd-efgh"
"""The harness's code."""


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
    monkeypatch.setattr(Session, "send", lambda _, message: line.append((message, len(saves))))
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
