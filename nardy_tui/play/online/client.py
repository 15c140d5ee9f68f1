"""A lobby server's client, without a screen: the line to the server, who this player is
there, and this player's matches.

``LobbyClient`` connects to the server's WebSocket, registers this player's name the first
time (and logs in with it afterwards), says something every 20 seconds so that a dead line
shows, and after a drop tries again after a pause that grows, logging in again. What the
server sends it hands to its owner (a screen, or a bot) as plain news (``news``), the way
``play.NetworkGame`` does; this player's own match it plays through its ``LobbyMatch``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import aiohttp

from nardy_tui.i18n import _, clause
from nardy_tui.net import (
    Message,
    NetworkSaveError,
    ResignAccepted,
    ResignDeclined,
    ResignOffer,
)
from nardy_tui.online import (
    MAX_NEWS_BYTES,
    PROTOCOL_VERSION,
    Hello,
    Identity,
    IdentityError,
    InMatch,
    Login,
    MatchBegins,
    MatchesChanged,
    MatchesInPlay,
    MatchInPlay,
    MatchResult,
    News,
    OpenSeek,
    OpenSeeks,
    Ping,
    PlayerOnline,
    PlayersChanged,
    PlayersOnline,
    Pong,
    Purpose,
    Refusal,
    Register,
    Relayed,
    Request,
    SeeksChanged,
    Welcome,
    WireError,
    client_pace,
    name_key,
    read_news,
    request_frame,
)
from nardy_tui.play.lockstep import PeerBroke
from nardy_tui.play.online.lobby_match import LobbyMatch, match_file
from nardy_tui.play.online.news import (
    ClientNews,
    ClientStopped,
    LineDown,
    MatchJoined,
    MatchNotSaved,
    MatchStopped,
    OpponentSent,
    ResignationAnswered,
    ResignationOffered,
)
from nardy_tui.play.online.servers import Registrations

log = logging.getLogger(__name__)
T = TypeVar("T")

PING_SECONDS = 20.0
"""How often a client says something (a ping): the server closes a line silent for 60 s."""
SILENCE_SECONDS = 2 * PING_SECONDS + 5
"""How long the server may be silent before the line counts as dead (it answers every
ping)."""
FIRST_PAUSE, LONGEST_PAUSE = 1.0, 60.0
"""The pause before the first try after a drop, doubled after each failed try up to the
longest."""
LONGEST_PAUSE_IN_A_MATCH = 4.0
"""The longest pause of a player in a match: its clock runs again from the moment the
server is back, so the player is back soon after."""
WRONG_VERSION, BANNED, ELSEWHERE = 4000, 4003, 4004
"""The closing codes after which trying again is no use (4001, a refused login, comes
after an ``error`` that says why)."""


def _final_reason(close_code: int | None) -> str | None:
    """Why trying again is no use after the server closed with ``close_code``; None if it
    may be."""
    if close_code == WRONG_VERSION:
        return _("the server speaks another version of the lobby's protocol")
    if close_code == BANNED:
        return _("you are banned from this server")
    if close_code == ELSEWHERE:
        return _("you logged in to this server from elsewhere")
    return None


def _unreached(error: Exception) -> str:
    """Why the server could not be reached, in words: the machine's own reason when the
    connection was refused or timed out, not the library's whole sentence."""
    if isinstance(error, aiohttp.ClientConnectorCertificateError):
        # Its ``os_error`` is the certificate's: errno 1, which reads "operation not
        # permitted".
        problem = error.certificate_error
        why = getattr(problem, "verify_message", None) or str(problem)
        return _(
            "the server's certificate at {host}:{port} is not trusted on this machine: {reason}"
        ).format(host=error.host, port=error.port, reason=clause(why))
    if isinstance(error, aiohttp.WSServerHandshakeError):  # a proxy whose lobby is down
        return _("{url} answered with status {status} instead of opening the lobby").format(
            url=error.request_info.real_url, status=error.status
        )
    if isinstance(error, aiohttp.ClientConnectorError):
        number = error.os_error.errno
        why = os.strerror(number) if number else str(error.os_error)
        return _("the server cannot be reached at {host}:{port}: {reason}").format(
            host=error.host, port=error.port, reason=clause(why.lower())
        )
    return _("the server cannot be reached: {reason}").format(
        reason=clause(str(error) or type(error).__name__)
    )


