"""A match against the bot in a real browser, through ``nardy serve`` (outside CI).

    pip install '.[serve,browser]'      # playwright; the browser is Debian's chromium
    python tools/browser_check.py [--screenshot screenshots/browser.png] [--timeout 30]
    python tools/browser_check.py --behind-nginx     # apt-get install nginx openssl

It serves the game on loopback with a data folder of its own (a temporary one), opens the
page in headless chromium, starts a match against the bot, plays a few whole turns with the
keyboard (the hint's play, typed as point numbers), rolls the next turn and plays one move
of it, reloads the page, and checks that the match is offered again and comes back with the
same dice and that move. Each check is decided by what the page received on its websocket,
within the timeout; every check passed is printed, and the first that fails ends the run
with exit status 1. The screenshot shows the board after the reload.

``--phone`` plays a hot-seat match on a phone's screen by taps alone (a touchscreen's, in
a 390 by 844 page): hot-seat chosen and the match started by taps, White's or Black's turn
(the roll, the hint's play tapped point by point at the board's edge, the confirmation),
the menu opened by its button and its list scrolled by a swipe, then the phone turned on
its side (844 by 390) and the other side's turn the same way.
Where to tap is read from the terminal's output (where the words stand); screenshots go to
``screenshots/phone-upright.png`` and ``phone-sideways.png``.

``--behind-nginx`` plays the same match through nginx with TLS (a self-signed certificate,
on loopback) that serves the game under ``/nardy/``, as the example in ``docs/browser.md``
does, with ``nardy serve --public-url`` naming the proxy's address and ``--proxy-address``
the address the proxy connects from. It also checks that the match's record downloads through the
proxy's path, and that a second visitor (a browser context of their own, so cookies and
storage of their own) is offered a new match, not the first one's, and after a reload finds
their own match while the first visitor finds theirs. Screenshots of both visitors go to
``screenshots/behind-nginx-*.png``.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from browser_driver import (
    LOCALE,
    ROOT,
    VIEWPORT,
    Terminal,
    Unexpected,
    chromium,
    playwright_missing,
    serving,
)
from tls_proxy import PREFIX, free_port, nginx_in_front, tls_proxy_missing
from yarl import URL

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Response

if TYPE_CHECKING:
    from playwright.sync_api import Cookie

MOVE = re.compile(r"(\d{1,2})/(\d{1,2}|off)(?:\((\d)\))?")
"""A checker's move in notation, as the hint writes it: ``24/17``, ``13/off``, ``24/18(2)``."""

COMPLETE = "The turn is complete"
"""What the status line says once every die is played, before the turn is confirmed."""

TURNS = 3
"""Whole turns played before the one left half-played: enough to see a game under way."""

ROLL_OFF_TRIES = 20
"""Roll-offs tied this many times in a row would be a broken die, not bad luck."""


def passed(what: str) -> None:
    print(f"ok   {what}")
    sys.stdout.flush()


def keys_for(move: re.Match[str]) -> list[str]:
    """The keys that play one move of the hint: its point, then where it goes, as many
    times as the move is written. Points 1 and 2 wait for a second digit: Enter ends them.

    >>> keys_for(MOVE.search("24/18(2)"))
    ['24', '18', '24', '18']
    >>> keys_for(MOVE.search("3/off"))
    ['3', 'o']
    >>> keys_for(MOVE.search("13/2"))
    ['13', '2\\n']
    """
    source, destination, count = move.groups()
    keys = [_point(source), "o" if destination == "off" else _point(destination)]
    return keys * int(count or 1)


def _point(number: str) -> str:
    return number + "\n" if number in ("1", "2") else number


def from_here(url: str, server: str) -> bool:
    """Whether the page's request for ``url`` stayed with the server (or the page itself).

    >>> from_here("http://127.0.0.1:8000/static/js/textual.js", "http://127.0.0.1:8000/")
    True
    >>> from_here("https://fonts.example.com/roboto.css", "http://127.0.0.1:8000/")
    False
    """
    return url.startswith((server, "data:", "blob:"))


