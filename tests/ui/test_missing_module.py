"""A module that can no longer be loaded (the game reinstalled while it ran) ends the game
with one line, not a traceback, and the match stays saved for the next start."""

from __future__ import annotations

import asyncio
import sys

import pytest
from textual import events

from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.storage import load_saved
from nardy_tui.ui.app import NardyApp
from tests.textual_seams import crash_of
from tests.ui.driver import roll_off


async def test_a_module_gone_missing_ends_the_game_in_one_line_with_the_match_saved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=1), resume=False),
        pace=0,
    )
    said: list[object] = []
    exit_now = app.exit

    def exit_saying(*args: object, message: object = None, **kwargs: object) -> None:
        said.append(message)
        exit_now(*args, message=message, **kwargs)  # type: ignore[arg-type]

    app.exit = exit_saying  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        match = await roll_off(pilot)
        monkeypatch.setitem(sys.modules, "nardy_tui.ui.help", None)  # import now fails
        app.post_message(events.Key("question_mark", "?"))  # help: its module is loaded now
        for _ in range(200):
            if app.return_code is not None:
                break
            await asyncio.sleep(0.01)
    assert app.return_code == 1
    assert crash_of(app) is None, "no traceback"
    [message] = said
    assert "could not be loaded" in str(message) and "\n" not in str(message)
    saved = load_saved()
    assert saved is not None and saved.match.game.roll_offs == match.game.roll_offs