def _other(purpose: Purpose) -> Purpose:
    return Purpose.LOGIN if purpose is Purpose.REGISTER else Purpose.REGISTER


class LobbyLists:
    """The lobby's three lists as the server last told them: whole at first (and after a
    match), then changed one entry at a time, which the client tells its owner as whole
    lists again."""

    def __init__(self) -> None:
        self.players: dict[str, PlayerOnline] = {}
        self.seeks: dict[str, OpenSeek] = {}
        self.matches: dict[str, MatchInPlay] = {}

    def whole(self, news: PlayersOnline | OpenSeeks | MatchesInPlay) -> None:
        match news:
            case PlayersOnline(players):
                self.players = {name_key(player.name): player for player in players}
            case OpenSeeks(seeks):
                self.seeks = {seek.id: seek for seek in seeks}
            case MatchesInPlay(matches):
                self.matches = {match.id: match for match in matches}

    def changed(
        self, news: PlayersChanged | SeeksChanged | MatchesChanged
    ) -> PlayersOnline | OpenSeeks | MatchesInPlay:
        """The list ``news`` changes, changed: an entry new or changed in place, and the
        gone ones left out."""
        match news:
            case PlayersChanged(players, gone):
                _change(self.players, {name_key(p.name): p for p in players}, map(name_key, gone))
                return PlayersOnline(tuple(self.players.values()))
            case SeeksChanged(seeks, gone):
                _change(self.seeks, {seek.id: seek for seek in seeks}, gone)
                return OpenSeeks(tuple(self.seeks.values()))
            case MatchesChanged(matches, gone):
                _change(self.matches, {match.id: match for match in matches}, gone)
                return MatchesInPlay(tuple(self.matches.values()))


def _change(entries: dict[str, T], changed: dict[str, T], gone: Iterable[str]) -> None:
    entries.update(changed)
    for key in gone:
        entries.pop(key, None)


class _Stop(Exception):
    """The client stops for good, for the reason given (in words for the player)."""


class _Dropped(Exception):
    """The line dropped, for the reason given; the client tries again."""


class _OtherWay(Exception):
    """A login (or registration) was refused: the client tries the other way at once."""