def names_the_visitor(cookies: list[Cookie], url: str, address: str) -> None:
    """The page stays at the server's address (no visitor's name in a link), and the
    browser keeps a cookie that names the visitor, out of the page's script's reach and
    sent by this site's pages only."""
    if url != address:
        raise Unexpected(f"the page went on to {url}, not the server's address {address}")
    named = [cookie for cookie in cookies if cookie["name"] == "nardy_visitor"]
    if not named or not named[0].get("httpOnly") or named[0].get("sameSite") != "Lax":
        raise Unexpected(f"no HttpOnly, SameSite=Lax cookie names the visitor: {cookies}")
    passed("the page names the visitor by an HttpOnly, SameSite=Lax cookie, not in a link")


def start_against_the_bot(terminal: Terminal) -> None:
    terminal.wait_for("Against the bot")
    terminal.wait_for(r"Start the match")
    passed("the new-match screen is drawn, against the bot by default")
    terminal.focus()
    terminal.press("s")
    terminal.wait_for("Medium bot")
    terminal.wait_for("roll-off")
    passed("s starts the match: the roll-off against the medium bot")
    for _ in range(ROLL_OFF_TRIES):
        terminal.press("r")
        if terminal.wait_for("a tie, roll again", "starts").group() == "starts":
            passed("r throws the roll-off")
            return
    raise Unexpected(f"the roll-off tied {ROLL_OFF_TRIES} times in a row")


def roll(terminal: Terminal) -> str:
    """Wait until it is the visitor's turn, roll, and return the dice (``6-1``)."""
    terminal.wait_for("You to roll")
    terminal.press("r")
    return terminal.wait_for(r"You rolled (\d-\d)").group(1)


def hinted_moves(terminal: Terminal) -> list[re.Match[str]]:
    """Ask for the hint (h) and read its play."""
    terminal.press("h")
    play = terminal.wait_for(r"Hint: ((?:\d{1,2}/(?:\d{1,2}|off)(?:\(\d\))? ?)+)").group(1)
    return list(MOVE.finditer(play))


def play(terminal: Terminal, moves: list[re.Match[str]]) -> None:
    for move in moves:
        for keys in keys_for(move):
            terminal.type(keys)


def play_a_turn(terminal: Terminal) -> None:
    dice = roll(terminal)
    passed(f"r rolls the visitor's dice: {dice}")
    moves = hinted_moves(terminal)
    notation = " ".join(move.group() for move in moves)
    passed(f"h gives the hint: {notation}")
    play(terminal, moves)
    terminal.wait_for(COMPLETE)
    terminal.press("c")
    terminal.wait_for(re.escape(f"White {dice}: {notation}"))
    passed(f"the hint typed as point numbers and c confirm the turn: White {dice}: {notation}")


def reload_mid_turn(terminal: Terminal) -> None:
    dice = roll(terminal)
    first_move = hinted_moves(terminal)[0]
    play(terminal, [first_move])
    made = terminal.wait_for(rf"Moved ([^.]*)\.|{COMPLETE}")
    passed(f"the next turn rolled ({dice}) and begun with {first_move.group()}")
    terminal.page.reload()
    terminal.wait_for(r"Resume the saved match\?")
    terminal.wait_for("against the Medium bot")
    passed("after a reload the page offers the saved match against the medium bot")
    terminal.focus()
    terminal.press("r")
    terminal.wait_for(re.escape(f"You rolled {dice}"))
    steps = made.group(1)
    terminal.wait_for_all(
        COMPLETE if steps is None else re.escape(f"Played so far: {steps}."), "Undo turn"
    )
    passed(f"r resumes it: the visitor's turn with the same dice, {dice}, and the move made")


