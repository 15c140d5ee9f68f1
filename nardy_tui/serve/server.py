"""The web server behind ``nardy serve``: a page for each visitor, and their own game behind it
over a websocket.

The server is a launcher and holds no game state. The page gives the browser a cookie that
names the visitor (``identity``; a link names nobody); the page opens ``ws/<language>``, and
that socket (from this server's own page only, or from no page, and with a visitor's cookie)
starts the visitor's game in a process of its own with the visitor's save folder, in the
language the page was drawn in (the one the browser reads), told the page's address and a
friend's code from its link (``?join=``, ``page_link``), or says that the table is full. A
socket that closes says why in its close code (``Farewell``), which the page puts in words.
A transfer code's link (``?transfer=``, asked for in the game) moves the visitor's match to
the browser that opens it. Every address in the page is relative (a download's too), so the
server works behind a proxy that puts it under a path of its own, and the page fetches
nothing from elsewhere: its script, its styles and its font come from textual-serve's own
static folder, served here.

A game ends with its socket, its idle time, or the server: it is started inside the block
that stops it, holds its seat until its process has ended, and is killed if it does not quit
within its grace; the game itself quits once its server is gone (``ServedDriver``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import yarl
from aiohttp import WSMsgType, hdrs, web

from nardy_tui.serve.activity import TerminalSize, by_the_visitor
from nardy_tui.serve.expiry import SWEEP_EVERY, remove_expired
from nardy_tui.serve.farewell import Farewell
from nardy_tui.serve.frames import page_frame
from nardy_tui.serve.game_process import GameProcess, MeetingServers
from nardy_tui.serve.gate import KEEPALIVE_SECONDS, Gate, GatedSite, Limits
from nardy_tui.serve.identity import COOKIE, Identities
from nardy_tui.serve.language import browser_language
from nardy_tui.serve.origin import Refusal, explained, refusal
from nardy_tui.serve.pace import page_pace
from nardy_tui.serve.page_link import PageLink, friend_code
from nardy_tui.serve.table import Place, Table
from nardy_tui.serve.textual_serve_patches import STATIC
from nardy_tui.serve.transfer import CODE_FORM, CODE_LIFE, Refused, Transfers, successor
from nardy_tui.serve.troubles import TroubleLog
from nardy_tui.serve.visitor import Visitor
from nardy_tui.transfer_meta import TransferOffered

TEMPLATES = Path(__file__).resolve().parent / "templates"
FAVICON = Path(__file__).resolve().parent / "static" / "favicon.svg"
PAGE_HEADERS = {
    hdrs.CACHE_CONTROL: "no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}
"""Every page's headers: never kept, never inside another site's frame (which could lay
itself over the game), and its address (a transfer code's) never told to another site."""
MAX_MESSAGE = 64 * 1024
"""The longest message a page may send, in bytes: a paste, not a flood."""
HEARTBEAT = 15.0
"""Seconds between the server's pings: a browser gone without a word is noticed."""
SHUTDOWN_GRACE = 10.0
"""Seconds the server waits, once told to stop and its games ended, for the connections
to close."""
LOG = logging.getLogger(__name__)


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
    limits: Limits = field(default_factory=Limits)
    """How many connections and seats the server, and one address, may take."""
    tables: Path | None = None
    """The folder of the bot's tables (its bear-off database), solved once for every
    game; None: each in its visitor's folder."""
    public_url: yarl.URL | None = None
    """The address visitors use, ending in /."""


@dataclass(frozen=True)
class PageWords:
    """What the page says beside the game, in one language (``language``)."""

    language: str
    right_to_left: bool
    title: str
    loading: str
    transfer_asked: str
    """Whether the match of a transfer link moves to this browser."""
    transfer_here: str
    """The button that moves it."""
    transfer_refused: str
    """A transfer code that moves nobody (used, expired or never given)."""
    transfer_tries: str
    """Too many wrong transfer codes from one address."""
    play_here: str
    """The link from those words to the page."""
    closed: str
    """Said once the game has ended (``Farewell.ENDED``)."""
    lost: str
    """Said once the socket has closed for any other reason."""
    refused: str
    """Said if the socket never opened."""
    not_started: str
    """Said when no game was started for a reason the terminal shows (``NOT_STARTED``)."""
    reload: str
    full: str
    full_on_screen: str
    """``full`` as a terminal draws it: in visual order for a right-to-left language."""
    refused_on_screen: Mapping[Refusal, str]
    """Why the page may not open a game, for each refusal, as a terminal draws it."""
    address_full_on_screen: str
    """That the visitor's address plays as many games as one may, as a terminal draws it."""
    address_starting_on_screen: str
    """That the visitor's address has started as many games as it may this minute, as a
    terminal draws it."""
    no_cookie_on_screen: str
    """That the browser sent no cookie naming its visitor, as a terminal draws it."""


class GameServer:
    """Serves the page and starts a game for each visitor who opens its socket."""

    def __init__(self, venue: Venue, words: Mapping[str, PageWords], secret: bytes) -> None:
        """``words``: the page's words in each language the game speaks; ``secret``: the
        server's, that signs the visitors' cookies (``identity.server_secret``)."""
        self.venue = venue
        self.words = words
        self.table = Table(venue.seats)
        self.gate = Gate(venue.limits, TroubleLog())
        self.identities = Identities(secret, venue.public_url)
        self.transfers = Transfers()
        self._games: dict[str, GameProcess] = {}
        """The games running, by the name each gave its page (``GameProcess.instance``)."""
        self._closing = False
        """Told to stop: a game still starting (or waiting for its seat) is not played."""
        self._pages = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)
        self._refusals_logged: set[Refusal] = set()
        """The kinds of refusal the log has told of: each is told once."""

    def web_app(self) -> web.Application:
        app = web.Application(middlewares=[self.gate.middleware])
        app.add_routes(
            [
                web.get("/", self.page),
                web.post("/", self.transfer_confirmed),
                web.get("/ws/{language}", self.play),
                web.get("/download/{key}", self.download),
                web.get("/favicon.svg", self.favicon),
                web.static("/static", STATIC),
            ]
        )
        return app

    async def run(self, listening: Callable[[str], None]) -> None:
        """Serve until told to stop (SIGINT, SIGTERM); ``listening`` hears the page's
        address once connections are taken."""
        runner = web.AppRunner(
            self.web_app(), shutdown_timeout=SHUTDOWN_GRACE, keepalive_timeout=KEEPALIVE_SECONDS
        )
        await runner.setup()
        try:
            site = GatedSite(runner, self.gate, self.venue.address, self.venue.port)
            try:
                await site.start()
            except OSError as error:
                raise CannotListen(error.errno, _reason(error)) from error
            listening(_page_address(runner.addresses[0]))
            expiring = asyncio.create_task(self._expire_visitor_folders())
            await _stop_asked()
            self._closing = True
            expiring.cancel()
            await self.end_every_game()
        finally:
            await runner.cleanup()

    async def _expire_visitor_folders(self) -> None:
        """Now and every ``SWEEP_EVERY`` while serving, remove the visitor folders that
        have expired (``expiry``), never the folder of a game running."""
        while True:
            remove_expired(self.venue.root, {game.folder for game in self._games.values()})
            await asyncio.sleep(SWEEP_EVERY)

    async def end_every_game(self) -> None:
        """Tell every game to quit, all at once: each is ended outright after its grace
        (``QUIT_GRACE``), so that many games, or one that does not answer, end within one
        grace and not one after another."""
        await asyncio.gather(*(game.stop() for game in list(self._games.values())))

    async def page(self, request: web.Request) -> web.Response:
        """The visitor's page, and the cookie that names them: a browser without one (or
        with one this server did not sign) is a new visitor. A link's ``?s=`` (once a
        visitor's name) names nobody: the page is shown without it."""
        if "transfer" in request.query:
            return self._transfer_asked(request, request.query["transfer"])
        if "s" in request.query:
            return _see_page(request.query, without="s")
        visitor = self.identities.visitor(_cookies(request)) or Visitor.new()
        words = self.words[self._language(request)]
        if not self.table.has_room_for(visitor):
            response = self._render(words, status=503)
        else:
            response = self._render(words, socket=f"ws/{words.language}")
        self.identities.give(response, visitor)
        return response

    async def play(self, request: web.Request) -> web.StreamResponse:
        """The visitor's game over a websocket, for as long as it is open."""
        language = request.match_info["language"]
        if language not in self.words:
            raise web.HTTPNotFound()
        refused = self._refusal(request)
        if refused is not None:
            return await _told(request, self.words[language].refused_on_screen[refused])
        visitor = self.identities.visitor(_cookies(request))
        if visitor is None:
            return await _told(request, self.words[language].no_cookie_on_screen)
        page = self._page_address(request)
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        if not await _answered(websocket, request):
            return web.Response()  # to nobody: aiohttp's try to send it fails quietly

        async def close() -> None:
            await websocket.close()

        place = Place(close=close)
        if not await self.table.sit(visitor, place):
            await _tell(websocket, self.words[language].full_on_screen, Farewell.FULL)
            return websocket
        address = self.gate.visitor_address(request)
        if not self.gate.may_start_game(address):
            self.table.leave(visitor, place)
            await _tell(websocket, self.words[language].address_starting_on_screen)
            return websocket
        if not self.gate.take_seat(address):
            self.table.leave(visitor, place)
            await _tell(websocket, self.words[language].address_full_on_screen)
            return websocket
        try:
            if _gone(request):  # dropped, or reloaded while the earlier game ended
                return websocket
            game = GameProcess(
                visitor.folder(self.venue.root),
                language,
                self.venue.meeting,
                tables=self.venue.tables,
                page=PageLink(str(page), friend_code(request.query.get("join"))),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                transfer=lambda: self._offer_transfer(visitor, page),
            )
            size = _asked_size(request.query)
            self._games[game.instance] = game
            try:
                # Started inside the guard: a page gone right after the handshake makes
                # the start's first write fail, and its game must end all the same.
                with contextlib.suppress(ConnectionResetError):
                    await game.start(*size)
                    if not self._closing:
                        await _relay(websocket, game, TerminalSize(*size), self.venue.idle)
            finally:
                del self._games[game.instance]
                await game.stop()
        finally:
            self.gate.leave_seat(address)
            self.table.leave(visitor, place)
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

    def _refusal(self, request: web.Request) -> Refusal | None:
        """Why the page asking for this socket may not open a game (None: it may), said in
        the log the first time each kind of refusal happens: a page refused is told why,
        and whoever runs the server learns it once, not once for every visitor."""
        origin, host = request.headers.get(hdrs.ORIGIN), request.headers.get(hdrs.HOST)
        refused = refusal(origin, host, self.venue.public_url)
        if refused is not None and refused not in self._refusals_logged:
            self._refusals_logged.add(refused)
            LOG.warning(explained(refused, origin, host, self.venue.public_url))
        return refused

    def _transfer_asked(self, request: web.Request, code: str) -> web.Response:
        """The page for a transfer code's link: it asks before the match moves, and only
        its button (a POST from this page, ``transfer_confirmed``) moves it. Opening the
        link moves nothing: a chat program's preview of the link, or another site sending
        the browser to it, must not take the match or change who the browser is."""
        words = self.words[self._language(request)]
        wanted = code.strip().upper()
        if not CODE_FORM.fullmatch(wanted):
            return self._render(words, notice=words.transfer_refused, status=410)
        return self._render(words, transfer=wanted)

    async def transfer_confirmed(self, request: web.Request) -> web.Response:
        """The transfer page's button: the browser becomes the successor of the visitor
        the code moves (``transfer.successor``) and is sent to the page; a code that moves
        nobody is said to, and the browser stays who it was (or is new). Only this
        server's own page may press it (its Origin), so another site cannot. Wrong codes
        count against the visitor's address as the gate reads it: behind a proxy, the one
        it forwards, so that a stranger's guesses do not stop everyone's links."""
        if self._refusal(request) is not None:
            raise web.HTTPForbidden()
        form = await request.post()
        code = form.get("transfer")
        moved = self.transfers.take(
            code if isinstance(code, str) else "", self.gate.visitor_address(request)
        )
        if isinstance(moved, Visitor):
            response = _see_page(request.query, without="transfer")
            self.identities.give(response, await successor(moved, self.table, self.venue.root))
            return response
        words = self.words[self._language(request)]
        if moved is Refused.TOO_MANY_TRIES:
            response = self._render(words, notice=words.transfer_tries, status=429)
        else:
            response = self._render(words, notice=words.transfer_refused, status=410)
        self.identities.give(response, self.identities.visitor(_cookies(request)) or Visitor.new())
        return response

    def _offer_transfer(self, visitor: Visitor, page: yarl.URL) -> TransferOffered:
        """A new code that moves ``visitor``, and the link to ``page`` that uses it."""
        code = self.transfers.give(visitor)
        link = page.with_query(transfer=code)
        return TransferOffered(code, str(link), round(CODE_LIFE / 60))

    def _page_address(self, request: web.Request) -> yarl.URL:
        """The page's address as its visitors use it: the public one if given, else the
        one this socket's request names (the page's socket is ``ws/<language>``)."""
        if self.venue.public_url is not None:
            return self.venue.public_url
        try:
            return request.url.with_path("/").with_query(None)
        except ValueError:
            return yarl.URL(_page_address((self.venue.address, self.venue.port)))

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
        self,
        words: PageWords,
        *,
        socket: str | None = None,
        notice: str | None = None,
        transfer: str | None = None,
        status: int = 200,
    ) -> web.Response:
        """The page: the game on ``socket``, else ``notice`` (with a link to the page),
        else the question whether the match of the ``transfer`` code moves here, else the
        words that the table is full."""
        html = self._pages.get_template("page.html").render(
            words=words, socket=socket, notice=notice, transfer=transfer, farewell=Farewell
        )
        return web.Response(
            text=html, content_type="text/html", status=status, headers=PAGE_HEADERS
        )


