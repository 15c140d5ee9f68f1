"""Two lobby clients against the real lobby server on this machine: they meet by a seek and
play a match through it by the two-machine lockstep, one of them losing its line mid-match
and coming back to the same match, and both keep the whole match on disk."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from nardy_tui.engine import Match, Phase, Play, legal_plays
from nardy_tui.lobby.server import LobbyOptions, RunningLobby, start_lobby
from nardy_tui.net import restore_network_match
from nardy_tui.online import Accept, MatchResult, OpenSeeks, Seek, Welcome
from nardy_tui.play.online import (
    ClientNews,
    LineDown,
    LobbyClient,
    MatchReady,
    PeerArrived,
    Registrations,
    match_file,
)

WAIT = 30.0


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[RunningLobby]:
    (tmp_path / "lobby").mkdir()
    running = await start_lobby(LobbyOptions(tmp_path / "lobby", port=0))
    yield running
    await running.stop()


def first_legal(match: Match) -> Play:
    turn = match.turn
    assert turn is not None
    return legal_plays(turn.position, turn.dice)[0]


class Player:
    """A client that plays its first legal play at once, and keeps what it heard."""

    def __init__(self, lobby: RunningLobby, name: str, folder: Path) -> None:
        self.client = LobbyClient(lobby.url, name, folder, self.hear, first_pause=0.05)
        self.heard: list[ClientNews] = []
        self.logged_in = asyncio.Event()
        self.seeks = asyncio.Queue[OpenSeeks]()
        self.result: asyncio.Future[MatchResult] = asyncio.get_running_loop().create_future()
        self.drop_after_turns: int | None = None
        """Close the line once, when the match has this many turns."""

    def hear(self, news: ClientNews) -> None:
        self.heard.append(news)
        if isinstance(news, Welcome):
            self.logged_in.set()
        elif isinstance(news, OpenSeeks):
            self.seeks.put_nowait(news)
        elif isinstance(news, MatchReady | PeerArrived):
            news.match.take_turns(first_legal)
            turns = sum(len(game.turns) for game in news.match.match.games)
            if self.drop_after_turns is not None and turns >= self.drop_after_turns:
                self.drop_after_turns = None
                assert self.client.socket is not None
                asyncio.create_task(self.client.socket.close())
        elif isinstance(news, MatchResult):
            self.result.set_result(news)


async def test_two_clients_meet_by_a_seek_and_play_a_match_through_a_drop_to_its_end(
    lobby: RunningLobby, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # some 800 saves: the disk's time only
    anna, boris = (
        Player(lobby, "anna", tmp_path / "anna"),
        Player(lobby, "boris", tmp_path / "boris"),
    )
    anna.drop_after_turns = 6
    running = [asyncio.create_task(player.client.run()) for player in (anna, boris)]
    async with asyncio.timeout(WAIT):
        await anna.logged_in.wait()
        await boris.logged_in.wait()
        anna.client.send(Seek(1, None))
        while not (seeks := (await boris.seeks.get()).seeks):
            pass
        boris.client.send(Accept(seeks[0].id))
        results = [await anna.result, await boris.result]
    assert results[0] == results[1] and results[0].score in ((1, 0), (0, 1), (2, 0), (0, 2))
    assert any(isinstance(news, LineDown) for news in anna.heard)
    assert sum(isinstance(news, Welcome) for news in anna.heard) == 2  # logged in again
    assert Registrations(tmp_path / "anna").has(lobby.url, "anna")
    saves = [
        restore_network_match(
            json.loads(match_file(tmp_path / name, lobby.url, results[0].match).read_text())
        ).match
        for name in ("anna", "boris")
    ]
    for kept in saves:
        assert kept.phase is Phase.MATCH_OVER and kept.winner is results[0].winner
    assert [g.turns for g in saves[0].games] == [g.turns for g in saves[1].games]
    for player in (anna, boris):
        await player.client.close()
    await asyncio.gather(*running)
