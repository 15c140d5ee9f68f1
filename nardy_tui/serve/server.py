"""The web server behind ``nardy serve``: a page for each visitor, and their own game
behind it over a websocket.

The server is a launcher and holds no game state. The page's link names the visitor (a
token, ``?s=...``); the page opens ``ws/<token>/<language>``, and that socket (from this
server's own page only, or from no page) starts the visitor's game in a process of its own
with the visitor's save folder, in the language the page was drawn in (the one the
browser reads), told the page's address and a friend's code from its link (``?join=``,
``page_link``), or says that the table is full. A socket that closes says why in its
close code (``Farewell``), which the page puts in words. Every address in the page is
relative, so the server works behind a proxy that puts it under a path of its own, and the
page fetches nothing from elsewhere: its script, its styles and its font come from
textual-serve's own static folder, served here.
"""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import jinja2
import textual_serve
from aiohttp import WSMsgType, hdrs, web

from nardy_tui.serve.farewell import Farewell
from nardy_tui.serve.game_process import GameProcess, MeetingServers
from nardy_tui.serve.language import browser_language
from nardy_tui.serve.origin import page_may_connect
from nardy_tui.serve.page_link import PageLink, friend_code
from nardy_tui.serve.table import Seat, Table
from nardy_tui.serve.visitor import Visitor

STATIC = Path(textual_serve.__file__).resolve().parent / "static"
TEMPLATES = Path(__file__).resolve().parent / "templates"
FAVICON = Path(__file__).resolve().parent / "static" / "favicon.svg"
MAX_MESSAGE = 64 * 1024
"""The longest message a page may send, in bytes: a paste, not a flood."""
HEARTBEAT = 15.0
"""Seconds between the server's pings: a browser gone without a word is noticed."""
SHUTDOWN_GRACE = 10.0
"""Seconds the server waits, once told to stop, for the games to end."""


class CannotListen(OSError):
    """The address and port cannot be listened on (taken, unknown, not allowed)."""


@dataclass(frozen=True)
class Venue:
    """Where and for how many the game is served."""

    address: str
    port: int
    seats: int
    root: Path
    """The folder that holds each visitor's save folder."""
    idle: float
    """Seconds a game may be left alone (nothing typed) before it ends."""
    language: str
    """The language of a visitor whose browser asks for none that the game speaks."""
    meeting: MeetingServers
    """Where the games meet friends by a code."""
    tables: Path | None = None
    """The folder of the bot's tables (its bear-off database), solved once for every
    game; None: each in its visitor's folder."""


@dataclass(frozen=True)
class PageWords:
    """What the page says beside the game, in one language (``language``)."""

    language: str
    right_to_left: bool
    title: str
    loading: str
    closed: str
    """Said once the game has ended (``Farewell.ENDED``)."""
    lost: str
    """Said once the socket has closed for any other reason."""
    refused: str
    """Said if the socket never opened."""
    reload: str
    full: str
    full_on_screen: str
    """``full`` as a terminal draws it: in visual order for a right-to-left language."""


