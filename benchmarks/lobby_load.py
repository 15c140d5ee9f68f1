"""Many players on one ``nardy lobby-server``: matches at once, a play's way from its sender
to its opponent, and the server's memory per connection.

    flock /work/bench.lock python benchmarks/lobby_load.py [--clients 1000] [--matches 500]
        [--database sqlite|postgresql] [--seconds 60] [--think 2] [--flooders 0]
        [--processes 2] [--profile FILE]

It starts ``nardy lobby-server`` in a process of its own on a free loopback port, on a fresh
SQLite file or on a PostgreSQL that ``pgserver`` starts in a temporary folder, and
``--clients`` scripted players in ``--processes`` other processes, each speaking the lobby
protocol over its own WebSocket (as docs/lobby-protocol.md says, without nardy's client and
its saves). All of them register and log in; twice ``--matches`` of them then meet in pairs by
a seek and play 1-point matches to their end, and seek again, for ``--seconds``; the others
stay logged in and ping. Each player plays a random legal play once it has thought for a
while (between none and twice ``--think`` seconds: 0 plays as fast as the server allows); its
commitments and secrets go at once, as a program's do. ``--flooders`` more players ask for
the rating list as fast as they can, and log in again whenever the server closes them.

Prints what was asked, the matches in play (sampled every second), the plays timed and the
milliseconds from a play sent to its arrival at the opponent (p50, p99, max: monotonic
clocks of one machine, the two players of a match in one process), the same once every
match had begun (the crowd of seeks and acceptances over), the server's memory
before the connections, once all are logged in, and at its peak, the errors the server
sent, and the machine's load before and after. ``--profile FILE`` runs the server under
cProfile (FILE for ``python -m pstats``). Loopback only; every wait has a deadline. Not run
in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import queue
import random
import re
import signal
import socket
import statistics
import sys
import tempfile
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

import aiohttp

from nardy_tui.engine import Phase, Side, legal_plays
from nardy_tui.memory import settle_for_a_server
from nardy_tui.net import (
    Commit,
    Message,
    NextGame,
    PlayMade,
    Reveal,
    Secret,
    decode_message,
    encode_message,
    new_master,
)
from nardy_tui.online import Identity, Purpose, Referee

TIMEOUT = 120.0
"""Seconds any one wait may take (the server's start, a client process's report): a bound,
not a pause."""
LOGIN_SECONDS = 600.0
"""Seconds all the players may take to log in: thousands take minutes (the lists every
login brings grow with the players online)."""
LOGINS_AT_ONCE = 50
"""Players of one process logging in at the same moment (a crowd, not a stampede)."""
PING_SECONDS = 20.0
"""How often a player with nothing to say pings (the server closes a line silent 60 s)."""
CLOCK = {"delay": 10, "reserve": 60}
"""Every match's clock: 10 s a turn and a minute's reserve, so that the server keeps time."""


@dataclass
class Share:
    """What one client process plays: its players' names, its pairs among them."""

    number: int
    pairs: int
    idle: int
    flooders: int


@dataclass
class Heard:
    """What one client process saw, sent back to the benchmark."""

    arrivals: list[float] = field(default_factory=list)
    """Seconds from a play sent to its arrival at the opponent."""
    all_begun: float | None = None
    """Seconds from the start of play until every match of this process had begun (the
    crowd of seeks and acceptances over): the steady state the aim is about."""
    steady_arrivals: list[float] = field(default_factory=list)
    """The arrivals once every match of this process had begun."""
    in_play: list[int] = field(default_factory=list)
    """This process's matches in play, every second of the run."""
    matches_ended: int = 0
    frames_heard: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    """The players' errors from the server, by code: none for honest players."""
    flood_errors: Counter[str] = field(default_factory=Counter)
    flood_answers: int = 0
    flood_closed: int = 0
    stopped: list[str] = field(default_factory=list)
    """Why each player that stopped before the end stopped (its line closed, say)."""
    cpu_seconds: float = 0.0
    """The process's CPU time while its players played."""


