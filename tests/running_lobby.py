"""A lobby server on this machine for a test (SQLite in the test's folder), and the
simplest player's choice, for the tests of the lobby's clients."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from nardy_tui.engine import Match, Play, legal_plays
from nardy_tui.lobby.server import LobbyOptions, RunningLobby, start_lobby


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[RunningLobby]:
    (tmp_path / "lobby").mkdir()
    running = await start_lobby(LobbyOptions(tmp_path / "lobby", port=0))
    yield running
    await running.stop()


def first_legal(match: Match) -> Play:
    """The first play the rules allow with the dice of the turn in play."""
    turn = match.turn
    assert turn is not None
    return legal_plays(turn.position, turn.dice)[0]
