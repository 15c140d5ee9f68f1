"""Giving up a game in a lobby match, between two real clients and the real server on this
machine: a player offers the game at a stake (a single game, 1 point; a mars, 2: RULES.md
section 8), the opponent accepts (the game is won by it at that stake and the match goes on
to its next game, or ends) or declines (play goes on). Both players' saves, the server's
record (which ``nardy verify`` checks) and the score agree."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import aiohttp
import pytest

from nardy_tui.engine import MARS, SINGLE_GAME, Match, Phase
from nardy_tui.lobby.server import RunningLobby
from nardy_tui.net import restore_network_match, verify_record
from nardy_tui.online import Accept, MatchResult, OpenSeeks, Seek, Welcome
from nardy_tui.play import (
    ClientNews,
    Duty,
    LineDown,
    LobbyClient,
    LobbyMatch,
    MatchJoined,
    OpponentSent,
    ResignationAnswered,
    ResignationOffered,
    match_file,
)
from tests.lobby_clients.test_lobby_client import WAIT
from tests.running_lobby import first_legal, lobby

News = TypeVar("News")
__all__ = ["lobby"]  # the server on this machine, as every lobby client's test starts it


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # a save a step: the disk's time only


@dataclass
class Offer:
    """An offer a player makes at its own roll, once ``when`` holds of the match."""

    when: Callable[[Match], bool]
    points: int


def at_once(match: Match) -> bool:
    return True


def after_a_few_turns(match: Match) -> bool:
    return len(match.game.turns) >= 2


class Player:
    """A client at the keyboard: it plays its first legal play at once, offers to resign
    as told (at its own roll, as the game lets a player), answers offers as told, and keeps
    what it heard."""

    def __init__(
        self,
        lobby: RunningLobby,
        name: str,
        folder: Path,
        offers: list[Offer] | None = None,
        answers: list[bool] | None = None,
    ) -> None:
        self.lobby = lobby
        self.folder = folder
        self.client = LobbyClient(lobby.url, name, folder, self.hear, first_pause=0.05)
        self.offers = offers or []
        self.answers = answers or []
        self.heard: list[ClientNews] = []
        self.logged_in = asyncio.Event()
        self.result: asyncio.Future[MatchResult] = asyncio.get_running_loop().create_future()
        self.drop_after_answering = False
        """Close the line (once) right after answering an offer."""
        self.running = asyncio.create_task(self.client.run())

    def hear(self, news: ClientNews) -> None:
        self.heard.append(news)
        if isinstance(news, Welcome):
            self.logged_in.set()
        elif isinstance(news, OpenSeeks) and not self.client.matches:
            theirs = [seek for seek in news.seeks if seek.name != self.client.name]
            if theirs:
                self.client.send(Accept(theirs[0].id))
        elif isinstance(news, MatchJoined | OpponentSent):
            self.act(news.match)
        elif isinstance(news, MatchResult):
            self.result.set_result(news)

    def act(self, lobby_match: LobbyMatch) -> None:
        """All this side can do now."""
        while True:
            lobby_match.take_all()
            duty, match = lobby_match.duty(), lobby_match.match
            offering = duty is Duty.ROLL and match.phase is Phase.ROLL and self.offers
            if offering and self.offers[0].when(match):
                lobby_match.offer_resignation(self.offers.pop(0).points)
                continue
            if duty is Duty.ANSWER:
                lobby_match.answer_resignation(self.answers.pop(0))
                if self.drop_after_answering:
                    self.drop_after_answering = False
                    assert self.client.socket is not None
                    asyncio.get_running_loop().create_task(self.client.socket.close())
                    return
            elif duty is Duty.ROLL:
                lobby_match.roll()
            elif duty is Duty.MOVE:
                lobby_match.play(first_legal(match))
            elif duty is Duty.NEXT_GAME:
                lobby_match.next_game()
            else:
                return

    def saved(self, match: str) -> Match:
        """The match as this player's save keeps it."""
        text = match_file(self.folder, self.lobby.url, match).read_text()
        return restore_network_match(json.loads(text)).match

    def told(self, kind: type[News]) -> list[News]:
        return [news for news in self.heard if isinstance(news, kind)]

    async def leave(self) -> None:
        await self.client.close()
        await self.running