def start_hot_seat(terminal: Terminal) -> None:
    """On the new-match screen: choose hot-seat (above 'Against the bot'), and start."""
    terminal.wait_for("Start the match")
    terminal.focus()
    terminal.press("ArrowUp")
    terminal.press("Space")
    terminal.wait_for("●▌ Hot-seat")
    terminal.press("s")
    terminal.wait_for("roll-off")


def offered_again(terminal: Terminal, summary: str) -> None:
    """After a reload: the visitor is offered their saved match, described by ``summary``."""
    terminal.page.reload()
    terminal.wait_for(r"Resume the saved match\?")
    terminal.wait_for(summary)


def downloads_through_the_proxy(terminal: Terminal, public_url: str) -> None:
    """x hands the match's record to the browser, which fetches it beside the page, under
    the proxy's path (textual-serve's page alone would ask at the site's root)."""
    answered: list[Response] = []
    terminal.page.context.on(
        "response",
        lambda response: answered.append(response) if "/download/" in response.url else None,
    )
    terminal.press("x")
    terminal.wait_for("on its way to your browser")
    terminal.until(lambda: bool(answered), "the record's download")
    download = answered[0]
    if not download.url.startswith(f"{public_url}download/") or download.status != 200:
        raise Unexpected(f"the record was fetched at {download.url}: {download.status}")
    passed(f"x: the record downloads through the proxy's path ({download.url.split('?')[0]})")


def visitor_behind_a_proxy(browser: Browser, timeout: float) -> tuple[Page, Terminal]:
    """A visitor of their own: a browser context (cookies, storage) of their own, that takes
    the self-signed certificate."""
    context = browser.new_context(
        viewport=VIEWPORT, locale=LOCALE, ignore_https_errors=True, accept_downloads=True
    )
    page = context.new_page()
    return page, Terminal(page, timeout)


def check_behind_nginx(screenshots: Path, timeout: float) -> None:
    port = free_port()
    public_url = f"https://127.0.0.1:{port}{PREFIX}"
    with (
        tempfile.TemporaryDirectory() as home,
        tempfile.TemporaryDirectory() as nginx_files,
        serving(
            Path(home), timeout, ["--public-url", public_url, "--proxy-address", "127.0.0.1"]
        ) as served,
        nginx_in_front(port, URL(served.address).port or 0, Path(nginx_files)) as proxy,
    ):
        passed(f"nardy serve at {served.address}, behind nginx with TLS at {proxy.public_url}")
        with chromium() as browser:
            page, terminal = visitor_behind_a_proxy(browser, timeout)
            fetched: list[str] = []
            page.on("request", lambda request: fetched.append(request.url))
            page.goto(public_url)
            if not page.url.startswith(public_url):
                raise Unexpected(f"the page left the proxy's path: {page.url}")
            passed(f"the page opens at the proxy's address: {page.url}")
            start_against_the_bot(terminal)
            for _ in range(TURNS):
                play_a_turn(terminal)
            reload_mid_turn(terminal)
            terminal.painted()
            page.screenshot(path=str(screenshots / "behind-nginx-first-visitor.png"))
            downloads_through_the_proxy(terminal, public_url)

            other_page, other = visitor_behind_a_proxy(browser, timeout)
            other_page.goto(public_url)
            first = other.wait_for(r"Resume the saved match\?", "Start the match").group()
            if first != "Start the match":
                raise Unexpected("a second visitor was offered a saved match: the first one's")
            passed("a second visitor (a browser context of their own) is offered a new match")
            start_hot_seat(other)
            offered_again(other, "hot-seat, match to")
            offered_again(terminal, "against the Medium bot")
            passed("after a reload each finds their own: hot-seat, and the first's against the bot")
            other.painted()
            other_page.screenshot(path=str(screenshots / "behind-nginx-second-visitor.png"))
            passed(f"screenshots saved: {screenshots}/behind-nginx-*.png")
        elsewhere = [url for url in fetched if not from_here(url, public_url)]
        if elsewhere:
            raise Unexpected(f"the page fetched from elsewhere: {elsewhere}")
        passed(f"the page fetched only from the proxy's path ({len(fetched)} requests)")