class Player:
    """One scripted player on its own WebSocket: logged in, it hears every frame."""

    def __init__(
        self,
        name: str,
        url: str,
        session: aiohttp.ClientSession,
        heard: Heard,
        errors: Counter[str],
    ) -> None:
        self.name = name
        self.url = url
        self.session = session
        self.heard = heard
        self.errors = errors
        self.identity = Identity.generate()
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.registered = False
        self.last_sent = time.monotonic()

    async def log_in(self) -> None:
        self.socket = await self.session.ws_connect(self.url, heartbeat=None)
        hello = await self.frame()
        purpose = Purpose.LOGIN if self.registered else Purpose.REGISTER
        signature = self.identity.sign_login(hello["challenge"], self.url, purpose)
        if self.registered:
            await self.send(t="login", name=self.name, signature=signature)
        else:
            key = self.identity.public_key_hex
            await self.send(t="register", name=self.name, key=key, signature=signature, bot=True)
        while (welcome := await self.frame())["t"] != "welcome":
            if welcome["t"] == "error":
                raise RuntimeError(f"{self.name} not let in: {welcome}")
        self.registered = True

    async def send(self, **frame: Any) -> None:
        assert self.socket is not None
        self.last_sent = time.monotonic()
        await self.socket.send_str(json.dumps(frame))

    async def frame(self) -> dict[str, Any]:
        """The next frame the server sends; ConnectionError once it closes the line."""
        assert self.socket is not None
        message = await self.socket.receive()
        if message.type is not aiohttp.WSMsgType.TEXT:
            raise ConnectionError(
                f"line closed: {message.type.name} {self.socket.close_code} {message.extra}"
            )
        self.heard.frames_heard += 1
        frame: dict[str, Any] = json.loads(message.data)
        if frame["t"] == "error":
            self.errors[frame["code"]] += 1
        return frame

    async def idle(self) -> None:
        """Stay logged in, reading what comes."""
        while True:
            await self.frame()

    async def keep_talking(self) -> None:
        """Ping whenever this player has said nothing for ``PING_SECONDS``."""
        while True:
            await asyncio.sleep(self.last_sent + PING_SECONDS - time.monotonic())
            if time.monotonic() - self.last_sent >= PING_SECONDS:
                await self.send(t="ping")


class Seat:
    """This player's side of a match it plays: a referee of its own that takes both
    sides' messages (the server's checks, made again here), and what this side sent."""

    def __init__(self, match: str, me: Side) -> None:
        self.match = match
        self.me = me
        self.referee = Referee.new(1)
        self.master = new_master()
        self.sent: set[tuple[type[Message], int]] = set()
        self.heard: set[tuple[type[Message], int]] = set()