async def a_match(
    lobby: RunningLobby, tmp_path: Path, points: int, offers: list[Offer], answers: list[bool]
) -> tuple[Player, Player]:
    """Anna seeks a match to ``points`` and makes ``offers``; Boris takes it and answers."""
    anna = Player(lobby, "anna", tmp_path / "anna", offers=offers)
    await anna.logged_in.wait()
    anna.client.send(Seek(points, None))
    boris = Player(lobby, "boris", tmp_path / "boris", answers=answers)
    return anna, boris


async def record_of(lobby: RunningLobby, match: str) -> str:
    async with (
        aiohttp.ClientSession() as web,
        web.get(f"http://127.0.0.1:{lobby.port}/matches/{match}/record") as answer,
    ):
        assert answer.status == 200
        return await answer.text()


async def the_end(lobby: RunningLobby, anna: Player, boris: Player) -> tuple[MatchResult, str]:
    """The match's result as both heard it, and the server's record, which verifies."""
    async with asyncio.timeout(WAIT):
        result = await anna.result
        assert await boris.result == result
    record = await record_of(lobby, result.match)
    proof = verify_record(record)
    assert proof.holds, proof.problems
    return result, record


def agree(anna: Player, boris: Player, match: str) -> Match:
    """Both players' saves hold the same games; one of them."""
    kept = anna.saved(match), boris.saved(match)
    for one, other in (kept, kept[::-1]):
        assert [game.turns for game in one.games] == [game.turns for game in other.games]
        assert [game.resignation for game in one.games] == [g.resignation for g in other.games]
        assert one.score == other.score
    return kept[0]


async def test_a_mars_offered_and_accepted_wins_the_game_and_the_next_one_starts(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    offers = [Offer(after_a_few_turns, MARS), Offer(at_once, SINGLE_GAME)]
    anna, boris = await a_match(lobby, tmp_path, 3, offers, [True, True])
    result, record = await the_end(lobby, anna, boris)
    kept = agree(anna, boris, result.match)
    assert [(game.points, game.resignation is not None) for game in kept.games] == [
        (2, True),
        (1, True),
    ]
    assert kept.phase is Phase.MATCH_OVER and kept.winner is result.winner
    first = kept.games[0].resignation
    assert first is not None
    anna_plays = first.side
    assert result.winner is anna_plays.opponent and sorted(result.score) == [0, 3]
    assert f"{anna_plays.label} resigns: {anna_plays.opponent.label} wins a mars" in record
    assert [news.points for news in boris.told(ResignationOffered)] == [MARS, SINGLE_GAME]
    answered = [(news.accepted, news.points) for news in anna.told(ResignationAnswered)]
    assert answered == [(True, MARS), (True, SINGLE_GAME)]
    await anna.leave()
    await boris.leave()


async def test_an_offer_declined_changes_nothing_and_play_goes_on_to_the_next_offer(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    offers = [Offer(at_once, SINGLE_GAME), Offer(after_a_few_turns, MARS)]
    anna, boris = await a_match(lobby, tmp_path, 1, offers, [False, True])
    result, _record = await the_end(lobby, anna, boris)
    kept = agree(anna, boris, result.match)
    game = kept.games[0]
    assert game.resignation is not None and game.points == MARS and len(game.turns) >= 2
    answered = [(news.accepted, news.points) for news in anna.told(ResignationAnswered)]
    assert answered == [(False, SINGLE_GAME), (True, MARS)]
    await anna.leave()
    await boris.leave()


async def test_a_player_whose_line_drops_right_after_accepting_comes_back_to_the_same_history(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    anna, boris = await a_match(lobby, tmp_path, 1, [Offer(after_a_few_turns, MARS)], [True])
    boris.drop_after_answering = True
    result, record = await the_end(lobby, anna, boris)
    assert any(isinstance(news, LineDown) for news in boris.heard)
    kept = agree(anna, boris, result.match)
    assert kept.games[0].resignation is not None and "wins a mars" in record
    await anna.leave()
    await boris.leave()
