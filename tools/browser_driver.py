"""A real browser on ``nardy serve``: what ``tools/browser_check.py`` and
``benchmarks/first_frame.py`` share.

The browser is Debian's chromium (``/usr/bin/chromium``) driven by playwright (the
``browser`` extra: ``pip install '.[serve,browser]'``); playwright's own download of a
browser is never used. The page's terminal draws on a canvas, so what the game shows is read
where the page gets it: the websocket's binary frames, the terminal output, as text without
its escape sequences. Every wait has a deadline and ends as soon as the words are drawn.

Nothing here imports playwright at import time: the scripts say in one line when it is
missing, and a test run that happens upon this folder imports it harmlessly.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize, WebSocket

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-unsafe-swiftshader",
)
"""No sandbox (we run as root in a container), software drawing, and nothing fetched from
elsewhere behind our back."""

VIEWPORT: ViewportSize = {"width": 1280, "height": 800}
"""The browser window: at the page's 16 px font, a terminal of 142 by 44 cells."""

LOCALE = "en-US"
"""The visitor's language, as the browser tells the server: the words looked for are
English."""

ESCAPES = re.compile(
    r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\x1b[=>]"
)
"""The terminal's control sequences (CSI, OSC, character sets, keypad modes)."""

LONGEST_ESCAPE = 256
"""An escape sequence still open after this many characters is taken as text."""

CURSOR_TO = re.compile(r"\x1b\[(\d*);?(\d*)H")
"""Where the terminal's next text goes (row;column, counted from 1)."""

POLL_MS = 20
"""How often a wait looks at what has arrived: the frames arrive in playwright's event
loop, which runs while we wait."""


def playwright_missing() -> str | None:
    """One line saying what to install when playwright is not, else None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed: pip install '.[serve,browser]'"
    if not CHROMIUM.exists():
        return f"no chromium at {CHROMIUM}: apt-get install chromium"
    return None


class Unexpected(Exception):
    """The server, the page or the game did not do what was expected (in time)."""


@dataclass(frozen=True)
class Served:
    """A running ``nardy serve``: its address and its process."""

    address: str
    process: subprocess.Popen[str]

    def games(self) -> list[int]:
        """The process ids of the visitors' games running now (Linux's /proc)."""
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(child) for child in children]

    def wait_until_no_game_runs(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until every visitor's game has ended."""
        deadline = time.monotonic() + timeout
        while self.games():
            if time.monotonic() > deadline:
                raise Unexpected(f"games still running after {timeout:.0f} s: {self.games()}")
            time.sleep(POLL_MS / 1000)


