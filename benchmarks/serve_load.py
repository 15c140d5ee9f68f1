"""Many visitors on one ``nardy serve``: first frames under load, and no game left behind.

    flock /work/bench.lock python benchmarks/serve_load.py [--seconds 60] [--people 200]
        [--visitors 4]

It serves the game on loopback (a temporary data folder, ``--visitors`` seats) and lets
``--people`` visitors come and go for ``--seconds``, at most ``--visitors`` at a time, each
with a client of its own (its own link, cookies and save folder on the server). A visit
loads the page, opens the game's socket, waits for the game's first frame (the new-match
screen's "Start the match", timed from the page's request) and leaves, closing its socket;
every fourth visit instead drops the connection right after the socket's handshake, as a
reload or a lost network does, and is not timed. A visitor told that the table is full
tries again after ``RETRY_AFTER``. Then ``--visitors`` fresh visitors start
together, ``ROUNDS`` times, and it stops the server with Ctrl+C (SIGINT).

Prints the visits made (and refused for a full table), the first frame's median, p95 and
worst, the game processes still alive once the last visitor has left and the games have had
their grace to quit (must be 0), the peak resident memory of the server and of its games
together (sampled every ``SAMPLE_EVERY`` seconds), the p95 first frame of visitors starting
together, how long Ctrl+C took and the server's exit status, and the machine's load before
and after. Loopback only; every wait has a deadline. Not run in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import itertools
import math
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from yarl import URL

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))  # a folder of scripts
from browser_driver import ESCAPES, ROOT

TIMEOUT = 30.0
"""Seconds any one wait may take: an upper bound, not a pause."""
GAMES_END_WITHIN = 10.0
"""Seconds the games have, once the last visitor has left, to have ended (their quit
grace, with room to spare)."""
SAMPLE_EVERY = 0.5
"""Seconds between two readings of the processes' memory."""
ROUNDS = 5
"""How many times fresh visitors start together."""
DROP_EVERY = 4
"""One visit in this many drops its connection right after the handshake."""
RETRY_AFTER = 0.5
"""Seconds a visitor told that the table is full waits before trying again."""
FIRST_FRAME = "Start the match"
STARTS_PER_MINUTE = 100_000
"""Games loopback may start a minute here: as many as the visits need."""
CONNECTIONS = 512
"""Connections the server lets loopback keep open: each person's client keeps its own."""
TABLE_FULL = "The table is full"


@dataclass
class Figures:
    """What the load run saw."""

    first_frames: list[float] = field(default_factory=list)
    dropped: int = 0
    refused: int = 0
    failed: list[str] = field(default_factory=list)
    peak_server_rss: int = 0
    peak_games_rss: int = 0
    peak_games: int = 0


