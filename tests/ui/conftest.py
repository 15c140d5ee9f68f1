"""Fixtures for the UI tests: a private save folder, no animations, English after each
test, a fast stand-in bot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nardy_tui.engine import Dice, Play, Position, legal_plays
from nardy_tui.i18n import use_language
from nardy_tui.options import Level


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test saves into its own folder, never the user's."""
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    for terminal in ("VTE_VERSION", "KONSOLE_VERSION"):  # the right-to-left default
        monkeypatch.delenv(terminal, raising=False)
    yield tmp_path


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A test that plays in another language leaves the next one in English."""
    yield
    use_language("en")


class FirstPlayBot:
    """A stand-in bot: instant, deterministic, always the first legal play."""

    def __init__(self, level: Level, seed: int) -> None:
        self.level = level
        self.seed = seed

    def choose(self, position: Position, dice: Dice) -> Play:
        return legal_plays(position, dice)[0]

    def rank(self, position: Position, dice: Dice) -> list[tuple[Play, float]]:
        return [(play, 0.0) for play in legal_plays(position, dice)]
