"""Lobby clients against the real lobby server on this machine: a player and the built-in
bot (``nardy online --bot``) meet by a seek and play a match through the server by the
two-machine lockstep, the player losing its line mid-match and coming back to the same
match, and both keep the whole match on disk."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import ssl
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from ipaddress import ip_address
from pathlib import Path

import pytest
from aiohttp import web
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from nardy_tui.cli import main
from nardy_tui.cli.online import bot_plays
from nardy_tui.engine import Phase
from nardy_tui.lobby.server import LobbyOptions, RunningLobby, start_lobby
from nardy_tui.net import restore_network_match
from nardy_tui.online import (
    FRAMES_AT_ONCE,
    Accept,
    MatchResult,
    OpenSeeks,
    Ping,
    RatingList,
    Ratings,
    Refusal,
    Seek,
    Welcome,
)
from nardy_tui.options import Level
from nardy_tui.play import (
    ClientNews,
    ClientStopped,
    LineDown,
    LobbyClient,
    MatchJoined,
    OpponentSent,
    Registrations,
    match_file,
)
from tests.running_lobby import first_legal, lobby

__all__ = ["lobby"]
"""The fixture, for pytest to find in this module."""

WAIT = 30.0
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
KEY_FILE = "lobby-key"
"""The player's key in their data folder (docs/lobby-protocol.md, *Who is who*)."""


class Player:
    """A client that plays its first legal play at once, and keeps what it heard."""

    def __init__(
        self, lobby: RunningLobby, name: str, folder: Path, longest_pause_in_a_match: float = 4.0
    ) -> None:
        self.client = LobbyClient(
            lobby.url,
            name,
            folder,
            self.hear,
            first_pause=0.05,
            longest_pause_in_a_match=longest_pause_in_a_match,
        )
        self.heard: list[ClientNews] = []
        self.logged_in = asyncio.Event()
        self.seeking = asyncio.Event()
        """The lobby lists this player's seek."""
        self.result: asyncio.Future[MatchResult] = asyncio.get_running_loop().create_future()
        self.drop_after_turns: int | None = None
        """Close the line once, when the match has this many turns."""

    def hear(self, news: ClientNews) -> None:
        self.heard.append(news)
        if isinstance(news, Welcome):
            self.logged_in.set()
        elif isinstance(news, OpenSeeks) and any(
            seek.name == self.client.name for seek in news.seeks
        ):
            self.seeking.set()
        elif isinstance(news, MatchJoined | OpponentSent):
            news.match.take_turns(first_legal)
            turns = sum(len(game.turns) for game in news.match.match.games)
            if self.drop_after_turns is not None and turns >= self.drop_after_turns:
                self.drop_after_turns = None
                assert self.client.socket is not None
                asyncio.get_running_loop().create_task(self.client.socket.close())
        elif isinstance(news, MatchResult):
            self.result.set_result(news)


