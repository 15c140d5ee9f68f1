"""The lobby server as players meet it over its WebSocket: who is who, a seek taken, a
match relayed and refereed to its end, watched, rated and recorded; and what a hostile
client tries, refused without touching anyone else."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from nardy_tui.engine import Phase, Side
from nardy_tui.frame_pace import FramePace
from nardy_tui.lobby import server
from nardy_tui.lobby.database import Database, PostgresServer
from nardy_tui.lobby.hub import match_id
from nardy_tui.lobby.server import LobbyOptions, RunningLobby, start_lobby
from nardy_tui.lobby.store import Conflict, Store, StoredMatch
from nardy_tui.net import encode_message, verify_record
from nardy_tui.online import Identity, Purpose
from tests.online.test_referee import FIRST_SYNC, Script

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

    async def hear(self, kind: str | tuple[str, ...], **fields: Any) -> dict[str, Any]:
        """The first frame of ``kind`` (or one of the kinds, with these fields) heard,
        waiting for it."""
        for frame in self.heard:
            if _fits(frame, kind, fields):
                self.heard.remove(frame)
                return frame
        try:
            async with asyncio.timeout(WAIT):
                while True:
                    message = await self.socket.receive()
                    assert message.type is aiohttp.WSMsgType.TEXT, message
                    frame = json.loads(message.data)
                    if _fits(frame, kind, fields):
                        return frame
                    self.heard.append(frame)
        except TimeoutError:
            raise AssertionError(f"never heard {kind} {fields}; heard {self.heard[-4:]}") from None

    async def close(self) -> None:
        await self.socket.close()
        await self.session.close()


def _fits(frame: dict[str, Any], kind: str | tuple[str, ...], fields: dict[str, Any]) -> bool:
    kinds = (kind,) if isinstance(kind, str) else kind
    return frame["t"] in kinds and all(frame.get(k) == v for k, v in fields.items())


async def connect(lobby: RunningLobby) -> tuple[Client, str]:
    session = aiohttp.ClientSession()
    socket = await session.ws_connect(lobby.url)
    client = Client(socket, session)
    hello = await client.hear("hello")
    return client, hello["challenge"]


IDENTITIES: dict[str, Identity] = {}
"""Each test player's key pair, made the first time the name registers."""


async def registered(lobby: RunningLobby, name: str) -> Client:
    client, challenge = await connect(lobby)
    me = IDENTITIES[name] = Identity.generate()
    await client.send(
        t="register",
        name=name,
        key=me.public_key_hex,
        signature=me.sign_login(challenge, lobby.url, Purpose.REGISTER),
        bot=False,
    )
    await client.hear("welcome", name=name, rating=1500.0)
    return client


async def logged_in(lobby: RunningLobby, name: str) -> Client:
    client, challenge = await connect(lobby)
    signature = IDENTITIES[name].sign_login(challenge, lobby.url, Purpose.LOGIN)
    await client.send(t="login", name=name, signature=signature)
    await client.hear("welcome", name=name)
    return client


@dataclass
class Players:
    """The two players of a match: each side's client and name."""

    clients: dict[Side, Client]
    names: dict[Side, str]
    match: str


async def match_between(lobby: RunningLobby, clock: dict[str, int] | None = None) -> Players:
    """Anna seeks, Boris accepts."""
    anna, boris = await registered(lobby, "anna"), await registered(lobby, "boris")
    await anna.send(t="seek", points=1, clock=clock)
    await boris.send(t="accept", id=await _seek_of(boris))
    clients: dict[Side, Client] = {}
    names: dict[Side, str] = {}
    for name, client in (("anna", anna), ("boris", boris)):
        begun = await client.hear("match")
        clients[Side(begun["you"])], names[Side(begun["you"])] = client, name
        await client.send(t="m", id=begun["id"], msg=json.loads(encode_message(FIRST_SYNC)))
        assert (await client.hear("m", id=begun["id"]))["msg"] == json.loads(
            encode_message(FIRST_SYNC)
        )
    return Players(clients, names, begun["id"])


