"""``nardy serve`` on loopback, seen as a browser sees it: the page, then the game on the
socket the page names. Each visitor (each browser, with cookies of its own) plays a game of
their own with a save folder of their own, a visitor who comes back finds their match, and
one visitor too many is told in words that the table is full.

The server runs as a process of its own, as a player starts it; every wait has a deadline
and ends as soon as what it waits for has happened.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from nardy_tui.options import Mode
from nardy_tui.serve import SECRET_FILE, server_secret
from nardy_tui.serve.farewell import Farewell
from nardy_tui.serve.identity import COOKIE, Identities
from nardy_tui.storage import Settings, load_saved, save_settings

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0
"""Seconds any one wait may take before the test fails: an upper bound, not a pause."""
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]")
UP, SPACE, ENTER, CTRL_P = "\x1b[A", " ", "\r", "\x10"
PROCESSES = Path("/proc")


@dataclass(frozen=True)
class Served:
    address: URL
    visitors: Path
    """The folder of the visitors' save folders."""


@asynccontextmanager
async def serving(home: Path, *options: str) -> AsyncIterator[Served]:
    """``nardy serve`` on a free loopback port, stopped (and its games with it) at the end."""
    server = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "nardy_tui", "serve", "--port", "0", *options),
        cwd=ROOT,
        env={**os.environ, "NARDY_HOME": str(home)},
        stdout=asyncio.subprocess.PIPE,
    )
    assert server.stdout is not None
    try:
        line = (await asyncio.wait_for(server.stdout.readline(), DEADLINE)).decode()
        found = re.search(r"http://\S+", line)
        assert found, line
        yield Served(URL(found.group()), home / "visitors")
    finally:
        server.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(server.wait(), DEADLINE) == 0


class Screen:
    """A visitor's game, as the terminal in their page receives it: what it draws, and
    what it tells the page's script (``told``)."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self._seen = b""
        self.told: list[list[str]] = []

    async def shows(self, words: str) -> None:
        """Read the game's output until ``words`` have been drawn since the last look."""
        async with asyncio.timeout(DEADLINE):
            while words not in self._text():
                await self._receive()
        self._seen = b""

    async def shows_first(self, *choices: str) -> str:
        """Which of ``choices`` the game draws first (read until one has been)."""
        async with asyncio.timeout(DEADLINE):
            while True:
                seen = self._text()
                found = [(seen.find(words), words) for words in choices if words in seen]
                if found:
                    self._seen = b""
                    return min(found)[1]
                await self._receive()

    async def finds(self, pattern: str) -> re.Match[str]:
        """The first text drawn since the last look that matches ``pattern`` (read until
        some has been)."""
        async with asyncio.timeout(DEADLINE):
            while not (found := re.search(pattern, self._text())):
                await self._receive()
        self._seen = b""
        return found

    async def tells(self, kind: str) -> str:
        """What the game tells the page's script of ``kind`` (read until it has)."""
        async with asyncio.timeout(DEADLINE):
            while not any(said[0] == kind for said in self.told):
                await self._receive()
        return next(said[1] for said in self.told if said[0] == kind)

    def _text(self) -> str:
        """What has been drawn since the last look, without the terminal's escapes."""
        return ESCAPES.sub(b"", self._seen).decode("utf-8", "replace")

    async def _receive(self) -> None:
        message = await self.socket.receive()
        if message.type is aiohttp.WSMsgType.TEXT:
            self.told.append(json.loads(message.data))
        else:
            assert message.type is aiohttp.WSMsgType.BINARY, (message, self._seen[-500:])
            self._seen += message.data

    async def press(self, keys: str) -> None:
        await self.socket.send_json(["stdin", keys])

    async def closed(self) -> None:
        async with asyncio.timeout(DEADLINE):
            while (await self.socket.receive()).type in (
                aiohttp.WSMsgType.BINARY,
                aiohttp.WSMsgType.TEXT,
            ):
                pass


