"""In a game served to a browser (``nardy serve``), the record is the player's download:
x hands it to the browser and writes nothing for them on the server, and the match-over
dialog says how to download it rather than naming a file they cannot reach."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

import pytest
from textual.widgets import Static

from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.storage import save_match
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import GiveUpSavedDialog, MatchOverDialog
from tests.ui.driver import burst, status
from tests.ui.scenes import nearly_won

SIZE = (120, 40)
HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=7)


@pytest.fixture
def in_a_browser(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str | None]]:
    """The app as the web driver runs it: what it delivers (text, file name) is listed."""
    delivered: list[tuple[str, str | None]] = []

    def deliver_text(
        app: NardyApp, file: TextIO, *, save_filename: str | None = None, **_: object
    ) -> str:
        delivered.append((file.read(), save_filename))
        return "key"

    monkeypatch.setattr(NardyApp, "is_web", property(lambda app: True))
    monkeypatch.setattr(NardyApp, "deliver_text", deliver_text)
    return delivered


async def test_x_hands_the_record_to_the_browser_and_writes_nothing_on_the_server(
    private_home: Path, in_a_browser: list[tuple[str, str | None]]
) -> None:
    app = NardyApp(LaunchOptions(match=HOT_SEAT), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "x")
        said = status(app.screen)
    [(record, name)] = in_a_browser
    assert record.startswith("Long Nardy match record\nWhite: player 1 / Black: player 2")
    assert name is not None and name in said and "your browser" in said
    assert not (private_home / "records").exists()


async def test_the_match_over_dialog_says_how_to_download_the_record(
    private_home: Path, in_a_browser: list[tuple[str, str | None]]
) -> None:
    save_match(nearly_won(7, length=1), HOT_SEAT)
    app = NardyApp(LaunchOptions(resume=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "c")
        assert isinstance(app.screen, MatchOverDialog)
        text = str(app.screen.query_one(".dialog-body", Static).content)
        assert "x downloads it" in text and str(private_home) not in text
        await burst(pilot, "escape")
        await burst(pilot, "x")
    [(record, _)] = in_a_browser
    assert "Match result: " in record


async def test_a_saved_match_given_up_in_a_browser_comes_to_the_browser_as_its_record(
    private_home: Path, in_a_browser: list[tuple[str, str | None]]
) -> None:
    """A reloaded page with a match saved: n, then y. The dialog names no folder on the
    server; the record comes to the browser."""
    save_match(nearly_won(7, length=1), HOT_SEAT)
    app = NardyApp(LaunchOptions(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        assert isinstance(app.screen, GiveUpSavedDialog)
        text = str(app.screen.query_one(".dialog-body", Static).content)
        assert "comes to your browser as a download" in text and str(private_home) not in text
        await burst(pilot, "y")
    [(record, name)] = in_a_browser
    assert "Match unfinished" in record and name is not None and name.startswith("nardy-")
