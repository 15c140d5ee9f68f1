"""``nardy lobby-server``: the lobby on the web, a WebSocket at ``/ws`` and two plain pages.

Everything a connection sends is untrusted and bounded: a frame's size and depth
(``nardy_tui.online.wire``), its rate, how many bad frames it may send, how long it may
stay silent or anonymous, how many connections the server holds at all. A connection that
goes over is answered with an ``error`` and then closed; nothing it sends reaches another
match or stops the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web
from sqlalchemy.exc import SQLAlchemyError

from nardy_tui.lobby import frames
from nardy_tui.lobby.bus import Bus, bus_for
from nardy_tui.lobby.database import database_at
from nardy_tui.lobby.hub import Hub, Refused, match_id
from nardy_tui.lobby.store import Ending, InstanceId, NameTaken, Player, Store, StoredMatch
from nardy_tui.online import (
    MAX_REQUEST_BYTES,
    ErrorCode,
    Login,
    Purpose,
    Register,
    WireError,
    login_signature_is_right,
    name_problem,
    new_challenge,
    read_request,
    server_pace,
)
from nardy_tui.storage import match_result_line

BAD_FRAMES = 10
"""Bad frames (or frames over its pace, ``online.server_pace``) a connection may send
before it is closed."""
SILENT_SECONDS = 60.0
"""A connection silent this long is closed (a client pings every 20 s)."""
ANONYMOUS_SECONDS = 10.0
"""How long a connection has to say who it is."""
MOST_CONNECTIONS = 5000
"""Connections one instance holds at most; more are turned away before the WebSocket."""
SEND_SECONDS = 10.0
"""A connection that takes this long to take one frame is a reader too slow to keep."""

WRONG_VERSION, REFUSED_LOGIN, TOO_MANY_BAD, BANNED = 4000, 4001, 4002, 4003


@dataclass(frozen=True, slots=True)
class LobbyOptions:
    """How a lobby server is run (``nardy lobby-server``'s options)."""

    data_folder: Path
    database_url: str | None = None
    address: str = "127.0.0.1"
    port: int = 8090
    public_url: str | None = None
    """The WebSocket URL players reach this server at, which their login signs; without
    it, the URL a connection came to (its ``Host``) is taken."""


class Connection:
    """One WebSocket to a client, as the hub sees it: who it is, and a way to send."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self.player: Player | None = None
        self._sending = asyncio.Lock()

    async def send(self, frame: frames.Frame | frames.Encoded) -> None:
        if self.socket.closed:
            return
        text = frame.text if isinstance(frame, frames.Encoded) else json.dumps(frame)
        async with self._sending:
            try:
                await asyncio.wait_for(self.socket.send_str(text), SEND_SECONDS)
            except (TimeoutError, ConnectionError, RuntimeError):
                await self.close(WSCloseCode.POLICY_VIOLATION, "too slow a reader")

    async def close(self, code: int, why: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(code=code, message=why.encode()[:120])


class LobbyServer:
    """The web application of one lobby instance."""

    def __init__(self, store: Store, bus: Bus, hub: Hub, public_url: str | None) -> None:
        self.store = store
        self.bus = bus
        self.hub = hub
        self.public_url = public_url
        self.connections: set[Connection] = set()

    async def close_all(self) -> None:
        """Tell every connection the server is going away (a client comes back)."""
        for connection in list(self.connections):
            await connection.close(WSCloseCode.GOING_AWAY, "the lobby is restarting")

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/ratings", self._ratings)
        app.router.add_get("/matches/{id}/record", self._record)
        app.router.add_get("/", self._front)
        return app

    # -- the plain pages -----------------------------------------------------------------

    async def _front(self, _request: web.Request) -> web.Response:
        return web.Response(
            text="A nardy lobby server: players connect to /ws (nardy's docs/lobby-protocol.md).\n"
        )

    async def _ratings(self, request: web.Request) -> web.Response:
        try:
            first = int(request.query.get("first", "0"))
            count = int(request.query.get("count", "100"))
            page = await self.store.ratings(first, count)
        except ValueError:
            raise web.HTTPBadRequest(text="first from 0, count from 0 to 100") from None
        return web.json_response(frames.ratings(first, page))

    async def _record(self, request: web.Request) -> web.Response:
        try:
            match = await self.store.match(match_id(request.match_info["id"]))
        except Refused:
            match = None
        if match is None or match.result is None:
            raise web.HTTPNotFound(text="no finished match of that id")
        from nardy_tui.net import decode_message
        from nardy_tui.online import Referee

        history = await self.store.messages(match.id)
        referee = Referee.from_history(
            match.points, [(m.sender, decode_message(m.text.encode())) for m in history]
        )
        record = referee.record(match.started, match.white.name, match.black.name, _decided(match))
        return web.Response(text=record, content_type="text/plain")

    # -- the WebSocket -------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if len(self.connections) >= MOST_CONNECTIONS:
            raise web.HTTPServiceUnavailable(text="the lobby is full: try again later")
        socket = web.WebSocketResponse(
            max_msg_size=MAX_REQUEST_BYTES, heartbeat=None, autoping=True
        )
        await socket.prepare(request)
        connection = Connection(socket)
        self.connections.add(connection)
        try:
            await self._converse(connection, self._url_of(request))
        finally:
            self.connections.discard(connection)
            await connection.close(WSCloseCode.OK, "")
            await self.hub.left(connection)
        return socket

    def _url_of(self, request: web.Request) -> str:
        if self.public_url:
            return self.public_url
        scheme = "wss" if request.secure else "ws"
        return f"{scheme}://{request.host}/ws"

    async def _converse(self, connection: Connection, url: str) -> None:
        challenge = new_challenge()
        await connection.send(frames.hello(challenge))
        pace, bad = server_pace(), 0
        while not connection.socket.closed:
            deadline = SILENT_SECONDS if connection.player else ANONYMOUS_SECONDS
            try:
                message = await connection.socket.receive(timeout=deadline)
            except TimeoutError:
                await connection.close(WSCloseCode.POLICY_VIOLATION, "silent too long")
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type is WSMsgType.ERROR:  # a frame over the size, say
                return
            problem = None
            if pace.wait_after_frame() > 0:
                problem = Refused(ErrorCode.TOO_FAST, "too many frames: slow down")
            elif message.type is not WSMsgType.TEXT:
                problem = Refused(ErrorCode.BAD_MESSAGE, "frames are JSON text")
            else:
                problem = await self._answer(connection, message.data, challenge, url)
            if problem is not None:
                await connection.send(frames.error(problem.code, problem.text))
                bad += 1
                if problem.code is ErrorCode.NOT_ALLOWED and connection.player is None:
                    await connection.close(REFUSED_LOGIN, problem.text)
                elif bad > BAD_FRAMES:
                    await connection.close(TOO_MANY_BAD, "too many bad frames")

    async def _answer(
        self, connection: Connection, data: str, challenge: str, url: str
    ) -> Refused | None:
        try:
            request = read_request(data)
            if connection.player is None:
                if not isinstance(request, Register | Login):
                    raise Refused(ErrorCode.NOT_LOGGED_IN, "say who you are first")
                player = await self._who(request, challenge, url)
                if player.banned:
                    await connection.send(frames.error(ErrorCode.BANNED, "banned here"))
                    await connection.close(BANNED, "banned")
                    return None
                connection.player = player
                await self.hub.logged_in(connection, player)
            else:
                await self.hub.take(connection, request)
        except WireError as wrong:
            return Refused(wrong.code, wrong.text)
        except Refused as refused:
            return refused
        return None

    async def _who(self, request: Register | Login, challenge: str, url: str) -> Player:
        """The player a register or a login proves to be, or ``Refused``."""
        if isinstance(request, Register):
            problem = name_problem(request.name)
            if problem is not None:
                raise Refused(ErrorCode.NOT_ALLOWED, problem)
            key, purpose = request.key, Purpose.REGISTER
        else:
            known = await self.store.player(request.name)
            if known is None:
                raise Refused(ErrorCode.NOT_ALLOWED, "no player of that name: register")
            key, purpose = known.public_key, Purpose.LOGIN
        if not login_signature_is_right(key, request.signature, challenge, url, purpose):
            raise Refused(ErrorCode.NOT_ALLOWED, f"the signature is not right for {url}")
        if isinstance(request, Login):
            assert known is not None
            return known
        try:
            return await self.store.register(request.name, request.key, bot=request.bot)
        except NameTaken:
            raise Refused(ErrorCode.NOT_ALLOWED, "that name is taken") from None


def _decided(match: StoredMatch) -> str | None:
    """The closing line of the record of a match its games did not end: lost on time, or
    given up whole (None for one won on points, which its games say)."""
    result = match.result
    if result is None or result.ending is Ending.POINTS:
        return None
    loser = result.winner.opponent.label
    how = {
        Ending.TIME: f"{loser}'s time ran out",
        Ending.RESIGNED: f"{loser} resigned the match",
    }[result.ending]
    return match_result_line(result.winner, match.score, how)


@dataclass
class RunningLobby:
    """A lobby server started by ``start_lobby``: where it listens, and how to stop it."""

    runner: web.AppRunner
    server: LobbyServer
    listening: list[asyncio.Task[None]]
    """The hub's own work: hearing the bus, the clocks, the record that it is alive."""
    address: str
    port: int

    @property
    def url(self) -> str:
        """The WebSocket URL of the lobby (on the address it was started on)."""
        return self.server.public_url or f"ws://{self.address}:{self.port}/ws"

    async def stop(self) -> None:
        await self.server.close_all()
        await self.runner.cleanup()
        await self.server.bus.close()
        for task in self.listening:
            task.cancel()
        # Every one waited for to its end: one caught in a query must not find its store
        # closed under it (it would wait for that query for ever).
        await asyncio.gather(*self.listening, return_exceptions=True)
        await self.server.hub.stop_sending()
        await self.server.store.keep_alive(self.server.hub.instance, time.time(), stopping=True)
        await self.server.store.close()


class CannotStart(Exception):
    """The lobby could not start: its address, its database; ``reason`` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


async def run_lobby(options: LobbyOptions, announce: Callable[[str], None]) -> None:
    """Serve the lobby until cancelled (Ctrl+C); ``announce`` is told its URL once open."""
    try:
        running = await start_lobby(options)
    except (OSError, ValueError, SQLAlchemyError) as error:
        raise CannotStart(str(error) or type(error).__name__) from None
    announce(running.url)
    try:
        await asyncio.Event().wait()
    finally:
        await running.stop()


async def start_lobby(options: LobbyOptions) -> RunningLobby:
    """The lobby server started on its address and port (its store upgraded, its bus
    heard; a port of 0 takes a free one)."""
    database = database_at(options.database_url, options.data_folder)
    store = Store(database)
    await store.upgrade()
    bus = await bus_for(database)
    server = LobbyServer(store, bus, Hub(store, bus, InstanceId("")), options.public_url)
    runner = web.AppRunner(server.application(), handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, options.address, options.port).start()
    port = int(runner.addresses[0][1])
    instance = InstanceId(f"{options.address}:{port}")
    server.hub.instance = instance
    await store.clear_instance(instance)
    await server.hub.take_up_clocks(time.time())
    await server.hub.take_lists()
    await store.keep_alive(instance, time.time())
    hub = server.hub
    listening = [
        asyncio.create_task(work) for work in (hub.listen(), hub.watch_clocks(), hub.keep_alive())
    ]
    await asyncio.sleep(0)  # subscribed before the first connection can publish
    return RunningLobby(runner, server, listening, options.address, port)