class MatchPlayer:
    """A player who plays: seeks (or takes its partner's seek), plays the match to its end
    with random legal plays, and again."""

    def __init__(
        self, player: Player, partner: str, seeker: bool, think: float, sent_at: dict[Any, float]
    ) -> None:
        self.player = player
        self.partner = partner
        self.seeker = seeker
        self.think = think
        self.sent_at = sent_at
        """When each play was sent, by (match, turn): its arrival is timed by the opponent,
        in this process."""
        self.playing: Seat | None = None
        self.accepted: set[str] = set()
        """The partner's seeks this player accepted, until the match begins (a list may
        come again before it)."""

    async def play_on(self) -> None:
        if self.seeker:
            await self.player.send(t="seek", points=1, clock=CLOCK)
        while True:
            frame = await self.player.frame()
            kind = frame["t"]
            if kind in ("seeks", "seeks_changed") and not self.seeker and self.playing is None:
                for offer in frame["seeks"]:
                    if offer["name"] == self.partner and offer["id"] not in self.accepted:
                        self.accepted.add(offer["id"])
                        await self.player.send(t="accept", id=offer["id"])
            elif kind == "match" and frame["you"] is not None:
                self.accepted.clear()  # gone with the match (a later seek may take its id)
                self.playing = Seat(frame["id"], Side(frame["you"]))
                await self._send(self.playing.referee.sync())
                await self._act()
            elif kind == "m" and self.playing is not None and frame["msg"]["t"] != "sync":
                await self._heard(decode_message(json.dumps(frame["msg"]).encode()))
            elif kind == "result":
                self.player.heard.matches_ended += 1
                self.playing = None
                if self.seeker:
                    await self.player.send(t="seek", points=1, clock=CLOCK)

    async def _heard(self, message: Message) -> None:
        playing = self.playing
        assert playing is not None
        if isinstance(message, PlayMade):
            sent = self.sent_at.pop((playing.match, message.turn), None)
            if sent is not None:
                heard = self.player.heard
                heard.arrivals.append(time.monotonic() - sent)
                if heard.all_begun is not None:
                    heard.steady_arrivals.append(time.monotonic() - sent)
        if isinstance(message, Commit | Reveal):
            playing.heard.add((type(message), message.throw))
        verdict = playing.referee.take(playing.me.opponent, message)
        if not verdict.accepted:
            raise RuntimeError(f"{self.player.name} refused {message}: {verdict.reason}")
        await self._act()

    async def _act(self) -> None:
        """Send all this side has to send now."""
        while (self.playing is not None) and (message := self._due(self.playing)) is not None:
            if isinstance(message, PlayMade) and self.think:
                await asyncio.sleep(random.uniform(0, 2 * self.think))
                self.sent_at[(self.playing.match, message.turn)] = time.monotonic()
            elif isinstance(message, PlayMade):
                self.sent_at[(self.playing.match, message.turn)] = time.monotonic()
            verdict = self.playing.referee.take(self.playing.me, message)
            assert verdict.accepted, verdict.reason
            if isinstance(message, Commit | Reveal):
                self.playing.sent.add((type(message), message.throw))
            await self._send(message)

    @staticmethod
    def _due(side: Seat) -> Message | None:
        """What this side sends next, None while it waits for the opponent."""
        match, throw = side.referee.match, side.referee.throw_number
        if match.phase is Phase.MOVE and match.mover is side.me:
            assert match.dice is not None
            played = sum(len(game.turns) for game in match.games)
            return PlayMade(played, random.choice(legal_plays(match.position, match.dice)))
        if match.phase is Phase.GAME_OVER and side.me is Side.WHITE:
            return NextGame(len(match.games) + 1)
        if not match.may_roll:
            return None
        secret = Secret.of(side.master, throw)
        if (Commit, throw) not in side.sent:
            return Commit(throw, secret.commitment(throw))
        their_turn = match.phase is Phase.ROLL and match.mover is not side.me
        if (
            (Commit, throw) in side.heard
            and (Reveal, throw) not in side.sent
            and (not their_turn or (Reveal, throw) in side.heard)
        ):
            return Reveal(throw, secret.value)
        return None

    async def _send(self, message: Message) -> None:
        assert self.playing is not None
        msg = json.loads(encode_message(message))
        await self.player.send(t="m", id=self.playing.match, msg=msg)


async def flood(player: Player) -> None:
    """Ask for the rating list again as soon as an answer comes (over the rate a line may
    keep: refused, then closed); log in again when closed."""
    while True:
        try:
            await player.send(t="ratings", first=0, count=100)
            while (answer := await player.frame())["t"] not in ("ratings", "error"):
                continue
            player.heard.flood_answers += answer["t"] == "ratings"
        except (ConnectionError, aiohttp.ClientError):
            player.heard.flood_closed += 1
            await player.log_in()


@dataclass
class Signals:
    """How the benchmark and its client processes keep in step."""

    ready: Any
    """A queue: each process puts its number once its players are logged in."""
    go: Event
    stop: Event
    out: Any
    """A queue: each process puts what it heard at the end."""


def client_process(url: str, share: Share, think: float, signals: Signals) -> None:
    """One client process: log in its players, say so, wait for the go, play, report."""
    signals.out.put(asyncio.run(_clients(url, share, think, signals)))


