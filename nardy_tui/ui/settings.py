"""Play settings a player may switch on, remembered between runs in ``settings.json``.

The file sits in the data folder beside the save (``NARDY_HOME`` overrides it) and is
written atomically. A missing, unreadable or corrupt file means the defaults: a settings
file must never stop the game from starting.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from nardy_tui.storage.atomic import write_atomically
from nardy_tui.storage.paths import data_dir

SETTINGS_NAME = "settings.json"


@dataclass
class Settings:
    """The automatic steps are off by default, so every step is the player's own decision.

    ``auto_flip`` is on: in a hot-seat match each player then sees their own home at the
    bottom right, as at a real board where the players sit opposite each other.
    """

    auto_roll: bool = False
    auto_confirm: bool = False
    auto_forced: bool = False
    auto_flip: bool = True


SETTING_LABELS = {
    "auto_roll": "Roll the dice automatically",
    "auto_confirm": "Confirm a complete turn automatically",
    "auto_forced": "Play a forced (only) play automatically",
    "auto_flip": "Hot-seat: turn the board to the player to move",
}


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def load_settings() -> Settings:
    """The saved settings; the defaults for anything missing, wrong or unreadable."""
    try:
        stored = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(stored, dict):
        return Settings()
    known = {field.name for field in fields(Settings)}
    return Settings(**{name: value for name, value in stored.items()
                       if name in known and isinstance(value, bool)})


def save_settings(settings: Settings) -> str | None:
    """Write ``settings``; the problem in words if the file could not be written."""
    try:
        write_atomically(settings_path(), json.dumps(asdict(settings), indent=2) + "\n")
    except OSError as error:
        return f"Could not save the settings: {error}"
    return None