class Browser:
    """One visitor's browser: cookies of its own, the page, and the game behind it;
    ``languages`` is what it says it reads (its Accept-Language), if anything."""

    def __init__(
        self,
        session: aiohttp.ClientSession,
        served: Served,
        languages: str | None = None,
        *,
        seen_at: URL | None = None,
    ) -> None:
        """``seen_at``: the address the browser sees behind a proxy (its cookies are kept
        and sent as for that address), if it reaches the server through one."""
        self.session = session
        self.link = served.address
        self.cookies = aiohttp.CookieJar(unsafe=True)  # unsafe: the server's host is an IP
        self.headers = {} if languages is None else {"Accept-Language": languages}
        self.seen_at = seen_at

    @property
    def cookie(self) -> str | None:
        """The cookie the server gave this browser to name its visitor, if any."""
        morsel = self.cookies.filter_cookies(self._as_seen(self.link)).get(COOKIE)
        return None if morsel is None else morsel.value

    def folder(self, served: Served) -> Path:
        """This visitor's save folder on the server (once the page has given a cookie)."""
        secret = server_secret(served.visitors.parent / SECRET_FILE)
        visitor = Identities(secret).visitor({COOKIE: self.cookie or ""})
        assert visitor is not None
        return visitor.folder(served.visitors)

    async def open(self, link: URL | None = None) -> tuple[int, str]:
        """Load the page (or ``link``), going where the server sends the browser, with
        the cookies it has and keeping those it is given; its status and text."""
        self.link = link or self.link
        async with asyncio.timeout(DEADLINE):
            while True:
                async with self.session.get(
                    self.link, headers=self._headers(self.link), allow_redirects=False
                ) as page:
                    self.cookies.update_cookies(page.cookies, self._as_seen(page.url))
                    if page.status != 303:
                        return page.status, await page.text()
                    self.link = page.url.join(URL(page.headers["Location"]))

    async def continue_here(self, code: str) -> tuple[int, str]:
        """Press the transfer page's button (a form's POST from the page), then go where
        the server sends the browser; the status and text of the page it ends on."""
        page = self.link.with_query(None)
        headers = {**self._headers(page), "Origin": str(page.origin())}
        async with self.session.post(
            page, data={"transfer": code}, headers=headers, allow_redirects=False
        ) as answer:
            self.cookies.update_cookies(answer.cookies, self._as_seen(answer.url))
            if answer.status != 303:
                return answer.status, await answer.text()
            return await self.open(page.join(URL(answer.headers["Location"])))

    async def finds_a_seat(self) -> None:
        """Load the page until it has room: a seat is free once its game has ended."""
        async with asyncio.timeout(DEADLINE):
            while (await self.open())[0] != 200:
                await asyncio.sleep(0.05)

    async def play(self, origin: str | None = None) -> Screen:
        """The page, and the game on the socket it names (opened by a page of ``origin``,
        or by no page)."""
        status, html = await self.open()
        assert status == 200, html
        found = re.search(r'data-socket="([^"]+)"', html)
        assert found, html
        return await self.connect(found.group(1), origin)

    async def connect(self, path: str, origin: str | None = None) -> Screen:
        """The socket at ``path``, opened as the page's script opens it: at the page's
        size, with the friend's code of the page's link (``?join=``) passed on."""
        socket = self.link.join(URL(path)).with_scheme("ws").with_query(width=100, height=32)
        if "join" in self.link.query:
            socket = socket.update_query(join=self.link.query["join"])
        return Screen(
            await self.session.ws_connect(socket, origin=origin, headers=self._headers(socket))
        )

    def _as_seen(self, link: URL) -> URL:
        """``link`` as the browser sees it: behind the proxy, if there is one."""
        return link if self.seen_at is None else self.seen_at.join(URL(link.path.lstrip("/")))

    def _headers(self, link: URL) -> dict[str, str]:
        """The headers this browser sends to ``link``: its language and its cookies."""
        sent = self.cookies.filter_cookies(self._as_seen(link))
        cookies = "; ".join(f"{name}={morsel.value}" for name, morsel in sent.items())
        return {**self.headers, **({"Cookie": cookies} if cookies else {})}


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    """The connections the browsers share; each keeps its own cookies (``Browser``)."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session:
        yield session


async def start_hot_seat(screen: Screen) -> None:
    """On the new-match screen: choose hot-seat (above 'Against the bot'), and once it is
    marked chosen, start."""
    await screen.shows("Start the match")
    await screen.press(UP + SPACE)
    await screen.shows("●▌ Hot-seat")
    await screen.press("s")
    await screen.shows("roll-off")


def environments_of_games(served: Served) -> list[dict[str, str]]:
    """The environment of each visitor's game running on ``served`` (Linux's /proc): the
    processes whose NARDY_HOME is a visitor's folder of that server."""
    found = []
    for environ in PROCESSES.glob("[0-9]*/environ"):
        try:
            entries = environ.read_bytes().decode("utf-8", "replace").split("\0")
        except OSError:  # another user's process, or one that has ended
            continue
        environment = dict(entry.split("=", 1) for entry in entries if "=" in entry)
        if Path(environment.get("NARDY_HOME", "/")).parent == served.visitors:
            found.append(environment)
    return found