@contextmanager
def serving(home: Path, timeout: float, options: Sequence[str] = ()) -> Iterator[Served]:
    """``nardy serve --port 0`` (and ``options``) on loopback from this checkout, with
    ``home`` as its data folder, speaking English (the words the scripts look for); stopped
    with Ctrl+C at the end, as a player stops it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "nardy_tui", "serve", "--port", "0", *options],
        cwd=ROOT,
        env={**os.environ, "NARDY_HOME": str(home), "LANGUAGE": "en"},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://\S+", line)
        if found is None:
            raise Unexpected(f"nardy serve said {line!r}, not its address")
        yield Served(found.group(), process)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium, headless."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS)
        )
        try:
            yield browser
        finally:
            browser.close()


class ScreenText:
    """The terminal's cells as text, from the output's cursor moves and words (colours and
    other escapes skipped): enough to find where a word stands."""

    def __init__(self) -> None:
        self.rows: dict[int, dict[int, str]] = {}
        self._row = self._column = 0

    def write(self, output: str) -> None:
        position = 0
        for escape in ESCAPES.finditer(output):
            self._put(output[position : escape.start()])
            moved = CURSOR_TO.fullmatch(escape.group())
            if moved is not None:
                self._row = int(moved.group(1) or 1) - 1
                self._column = int(moved.group(2) or 1) - 1
            position = escape.end()
        self._put(output[position:])

    def _put(self, text: str) -> None:
        for character in text:
            if character == "\r":
                self._column = 0
            elif character == "\n":
                self._row += 1
            else:
                self.rows.setdefault(self._row, {})[self._column] = character
                self._column += 1

    def line(self, row: int) -> str:
        cells = self.rows.get(row, {})
        return "".join(cells.get(column, " ") for column in range(max(cells, default=-1) + 1))

    def find(self, pattern: str, nearest_bottom: bool = False) -> tuple[int, int]:
        """The row and the middle column of the words ``pattern`` on screen now: the first
        from the top, or with ``nearest_bottom`` the last above the bottom row (the
        footer)."""
        found = [
            (row, (match.start() + match.end()) // 2)
            for row in sorted(self.rows)
            for match in re.finditer(pattern, self.line(row))
        ]
        if nearest_bottom:
            footer = max(self.rows, default=0)
            found = [spot for spot in found if spot[0] < footer][-1:]
        if not found:
            raise Unexpected(f"{pattern!r} is nowhere on the screen")
        return found[0]


class Terminal:
    """The game as the page's terminal receives it: every websocket's binary frames, as
    text, read from where the last wait stopped."""

    def __init__(self, page: Page, timeout: float) -> None:
        self.page = page
        self.timeout = timeout
        self._unread = ""
        self._read = 0
        """How much text came before ``_unread``: where it starts in all that arrived."""
        self._arrivals: list[tuple[int, float]] = []
        """Where the text stood after each frame, and when the frame arrived."""
        self._open_escape = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.first_output: float | None = None
        """When (``time.perf_counter``) the first terminal output arrived."""
        self.screen = ScreenText()
        """The screen as the terminal shows it now (where each word stands: for taps)."""
        self.size: tuple[int, int] | None = None
        """The terminal's columns and rows, as the page last told the game."""
        self.resized_at = 0.0
        """When (``time.monotonic``) the page last told the game a new size."""
        self.drawn_at = 0.0
        """When the frame arrived that completed the words of the last wait."""
        page.on("websocket", self._opened)

    def _opened(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._received)
        socket.on("framesent", self._sent)

    def _sent(self, payload: str | bytes) -> None:
        """The page's own messages: a resize tells the terminal's size in cells."""
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            if self.size != (size["width"], size["height"]):
                self.screen = ScreenText()  # the game draws it all again at the new size
                self.resized_at = time.monotonic()
            self.size = (size["width"], size["height"])

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, str):  # textual-serve's own messages (pong, downloads)
            return
        if self.first_output is None:
            self.first_output = time.perf_counter()
        text = self._open_escape + self._decoder.decode(payload)
        start = text.rfind("\x1b")
        still_open = (
            start >= 0 and ESCAPES.match(text, start) is None and len(text) - start < LONGEST_ESCAPE
        )
        self._open_escape = text[start:] if still_open else ""
        complete = text[:start] if still_open else text
        self.screen.write(complete)
        self._unread += ESCAPES.sub("", complete)
        self._arrivals.append((self._read + len(self._unread), time.perf_counter()))

    def wait_for(self, *patterns: str) -> re.Match[str]:
        """The first of ``patterns`` (regular expressions) drawn since the last wait; the
        next wait reads on from just after it. Raises ``Unexpected`` after the timeout."""
        wanted = [re.compile(pattern) for pattern in patterns]

        def first() -> re.Match[str] | None:
            found = [match for regex in wanted if (match := regex.search(self._unread))]
            return min(found, key=lambda match: match.start(), default=None)

        match = self._until(first, " or ".join(patterns))
        self._read_to(match.end())
        return match

    def wait_for_all(self, *patterns: str) -> None:
        """Every one of ``patterns`` drawn since the last wait, in any order (the parts of a
        screen need not arrive in the order they stand on it); the next wait reads on from
        just after the last of them."""
        wanted = [re.compile(pattern) for pattern in patterns]

        def last() -> re.Match[str] | None:
            found = [match for regex in wanted if (match := regex.search(self._unread))]
            return max(found, key=lambda match: match.end()) if len(found) == len(wanted) else None

        self._read_to(self._until(last, " and ".join(patterns)).end())

    def until(self, done: Callable[[], bool], wanted: str) -> None:
        """Wait until ``done()`` (looked at as the page's events arrive); raises
        ``Unexpected`` naming ``wanted`` after the timeout."""
        deadline = time.monotonic() + self.timeout
        while not done():
            if time.monotonic() > deadline:
                raise Unexpected(f"not within {self.timeout:.0f} s: {wanted}")
            self.page.wait_for_timeout(POLL_MS)

    def _until(self, look: Callable[[], re.Match[str] | None], wanted: str) -> re.Match[str]:
        deadline = time.monotonic() + self.timeout
        while (match := look()) is None:
            if time.monotonic() > deadline:
                raise Unexpected(
                    f"not drawn within {self.timeout:.0f} s: {wanted}; "
                    f"the last text received: {self._unread[-600:]!r}"
                )
            self.page.wait_for_timeout(POLL_MS)
        return match

    def _read_to(self, end: int) -> None:
        """Move past the text up to ``end`` of what was unread, noting when it arrived."""
        self._read += end
        self.drawn_at = next(when for upto, when in self._arrivals if upto >= self._read)
        self._arrivals = [(upto, when) for upto, when in self._arrivals if upto >= self._read]
        self._unread = self._unread[end:]

    def painted(self) -> None:
        """Wait until the page has painted what it has received (two animation frames:
        the terminal draws in the first)."""
        self.page.evaluate(
            "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )

    def focus(self) -> None:
        """Give the terminal the keyboard, as a visitor's click does: in its top-left
        corner, the title's row, where a click presses no button (the middle of the
        new-match screen may hold one)."""
        self.page.click("#terminal", position={"x": 4, "y": 4})

    def type(self, keys: str) -> None:
        self.page.keyboard.type(keys)

    def resized(self, settled: float = 0.5) -> None:
        """Wait until the page has told the game a new size and no other for ``settled``
        seconds (a window that turns may pass through sizes between)."""
        asked = time.monotonic()
        self.until(
            lambda: self.resized_at > asked and time.monotonic() - self.resized_at > settled,
            "the terminal's new size",
        )

    def tap(self, pattern: str, nearest_bottom: bool = False) -> None:
        """A finger's tap on the words ``pattern`` (a regular expression) where the screen
        shows them now, in the middle of the match: the first from the top, or the last
        above the footer (a button's word that the footer shows too)."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                row, column = self.screen.find(pattern, nearest_bottom)
                break
            except Unexpected:  # not drawn yet, perhaps
                if time.monotonic() > deadline:
                    raise
                self.page.wait_for_timeout(POLL_MS)
        self.tap_cell(row, column)

    def swipe(self, column: int, from_row: int, to_row: int) -> None:
        """A finger put on the terminal at ``column``, ``from_row`` and slid to ``to_row``,
        a row at a time, then lifted (through the browser's own touch events)."""
        x, from_y = self._cell_middle(from_row, column)
        _, to_y = self._cell_middle(to_row, column)
        session = self.page.context.new_cdp_session(self.page)
        steps = max(1, abs(to_row - from_row))
        session.send(
            "Input.dispatchTouchEvent",
            {"type": "touchStart", "touchPoints": [{"x": x, "y": from_y}]},
        )
        for step in range(1, steps + 1):
            y = from_y + (to_y - from_y) * step / steps
            session.send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        session.detach()

    def _cell_middle(self, row: int, column: int) -> tuple[float, float]:
        """Where on the page the middle of the terminal's cell at ``row``, ``column`` is."""
        if self.size is None:
            raise Unexpected("the page never told the game its size")
        box = self.page.locator("#terminal .xterm-screen").bounding_box()
        if box is None:
            raise Unexpected("the terminal is not on the page")
        columns, rows = self.size
        return (
            box["x"] + (column + 0.5) * box["width"] / columns,
            box["y"] + (row + 0.5) * box["height"] / rows,
        )

    def tap_cell(self, row: int, column: int) -> None:
        """A tap on the terminal's cell at ``row``, ``column`` (from 0)."""
        self.page.touchscreen.tap(*self._cell_middle(row, column))

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