class GameServer:
    """Serves the page and starts a game for each visitor who opens its socket."""

    def __init__(self, venue: Venue, words: Mapping[str, PageWords]) -> None:
        """``words``: the page's words in each language the game speaks."""
        self.venue = venue
        self.words = words
        self.table = Table(venue.seats)
        self._games: dict[str, GameProcess] = {}
        """The games running, by the name each gave its page (``GameProcess.instance``)."""
        self._pages = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)

    def web_app(self) -> web.Application:
        app = web.Application()
        app.add_routes(
            [
                web.get("/", self.page),
                web.get("/ws/{token}/{language}", self.play),
                web.get("/download/{key}", self.download),
                web.get("/favicon.svg", self.favicon),
                web.static("/static", STATIC),
            ]
        )
        return app

    async def run(self, listening: Callable[[str], None]) -> None:
        """Serve until told to stop (SIGINT, SIGTERM); ``listening`` hears the page's
        address once connections are taken."""
        runner = web.AppRunner(self.web_app(), shutdown_timeout=SHUTDOWN_GRACE)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.venue.address, self.venue.port)
            try:
                await site.start()
            except OSError as error:
                raise CannotListen(error.errno, error.strerror or str(error)) from error
            listening(_page_address(runner.addresses[0]))
            await _stop_asked()
            await asyncio.wait_for(self.table.close_all(), SHUTDOWN_GRACE)
        finally:
            await runner.cleanup()

    async def page(self, request: web.Request) -> web.Response:
        """The visitor's page; a new visitor is sent to a link of their own first."""
        visitor = Visitor.parse(request.query.get("s", ""))
        if visitor is None:
            join = friend_code(request.query.get("join"))  # the friend's link, kept
            raise web.HTTPSeeOther(f"?s={Visitor.new().token}" + (f"&join={join}" if join else ""))
        words = self.words[self._language(request)]
        if not self.table.has_room_for(visitor):
            return self._render(words, status=503)
        return self._render(words, socket=f"ws/{visitor.token}/{words.language}")

    async def play(self, request: web.Request) -> web.WebSocketResponse:
        """The visitor's game over a websocket, for as long as it is open."""
        visitor = Visitor.parse(request.match_info["token"])
        language = request.match_info["language"]
        if visitor is None or language not in self.words:
            raise web.HTTPNotFound()
        if not page_may_connect(request.headers.get(hdrs.ORIGIN), request.headers.get(hdrs.HOST)):
            raise web.HTTPForbidden()
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)

        async def close() -> None:
            await websocket.close()

        seat = Seat(close=close)
        if not await self.table.sit(visitor, seat):
            await websocket.send_bytes(_terminal_text(self.words[language].full_on_screen))
            await websocket.close(code=Farewell.FULL)
            return websocket
        try:
            game = GameProcess(
                visitor.folder(self.venue.root),
                language,
                self.venue.meeting,
                tables=self.venue.tables,
                page=PageLink.asked(request.scheme, request.host, request.query.get("join")),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
            )
            await game.start(*_asked_size(request.query))
            self._games[game.instance] = game
            try:
                await _relay(websocket, game, self.venue.idle)
            finally:
                del self._games[game.instance]
                await game.stop()
        finally:
            self.table.leave(visitor, seat)
        return websocket

    async def download(self, request: web.Request) -> web.Response:
        """A file the visitor's game handed to the page (an exported record), once, to the
        page of that game only (``?instance=``, the name the game gave its page)."""
        game = self._games.get(request.query.get("instance", ""))
        delivered = None if game is None else await game.deliveries.take(request.match_info["key"])
        if delivered is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=delivered.body,
            headers={
                hdrs.CONTENT_TYPE: delivered.content_type,
                hdrs.CONTENT_DISPOSITION: f'attachment; filename="{delivered.name}"',
                hdrs.CACHE_CONTROL: "no-store",
                "X-Content-Type-Options": "nosniff",
            },
        )

    async def favicon(self, request: web.Request) -> web.FileResponse:
        """The page's icon, served here like everything the page loads."""
        return web.FileResponse(
            FAVICON,
            headers={hdrs.CONTENT_TYPE: "image/svg+xml", "X-Content-Type-Options": "nosniff"},
        )

    def _language(self, request: web.Request) -> str:
        """The visitor's language: the one their browser prefers of the game's (its page's
        request says), else the server's."""
        return browser_language(request.headers.get(hdrs.ACCEPT_LANGUAGE)) or self.venue.language

    def _render(
        self, words: PageWords, *, socket: str | None = None, status: int = 200
    ) -> web.Response:
        html = self._pages.get_template("page.html").render(
            words=words, socket=socket, farewell=Farewell
        )
        return web.Response(
            text=html,
            content_type="text/html",
            status=status,
            headers={"Cache-Control": "no-store"},
        )


async def _relay(websocket: web.WebSocketResponse, game: GameProcess, idle: float) -> None:
    """Pass what the page sends to the game, until the socket closes or the visitor has
    typed nothing for ``idle`` seconds (the game then ends, its match saved as it went)."""
    loop = asyncio.get_running_loop()
    quiet_until = loop.time() + idle
    while True:
        try:
            message = await websocket.receive(timeout=max(0.0, quiet_until - loop.time()))
        except TimeoutError:
            return
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            return
        if message.type is WSMsgType.TEXT and await _pass_on(message.data, websocket, game):
            quiet_until = loop.time() + idle


async def _pass_on(text: str, websocket: web.WebSocketResponse, game: GameProcess) -> bool:
    """Pass one message of textual-serve's page to the game, if it has exactly that form
    (anything else is dropped); True if the visitor typed."""
    try:
        envelope = json.loads(text)
    except ValueError:
        return False
    match envelope:
        case ["stdin", str(keys)]:
            await game.send_bytes(keys.encode("utf-8", "replace"))
            return True
        case ["resize", {"width": int(width), "height": int(height)}]:
            await game.set_terminal_size(width, height)
        case ["ping", str(data)] if len(data) <= 32:
            await websocket.send_json(["pong", data])
        case ["focus"]:
            await game.focus()
        case ["blur"]:
            await game.blur()
    return False


def _asked_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The terminal size the page asks for (``?width=…&height=…``), 80 by 24 if unreadable.

    >>> _asked_size({"width": "120", "height": "x"})
    (120, 24)
    """
    return _number(query.get("width"), 80), _number(query.get("height"), 24)


def _number(text: str | None, default: int) -> int:
    try:
        return int(text or "")
    except ValueError:
        return default


def _terminal_text(words: str) -> bytes:
    """``words`` as a terminal shows them, on a cleared screen."""
    return f"\x1b[2J\x1b[H\r\n  {words}\r\n".encode()


def _page_address(address: object) -> str:
    """The page's address for the socket address a site listens on."""
    host, port = address[:2] if isinstance(address, tuple) else (str(address), 0)
    host = f"[{host}]" if ":" in str(host) else host
    return f"http://{host}:{port}/"


async def _stop_asked() -> None:
    """Return once the process is told to stop (Ctrl+C, or SIGTERM)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
