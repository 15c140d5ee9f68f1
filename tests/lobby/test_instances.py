"""Several lobby server instances on one PostgreSQL serve one lobby: players connected to
different instances see each other, play a match refereed on both, and a watcher on either
sees it all."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
import pytest

from nardy_tui.engine import Phase, Side
from nardy_tui.lobby.database import PostgresServer
from nardy_tui.lobby.server import LobbyOptions, start_lobby
from nardy_tui.net import encode_message, verify_record
from tests.lobby.test_server import Client, registered
from tests.online.test_referee import FIRST_SYNC, Script

pytestmark = pytest.mark.slow
LISTS = ("players", "seeks", "matches", "players_changed", "seeks_changed", "matches_changed")


async def _listed(client: Client, kind: str, key: str, wanted: set[str]) -> None:
    """Wait until ``client`` has heard, in the list of ``kind`` (whole, then its changes),
    everything in ``wanted``."""
    listed: set[str] = set()
    while not wanted <= listed:
        frame = await client.hear((kind, f"{kind}_changed"))
        if frame["t"] == kind:
            listed = set()
        listed |= {entry[key] for entry in frame[kind]}
        listed -= set(frame.get("gone", []))


async def test_players_on_two_instances_play_a_match_watched_rated_and_recorded(
    postgres_database: PostgresServer, tmp_path: Path
) -> None:
    options = LobbyOptions(tmp_path, database_url=postgres_database.url, port=0)
    first, second = await start_lobby(options), await start_lobby(options)
    anna = await registered(first, "anna")
    boris = await registered(second, "boris")
    await _listed(anna, "players", "name", {"anna", "boris"})
    await _listed(boris, "players", "name", {"anna", "boris"})
    await anna.send(t="seek", points=1, clock={"delay": 10, "reserve": 60})
    seeks = await boris.hear(("seeks", "seeks_changed"))
    while not seeks["seeks"]:
        seeks = await boris.hear(("seeks", "seeks_changed"))
    await boris.send(t="accept", id=seeks["seeks"][0]["id"])
    players: dict[Side, Client] = {}
    for client in (anna, boris):
        begun = await client.hear("match")
        players[Side(begun["you"])] = client
    match = begun["id"]
    for client in players.values():
        client.heard = [frame for frame in client.heard if frame["t"] not in LISTS]
    watcher = await registered(second, "vera")  # who is online changes: no news to players
    await _listed(watcher, "matches", "id", {match})
    await watcher.send(t="watch", id=match)
    await watcher.hear("match", id=match, you=None)
    for client in players.values():
        await client.send(t="m", id=match, msg=json.loads(encode_message(FIRST_SYNC)))
        await client.hear("m", id=match)
    script = Script()
    while script.referee.match.phase is not Phase.MATCH_OVER:
        side, message = script.next_message()
        script.step()
        sent = json.loads(encode_message(message))
        await players[side].send(t="m", id=match, msg=sent)
        await players[side.opponent].hear("m", id=match, msg=sent)
        await watcher.hear("m", id=match, msg=sent, **{"from": side.value})
        for client in (*players.values(), watcher):
            clock = await client.hear("clock", id=match)
            assert 0 < clock["white"] <= 60_000 and 0 < clock["black"] <= 60_000, clock
    for client in players.values():
        assert [frame for frame in client.heard if frame["t"] in LISTS] == []
    for client in (*players.values(), watcher):
        result = await client.hear("result", id=match)
        assert sorted(result["ratings"].values()) == [[1500.0, 1490.0], [1500.0, 1510.0]]
    for client in players.values():  # sent no list while they played: now the lobby again
        in_play = await client.hear("matches")
        assert match not in {listed["id"] for listed in in_play["matches"]}
    async with aiohttp.ClientSession() as web:
        for lobby in (first, second):
            url = f"http://127.0.0.1:{lobby.port}"
            async with web.get(f"{url}/matches/{match}/record") as answer:
                proof = verify_record(await answer.text())
            assert proof.holds, proof.problems
            async with web.get(f"{url}/ratings") as answer:
                listed = await answer.json()
            assert [p["rating"] for p in listed["players"]] == [1510.0, 1500.0, 1490.0]
    for client in (*players.values(), watcher):
        await client.close()
    await first.stop()
    await second.stop()


async def test_a_challenge_reaches_a_player_on_another_instance_and_so_does_the_answer(
    postgres_database: PostgresServer, tmp_path: Path
) -> None:
    options = LobbyOptions(tmp_path, database_url=postgres_database.url, port=0)
    first, second = await start_lobby(options), await start_lobby(options)
    anna = await registered(first, "anna")
    boris = await registered(second, "boris")
    await anna.send(t="challenge", name="boris", points=1, clock=None)
    offered = await boris.hear("challenged", by="anna")
    await boris.send(t="answer", id=offered["id"], yes=False)
    await anna.hear("declined", id=offered["id"], by="boris")
    for client in (anna, boris):
        await client.close()
    await first.stop()
    await second.stop()