async def _clients(url: str, share: Share, think: float, signals: Signals) -> Heard:
    heard = Heard()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tag = f"p{share.number}x"
        honest = 2 * share.pairs + share.idle
        players = [
            Player(
                f"{tag}{n}", url, session, heard, heard.errors if n < honest else heard.flood_errors
            )
            for n in range(honest + share.flooders)
        ]
        crowd = asyncio.Semaphore(LOGINS_AT_ONCE)

        async def log_in(player: Player) -> None:
            async with crowd:
                await player.log_in()

        await asyncio.wait_for(asyncio.gather(*map(log_in, players)), LOGIN_SECONDS)
        heard.frames_heard = 0
        heard.errors.clear()
        heard.flood_errors.clear()
        settle_for_a_server()  # these players are the measuring instrument: no full passes
        signals.ready.put(share.number)
        await asyncio.to_thread(signals.go.wait)
        cpu_at_go = time.process_time()
        sent_at: dict[Any, float] = {}
        playing = [
            MatchPlayer(players[n], players[n ^ 1].name, n % 2 == 0, think, sent_at)
            for n in range(2 * share.pairs)
        ]
        idle = players[2 * share.pairs : 2 * share.pairs + share.idle]
        flooding = players[2 * share.pairs + share.idle :]
        tasks = [
            *(asyncio.create_task(p.play_on()) for p in playing),
            *(asyncio.create_task(p.idle()) for p in idle),
            *(asyncio.create_task(p.keep_talking()) for p in players[: len(playing) + len(idle)]),
            *(asyncio.create_task(flood(p)) for p in flooding),
        ]
        go = time.monotonic()
        while not await asyncio.to_thread(signals.stop.wait, 1.0):
            heard.in_play.append(sum(p.playing is not None for p in playing[::2]))
            if heard.all_begun is None and heard.in_play[-1] == share.pairs:
                heard.all_begun = time.monotonic() - go
            for stopped in [task for task in tasks if task.done()]:
                tasks.remove(stopped)
                heard.stopped.append(repr(stopped.exception()))
        heard.cpu_seconds = time.process_time() - cpu_at_go
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return heard


@dataclass
class Server:
    process: asyncio.subprocess.Process
    url: str
    postgres: Any = None


async def start_server(home: Path, database: str, profile: str | None) -> Server:
    """``nardy lobby-server`` on a free loopback port, with a fresh database."""
    postgres, options = None, []
    if database == "postgresql":
        with warnings.catch_warnings():  # platformdirs, on a machine with no XDG_RUNTIME_DIR
            warnings.simplefilter("ignore")
            import pgserver

        postgres = pgserver.get_server(home / "postgres", cleanup_mode="stop")
        options = ["--database", postgres.get_uri()]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    python = [sys.executable, *(["-m", "cProfile", "-o", profile] if profile else [])]
    process = await asyncio.create_subprocess_exec(
        *python,
        *("-m", "nardy_tui", "lobby-server", "--port", str(port), *options),
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "NARDY_HOME": str(home / "nardy"), "LANGUAGE": "en"},
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stderr is not None
    line = (await asyncio.wait_for(process.stderr.readline(), TIMEOUT)).decode()
    found = re.search(r"ws://\S+/ws", line)
    if found is None:
        raise RuntimeError(f"nardy lobby-server said {line!r}, not its address")
    return Server(process, found.group(), postgres)


def shares(args: argparse.Namespace) -> list[Share]:
    """The players split between the client processes, each pair in one process."""
    count = args.processes
    idle = args.clients - 2 * args.matches
    return [
        Share(
            number,
            len(range(number, args.matches, count)),
            len(range(number, idle, count)),
            len(range(number, args.flooders, count)),
        )
        for number in range(count)
    ]


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="a player's mean seconds")
    parser.add_argument("--flooders", type=int, default=0)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--profile", metavar="FILE", help="the server's cProfile output")
    args = parser.parse_args()
    if 2 * args.matches > args.clients:
        parser.error("each match takes two of the clients")
    print(
        f"asked: {args.clients} clients, {args.matches} matches, {args.database}, "
        f"{args.seconds:.0f} s, thinking {args.think} s on average, {args.flooders} flooders, "
        f"{args.processes} client processes"
    )
    before = load()
    spawn = multiprocessing.get_context("spawn")
    signals = Signals(spawn.Queue(), spawn.Event(), spawn.Event(), spawn.Queue())
    with tempfile.TemporaryDirectory() as home:
        server = await start_server(Path(home), args.database, args.profile)
        try:
            memory_empty = rss(server.process.pid)
            clients = [
                spawn.Process(target=client_process, args=(server.url, share, args.think, signals))
                for share in shares(args)
            ]
            for client in clients:
                client.start()
            logins_began = time.monotonic()
            try:
                for _ in clients:
                    await asyncio.to_thread(signals.ready.get, True, LOGIN_SECONDS)
            except queue.Empty:
                print(f"the players did not all log in within {LOGIN_SECONDS:.0f} s")
                for client in clients:
                    client.terminate()
                return 1
            print(
                f"{args.clients + args.flooders} players logged in in "
                f"{time.monotonic() - logins_began:.1f} s"
            )
            memory_connected = rss(server.process.pid)
            cpu_at_go = cpu_seconds(server.process.pid)
            signals.go.set()
            peak = await sample_peak(server.process.pid, args.seconds)
            signals.stop.set()
            server_cpu = cpu_seconds(server.process.pid) - cpu_at_go
            heard = [await asyncio.to_thread(signals.out.get, True, TIMEOUT) for _ in clients]
            for client in clients:
                client.join(TIMEOUT)
        finally:
            await stop(server)
    report(args, heard, memory_empty, memory_connected, peak)
    print(
        f"CPU while playing: the server {server_cpu:.1f} s, the client processes "
        f"{sum(h.cpu_seconds for h in heard):.1f} s, in {args.seconds:.0f} s"
    )
    print(f"load average before: {before}; after: {load()} ({os.cpu_count()} cores)")
    troubled = any(h.errors or h.stopped for h in heard)
    return 1 if troubled else 0