@pytest.mark.slow
async def test_a_player_and_the_bot_meet_by_a_seek_and_play_a_match_through_a_drop_to_its_end(
    lobby: RunningLobby,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # some 800 saves: the disk's time only
    anna = Player(lobby, "anna", tmp_path / "anna")
    anna.drop_after_turns = 6
    playing = asyncio.create_task(anna.client.run())
    said: list[str] = []
    async with asyncio.timeout(WAIT):
        await anna.logged_in.wait()
        anna.client.send(Seek(1, None))  # the bot takes it rather than offer its own
        await anna.seeking.wait()
        stopped = await bot_plays(
            lobby.url, "robot", Level.EASY, 1, 1, tmp_path / "bot", said.append
        )
        result = await anna.result
    assert stopped is None
    assert len(said) == 1 and said[0].startswith(f"{result.match}: ") and "(points)" in said[0]
    assert {"anna", "robot"} <= set(said[0].replace(",", " ").split())
    assert any(isinstance(news, LineDown) for news in anna.heard)
    assert sum(isinstance(news, Welcome) for news in anna.heard) == 2  # logged in again
    assert Registrations(tmp_path / "anna").has(lobby.url, "anna")
    saves = [
        restore_network_match(
            json.loads(match_file(tmp_path / folder, lobby.url, result.match).read_text())
        ).match
        for folder in ("anna", "bot")
    ]
    for kept in saves:
        assert kept.phase is Phase.MATCH_OVER and kept.winner is result.winner
    assert [game.turns for game in saves[0].games] == [game.turns for game in saves[1].games]
    await anna.client.close()
    await playing
    listed = json.loads(await shown(capsys, lobby.url, "--ratings", "--json"))
    assert {player["name"]: player["rating"] for player in listed["players"]} == {
        name: after for name, _before, after in result.ratings
    }


async def test_a_client_with_more_to_say_than_the_lobby_allows_at_once_waits_not_refused(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    anna = Player(lobby, "anna", tmp_path / "anna")
    playing = asyncio.create_task(anna.client.run())
    async with asyncio.timeout(WAIT):
        await anna.logged_in.wait()
        for _ in range(FRAMES_AT_ONCE + 50):
            anna.client.send(Ping())
        anna.client.send(Ratings(0, 10))  # answered in turn: after every ping
        while not any(isinstance(news, RatingList) for news in anna.heard):
            await asyncio.sleep(0.05)
    assert not [news for news in anna.heard if isinstance(news, Refusal)]
    await anna.client.close()
    await playing


async def test_a_player_in_a_match_tries_the_server_again_often_while_it_is_away(
    tmp_path: Path,
) -> None:
    """Their clock runs again from the moment the server is back."""
    lobby = await start_lobby(LobbyOptions(tmp_path, port=0))
    anna = Player(lobby, "anna", tmp_path / "anna", longest_pause_in_a_match=0.2)
    boris = Player(lobby, "boris", tmp_path / "boris")
    playing = [asyncio.create_task(player.client.run()) for player in (anna, boris)]
    async with asyncio.timeout(WAIT):
        for player in (anna, boris):
            await player.logged_in.wait()
        anna.client.send(Seek(1, None))
        await anna.seeking.wait()
        [seek] = anna.client.lists.seeks
        boris.client.send(Accept(seek))
        while not anna.client.matches:
            await asyncio.sleep(0.05)
        await lobby.stop()
        while len(pauses := [n.retry_in for n in anna.heard if isinstance(n, LineDown)]) < 5:
            await asyncio.sleep(0.05)
    assert pauses[:3] == [0.05, 0.1, 0.2] and max(pauses) == 0.2
    for player in (anna, boris):
        await player.client.close()
    await asyncio.gather(*playing)


async def test_a_client_that_cannot_reach_the_server_at_first_stops_and_says_why(
    tmp_path: Path,
) -> None:
    heard: list[ClientNews] = []
    client = LobbyClient("ws://127.0.0.1:9/ws", "anna", tmp_path, heard.append)
    await asyncio.wait_for(client.run(), WAIT)
    assert len(heard) == 1 and isinstance(heard[0], ClientStopped)
    assert "cannot be reached" in heard[0].reason


async def stopped_against(
    handler: Handler, tmp_path: Path, tls: ssl.SSLContext | None = None
) -> str:
    """Why a client stops that meets a web server answering every request with
    ``handler`` (over TLS with ``tls``) instead of a lobby."""
    app = web.Application()
    app.router.add_get("/ws", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=tls)
    await site.start()
    port = runner.addresses[0][1]
    scheme = "wss" if tls else "ws"
    heard: list[ClientNews] = []
    client = LobbyClient(f"{scheme}://127.0.0.1:{port}/ws", "anna", tmp_path, heard.append)
    try:
        await asyncio.wait_for(client.run(), WAIT)
    finally:
        await runner.cleanup()
    assert len(heard) == 1 and isinstance(heard[0], ClientStopped)
    return heard[0].reason


async def test_a_proxy_whose_lobby_is_down_is_named_with_its_answer(tmp_path: Path) -> None:
    async def bad_gateway(request: web.Request) -> web.Response:
        return web.Response(status=502)

    reason = await stopped_against(bad_gateway, tmp_path)
    assert "answered with status 502 instead of opening the lobby" in reason


async def test_a_certificate_this_machine_does_not_trust_is_said_to_be_one(
    tmp_path: Path,
) -> None:
    async def never(request: web.Request) -> web.Response:
        raise AssertionError("the handshake should have failed first")

    reason = await stopped_against(never, tmp_path, tls=self_signed(tmp_path))
    assert "certificate at 127.0.0.1:" in reason and "not trusted" in reason
    assert "operation not permitted" not in reason


def self_signed(folder: Path) -> ssl.SSLContext:
    """A server's TLS context with a certificate that signs itself, for 127.0.0.1."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ip_address("127.0.0.1"))]), False
        )
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_file, key_file)
    return context


async def shown(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``nardy online`` prints with ``args`` (run beside the server's loop, as the
    command blocks while it waits for the server)."""
    capsys.readouterr()
    status = await asyncio.to_thread(main, ["online", *args])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


async def test_the_rating_list_is_shown_as_a_table_with_the_bots_marked(
    lobby: RunningLobby, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    anna = Player(lobby, "anna", tmp_path / "anna")
    playing = asyncio.create_task(anna.client.run())
    await asyncio.wait_for(anna.logged_in.wait(), WAIT)
    table = await shown(capsys, lobby.url, "--ratings")
    assert table.split("\n")[1].split() == ["1", "anna", "1500.00", "0", "0"]
    await anna.client.close()
    await playing


async def test_a_name_is_registered_once_then_logged_into_and_refused_to_another_key(
    lobby: RunningLobby, tmp_path: Path
) -> None:
    first = Player(lobby, "anna", tmp_path / "first")
    playing = asyncio.create_task(first.client.run())
    await asyncio.wait_for(first.logged_in.wait(), WAIT)
    await first.client.close()
    await playing
    # The same key in a folder that lost its online.json registers, is refused, logs in.
    (tmp_path / "again").mkdir()
    shutil.copy(tmp_path / "first" / KEY_FILE, tmp_path / "again" / KEY_FILE)
    again = Player(lobby, "Anna", tmp_path / "again")
    playing = asyncio.create_task(again.client.run())
    await asyncio.wait_for(again.logged_in.wait(), WAIT)
    assert not any(isinstance(news, LineDown | ClientStopped) for news in again.heard)
    assert Registrations(tmp_path / "again").has(lobby.url, "anna")
    await again.client.close()
    await playing
    # Another key is refused the name, in the server's words for the registration.
    stranger = Player(lobby, "anna", tmp_path / "stranger")
    await asyncio.wait_for(stranger.client.run(), WAIT)
    assert stranger.heard == [ClientStopped("that name is taken")]
