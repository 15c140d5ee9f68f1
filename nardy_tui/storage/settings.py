"""Play settings a player may switch on, remembered between runs in ``settings.json``,
with the choices made last on the new-match screen.

The file sits in the data folder beside the save (``NARDY_HOME`` overrides it) and is
written atomically. A missing, unreadable or corrupt file means the defaults (a wrong
value, that value's default): a settings file must never stop the game from starting.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from pathlib import Path

from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.i18n import LANGUAGES, _, terminal_reorders_itself
from nardy_tui.options import (
    BOT_LEVELS,
    COLOR_CHOICES,
    MODES,
    BotLevel,
    ColorChoice,
    MatchOptions,
    Mode,
)
from nardy_tui.storage.atomic import write_atomically
from nardy_tui.storage.paths import data_dir

SETTINGS_NAME = "settings.json"
_DEFAULT = MatchOptions()


class Animation(StrEnum):
    """How the bot's steps (and a last play shown again) are played on the board."""

    NORMAL = "normal"
    FAST = "fast"
    NONE = "none"
    """At once: the bot's whole turn appears in one go."""


class Switch(StrEnum):
    """A setting that is on or off; its value is its field in ``Settings`` and the file."""

    AUTO_ROLL = "auto_roll"
    AUTO_CONFIRM = "auto_confirm"
    AUTO_FORCED = "auto_forced"
    AUTO_FLIP = "auto_flip"
    REORDER_RTL = "reorder_rtl"


class Tutor(StrEnum):
    """The tutor's threshold: warn before a play the expert marks this bad or worse (the
    review's marks), or never."""

    OFF = "off"
    DOUBTFUL = "doubtful"
    ERROR = "error"
    BLUNDER = "blunder"


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
    reorder_rtl: bool = field(default_factory=lambda: not terminal_reorders_itself())
    """Put right-to-left lines (Hebrew, Arabic) into visual order; off for a terminal that
    reorders them itself (by default: off in the terminals known to)."""
    language: str = ""
    """The language chosen on the new-match screen or in the palette; "" for the
    environment's."""
    mode: Mode = _DEFAULT.mode
    """The new-match screen's choices, as last started: mode, level, colour, length."""
    bot_level: BotLevel = _DEFAULT.bot_level
    color: ColorChoice = _DEFAULT.color
    points: int = _DEFAULT.points
    animation: Animation = Animation.NORMAL
    tutor: Tutor = Tutor.OFF

    def is_on(self, switch: Switch) -> bool:
        return bool(getattr(self, switch.value))

    def turn(self, switch: Switch, on: bool) -> None:
        """Switch ``switch`` on or off (in memory: ``save_settings`` writes it)."""
        setattr(self, switch.value, on)


CHOICES: dict[str, tuple[object, ...]] = {
    "mode": MODES,
    "bot_level": BOT_LEVELS,
    "color": COLOR_CHOICES,
    "points": MATCH_LENGTHS,
    "language": ("", *LANGUAGES),
    "animation": tuple(Animation),
    "tutor": tuple(Tutor),
}
"""The values a remembered choice may take; the switches may be True or False."""


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
    settings = Settings(
        **{name: value for name, value in stored.items() if name in known and _allowed(name, value)}
    )
    settings.animation = Animation(settings.animation)  # the file holds their values
    settings.tutor = Tutor(settings.tutor)
    return settings


def _allowed(name: str, value: object) -> bool:
    choices = CHOICES.get(name, (True, False))
    return any(value == choice and type(value) is _stored_type(choice) for choice in choices)


def _stored_type(choice: object) -> type:
    """The type a choice has in the file: an enum's member is stored as its value."""
    return str if isinstance(choice, StrEnum) else type(choice)


def save_settings(settings: Settings) -> str | None:
    """Write ``settings``; the problem in words if the file could not be written."""
    try:
        write_atomically(settings_path(), json.dumps(asdict(settings), indent=2) + "\n")
    except OSError as error:
        return _("Could not save the settings: {error}").format(error=error)
    return None