class LobbyClient:
    """This player on the lobby server at ``url``, as ``name``: the line, kept up, and the
    player's match on it. ``post`` hears everything (``news.ClientNews``)."""

    def __init__(
        self,
        url: str,
        name: str,
        folder: Path,
        post: Callable[[ClientNews], object],
        *,
        bot: bool = False,
        first_pause: float = FIRST_PAUSE,
        longest_pause_in_a_match: float = LONGEST_PAUSE_IN_A_MATCH,
    ) -> None:
        """``folder``: the player's data folder, where their key (``lobby-key``), their
        names on servers (``online.json``) and their lobby matches are kept. ``bot``: this
        player is a program (registered as one)."""
        self.url = url
        self.name = name
        self.folder = folder
        self.bot = bot
        self.matches: dict[str, LobbyMatch] = {}
        """This player's matches in play, by id (at most one, as the server allows)."""
        self.lists = LobbyLists()
        """The lobby's lists, whole: the server sends a list whole, then what changed in it."""
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        """The line now; None while it is down."""
        self._post = post
        self._first_pause = self._pause = first_pause
        """The pause after a drop: the first one again once logged in."""
        self._longest_pause_in_a_match = longest_pause_in_a_match
        self._registrations = Registrations(folder)
        self._outbox: asyncio.Queue[str] | None = None
        self._closing = asyncio.Event()
        self._welcomed = False
        """Whether the server ever welcomed this player: until it has, a server that
        cannot be reached is a mistake to say, not a drop to wait out."""
        self._just_welcomed = False
        """Logged in, and the list of the matches in play not heard since: the player's
        matches not in it ended while the line was down."""
        self._refused: dict[Purpose, str] = {}
        """The server's words for each way of logging in it refused since it last welcomed
        this player: a registration is refused to a name that is this key's already (its
        ``online.json`` lost), a login to a name the server no longer knows (its database
        new), so each is tried once after the other."""

    # -- what the owner does ---------------------------------------------------------------

    async def run(self) -> None:
        """Keep the line up and hear the server until ``close``, a refusal that trying
        again cannot change, or a server not reached at the first try (both told as
        ``ClientStopped``)."""
        try:
            identity = Identity.load_or_create(self.folder)
        except IdentityError as error:
            self._post(ClientStopped(str(error)))
            return
        async with aiohttp.ClientSession() as session:
            while not self._closing.is_set():
                try:
                    await self._connection(session, identity)
                except _Stop as stop:
                    self._post(ClientStopped(str(stop)))
                    return
                except _OtherWay:
                    continue
                except _Dropped as dropped:
                    reason = str(dropped)
                except (aiohttp.ClientError, OSError, TimeoutError) as error:
                    reason = _unreached(error)
                    if not self._welcomed:
                        self._post(ClientStopped(reason))
                        return
                finally:
                    self.socket, self._outbox = None, None
                if self._closing.is_set():
                    return
                self._post(LineDown(reason, self._pause))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closing.wait(), self._pause)
                longest = self._longest_pause_in_a_match if self.matches else LONGEST_PAUSE
                self._pause = min(2 * self._pause, longest)

    def send(self, request: Request) -> None:
        """Send ``request`` in its turn after those before it; while the line is down it
        is dropped (a match says again what it must once the line is back)."""
        if self._outbox is not None:
            self._outbox.put_nowait(request_frame(request))

    async def close(self) -> None:
        """Leave the server for good: ``run`` returns."""
        self._closing.set()
        if self.socket is not None:
            await self.socket.close()

    # -- one connection --------------------------------------------------------------------

    async def _connection(self, session: aiohttp.ClientSession, identity: Identity) -> None:
        """One connection, from the server's hello to its end: ``_Dropped`` (closed from
        this side too), ``_OtherWay`` or ``_Stop``."""
        async with session.ws_connect(
            self.url, max_msg_size=MAX_NEWS_BYTES, autoping=True, heartbeat=None
        ) as socket:
            self.socket = socket
            hello = await self._hear(socket)
            if not isinstance(hello, Hello):
                raise _Dropped(_("the server did not say hello"))
            if hello.version != PROTOCOL_VERSION:
                raise _Stop(_final_reason(WRONG_VERSION))
            outbox = self._outbox = asyncio.Queue()
            writer = asyncio.create_task(self._write(socket, outbox))
            try:
                self._post(await self._log_in(socket, identity, hello.challenge))
                self._pause = self._first_pause
                self._welcomed = self._just_welcomed = True
                while True:
                    self._take(await self._hear(socket))
            finally:
                writer.cancel()

    async def _write(
        self, socket: aiohttp.ClientWebSocketResponse, outbox: asyncio.Queue[str]
    ) -> None:
        """Send what waits, in order, and a ping whenever there was nothing to say for
        ``PING_SECONDS``; never faster than the lobby allows (a bot playing a bot as fast
        as it can waits a little instead of being refused)."""
        pace = client_pace()
        while True:
            try:
                frame = await asyncio.wait_for(outbox.get(), PING_SECONDS)
            except TimeoutError:
                frame = request_frame(Ping())
            try:
                await socket.send_str(frame)
            except aiohttp.ClientError:
                return  # the line is closing: its reader says why
            if wait := pace.wait_after_frame():
                await asyncio.sleep(wait)

    async def _log_in(
        self, socket: aiohttp.ClientWebSocketResponse, identity: Identity, challenge: str
    ) -> Welcome:
        """Register this player's name the first time on this server, else log in; the
        other way if the server refused this one (``_OtherWay``), unless it refused both
        (``_Stop``, with its words for the first)."""
        usual = Purpose.LOGIN if self._registrations.has(self.url, self.name) else Purpose.REGISTER
        purpose = usual if usual not in self._refused else _other(usual)
        signature = identity.sign_login(challenge, self.url, purpose)
        if purpose is Purpose.REGISTER:
            self.send(Register(self.name, identity.public_key_hex, signature, self.bot))
        else:
            self.send(Login(self.name, signature))
        answer = await self._hear(socket)
        if isinstance(answer, Refusal):
            self._refused[purpose] = answer.text
            if len(self._refused) == len(Purpose):
                raise _Stop(self._refused[usual])
            raise _OtherWay
        if not isinstance(answer, Welcome):
            raise _Dropped(_("the server did not answer the login"))
        self._refused.clear()
        try:
            self._registrations.remember(self.url, answer.name)
        except OSError as error:
            log.warning("cannot keep that %s is registered on %s: %s", answer.name, self.url, error)
        return answer

    async def _hear(self, socket: aiohttp.ClientWebSocketResponse) -> News:
        """The server's next frame that can be read (one that cannot is logged and left)."""
        while True:
            try:
                message = await socket.receive(timeout=SILENCE_SECONDS)
            except TimeoutError:
                raise _Dropped(_("the server went silent")) from None
            if message.type is aiohttp.WSMsgType.TEXT:
                try:
                    return read_news(message.data)
                except WireError as error:
                    log.warning("a frame from %s that is not the protocol: %s", self.url, error)
                    continue
            if self._closing.is_set():
                raise _Dropped("closed by this side")  # never told: ``run`` just returns
            final = _final_reason(socket.close_code)
            if final is not None:
                raise _Stop(final)
            if message.type is aiohttp.WSMsgType.ERROR:
                raise _Dropped(_("the line broke ({reason})").format(reason=socket.exception()))
            raise _Dropped(_("the server closed the line"))

    # -- what the server sends -------------------------------------------------------------

    def _take(self, news: News) -> None:
        if isinstance(news, Pong | Hello):
            return
        if isinstance(news, PlayersChanged | SeeksChanged | MatchesChanged):
            self._post(self.lists.changed(news))
            return
        if isinstance(news, PlayersOnline | OpenSeeks | MatchesInPlay):
            self.lists.whole(news)
        if isinstance(news, MatchesInPlay) and self._just_welcomed:
            self._just_welcomed = False
            self._forget_ended(news)
        if isinstance(news, MatchBegins) and news.you is not None:
            self._match_begins(news)
        elif isinstance(news, Relayed) and news.match in self.matches:
            self._relayed(self.matches[news.match], news.message)
        elif isinstance(news, MatchResult) and news.match in self.matches:
            del self.matches[news.match]
            self._post(news)
        else:
            self._post(news)

    def _forget_ended(self, in_play: MatchesInPlay) -> None:
        """The player's matches that ended while the line was down (their result missed):
        stopped here, their files kept as they are."""
        going_on = {match.id for match in in_play.matches}
        for ended in [match for match in self.matches if match not in going_on]:
            del self.matches[ended]
            self._post(MatchStopped(ended, _("the match ended while the line was down")))

    def _match_begins(self, begins: MatchBegins) -> None:
        """This player's match starts, or starts again: the one in memory, else its file,
        else a new one; its first message says where this side is."""
        match = self.matches.get(begins.id)
        if match is None:
            path = match_file(self.folder, self.url, begins.id)
            try:
                match = LobbyMatch.open(begins, path, self._sender(begins.id), self._not_saved)
            except NetworkSaveError as error:
                self._post(MatchStopped(begins.id, str(error)))
                return
            self.matches[begins.id] = match
        match.connected()
        self._post(MatchJoined(match))

    def _not_saved(self, match: LobbyMatch, problem: str) -> None:
        self._post(MatchNotSaved(match, problem))

    def _sender(self, match: str) -> Callable[[Message], None]:
        def send(message: Message) -> None:
            self.send(InMatch(match, message))

        return send

    def _relayed(self, match: LobbyMatch, message: Message) -> None:
        try:
            match.arrived(message)
        except PeerBroke as broken:
            del self.matches[match.id]
            self._post(MatchStopped(match.id, str(broken)))
            return
        self._post(OpponentSent(match))
        if isinstance(message, ResignOffer):
            self._post(ResignationOffered(match, message.points))
        elif isinstance(message, ResignDeclined | ResignAccepted):
            accepted = isinstance(message, ResignAccepted)
            self._post(ResignationAnswered(match, accepted, message.points))
