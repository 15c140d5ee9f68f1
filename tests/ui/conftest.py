"""Fixtures for the UI tests: a private save folder, no animations, English after each
test, a fast stand-in bot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nardy_tui.bot import Bot
from nardy_tui.engine import Dice, Play, Position, legal_plays
from nardy_tui.i18n import use_language
from nardy_tui.options import Level

NOWHERE = "127.0.0.1:9"
"""A loopback address where nothing listens (the discard port)."""


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test saves into its own folder, never the user's, and meets a friend by a code
    nowhere but on loopback."""
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    # A match with a friend asked for on a screen (the fuzz presses "Host a match" too)
    # meets at nothing on loopback, never at magic-wormhole's public servers.
    monkeypatch.setenv("NARDY_MAILBOX", f"ws://{NOWHERE}/v1")
    monkeypatch.setenv("NARDY_TRANSIT", NOWHERE)
    for terminal in ("VTE_VERSION", "KONSOLE_VERSION"):  # the right-to-left default
        monkeypatch.delenv(terminal, raising=False)
    yield tmp_path


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A test that plays in another language leaves the next one in English."""
    yield
    use_language("en")


class FirstPlayBot(Bot):
    """A stand-in bot: instant, deterministic, always the first legal play."""

    def __init__(self, level: Level, seed: int) -> None:
        super().__init__(seed)
        self.level = level

    def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
        return [(play, 0.0) for play in legal_plays(position, dice)]