async def _relay(
    websocket: web.WebSocketResponse, game: GameProcess, size: TerminalSize, idle: float
) -> None:
    """Pass what the page sends to the game, at a pace (``pace``), until the socket closes
    or the visitor has done nothing for ``idle`` seconds (the game then ends, its match
    saved as it went): what the page sends by itself does not count (``activity``)."""
    loop = asyncio.get_running_loop()
    quiet_until = loop.time() + idle
    pace = page_pace()
    while (left := quiet_until - loop.time()) > 0:  # aiohttp takes a timeout of 0 for none
        try:
            message = await websocket.receive(timeout=left)
        except TimeoutError:
            return
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            return
        if message.type is WSMsgType.TEXT and await _pass_on(message.data, websocket, game, size):
            quiet_until = loop.time() + idle
        if (wait := pace.wait_after_frame()) > 0:
            await asyncio.sleep(wait)


async def _pass_on(
    text: str, websocket: web.WebSocketResponse, game: GameProcess, size: TerminalSize
) -> bool:
    """Pass one message of textual-serve's page to the game, if it has exactly that form
    (anything else is dropped); True if it was the visitor's doing (``activity``).

    Empty input is dropped too: the game's terminal reader takes an empty packet for the
    end of its input, and would hear no key after it, nor the word to quit."""
    match page_frame(text):
        case ["stdin", str(keys)] if keys:
            await game.send_bytes(keys.encode("utf-8", "replace"))
            return by_the_visitor(keys)
        case ["resize", {"width": int(width), "height": int(height)}]:
            await game.set_terminal_size(width, height)
            return size.changes_to(width, height)
        case ["ping", str(data)] if len(data) <= 32:
            await websocket.send_json(["pong", data])
        case ["focus"]:
            await game.focus()
        case ["blur"]:
            await game.blur()
    return False