def check(screenshot: Path, timeout: float) -> None:
    with tempfile.TemporaryDirectory() as home, serving(Path(home), timeout) as served:
        passed(f"nardy serve listens at {served.address} (data folder {home})")
        with chromium() as browser:
            page = browser.new_page(viewport=VIEWPORT, locale=LOCALE)
            terminal = Terminal(page, timeout)
            fetched: list[str] = []
            page.on("request", lambda request: fetched.append(request.url))
            page.goto(served.address)
            names_the_visitor(page.context.cookies(), page.url, served.address)
            start_against_the_bot(terminal)
            for _ in range(TURNS):
                play_a_turn(terminal)
            reload_mid_turn(terminal)
            terminal.painted()
            page.screenshot(path=str(screenshot))
            passed(f"screenshot saved: {screenshot}")
        elsewhere = [url for url in fetched if not from_here(url, served.address)]
        if elsewhere:
            raise Unexpected(f"the page fetched from elsewhere: {elsewhere}")
        passed(f"the page fetched nothing from elsewhere ({len(fetched)} requests, all local)")


PHONE_UPRIGHT = {"width": 390, "height": 844}
"""A common phone held upright, in CSS pixels: the page's terminal is 43 by 46 cells."""
PHONE_SIDEWAYS = {"width": 844, "height": 390}


def button(word: str) -> str:
    """A button's word, alone between spaces (not "Roll" of "Roll-off" in the status)."""
    return rf"(?<!\S){word}(?!\S)"


def point_label(number: int, rows: int) -> str:
    """The words of point ``number``'s label at the edge of the board turned a quarter (the
    left column's numbers stand after its border, the right column's before it), or along
    the landscape board's edges (under or over a point, between two spaces)."""
    return (
        rf"(?<=\│ ){number:>2}(?= )|(?<= ){number:<2}(?= \│)" if rows else rf"(?<= ){number}(?= )"
    )


def tap_a_turn(terminal: Terminal, upright: bool, side: str) -> None:
    """Roll, the hint's play and confirm, each by a tap on the screen: the buttons' words,
    and each checker's point, then its destination, by their numbers at the board's edge."""
    terminal.tap(button("Roll"), nearest_bottom=True)
    dice = terminal.wait_for(r"rolled (\d-\d)").group(1)
    terminal.painted()
    terminal.tap(button("Hint"), nearest_bottom=True)
    moves = list(
        MOVE.finditer(
            terminal.wait_for(r"Hint: ((?:\d{1,2}/(?:\d{1,2}|off)(?:\(\d\))? ?)+)").group(1)
        )
    )
    terminal.painted()
    for move in moves:
        for _ in range(int(move.group(3) or 1)):
            for point in (move.group(1), move.group(2)):
                terminal.tap(point_label(int(point), rows=upright), nearest_bottom=not upright)
                terminal.painted()
    terminal.wait_for(COMPLETE)
    terminal.painted()
    terminal.tap(button("Confirm"), nearest_bottom=True)
    notation = " ".join(move.group() for move in moves)
    # The turn's line, in the next player's numbering: the board has turned to them.
    terminal.wait_for(re.escape(f"{side} {dice}: "))
    terminal.wait_for(r"r Roll")  # the footer, drawn a moment after
    passed(f"{side}'s turn by taps ({'upright' if upright else 'sideways'}): {dice} {notation}")


