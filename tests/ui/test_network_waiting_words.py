"""A match with a friend taken up on the friend's turn, while the friend is not there: the
screen says it waits for them (or reaches the host), never that they are thinking."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_tui.engine import Phase, Side
from nardy_tui.net import new_code
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game import GameScreen
from tests.ui.driver import drain
from tests.ui.two_apps import (
    SIZE,
    connected,
    friends,
    host_app,
    hosting,
    joined,
    joiner_app,
    match_of,
    play_until,
    status_of,
    until,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


def to_move(app: NardyApp, side: Side) -> bool:
    match = match_of(app)
    return (
        match.phase is Phase.MOVE
        and match.mover is side
        and len(match.game.turns) >= 2
        and match.turn is not None
        and not match.turn.is_pass
    )


def activity_of(app: NardyApp) -> str:
    """The side panel's box of what the other side is doing."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen.bot_activity


async def settled(app: NardyApp, pilot: object) -> None:
    """The board up and what it starts by itself started (the away side's turn)."""
    await until(
        lambda: isinstance(app.screen, GameScreen) and app.screen.board_shown,
        pilot,  # type: ignore[arg-type]
        what="the board",
    )
    for _ in range(5):
        await drain(pilot)  # type: ignore[arg-type]


async def test_a_host_taken_up_on_its_friends_turn_waits_for_them_and_says_so() -> None:
    code = new_code()
    async with friends(code, points=3) as two:
        await play_until(two.pilots, lambda: to_move(two.host, Side.BLACK))
    again = host_app(code, points=3, resume=True)
    async with hosting(again) as (pilot, port):
        await settled(again, pilot)
        assert to_move(again, Side.BLACK)
        assert "thinking" not in status_of(again), status_of(again)
        assert "thinking" not in activity_of(again), activity_of(again)
        assert "Waiting for your friend" in status_of(again)
        # The friend comes back: the screen says so, and their turn goes on.
        async with joined(again, pilot, joiner_app(code, port), SIZE, port) as back:
            assert connected(again, back.joiner)
            await until(lambda: "here" in status_of(again), pilot, what="the host hears the friend")


async def test_a_joiner_taken_up_on_the_hosts_turn_says_it_reaches_the_host() -> None:
    code = new_code()
    async with friends(code, points=3) as two:
        await play_until(two.pilots, lambda: to_move(two.joiner, Side.WHITE))
        port = two.port
    again = joiner_app(code, port)
    async with again.run_test(size=SIZE) as pilot:
        await settled(again, pilot)
        assert to_move(again, Side.WHITE)
        assert "thinking" not in status_of(again), status_of(again)
        assert "thinking" not in activity_of(again), activity_of(again)