def saved_mode(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Mode | None:
    """The mode of the match saved in ``folder``, None if none is."""
    monkeypatch.setenv("NARDY_HOME", str(folder))
    saved = load_saved()
    return None if saved is None else saved.options.mode


async def test_a_visitor_asks_for_a_hot_seat_game_and_sees_the_board(
    tmp_path: Path, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with serving(tmp_path) as served:
        screen = await Browser(session, served).play()
        await start_hot_seat(screen)
        await screen.shows("pips")
        [folder] = served.visitors.iterdir()
        assert saved_mode(folder, monkeypatch) is Mode.HOT_SEAT


async def test_two_visitors_have_two_save_folders_and_one_who_comes_back_finds_the_match(
    tmp_path: Path, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with serving(tmp_path) as served:
        ann, ben = Browser(session, served), Browser(session, served)
        anns_game, bens_game = await ann.play(), await ben.play()
        await start_hot_seat(anns_game)
        await bens_game.shows("Start the match")
        assert ann.cookie != ben.cookie
        assert len(list(served.visitors.iterdir())) == 2

        anns_game_again = await ann.play()
        await anns_game.closed()
        await anns_game_again.shows("Resume the saved match?")
        folders = {saved_mode(folder, monkeypatch) for folder in served.visitors.iterdir()}
        assert folders == {Mode.HOT_SEAT, None}


async def test_one_visitor_too_many_is_told_that_the_table_is_full(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path, "--visitors", "1") as served:
        ann, ben = Browser(session, served), Browser(session, served)
        anns_game = await ann.play()
        await anns_game.shows("Start the match")

        status, page = await ben.open()
        assert status == 503
        assert "The table is full" in page
        bens_game = await ben.connect("ws/en")
        await bens_game.shows("The table is full")
        await bens_game.closed()
        assert bens_game.socket.close_code == Farewell.FULL  # the page's words: full

        await anns_game.socket.close()
        await ben.finds_a_seat()


async def test_a_socket_without_a_language_of_the_strict_form_is_not_found(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        visitor = Browser(session, served)
        await visitor.open(served.address.with_query(s="../../etc"))
        assert visitor.link == served.address
        for path in ("ws/fr", "ws/..%2Fen", "ws/en/en", "ws/" + "a" * 20 + "/en", "ws/"):
            link = served.address.join(URL(path, encoded=True))
            async with session.get(link, headers=visitor._headers(link)) as answer:
                assert answer.status == 404, path
        assert not served.visitors.exists() or not any(served.visitors.iterdir())


async def test_a_game_left_alone_ends_and_frees_its_seat(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path, "--visitors", "1", "--idle", "0.02") as served:
        ann, ben = Browser(session, served), Browser(session, served)
        await (await ann.play()).closed()
        await ben.finds_a_seat()


async def test_only_the_servers_own_page_opens_a_visitors_game(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        visitor = Browser(session, served)
        refused = await visitor.play(origin="http://elsewhere.example")
        await refused.shows("This page may not open a game")
        await refused.closed()
        own_page = str(served.address.origin())
        await (await visitor.play(origin=own_page)).shows("Start the match")


async def test_an_exported_record_is_a_download_for_the_page_of_its_game_only(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        screen = await Browser(session, served).play()
        await start_hot_seat(screen)
        await screen.press("x")
        await screen.shows("on its way to your browser")
        instance, key = await screen.tells("instance_id"), await screen.tells("deliver_file_start")
        download = served.address.with_path(f"/download/{key}")

        for wrong in (download.with_query(instance="b" * 32), download.with_path("/download/0")):
            async with session.get(wrong) as answer:
                assert answer.status == 404, wrong
        async with session.get(download.with_query(instance=instance)) as answer:
            assert answer.status == 200
            assert answer.content_disposition is not None
            assert answer.content_disposition.type == "attachment"
            assert re.fullmatch(
                r"nardy-\d{8}-\d{6}\.txt", answer.content_disposition.filename or ""
            )
            record = await answer.text()
        assert record.startswith("Long Nardy match record\nWhite: player 1 / Black: player 2")
        async with session.get(download.with_query(instance=instance)) as again:
            assert again.status == 404
        [folder] = served.visitors.iterdir()
        assert not (folder / "records").exists()


async def test_each_visitor_plays_in_the_language_their_browser_reads(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        reads_russian = Browser(session, served, "fr-CH, ru;q=0.9, en;q=0.5")
        status, page = await reads_russian.open()
        assert status == 200 and '<html lang="ru"' in page and "Длинные нарды" in page
        reads_hebrew = Browser(session, served, "he-IL")
        status, page = await reads_hebrew.open()
        assert '<html lang="he" dir="rtl">' in page

        await (await reads_russian.play()).shows("Начать матч")
        await (await Browser(session, served).play()).shows("Start the match")


async def test_a_language_the_visitor_chose_in_the_game_comes_before_the_browsers(
    tmp_path: Path, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with serving(tmp_path) as served:
        visitor = Browser(session, served, "ru")
        await visitor.open()
        monkeypatch.setenv("NARDY_HOME", str(visitor.folder(served)))
        assert save_settings(Settings(language="el")) is None
        await (await visitor.play()).shows("Έναρξη αγώνα")


async def test_a_link_an_attacker_made_up_never_gives_them_the_match_of_whoever_opened_it(
    tmp_path: Path, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session fixation: the attacker gets the victim to open the attacker's link, the
    victim plays, and the attacker opens the same link later."""
    async with serving(tmp_path) as served:
        attackers_link = served.address.with_query(s="a" * 16)
        victim, attacker = Browser(session, served), Browser(session, served)
        await victim.open(attackers_link)
        await start_hot_seat(await victim.play())

        await attacker.open(attackers_link)
        attackers_game = await attacker.play()
        first = await attackers_game.shows_first("Resume the saved match?", "Start the match")
        assert first == "Start the match"
        assert saved_mode(victim.folder(served), monkeypatch) is Mode.HOT_SEAT
        assert saved_mode(attacker.folder(served), monkeypatch) is None


async def test_a_cookie_the_server_did_not_sign_names_nobody_and_its_browser_is_a_new_visitor(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        async with session.get(served.address) as page:
            given = page.cookies[COOKIE]
        assert given["httponly"] and given["samesite"] == "Lax" and given["path"] == "/"
        assert not given["secure"]  # served by plain http

        victim = Browser(session, served)
        await start_hot_seat(await victim.play())
        assert victim.cookie is not None
        token, signature = victim.cookie.split(".")
        other_token = token[:-1] + ("B" if token[-1] != "B" else "C")
        for forged in (
            token,
            f"{token}.",
            f"{token}.{'A' * len(signature)}",
            f"{other_token}.{signature}",
            f"{'a' * 32}.{signature}",
        ):
            forger = Browser(session, served)
            forger.cookies.update_cookies({COOKIE: forged}, served.address)
            refused = await forger.connect("ws/en")
            await refused.shows("allow cookies for this site")
            await refused.closed()
            assert refused.socket.close_code == Farewell.NOT_STARTED, forged
            await forger.open()
            assert forger.cookie not in (None, forged, victim.cookie), forged
        forgers_game = await forger.play()
        first = await forgers_game.shows_first("Resume the saved match?", "Start the match")
        assert first == "Start the match"


async def test_a_code_asked_for_in_the_game_moves_the_match_to_another_browser_once_for_good(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        laptop, phone, stranger = (Browser(session, served) for _ in range(3))
        on_the_laptop = await laptop.play()
        await start_hot_seat(on_the_laptop)
        await on_the_laptop.press(CTRL_P)
        await on_the_laptop.shows("Search for commands")
        await on_the_laptop.press("another device")
        await on_the_laptop.shows("Continue on another device")
        await on_the_laptop.press(ENTER)
        shown = await on_the_laptop.finds(r"(http://\S+/\?transfer=([0-9A-Z]{10}))")
        link, code = URL(shown[1]), shown[2]
        assert link == served.address.with_query(transfer=code)

        status, page = await phone.open(link)
        assert status == 200 and "Continue here" in page  # opening the link moves nothing
        assert (await phone.continue_here(code))[0] == 200
        assert phone.link == served.address and phone.cookie not in (None, laptop.cookie)
        await on_the_laptop.closed()
        await (await phone.play()).shows("Resume the saved match?")
        laptop_again = await laptop.play()  # the code moved the match, it did not share it
        first = await laptop_again.shows_first("Resume the saved match?", "Start the match")
        assert first == "Start the match"

        await stranger.open(link)
        status, page = await stranger.continue_here(code)
        assert status == 410 and "This transfer link has been used" in page
        assert stranger.cookie not in (None, laptop.cookie)


async def test_a_friends_link_opens_the_visitors_game_on_the_join_screen_with_the_code(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    async with serving(tmp_path) as served:
        friend = Browser(session, served)
        friend.link = served.address.with_query(join="12-tiger-lamp")
        game = await friend.play()
        await game.shows("Join your friend's match")
        await game.shows("12-tiger-lamp")
        if PROCESSES.exists():  # what the game was told, as Linux shows it
            [told] = environments_of_games(served)
            assert told["NARDY_PAGE_URL"] == str(served.address)
            assert told["NARDY_JOIN_CODE"] == "12-tiger-lamp"