def swipe_the_menu(terminal: Terminal) -> None:
    """The menu (the command palette) opened by its button, its list scrolled by a swipe
    up, and closed by a tap outside it."""
    terminal.tap(button("Menu"), nearest_bottom=True)
    terminal.wait_for(r"Search\s+for\s+commands")
    terminal.painted()
    assert terminal.size is not None
    columns, rows = terminal.size
    before = [terminal.screen.line(row) for row in range(rows)]
    terminal.swipe(columns // 2, rows * 2 // 3, rows // 3)
    terminal.until(
        lambda: [terminal.screen.line(row) for row in range(rows)] != before,
        "the menu's list scrolled by a swipe",
    )
    terminal.painted()
    passed("a swipe up scrolls the menu's list")
    terminal.tap(button("Menu"), nearest_bottom=True)
    terminal.until(
        lambda: not any("Search for commands" in terminal.screen.line(row) for row in range(rows)),
        "the menu closed by a tap outside it",
    )
    terminal.painted()


def check_phone(screenshots: Path, timeout: float) -> None:
    """A hot-seat match on a phone, by taps alone: its new-match screen, White's turn held
    upright, then the phone turned on its side and Black's turn."""
    with tempfile.TemporaryDirectory() as home, serving(Path(home), timeout) as served:
        passed(f"nardy serve listens at {served.address}")
        with chromium() as browser:
            context = browser.new_context(
                viewport=PHONE_UPRIGHT,
                is_mobile=True,
                has_touch=True,
                # A phone's own scale (3) has headless chromium draw the terminal's WebGL
                # canvas three times too large in the screenshot (the page and the taps are
                # right): the pictures are taken at 1.
                device_scale_factor=1,
                locale=LOCALE,
            )
            page = context.new_page()
            terminal = Terminal(page, timeout)
            page.goto(served.address)
            terminal.wait_for("Start the match")
            terminal.painted()
            if terminal.size is None or terminal.size[0] < 40:
                raise Unexpected(f"the phone's terminal is {terminal.size}, under 40 columns")
            passed(f"upright, the page's terminal is {terminal.size[0]} by {terminal.size[1]}")
            terminal.tap("Hot-seat")
            terminal.wait_for("●▌ Hot-seat")
            terminal.painted()
            terminal.tap("Start the match")
            terminal.wait_for("roll-off")
            terminal.painted()
            passed("a tap chose hot-seat and a tap started the match")
            for _ in range(ROLL_OFF_TRIES):
                terminal.tap(button("Roll"), nearest_bottom=True)
                # (the words may wrap on the narrow screen)
                found = terminal.wait_for(r"(?P<side>White|Black)\s+starts|a\s+tie")
                if found.group("side") is not None:
                    break
            side = found.group("side")
            terminal.painted()
            tap_a_turn(terminal, upright=True, side=side)
            terminal.painted()
            page.screenshot(path=str(screenshots / "phone-upright.png"))
            swipe_the_menu(terminal)
            page.set_viewport_size(PHONE_SIDEWAYS)
            terminal.resized()
            terminal.painted()
            passed(f"on its side, the terminal is {terminal.size[0]} by {terminal.size[1]}")
            tap_a_turn(terminal, upright=False, side="Black" if side == "White" else "White")
            terminal.painted()
            page.screenshot(path=str(screenshots / "phone-sideways.png"))
            passed("screenshots saved: screenshots/phone-upright.png, phone-sideways.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screenshot", type=Path, default=ROOT / "screenshots" / "browser.png")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds for each check")
    parser.add_argument(
        "--behind-nginx",
        action="store_true",
        help="through nginx with TLS under /nardy/, and a second visitor; screenshots "
        "to screenshots/behind-nginx-*.png",
    )
    parser.add_argument(
        "--phone",
        action="store_true",
        help="a hot-seat match by taps on a phone's screen, upright and on its side; "
        "screenshots to screenshots/phone-*.png",
    )
    args = parser.parse_args()
    missing = playwright_missing() or (tls_proxy_missing() if args.behind_nginx else None)
    if missing is not None:
        print(missing)
        return 1
    try:
        if args.behind_nginx:
            check_behind_nginx(args.screenshot.parent, args.timeout)
        elif args.phone:
            check_phone(args.screenshot.parent, args.timeout)
        else:
            check(args.screenshot, args.timeout)
    except Unexpected as failure:
        print(f"FAIL {failure}")
        return 1
    print("browser check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