class Visitor:
    """One person with a browser of their own (cookies, link), who comes back again."""

    def __init__(self, address: URL) -> None:
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.link = address

    async def page_socket(self) -> str | None:
        """Load the page; the address of the game's socket in it, None for a full table."""
        async with self.session.get(self.link) as page:
            self.link = page.url
            html = await page.text()
            if page.status == 503:
                return None
        found = re.search(r'data-socket="([^"]+)"', html)
        if page.status != 200 or found is None:
            raise RuntimeError(f"the page answered {page.status}")
        return found.group(1)

    async def first_frame(self) -> float | None:
        """A visit: seconds from the page's request to the game's first frame (None for a
        full table, said by the page or by the socket); the socket closed at the end."""
        start = time.perf_counter()
        path = await self.page_socket()
        if path is None:
            return None
        address = self.link.join(URL(path)).with_scheme("ws").with_query(width=100, height=32)
        async with self.session.ws_connect(address) as socket:
            drawn = b""
            async with asyncio.timeout(TIMEOUT):
                while FIRST_FRAME not in ESCAPES.sub("", drawn.decode("utf-8", "replace")):
                    message = await socket.receive()
                    if message.type is aiohttp.WSMsgType.BINARY:
                        drawn += message.data
                    elif message.type is not aiohttp.WSMsgType.TEXT:
                        break
            text = ESCAPES.sub("", drawn.decode("utf-8", "replace"))
            if FIRST_FRAME in text:
                return time.perf_counter() - start
            if TABLE_FULL in text:  # the seat was taken between the page and its socket
                return None
            raise RuntimeError(f"the socket closed before the first frame: {message}")

    async def drop_after_handshake(self) -> bool:
        """A visit that drops the connection as soon as the socket is accepted (no closing
        frame); False for a full table."""
        path = await self.page_socket()
        if path is None:
            return False
        address = self.link.join(URL(path)).with_query(width=100, height=32)
        cookies = "; ".join(
            f"{name}={morsel.value}"
            for name, morsel in self.session.cookie_jar.filter_cookies(address).items()
        )
        reader, writer = await asyncio.open_connection(address.host, address.port)
        headers = [
            f"GET {address.raw_path_qs} HTTP/1.1",
            f"Host: {address.host}:{address.port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
            "Sec-WebSocket-Version: 13",
            *([f"Cookie: {cookies}"] if cookies else []),
        ]
        writer.write(("\r\n".join(headers) + "\r\n\r\n").encode())
        status = await asyncio.wait_for(reader.readline(), TIMEOUT)
        writer.transport.abort()
        if b" 101 " not in status:
            raise RuntimeError(f"the socket answered {status!r}")
        return True


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--visitors", type=int, default=4, help="the server's seats")
    args = parser.parse_args()
    before = load()
    with tempfile.TemporaryDirectory() as home:
        server, address = await serve(Path(home), args.visitors)
        figures = Figures()
        sampling = asyncio.create_task(sample(server.pid, figures))
        people = [Visitor(address) for _ in range(args.people)]
        try:
            await come_and_go(people, args.visitors, args.seconds, figures)
            left_after, alive = await games_end(server.pid)
            together = await start_together(address, args.visitors, server.pid)
            stopped, status = await ctrl_c(server)
        finally:
            sampling.cancel()
            if server.returncode is None:
                server.kill()
            for person in people:
                await person.session.close()
    report(figures, args, left_after, alive, together, stopped, status)
    print(f"load average before: {before}; after: {load()} ({os.cpu_count()} cores)")
    return 0 if alive == 0 and status == 0 and not figures.failed else 1


async def serve(home: Path, seats: int) -> tuple[asyncio.subprocess.Process, URL]:
    """``nardy serve`` on a free loopback port with ``seats`` seats, speaking English, all
    of them for one address (the visitors all come from loopback)."""
    server = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "nardy_tui", "serve", "--port", "0", "--visitors", str(seats)),
        # Every visitor here comes from loopback: one address may use every seat.
        *("--visitors-per-address", str(seats), "--connections-per-address", str(CONNECTIONS)),
        *("--starts-per-minute", str(STARTS_PER_MINUTE)),
        cwd=ROOT,
        env={**os.environ, "NARDY_HOME": str(home), "LANGUAGE": "en"},
        stdout=asyncio.subprocess.PIPE,
    )
    assert server.stdout is not None
    line = (await asyncio.wait_for(server.stdout.readline(), TIMEOUT)).decode()
    found = re.search(r"http://\S+", line)
    if found is None:
        raise RuntimeError(f"nardy serve said {line!r}, not its address")
    return server, URL(found.group())


async def come_and_go(
    people: list[Visitor], at_once: int, seconds: float, figures: Figures
) -> None:
    """The people visit in turn, ``at_once`` at a time, until ``seconds`` have passed; each
    person is visited by one of the ``at_once`` lines only, so no one visits twice at once
    (a second visit would end the first, as a reload does)."""
    end = time.monotonic() + seconds
    visits = itertools.count()

    async def in_turn(line: list[Visitor]) -> None:
        for person in itertools.cycle(line):
            if time.monotonic() >= end:
                return
            await visit(person, next(visits) % DROP_EVERY == DROP_EVERY - 1, figures)

    await asyncio.gather(*(in_turn(people[line::at_once]) for line in range(at_once)))