def _gone(request: web.Request) -> bool:
    """Whether the connection of ``request`` has been dropped: no game is started for it
    (a script's handshakes, a burst of reloads, would each cost a game's start)."""
    return request.transport is None or request.transport.is_closing()


def _cookies(request: web.Request) -> Mapping[str, str]:
    """The request's cookies, or none at all if it names a visitor twice: a second cookie
    of that name can be planted by another site of the same domain (or another port of the
    same host), and the server must not pick one of the two (aiohttp keeps the last)."""
    sent = ";".join(request.headers.getall(hdrs.COOKIE, []))
    named = re.findall(rf"(?:^|;)\s*{re.escape(COOKIE)}=", sent)
    return {} if len(named) > 1 else request.cookies


def _see_page(query: Mapping[str, str], *, without: str) -> web.Response:
    """Send the browser to the page, with the same query but ``without`` (relative: right
    behind a proxy that serves the page under a path of its own)."""
    kept = yarl.URL("./").with_query(
        [(key, value) for key, value in query.items() if key != without]
    )
    return web.Response(
        status=303, headers={hdrs.LOCATION: str(kept), hdrs.CACHE_CONTROL: "no-store"}
    )


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


async def _told(request: web.Request, words: str) -> web.StreamResponse:
    """A socket that only tells its page ``words`` (why it starts no game), then closes."""
    websocket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE)
    if not await _answered(websocket, request):
        return web.Response()  # to nobody, as in ``play``
    await _tell(websocket, words)
    return websocket


