"""Two game apps on one machine, a host and a joiner over loopback, each driven by its own
Pilot: a whole match, a line cut mid-turn and picked up again, and a wrong code refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot

from nardy_tui.engine import Match, Phase, Side
from nardy_tui.net import Role, new_code, read_network_match, verify_record
from nardy_tui.options import LaunchOptions, NetworkLaunch
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game import GameScreen
from tests.ui.driver import burst, drain, turn_keys

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


async def until(done: Callable[[], bool], *pilots: Pilot[int], what: str) -> None:
    """Let both apps (and the line between them) run until ``done``."""
    for _ in range(400):
        if done():
            return
        for pilot in pilots:
            await drain(pilot)
        await asyncio.sleep(0.01)
    states = [(type(p.app.screen).__name__, p.app.return_code,
               p.app.network and p.app.network.session.is_connected,  # type: ignore[attr-defined]
               [str(w.content) for w in p.app.screen.query("Static")][:3])
              for p in pilots]
    raise AssertionError(f"never: {what} {states}")


def host_app(code: str, points: int = 1, resume: bool = False) -> NardyApp:
    launch = NetworkLaunch(hosting=True, code=code, port=0, points=points, resume=resume)
    return NardyApp(LaunchOptions(network=launch), pace=0)


def joiner_app(code: str, port: int) -> NardyApp:
    launch = NetworkLaunch(hosting=False, code=code, address="127.0.0.1", port=port)
    return NardyApp(LaunchOptions(network=launch), pace=0)


@asynccontextmanager
async def hosting(app: NardyApp) -> AsyncIterator[tuple[Pilot[int], int]]:
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: app.network is not None and app.network.port > 0, pilot,
                    what="the host listens")
        assert app.network is not None
        yield pilot, app.network.port


def match_of(app: NardyApp) -> Match:
    assert app.network is not None and app.network.saved is not None
    return app.network.saved.match


def connected(*apps: NardyApp) -> bool:
    return all(app.network is not None and app.network.session.is_connected
               and isinstance(app.screen, GameScreen) and app.screen.query("#board")
               and app.screen.board.is_mounted for app in apps)


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
        peer = match_of(pilots[match.mover].app)  # type: ignore[arg-type]
        if peer.phase is Phase.MOVE and peer.turn is not None and not peer.turn.is_pass:
            await burst(pilots[match.mover], *turn_keys(peer), "c")
    elif match.phase is Phase.GAME_OVER:
        await burst(pilots[Side.WHITE], "n")


async def test_a_whole_match_between_two_machines_is_the_same_match_on_both() -> None:
    code = new_code()
    host = host_app(code)
    async with hosting(host) as (host_pilot, port):
        joiner = joiner_app(code, port)
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            pilots = {Side.WHITE: host_pilot, Side.BLACK: joiner_pilot}
            await until(lambda: connected(host, joiner), host_pilot, joiner_pilot,
                        what="both connected")
            for _ in range(600):
                if match_of(host).phase is Phase.MATCH_OVER \
                        and match_of(joiner).phase is Phase.MATCH_OVER:
                    break
                await act(pilots)
                for pilot in pilots.values():
                    await drain(pilot)
            assert match_of(host).phase is Phase.MATCH_OVER
            assert match_of(host).game.record_lines() == match_of(joiner).game.record_lines()
            assert match_of(host).winner is match_of(joiner).winner
    records = sorted(records_folder().glob("nardy-network-*.txt"))
    assert len(records) == 2, records
    for record in records:
        assert verify_record(record.read_text()).holds


def records_folder() -> Path:
    from nardy_tui.storage import records_dir

    return records_dir()


async def play_until(pilots: dict[Side, Pilot[int]], done: Callable[[], bool]) -> None:
    for _ in range(600):
        if done():
            return
        await act(pilots)
        for pilot in pilots.values():
            await drain(pilot)
    states = [(match_of(p.app).phase, len(match_of(p.app).game.turns))  # type: ignore[arg-type]
              for p in pilots.values()]
    raise AssertionError(f"the match did not get there: {states}")


def mid_turn(app: NardyApp) -> bool:
    match = match_of(app)
    return (match.phase is Phase.MOVE and match.mover is Side.BLACK and len(match.game.turns) > 2
            and match.turn is not None and not match.turn.is_pass)


async def test_a_line_cut_mid_turn_is_picked_up_and_the_turn_goes_on() -> None:
    code = new_code()
    host = host_app(code, points=3)
    async with hosting(host) as (host_pilot, port):
        joiner = joiner_app(code, port)
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            pilots = {Side.WHITE: host_pilot, Side.BLACK: joiner_pilot}
            await until(lambda: connected(host, joiner), host_pilot, joiner_pilot,
                        what="both connected")
            await play_until(pilots, lambda: mid_turn(joiner) and mid_turn(host))
            keys = turn_keys(match_of(joiner))
            await burst(joiner_pilot, *keys[:len(keys) // 2])  # half the turn typed
            assert joiner.network is not None and joiner.network.session.line is not None
            joiner.network.session.line.close()  # the line is cut
            await until(lambda: not connected(host), host_pilot, joiner_pilot,
                        what="the host sees the line down")
            assert "down" in str(host.screen.query_one("#status").content)
            await until(lambda: connected(host, joiner), host_pilot, joiner_pilot,
                        what="the joiner is back")
            turns = len(match_of(host).game.turns)
            await burst(joiner_pilot, *turn_keys(match_of(joiner)), "c")
            await play_until(pilots, lambda: len(match_of(host).game.turns) >= turns + 4
                             or (match_of(host).phase is not Phase.MOVE
                             and match_of(host).phase is not Phase.ROLL))
            assert len(match_of(host).game.turns) > turns
            assert match_of(host).game.record_lines() == match_of(joiner).game.record_lines()


async def test_a_friend_who_quits_and_joins_again_goes_on_from_the_saved_match() -> None:
    code = new_code()
    host = host_app(code, points=3)
    async with hosting(host) as (host_pilot, port):
        joiner = joiner_app(code, port)
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            pilots = {Side.WHITE: host_pilot, Side.BLACK: joiner_pilot}
            await until(lambda: connected(host, joiner), host_pilot, joiner_pilot,
                        what="both connected")
            await play_until(pilots, lambda: len(match_of(host).game.turns) >= 4)
            lines = match_of(joiner).game.record_lines()
        await until(lambda: "left" in str(host.screen.query_one("#status").content),
                    host_pilot, what="the host hears the friend has left")
        saved = read_network_match(Role.JOINER)
        assert saved is not None and saved.match.game.record_lines() == lines
        again = joiner_app(code, port)
        async with again.run_test(size=SIZE) as again_pilot:
            await until(lambda: connected(host, again), host_pilot, again_pilot,
                        what="the friend is back")
            assert match_of(again).game.record_lines() == lines
            pilots = {Side.WHITE: host_pilot, Side.BLACK: again_pilot}
            await play_until(pilots, lambda: len(match_of(host).game.turns) >= 8
                             or (match_of(host).phase is not Phase.MOVE
                             and match_of(host).phase is not Phase.ROLL))
            assert match_of(host).game.record_lines() == match_of(again).game.record_lines()


async def test_a_wrong_code_is_refused_in_one_line_and_the_host_waits_on() -> None:
    code = new_code()
    host = host_app(code)
    async with hosting(host) as (host_pilot, port):
        wrong = joiner_app("2222-2222" if code != "2222-2222" else "3333-3333", port)
        async with wrong.run_test(size=SIZE) as wrong_pilot:
            await until(lambda: wrong.return_code is not None, host_pilot, wrong_pilot,
                        what="the wrong code is refused")
        assert wrong.return_code == 1
        assert isinstance(host.screen, GameScreen) and host.network is not None
        assert not host.network.session.is_connected
        right = joiner_app(code, port)
        async with right.run_test(size=SIZE) as right_pilot:
            await until(lambda: connected(host, right), host_pilot, right_pilot,
                        what="the friend with the right code gets in")
