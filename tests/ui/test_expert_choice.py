"""Choosing the expert on the new-match screen: it starts, or says why it cannot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import RadioSet

from nardy_tui.options import LaunchOptions, Level
from nardy_tui.play import BotSeat
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.textual_seams import notifications
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst

SIZE = (120, 40)


async def choose_expert_and_start(app: NardyApp) -> tuple[Screen[object], list[str]]:
    """Pick Expert (the last level), press s; the screen then shown and the toasts."""
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.click("#level > RadioButton:last-of-type")
        pressed = app.screen.query_one("#level", RadioSet).pressed_button
        assert pressed is not None and str(pressed.label) == "Expert"
        await burst(pilot, "s")
        return app.screen, [str(note.message) for note in notifications(app)]


async def test_the_expert_can_be_chosen_and_plays() -> None:
    app = NardyApp(LaunchOptions(seed=4, resume=False), bot_factory=FirstPlayBot, pace=0)
    screen, _ = await choose_expert_and_start(app)
    assert isinstance(screen, GameScreen)
    assert BotSeat(Level.EXPERT) in screen.flow.seats.values()


async def test_broken_weights_keep_the_new_match_screen_and_name_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "expert.npz"
    broken.write_bytes(b"PK\x03\x04 not really")
    monkeypatch.setenv("NARDY_EXPERT_WEIGHTS", str(broken))
    app = NardyApp(LaunchOptions(seed=4, resume=False), bot_factory=FirstPlayBot, pace=0)
    screen, notes = await choose_expert_and_start(app)
    assert isinstance(screen, NewMatchScreen)
    [note] = notes
    assert str(broken) in note and "another level" in note