async def _answered(websocket: web.WebSocketResponse, request: web.Request) -> bool:
    """Answer the handshake of ``request``'s socket; False if its page has gone already
    (a script's handshakes dropped at once): nothing to play or tell, and no error to log
    for each. ``websocket`` is then half made, and is not to be returned to aiohttp."""
    try:
        await websocket.prepare(request)
    except ConnectionResetError:
        return False
    return True


async def _tell(
    websocket: web.WebSocketResponse, words: str, farewell: Farewell = Farewell.NOT_STARTED
) -> None:
    """Tell the page ``words`` (why it starts no game) and close its socket with
    ``farewell``, which the page says in words of its own; a page gone meanwhile is told
    nothing."""
    with contextlib.suppress(ConnectionResetError):
        await websocket.send_bytes(_terminal_text(words))
        await websocket.close(code=farewell)


def _terminal_text(words: str) -> bytes:
    """``words`` as a terminal shows them, on a cleared screen."""
    return f"\x1b[2J\x1b[H\r\n  {words}\r\n".encode()


def _reason(error: OSError) -> str:
    """Why the system refused, in its own short words: asyncio wraps a refused bind in a
    sentence of its own; a name that cannot be looked up has a negative errno and its
    words only in ``strerror``.

    >>> _reason(OSError(99, "error while attempting to bind on address ('192.0.2.1', 80): ..."))
    'Cannot assign requested address'
    """
    if error.errno is not None and error.errno > 0:
        return os.strerror(error.errno)
    return error.strerror or str(error)


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
