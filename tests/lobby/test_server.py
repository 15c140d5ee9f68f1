"""The lobby server as players meet it over its WebSocket: who is who, a seek taken, a
match relayed and refereed to its end, watched, rated and recorded; and what a hostile
client tries, refused without touching anyone else."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from nardy_tui.engine import Phase, Side
from nardy_tui.lobby.server import LobbyOptions, RunningLobby, start_lobby
from nardy_tui.net import encode_message, verify_record
from nardy_tui.online import Identity, Purpose
from tests.lobby.test_referee import Script

WAIT = 10.0


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[RunningLobby]:
    running = await start_lobby(LobbyOptions(tmp_path, port=0))
    yield running
    await running.stop()


@dataclass
class Client:
    """A client program, reduced to its socket and what it heard."""

    socket: aiohttp.ClientWebSocketResponse
    session: aiohttp.ClientSession
    heard: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, **frame: Any) -> None:
        await self.socket.send_str(json.dumps(frame))

    async def hear(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The first frame of ``kind`` (with these fields) heard, waiting for it."""
        async with asyncio.timeout(WAIT):
            for frame in self.heard:
                if _fits(frame, kind, fields):
                    self.heard.remove(frame)
                    return frame
            while True:
                message = await self.socket.receive()
                assert message.type is aiohttp.WSMsgType.TEXT, message
                frame = json.loads(message.data)
                if _fits(frame, kind, fields):
                    return frame
                self.heard.append(frame)

    async def close(self) -> None:
        await self.socket.close()
        await self.session.close()


def _fits(frame: dict[str, Any], kind: str, fields: dict[str, Any]) -> bool:
    return frame["t"] == kind and all(frame.get(k) == v for k, v in fields.items())


async def connect(lobby: RunningLobby) -> tuple[Client, str]:
    session = aiohttp.ClientSession()
    socket = await session.ws_connect(lobby.url)
    client = Client(socket, session)
    hello = await client.hear("hello")
    return client, hello["challenge"]


async def registered(lobby: RunningLobby, name: str) -> Client:
    client, challenge = await connect(lobby)
    me = Identity.generate()
    await client.send(
        t="register",
        name=name,
        key=me.public_key_hex,
        signature=me.sign_login(challenge, lobby.url, Purpose.REGISTER),
        bot=False,
    )
    await client.hear("welcome", name=name, rating=1500.0)
    return client


async def match_between(lobby: RunningLobby) -> tuple[dict[Side, Client], str]:
    anna, boris = await registered(lobby, "anna"), await registered(lobby, "boris")
    await anna.send(t="seek", points=1, clock=None)
    seek = await _seek_of(boris)
    await boris.send(t="accept", id=seek)
    sides: dict[Side, Client] = {}
    for client in (anna, boris):
        begun = await client.hear("match")
        sides[Side(begun["you"])] = client
    return sides, begun["id"]


async def _seek_of(client: Client) -> str:
    while True:
        seeks = (await client.hear("seeks"))["seeks"]
        if seeks:
            return str(seeks[0]["id"])


async def test_two_players_meet_by_a_seek_play_a_whole_match_and_a_watcher_sees_it_all(
    lobby: RunningLobby,
) -> None:
    players, match = await match_between(lobby)
    watcher = await registered(lobby, "vera")
    await watcher.send(t="watch", id=match)
    await watcher.hear("match", id=match, you=None)
    script = Script()
    while script.referee.match.phase is not Phase.MATCH_OVER:
        side, message = script.next_message()
        script.step()
        sent = json.loads(encode_message(message))
        await players[side].send(t="m", id=match, msg=sent)
        await players[side.opponent].hear("m", id=match, msg=sent)
        await watcher.hear("m", id=match, msg=sent, **{"from": side.value})
    winner = script.referee.match.winner
    assert winner is not None
    for client in (*players.values(), watcher):
        result = await client.hear("result", id=match)
        assert result["winner"] == winner.value and result["reason"] == "points"
        ratings = sorted(result["ratings"].values())
        assert ratings == [[1500.0, 1490.0], [1500.0, 1510.0]]
    async with aiohttp.ClientSession() as web:
        port = lobby.port
        async with web.get(f"http://127.0.0.1:{port}/matches/{match}/record") as answer:
            record = await answer.text()
        async with web.get(f"http://127.0.0.1:{port}/ratings") as answer:
            listed = await answer.json()
    proof = verify_record(record)
    assert proof.holds, proof.problems
    assert [p["rating"] for p in listed["players"]] == [1510.0, 1500.0, 1490.0]
    for client in (*players.values(), watcher):
        await client.close()


async def test_a_play_out_of_turn_a_watchers_move_and_another_players_match_are_refused(
    lobby: RunningLobby,
) -> None:
    players, match = await match_between(lobby)
    stranger = await registered(lobby, "mallory")
    script = Script()
    side, message = script.next_message()
    sent = json.loads(encode_message(message))
    await stranger.send(t="m", id=match, msg=sent)
    assert (await stranger.hear("error"))["code"] == "not_allowed"
    await stranger.send(t="m", id="m999", msg=sent)
    assert (await stranger.hear("error"))["code"] == "not_found"
    play = {"t": "play", "turn": 0, "steps": [[24, 19, 5]]}
    await players[Side.WHITE].send(t="m", id=match, msg=play)
    assert (await players[Side.WHITE].hear("error"))["code"] in ("not_allowed", "illegal")
    for client in (*players.values(), stranger):
        await client.close()


async def test_a_wrong_signature_or_a_taken_name_is_refused_and_the_socket_closed(
    lobby: RunningLobby,
) -> None:
    client, challenge = await connect(lobby)
    me, other = Identity.generate(), Identity.generate()
    await client.send(
        t="register",
        name="anna",
        key=me.public_key_hex,
        signature=other.sign_login(challenge, lobby.url, Purpose.REGISTER),
        bot=False,
    )
    assert (await client.hear("error"))["code"] == "not_allowed"
    assert (await client.socket.receive()).type is aiohttp.WSMsgType.CLOSE
    await client.close()
    anna = await registered(lobby, "anna")
    thief, challenge = await connect(lobby)
    await thief.send(
        t="register",
        name="ANNA",
        key=other.public_key_hex,
        signature=other.sign_login(challenge, lobby.url, Purpose.REGISTER),
        bot=False,
    )
    assert "taken" in (await thief.hear("error"))["text"]
    await thief.close()
    await anna.close()


async def test_a_flood_and_bad_frames_close_only_that_socket(lobby: RunningLobby) -> None:
    anna = await registered(lobby, "anna")
    flooder = await registered(lobby, "flood")
    for _ in range(200):
        await flooder.send(t="ping")
    assert (await flooder.hear("error"))["code"] == "too_fast"
    async with asyncio.timeout(WAIT):
        while (await flooder.socket.receive()).type is not aiohttp.WSMsgType.CLOSE:
            pass
    await anna.send(t="ping")
    await anna.hear("pong")
    await flooder.close()
    await anna.close()