async def sample_peak(pid: int, seconds: float) -> int:
    """The server's peak resident memory over ``seconds``, read every second."""
    peak, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        peak = max(peak, rss(pid))
        await asyncio.sleep(1.0)
    return peak


async def stop(server: Server) -> None:
    """Ctrl+C to the server (so that a profile is written), then PostgreSQL stopped."""
    if server.process.returncode is None:
        server.process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(server.process.wait(), TIMEOUT)
        except TimeoutError:
            server.process.kill()
    if server.postgres is not None:
        server.postgres.cleanup()


def report(
    args: argparse.Namespace, heard: list[Heard], empty: int, connected: int, peak: int
) -> None:
    arrivals = sorted(ms for h in heard for ms in h.arrivals)
    in_play = [sum(counts) for counts in zip(*(h.in_play for h in heard), strict=False)]
    connections = args.clients + args.flooders
    mib = 1024 * 1024
    if in_play:
        print(
            f"matches in play: median {statistics.median(in_play):.0f}, least {min(in_play)}, "
            f"most {max(in_play)}; {sum(h.matches_ended for h in heard) // 2} ended"
        )
    if arrivals:
        print(
            f"{len(arrivals)} plays timed ({len(arrivals) / args.seconds:.0f} a second): "
            f"sent to arrival p50 {1000 * percentile(arrivals, 0.5):.1f} ms, "
            f"p99 {1000 * percentile(arrivals, 0.99):.1f} ms, max {1000 * arrivals[-1]:.1f} ms"
        )
    steady = sorted(ms for h in heard for ms in h.steady_arrivals)
    begun = [h.all_begun for h in heard]
    if steady and None not in begun:
        after = max(b for b in begun if b is not None)
        print(
            f"once every match had begun ({after:.0f} s in): {len(steady)} plays "
            f"({len(steady) / (args.seconds - after):.0f} a second): p50 "
            f"{1000 * percentile(steady, 0.5):.1f} ms, p99 {1000 * percentile(steady, 0.99):.1f} "
            f"ms, max {1000 * steady[-1]:.1f} ms"
        )
    print(f"frames heard by the clients: {sum(h.frames_heard for h in heard)}")
    if args.flooders:
        flood_errors = sum((h.flood_errors for h in heard), Counter())
        print(
            f"flooders: {sum(h.flood_answers for h in heard)} rating lists, errors "
            f"{dict(flood_errors)}, closed {sum(h.flood_closed for h in heard)} times"
        )
    print(
        f"server RSS: {empty / mib:.0f} MiB empty, {connected / mib:.0f} MiB with "
        f"{connections} logged in ({(connected - empty) / connections / 1024:.0f} KiB a "
        f"connection), peak {peak / mib:.0f} MiB"
    )
    stopped = [why for h in heard for why in h.stopped]
    if stopped:
        print(f"{len(stopped)} players stopped before the end, as {sorted(set(stopped))[:3]}")
    errors = sum((h.errors for h in heard), Counter())
    print(f"errors from the server: {dict(errors) or 'none'}")


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of an ordered list."""
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return 1024 * int(found.group(1)) if found else 0


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
