"""A transfer code moves its visitor once, within its life, and only the code given last
to a visitor does; made-up codes move nobody, and an address that keeps trying them is
stopped. The code's link, opened in another browser, makes that browser the visitor, and
a code that moves nobody says so on the page."""

from __future__ import annotations

from ipaddress import IPv4Address
from pathlib import Path

import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from nardy_tui.cli.serve import page_words_in_every_language
from nardy_tui.serve import GameServer, MeetingServers, Venue
from nardy_tui.serve.gate import Limits, ip_of
from nardy_tui.serve.identity import COOKIE
from nardy_tui.serve.transfer import (
    CODE_ALPHABET,
    CODE_LENGTH,
    CODE_LIFE,
    WRONG_TRIES,
    Refused,
    Transfers,
)
from nardy_tui.serve.visitor import Visitor

ANN, BEN = Visitor("a" * 32), Visitor("b" * 32)
HERE = IPv4Address("192.0.2.1")


class Clock:
    """Seconds as the test says they pass."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_a_code_is_of_the_unambiguous_alphabet_and_a_new_one_each_time() -> None:
    transfers = Transfers()
    codes = {transfers.give(ANN) for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set("01IO") & set(CODE_ALPHABET)


def test_a_code_moves_its_visitor_once_only(clock: Clock) -> None:
    transfers = Transfers(clock)
    code = transfers.give(ANN)
    assert transfers.take(code, HERE) == ANN
    assert transfers.take(code, HERE) is Refused.NO_SUCH_CODE


def test_a_code_moves_nobody_once_its_life_is_over(clock: Clock) -> None:
    transfers = Transfers(clock)
    code = transfers.give(ANN)
    clock.now += CODE_LIFE - 1
    later = transfers.give(BEN)
    clock.now += 1
    assert transfers.take(code, HERE) is Refused.NO_SUCH_CODE
    assert transfers.take(later, HERE) == BEN


def test_asking_again_ends_the_visitors_earlier_code(clock: Clock) -> None:
    transfers = Transfers(clock)
    earlier, bens = transfers.give(ANN), transfers.give(BEN)
    later = transfers.give(ANN)
    assert transfers.take(earlier, HERE) is Refused.NO_SUCH_CODE
    assert transfers.take(later, HERE) == ANN
    assert transfers.take(bens, HERE) == BEN


@pytest.mark.parametrize("made_up", ["", "AAAAAAAAAA", "a" * 10_000, "../../etc", "ÄÄÄÄÄÄÄÄÄÄ"])
def test_a_made_up_code_moves_nobody(made_up: str) -> None:
    transfers = Transfers()
    transfers.give(ANN)
    assert transfers.take(made_up, HERE) is Refused.NO_SUCH_CODE


def test_an_address_that_tries_too_many_wrong_codes_is_stopped_for_a_while(
    clock: Clock,
) -> None:
    transfers = Transfers(clock)
    code = transfers.give(ANN)
    for _ in range(WRONG_TRIES):
        assert transfers.take("2" * CODE_LENGTH, HERE) is Refused.NO_SUCH_CODE
    assert transfers.take(code, HERE) is Refused.TOO_MANY_TRIES
    assert transfers.take("2" * CODE_LENGTH, IPv4Address("192.0.2.2")) is Refused.NO_SUCH_CODE
    clock.now += CODE_LIFE
    assert transfers.take(transfers.give(ANN), HERE) == ANN


async def press_continue_here(
    browser: TestClient[object, object], code: str, headers: dict[str, str] | None = None
) -> ClientResponse:
    """Open a transfer code's link, then press the page's button, as a person does."""
    asked = await browser.get(f"/?transfer={code}", headers=headers)
    assert asked.status == 200
    assert f'name="transfer" value="{code}"' in await asked.text()
    return await browser.post("/", data={"transfer": code}, headers=headers, allow_redirects=False)


def cookie_of(browser: TestClient[object, object]) -> dict[str, str]:
    """The cookies the server gave ``browser``."""
    jar = browser.session.cookie_jar.filter_cookies(browser.make_url("/"))
    return {name: morsel.value for name, morsel in jar.items()}


async def test_a_codes_link_moves_its_visitors_folder_to_the_browser_that_opens_it_once(
    tmp_path: Path, clock: Clock
) -> None:
    """Moves, not shares: the browser that asked for the code keeps an empty folder."""
    anns_folder = ANN.folder(tmp_path)
    anns_folder.mkdir()
    (anns_folder / "save.json").write_text("Ann's match")
    venue = Venue("127.0.0.1", 0, 4, tmp_path, 60.0, "en", MeetingServers())
    server = GameServer(venue, page_words_in_every_language(), bytes(32))
    server.transfers = Transfers(clock)
    offered = server._offer_transfer(ANN, URL("https://nardy.example/play/"))
    assert offered.link == f"https://nardy.example/play/?transfer={offered.code}"
    assert offered.minutes == 10
    expiring = server._offer_transfer(BEN, URL("https://nardy.example/play/"))

    async with (
        TestServer(server.web_app()) as http,
        TestClient(http) as other_device,
        TestClient(http) as stranger,
    ):
        moved = await press_continue_here(other_device, offered.code)
        assert (moved.status, moved.headers["Location"]) == (303, "./")
        heir = server.identities.visitor(cookie_of(other_device))
        assert heir is not None and heir != ANN
        assert (heir.folder(tmp_path) / "save.json").read_text() == "Ann's match"
        assert not anns_folder.exists()

        again = await press_continue_here(stranger, offered.code)
        assert again.status == 410
        assert "This transfer link has been used, has expired" in await again.text()
        assert server.identities.visitor(cookie_of(stranger)) not in (None, ANN)

        clock.now += CODE_LIFE
        late = await press_continue_here(stranger, expiring.code)
        assert late.status == 410
        assert server.identities.visitor(cookie_of(stranger)) not in (None, BEN)


async def test_behind_a_proxy_wrong_codes_stop_the_address_that_tried_them_not_everyone(
    tmp_path: Path,
) -> None:
    """Every request comes from the proxy's address: the wrong tries count against the
    address it forwards, so a stranger's guesses do not stop the visitors' own links."""
    limits = Limits(proxy=ip_of("127.0.0.1"))
    venue = Venue("127.0.0.1", 0, 4, tmp_path, 60.0, "en", MeetingServers(), limits=limits)
    server = GameServer(venue, page_words_in_every_language(), bytes(32))
    offered = server._offer_transfer(ANN, URL("https://nardy.example/play/"))
    stranger = {"X-Forwarded-For": "203.0.113.9"}
    anns_other_device = {"X-Forwarded-For": "198.51.100.7"}

    async with TestServer(server.web_app()) as http, TestClient(http) as browser:
        for _ in range(WRONG_TRIES):
            guess = await press_continue_here(browser, "2222222222", stranger)
            assert guess.status == 410
        stopped = await press_continue_here(browser, offered.code, stranger)
        assert stopped.status == 429
        moved = await press_continue_here(browser, offered.code, anns_other_device)
        assert moved.status == 303


async def test_opening_a_codes_link_moves_nothing_until_the_page_is_asked_by_its_button(
    tmp_path: Path,
) -> None:
    """A chat program's preview of the link, or another site sending the browser to it
    (or posting to the page), neither takes the match nor changes who the browser is."""
    venue = Venue("127.0.0.1", 0, 4, tmp_path, 60.0, "en", MeetingServers())
    server = GameServer(venue, page_words_in_every_language(), bytes(32))
    offered = server._offer_transfer(ANN, URL("http://127.0.0.1/"))

    async with TestServer(server.web_app()) as http, TestClient(http) as browser:
        for _ in range(3):
            preview = await browser.get(f"/?transfer={offered.code}", allow_redirects=False)
            assert preview.status == 200
            assert "Continue your match from the other device" in await preview.text()
        assert server.identities.visitor(cookie_of(browser)) is None
        another_site = await browser.post(
            "/",
            data={"transfer": offered.code},
            headers={"Origin": "https://elsewhere.example"},
            allow_redirects=False,
        )
        assert another_site.status == 403
        made_up = await browser.get("/?transfer=<script>", allow_redirects=False)
        assert made_up.status == 410 and "<script>" not in await made_up.text()
        moved = await press_continue_here(browser, offered.code)
        assert moved.status == 303
        assert server.identities.visitor(cookie_of(browser)) not in (None, ANN)


async def test_a_request_that_names_two_visitors_is_neither(tmp_path: Path) -> None:
    """A second cookie of the visitor's name can be planted by another site of the same
    domain: the server takes neither, rather than the one it happens to read last."""
    venue = Venue("127.0.0.1", 0, 4, tmp_path, 60.0, "en", MeetingServers())
    server = GameServer(venue, page_words_in_every_language(), bytes(32))
    ann, ben = (server.identities.cookie_value(visitor) for visitor in (ANN, BEN))

    async with TestServer(server.web_app()) as http, TestClient(http) as browser:
        page = await browser.get("/", headers={"Cookie": f"{COOKIE}={ann}; {COOKIE}={ben}"})
        assert page.status == 200
        assert server.identities.visitor(cookie_of(browser)) not in (None, ANN, BEN)