async def _seek_of(client: Client) -> str:
    """The first seek the lobby lists to ``client``, whole or as a change."""
    while True:
        seeks = (await client.hear(("seeks", "seeks_changed")))["seeks"]
        if seeks:
            return str(seeks[0]["id"])


async def test_two_players_meet_by_a_seek_play_a_whole_match_and_a_watcher_sees_it_all(
    lobby: RunningLobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The script sends as fast as loopback carries it, faster than the lobby lets one
    # connection go on sending (that refusal has a test of its own).
    monkeypatch.setattr(server, "server_pace", lambda: FramePace(10_000, 10_000))
    two = await match_between(lobby)
    players, match = two.clients, two.match
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
    names = two.names
    assert f"White: {names[Side.WHITE]} / Black: {names[Side.BLACK]} (lobby match)" in record
    assert [p["rating"] for p in listed["players"]] == [1510.0, 1500.0, 1490.0]
    for client in (*players.values(), watcher):
        await client.close()


async def relay(script: Script, players: dict[Side, Client], match: str, messages: int) -> None:
    """The honest script's next ``messages`` messages, each sent by its side's client and
    heard by the other's."""
    for _ in range(messages):
        side, message = script.next_message()
        script.step()
        sent = json.loads(encode_message(message))
        await players[side].send(t="m", id=match, msg=sent)
        await players[side.opponent].hear("m", id=match, msg=sent)


async def test_a_player_who_drops_comes_back_to_the_same_match_and_is_sent_what_they_missed(
    lobby: RunningLobby,
) -> None:
    two = await match_between(lobby)
    players, match = two.clients, two.match
    script = Script()
    await relay(script, players, match, 12)
    dropped = script.next_message()[0].opponent  # not the next to send
    where_it_was = script.referee.sync()
    await players[dropped].close()
    missed: list[dict[str, Any]] = []
    while len(missed) < 3:  # the other side goes on alone as far as it can
        side, message = script.next_message()
        if side is dropped:
            break
        script.step()
        missed.append(json.loads(encode_message(message)))
        await players[side].send(t="m", id=match, msg=missed[-1])
    assert missed
    back = await logged_in(lobby, two.names[dropped])
    await back.hear("match", id=match, you=dropped.value)
    await back.send(t="m", id=match, msg=json.loads(encode_message(where_it_was)))
    assert (await back.hear("m", id=match))["msg"]["t"] == "sync"
    for message in missed:
        await back.hear("m", id=match, msg=message)
    players[dropped] = back
    await relay(script, players, match, 6)
    for client in players.values():
        await client.close()


async def test_a_server_restarted_mid_match_takes_it_up_where_it_was(tmp_path: Path) -> None:
    lobby = await start_lobby(LobbyOptions(tmp_path, port=0))
    two = await match_between(lobby)
    script = Script()
    await relay(script, two.clients, two.match, 20)
    await lobby.stop()
    for client in two.clients.values():
        await client.close()
    lobby = await start_lobby(LobbyOptions(tmp_path, port=0))
    for side, name in two.names.items():
        back = two.clients[side] = await logged_in(lobby, name)
        await back.hear("match", id=two.match, you=side.value)
        await back.send(t="m", id=two.match, msg=json.loads(encode_message(script.referee.sync())))
        assert (await back.hear("m", id=two.match))["msg"]["t"] == "sync"
    await relay(script, two.clients, two.match, 20)  # the match goes on where it was
    for client in two.clients.values():
        await client.close()
    await lobby.stop()


async def test_a_player_who_says_where_they_are_again_is_told_the_clocks_as_the_lobby_has_them(
    lobby: RunningLobby,
) -> None:
    """After a drop, a client's own clocks ran on (or stopped with the server): the
    lobby's answer to its sync sets them right."""
    two = await match_between(lobby, clock={"delay": 10, "reserve": 60})
    white = two.clients[Side.WHITE]
    await white.hear("clock", id=two.match)  # the first sync's
    await white.send(t="m", id=two.match, msg=json.loads(encode_message(FIRST_SYNC)))
    assert (await white.hear("m", id=two.match))["msg"]["t"] == "sync"
    clock = await white.hear("clock", id=two.match)
    assert clock["white"] == clock["black"] == 60_000
    for client in two.clients.values():
        await client.close()


async def test_a_match_in_play_across_a_restart_is_told_gone_to_the_lobby_when_it_ends(
    tmp_path: Path,
) -> None:
    lobby = await start_lobby(LobbyOptions(tmp_path, port=0))
    two = await match_between(lobby)
    await lobby.stop()
    for client in two.clients.values():
        await client.close()
    lobby = await start_lobby(LobbyOptions(tmp_path, port=0))
    vera = await registered(lobby, "vera")
    assert [listed["id"] for listed in (await vera.hear("matches"))["matches"]] == [two.match]
    black = await logged_in(lobby, two.names[Side.BLACK])
    await black.send(t="resign", id=two.match, stake="match")
    assert (await vera.hear("matches_changed"))["gone"] == [two.match]
    for client in (vera, black):
        await client.close()
    await lobby.stop()


async def test_a_seek_taken_as_someone_logs_in_is_not_listed_to_them_for_good(
    lobby: RunningLobby,
) -> None:
    """A seek made and taken between two tellings of the lists' changes: one who logged in
    meanwhile is told the lists as everyone was, so that the next changes leave theirs
    right."""
    anna, boris = await registered(lobby, "anna"), await registered(lobby, "boris")
    await (await registered(lobby, "vera")).close()
    await anna.send(t="seek", points=1, clock=None)
    vera = await logged_in(lobby, "vera")
    await boris.send(t="accept", id="s1")
    await vera.hear("matches_changed")  # the match begun: the changes told
    seeks: set[str] = set()
    for frame in vera.heard:
        if frame["t"] == "seeks":
            seeks = {seek["id"] for seek in frame["seeks"]}
        elif frame["t"] == "seeks_changed":
            seeks = (seeks | {seek["id"] for seek in frame["seeks"]}) - set(frame["gone"])
    assert seeks == set()
    for client in (anna, vera, boris):
        await client.close()


async def test_a_player_whose_reserve_runs_out_loses_the_match_and_the_ratings_move(
    lobby: RunningLobby,
) -> None:
    two = await match_between(lobby, clock={"delay": 0, "reserve": 1})
    script = Script()
    while len(script.referee.waiting_for()) != 1:
        await relay(script, two.clients, two.match, 1)
    [stalling] = script.referee.waiting_for()
    clock = await two.clients[stalling].hear("clock", id=two.match, running=stalling.value)
    assert 0 < clock[stalling.value] <= 1000 and clock["delay"] == 0
    for client in two.clients.values():  # nothing more is sent: the clock runs out
        result = await client.hear("result", id=two.match)
        assert result["reason"] == "time" and result["winner"] == stalling.opponent.value
        assert result["ratings"][two.names[stalling]] == [1500.0, 1490.0]
        await client.close()


async def test_a_play_out_of_turn_a_watchers_move_and_another_players_match_are_refused(
    lobby: RunningLobby,
) -> None:
    two = await match_between(lobby)
    players, match = two.clients, two.match
    stranger = await registered(lobby, "mallory")
    script = Script()
    _, message = script.next_message()
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
    for _ in range(1000):
        await flooder.send(t="ping")
    assert (await flooder.hear("error"))["code"] == "too_fast"
    async with asyncio.timeout(WAIT):
        while (await flooder.socket.receive()).type is not aiohttp.WSMsgType.CLOSE:
            pass
    await anna.send(t="ping")
    await anna.hear("pong")
    await flooder.close()
    await anna.close()


async def closed(client: Client) -> aiohttp.WSMessage:
    """The close the server sent, after whatever it said before it."""
    async with asyncio.timeout(WAIT):
        while True:
            message = await client.socket.receive()
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                return message


async def test_a_huge_frame_closes_its_socket_and_a_deep_one_is_refused(
    lobby: RunningLobby,
) -> None:
    anna = await registered(lobby, "anna")
    deep = await registered(lobby, "deep")
    await deep.socket.send_str('{"t":"ping","x":' + "[" * 500 + "]" * 500 + "}")
    assert "deeper" in (await deep.hear("error"))["text"]
    huge = await registered(lobby, "huge")
    await huge.socket.send_str(json.dumps({"t": "ping", "pad": "x" * 100_000}))
    assert (await closed(huge)).data == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    await anna.send(t="ping")
    await anna.hear("pong")
    for client in (anna, deep, huge):
        await client.close()


async def test_a_connection_that_never_says_who_it_is_is_closed(
    lobby: RunningLobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("nardy_tui.lobby.server.ANONYMOUS_SECONDS", 0.3)
    silent, _ = await connect(lobby)
    await closed(silent)
    await silent.close()


async def test_two_hundred_idle_sockets_leave_a_match_alone(lobby: RunningLobby) -> None:
    idle = [await connect(lobby) for _ in range(200)]
    two = await match_between(lobby)
    await relay(Script(), two.clients, two.match, 10)
    for client, _ in idle:
        await client.close()
    for client in two.clients.values():
        await client.close()


async def _clock_running_for_one_side(
    lobby: RunningLobby, clock: dict[str, int]
) -> tuple[Players, Side]:
    """A match with ``clock`` played until its clock runs for one side: that side."""
    two = await match_between(lobby, clock=clock)
    script = Script()
    while len(script.referee.waiting_for()) != 1:
        await relay(script, two.clients, two.match, 1)
    [on_the_clock] = script.referee.waiting_for()
    await two.clients[on_the_clock].hear("clock", id=two.match, running=on_the_clock.value)
    return two, on_the_clock


async def test_a_player_who_drops_on_their_turn_loses_on_time_and_hears_it_on_coming_back(
    lobby: RunningLobby,
) -> None:
    two, dropped = await _clock_running_for_one_side(lobby, {"delay": 0, "reserve": 1})
    await two.clients[dropped].close()
    stayed = two.clients[dropped.opponent]
    result = await stayed.hear("result", id=two.match)
    assert result["reason"] == "time" and result["winner"] == dropped.opponent.value
    back = await logged_in(lobby, two.names[dropped])
    assert await back.hear("result", id=two.match) == result
    await back.close()
    again = await logged_in(lobby, two.names[dropped])  # told once
    await again.send(t="ping")
    await again.hear("pong")
    assert not [frame for frame in again.heard if frame["t"] == "result"]
    await again.close()
    await stayed.close()


async def _match_and_last_heartbeat(database: Database, match: str) -> tuple[StoredMatch, float]:
    store = Store(database)
    try:
        stored = await store.match(match_id(match))
        heartbeats = await store.heartbeats()
    finally:
        await store.close()
    assert stored is not None
    return stored, max(beat.alive_at for beat in heartbeats.values())


async def test_the_clocks_stop_while_the_lobby_is_away(
    database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if isinstance(database, PostgresServer):
        options = LobbyOptions(tmp_path, database_url=database.url, port=0)
    else:
        options = LobbyOptions(database.path.parent, port=0)
    lobby = await start_lobby(options)
    two, waited_for = await _clock_running_for_one_side(lobby, {"delay": 0, "reserve": 10})
    await lobby.stop()
    for client in two.clients.values():
        await client.close()
    stopped, when_stopped = await _match_and_last_heartbeat(database, two.match)
    assert stopped.clock is not None
    reserve = stopped.clock.reserve_left(waited_for, when_stopped)
    away = time.time  # started again 12 s later: longer than the reserve, and so soon that
    monkeypatch.setattr(time, "time", lambda: away() + 12)  # only the stop says it stopped
    lobby = await start_lobby(options)
    started, _ = await _match_and_last_heartbeat(database, two.match)
    assert started.result is None and started.clock is not None
    assert reserve - 2 < started.clock.reserve_left(waited_for, time.time()) <= reserve
    await lobby.stop()


async def test_a_player_who_gives_up_the_match_loses_it_at_once_and_the_ratings_move(
    lobby: RunningLobby,
) -> None:
    two = await match_between(lobby)
    await relay(Script(), two.clients, two.match, 4)
    giving_up = Side.BLACK
    watcher = await registered(lobby, "vera")
    await watcher.send(t="watch", id=two.match)
    await watcher.hear("match", id=two.match)
    await two.clients[giving_up].send(t="resign", id=two.match, stake="match")
    for client in (*two.clients.values(), watcher):
        result = await client.hear("result", id=two.match)
        assert result["reason"] == "resigned" and result["winner"] == giving_up.opponent.value
        assert result["ratings"][two.names[giving_up]] == [1500.0, 1490.0]
        await client.close()
    record = await record_of(lobby, two.match)
    assert verify_record(record).holds
    closing = "Match result: White wins the match 0-0 (White-Black): Black resigned the match"
    assert f"\n{closing}\n" in record


async def record_of(lobby: RunningLobby, match: str) -> str:
    async with (
        aiohttp.ClientSession() as web,
        web.get(f"http://127.0.0.1:{lobby.port}/matches/{match}/record") as answer,
    ):
        return await answer.text()


async def test_a_challenged_player_declines_then_accepts_and_the_two_play(
    lobby: RunningLobby,
) -> None:
    anna, boris = await registered(lobby, "anna"), await registered(lobby, "boris")
    await anna.send(t="challenge", name="BORIS", points=3, clock={"delay": 10, "reserve": 60})
    offered = await boris.hear("challenged", by="anna", points=3)
    assert offered["clock"] == {"delay": 10, "reserve": 60}
    await boris.send(t="answer", id=offered["id"], yes=False)
    await anna.hear("declined", id=offered["id"], by="boris")
    await anna.send(t="challenge", name="boris", points=1, clock=None)
    offered = await boris.hear("challenged", by="anna", points=1)
    carl = await registered(lobby, "carl")
    await carl.send(t="challenge", name="boris", points=1, clock=None)
    assert (await carl.hear("error"))["code"] == "busy"  # one open challenge at a time
    await carl.send(t="answer", id=offered["id"], yes=True)
    assert (await carl.hear("error"))["code"] == "not_found"  # not his to answer
    await boris.send(t="answer", id=offered["id"], yes=True)
    sides = {(await client.hear("match", points=1))["you"] for client in (anna, boris)}
    assert sides == {"white", "black"}
    for client in (anna, boris, carl):
        await client.close()


async def test_a_message_the_store_keeps_refusing_is_refused_to_its_sender_not_lost(
    lobby: RunningLobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another instance storing first, twice over, while the message was judged: the sender
    is told to send it again; sent again once the store takes it, the opponent hears it
    once."""
    two = await match_between(lobby)
    players, match = two.clients, two.match

    async def always_behind(*_args: object, **_kwargs: object) -> None:
        raise Conflict("another instance stored a message first")

    monkeypatch.setattr(lobby.server.store, "append_message", always_behind)
    side, message = Script().next_message()
    sent = json.loads(encode_message(message))
    await players[side].send(t="m", id=match, msg=sent)
    assert (await players[side].hear("error"))["code"] == "busy"
    monkeypatch.undo()
    await players[side].send(t="m", id=match, msg=sent)
    assert (await players[side.opponent].hear("m", id=match))["msg"] == sent
    assert [message.text for message in await lobby.server.store.messages(match_id(match))] == [
        encode_message(message).decode()
    ]
    for client in players.values():
        await client.close()
