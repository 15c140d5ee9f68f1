"""Two game apps in one process, a host and its friend over loopback, each driven by its
own Pilot: the harness of the network match's tests and of its screenshots."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import pytest
from textual.pilot import Pilot

from nardy_tui.engine import Match, Phase, Side
from nardy_tui.options import LaunchOptions, NetworkLaunch, Rendezvous
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game import GameScreen
from tests.ui.driver import burst, drain, turn_keys


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """A side whose meeting failed meets again a fifth of a second later, not seconds (a
    host after a wrong code too)."""
    from nardy_tui.net import session

    monkeypatch.setattr(session, "RETRY_SECONDS", 0.2)
    monkeypatch.setattr(session, "WRONG_CODE_SECONDS", 0.2)


SIZE = (80, 24)
"""The smallest terminal the game supports, which also draws fastest."""


def host_app(code: str, points: int = 1, resume: bool = False, address: str = "") -> NardyApp:
    """A host listening on a free port of ``address`` ("": of every address)."""
    launch = NetworkLaunch(
        hosting=True, code=code, address=address, port=0, points=points, resume=resume
    )
    return NardyApp(LaunchOptions(network=launch), pace=0)


def joiner_app(code: str, port: int, address: str = "127.0.0.1") -> NardyApp:
    launch = NetworkLaunch(hosting=False, code=code, address=address, port=port)
    return NardyApp(LaunchOptions(network=launch), pace=0)


def code_host_app(rendezvous: Rendezvous, points: int = 1, resume: bool = False) -> NardyApp:
    """A host that meets its friend by a code from the mailbox of ``rendezvous``."""
    launch = NetworkLaunch(
        hosting=True, code="", points=points, resume=resume, rendezvous=rendezvous
    )
    return NardyApp(LaunchOptions(network=launch), pace=0)


def code_joiner_app(rendezvous: Rendezvous, code: str) -> NardyApp:
    """A friend who types only the code (or, "", takes up its saved match)."""
    launch = NetworkLaunch(hosting=False, code=code, rendezvous=rendezvous)
    return NardyApp(LaunchOptions(network=launch), pace=0)


def code_of(app: NardyApp) -> str:
    """The code the host shows ("" until the mailbox has handed one out)."""
    assert app.network is not None
    return app.network.code


def match_of(app: NardyApp) -> Match:
    assert app.network is not None and app.network.saved is not None
    return app.network.saved.match


def status_of(app: NardyApp) -> str:
    return str(app.screen.query_one("#status").content)


def connected(*apps: NardyApp) -> bool:
    """Each app has its line up and its board on screen."""
    return all(
        app.network is not None
        and app.network.session.is_connected
        and isinstance(app.screen, GameScreen)
        and app.screen.query("#board")
        and app.screen.board.is_mounted
        for app in apps
    )


UNTIL_SECONDS = 30.0
"""How long ``until`` waits: long, as two apps and the line share a loaded machine's cores."""


async def until(done: Callable[[], bool], *pilots: Pilot[int], what: str) -> None:
    """Let the apps (and the line between them) run until ``done``."""
    deadline = time.monotonic() + UNTIL_SECONDS
    while time.monotonic() < deadline:
        if done():
            return
        for pilot in pilots:
            await drain(pilot)
        await asyncio.sleep(0.01)
    states = [
        (
            type(pilot.app.screen).__name__,
            pilot.app.return_code,
            [str(widget.content) for widget in pilot.app.screen.query("Static")][:3],
        )
        for pilot in pilots
    ]
    raise AssertionError(f"never: {what} {states}")


@asynccontextmanager
async def hosting(
    app: NardyApp,
    size: tuple[int, int] = SIZE,
) -> AsyncIterator[tuple[Pilot[int], int]]:
    """The host app running and listening; its Pilot and the port it took."""
    async with app.run_test(size=size) as pilot:
        await until(
            lambda: app.network is not None and app.network.port > 0, pilot, what="the host listens"
        )
        assert app.network is not None
        yield pilot, app.network.port