async def visit(person: Visitor, drop: bool, figures: Figures) -> None:
    """One visit of ``person``, counted in ``figures``; one refused for a full table is
    tried again after ``RETRY_AFTER``, as a person reloads after a while."""
    try:
        if drop:
            if await person.drop_after_handshake():
                figures.dropped += 1
                return
        elif (took := await person.first_frame()) is not None:
            figures.first_frames.append(took)
            return
        figures.refused += 1
        await asyncio.sleep(RETRY_AFTER)
    except (RuntimeError, OSError, TimeoutError, aiohttp.ClientError) as error:
        figures.failed.append(f"{type(error).__name__}: {error}")


async def start_together(address: URL, at_once: int, server: int) -> list[float]:
    """``at_once`` fresh visitors start together, ``ROUNDS`` times; their first frames."""
    frames: list[float] = []
    for _ in range(ROUNDS):
        people = [Visitor(address) for _ in range(at_once)]
        try:
            took = await asyncio.gather(*(person.first_frame() for person in people))
        finally:
            for person in people:
                await person.session.close()
        frames.extend(seconds for seconds in took if seconds is not None)
        await games_end(server)
    return frames


async def games_end(server: int) -> tuple[float, int]:
    """Wait (at most ``GAMES_END_WITHIN``) until the server runs no game; the seconds it
    took, and how many games were still alive then."""
    start = time.monotonic()
    while games(server) and time.monotonic() - start < GAMES_END_WITHIN:
        await asyncio.sleep(0.05)
    return time.monotonic() - start, len(games(server))


async def ctrl_c(server: asyncio.subprocess.Process) -> tuple[float, int]:
    """Stop the server as a person does; the seconds it took and its exit status."""
    start = time.monotonic()
    server.send_signal(signal.SIGINT)
    status = await asyncio.wait_for(server.wait(), TIMEOUT)
    return time.monotonic() - start, status


async def sample(server: int, figures: Figures) -> None:
    """Every ``SAMPLE_EVERY`` seconds, the peak memory of the server and of its games."""
    while True:
        running = games(server)
        figures.peak_games = max(figures.peak_games, len(running))
        figures.peak_server_rss = max(figures.peak_server_rss, rss(server))
        figures.peak_games_rss = max(figures.peak_games_rss, sum(map(rss, running)))
        await asyncio.sleep(SAMPLE_EVERY)


def games(server: int) -> list[int]:
    """The process ids of the server's games (its children, Linux's /proc)."""
    try:
        return [
            int(pid) for pid in Path(f"/proc/{server}/task/{server}/children").read_text().split()
        ]
    except OSError:
        return []


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes (0 once it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return 1024 * int(found.group(1)) if found else 0


def report(
    figures: Figures,
    args: argparse.Namespace,
    left_after: float,
    alive: int,
    together: list[float],
    stopped: float,
    status: int,
) -> None:
    frames = figures.first_frames
    mib = 1024 * 1024
    print(
        f"{args.people} people, {args.visitors} at a time, {args.seconds:.0f} s: "
        f"{len(frames)} first frames timed, {figures.dropped} dropped after the handshake, "
        f"{figures.refused} refused (table full), {len(figures.failed)} failed"
    )
    for failure in sorted(set(figures.failed))[:5]:
        print(f"  failed: {failure}")
    if frames:
        print(
            f"first frame: median {statistics.median(frames):.3f} s, p95 {p95(frames):.3f} s, "
            f"worst {max(frames):.3f} s"
        )
    print(
        f"game processes alive at the end: {alive} (waited {left_after:.1f} s for them); "
        f"at most {figures.peak_games} at once"
    )
    print(
        f"peak RSS: server {figures.peak_server_rss / mib:.0f} MiB, "
        f"games together {figures.peak_games_rss / mib:.0f} MiB"
    )
    if together:
        print(
            f"{args.visitors} visitors starting together, {ROUNDS} times: first frame p95 "
            f"{p95(together):.3f} s, median {statistics.median(together):.3f} s"
        )
    print(f"Ctrl+C: the server ended in {stopped:.2f} s with status {status}")


def p95(figures: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    return sorted(figures)[math.ceil(0.95 * len(figures)) - 1]


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
