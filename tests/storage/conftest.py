"""Every storage test writes into its own temporary NARDY_HOME, never the real data dir."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "nardy-home"
    monkeypatch.setenv("NARDY_HOME", str(folder))
    return folder