@asynccontextmanager
async def hosting_by_code(
    app: NardyApp, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[Pilot[int], str]]:
    """The host app running with a code from the mailbox; its Pilot and the code."""
    async with app.run_test(size=size) as pilot:
        await until(lambda: app.network is not None and code_of(app) != "", pilot, what="a code")
        yield pilot, code_of(app)


@dataclass
class Friends:
    """A host and its friend, connected: each side's app and Pilot."""

    host: NardyApp
    joiner: NardyApp
    pilots: dict[Side, Pilot[int]]
    port: int

    @property
    def both(self) -> tuple[Pilot[int], Pilot[int]]:
        return self.pilots[Side.WHITE], self.pilots[Side.BLACK]


@asynccontextmanager
async def joined(
    host: NardyApp, host_pilot: Pilot[int], joiner: NardyApp, size: tuple[int, int], port: int = 0
) -> AsyncIterator[Friends]:
    """The joiner app running beside the running host, until both boards are up."""
    async with joiner.run_test(size=size) as joiner_pilot:
        await until(
            lambda: connected(host, joiner), host_pilot, joiner_pilot, what="both connected"
        )
        yield Friends(host, joiner, {Side.WHITE: host_pilot, Side.BLACK: joiner_pilot}, port)


@asynccontextmanager
async def friends(
    code: str,
    points: int = 1,
    size: tuple[int, int] = SIZE,
) -> AsyncIterator[Friends]:
    """A host (White) and a joiner (Black) with ``code``, both boards up. (One process
    has one language, so both speak it.)"""
    host = host_app(code, points)
    async with (
        hosting(host, size) as (host_pilot, port),
        joined(host, host_pilot, joiner_app(code, port), size, port) as two,
    ):
        yield two


@asynccontextmanager
async def friends_by_code(
    rendezvous: Rendezvous, points: int = 1, size: tuple[int, int] = SIZE
) -> AsyncIterator[Friends]:
    """A host (White) and a joiner (Black) met by a code, both boards up."""
    host = code_host_app(rendezvous, points)
    async with (
        hosting_by_code(host, size) as (host_pilot, code),
        joined(host, host_pilot, code_joiner_app(rendezvous, code), size) as two,
    ):
        yield two


async def act(pilots: dict[Side, Pilot[int]]) -> None:
    """Whoever is to act does it by keys: the roll-off, a roll, a whole turn, the next
    game."""
    match = match_of(pilots[Side.WHITE].app)  # type: ignore[arg-type]
    if match.phase is Phase.ROLL_OFF:
        await burst(pilots[Side.WHITE], "r")
    elif match.phase is Phase.ROLL:
        assert match.mover is not None
        await burst(pilots[match.mover], "r")
    elif match.phase is Phase.MOVE:
        assert match.mover is not None
        mover = match_of(pilots[match.mover].app)  # type: ignore[arg-type]
        if mover.phase is Phase.MOVE and mover.turn is not None and not mover.turn.is_pass:
            await burst(pilots[match.mover], *turn_keys(mover), "c")
    elif match.phase is Phase.GAME_OVER:
        await burst(pilots[Side.WHITE], "n")


async def play_until(
    pilots: dict[Side, Pilot[int]], done: Callable[[], bool], steps: int = 600
) -> None:
    """Both sides play by keys (the first legal play) until ``done``."""
    for _ in range(steps):
        if done():
            return
        await act(pilots)
        for pilot in pilots.values():
            await drain(pilot)
    states = [
        (match_of(p.app).phase, len(match_of(p.app).game.turns))  # type: ignore[arg-type]
        for p in pilots.values()
    ]
    raise AssertionError(f"the match did not get there: {states}")


def match_over(*apps: NardyApp) -> Callable[[], bool]:
    return lambda: all(match_of(app).phase is Phase.MATCH_OVER for app in apps)
