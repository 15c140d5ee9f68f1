"""Play settings a player may switch on, remembered between runs in ``settings.json``,
with the choices made last on the new-match screen.

The file sits in the data folder beside the save (``NARDY_HOME`` overrides it) and is
written atomically. A missing, unreadable or corrupt file means the defaults (a wrong
value, that value's default): a settings file must never stop the game from starting.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from nardy_tui.i18n import LANGUAGES, _, terminal_reorders_itself
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.storage.atomic import write_atomically
from nardy_tui.storage.choices import COLORS, LEVELS, MODES, POINTS, FileChoices
from nardy_tui.storage.paths import data_dir

T = TypeVar("T")

SETTINGS_NAME = "settings.json"


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
    """The tutor's threshold: warn before a play the expert marks this bad or worse, or
    never. Each value but ``off`` is the word of the bot's verdict it names
    (``nardy_tui.play.tutor.threshold``)."""

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
    last_match: MatchOptions = field(default_factory=MatchOptions)
    """The new-match screen's choices, as last started: mode, level, colour, length (the
    seed is never kept)."""
    animation: Animation = Animation.NORMAL
    tutor: Tutor = Tutor.OFF
    mailbox: str = ""
    """The mailbox server of a match met by a code, as last given (``--mailbox``); ""
    for magic-wormhole's own."""
    transit: str = ""
    """The transit relay likewise (``--transit HOST:PORT``)."""

    def is_on(self, switch: Switch) -> bool:
        return bool(getattr(self, switch.value))

    def turn(self, switch: Switch, on: bool) -> None:
        """Switch ``switch`` on or off (in memory: ``save_settings`` writes it)."""
        setattr(self, switch.value, on)

    def remember(self, options: MatchOptions) -> None:
        """Offer ``options`` on the new-match screen next time (in memory, as ``turn``).

        A hot-seat match has no bot: the bot's level and the colour against it stay as they
        were (``nardy --hot-seat`` fills them with defaults that nobody chose).
        """
        if options.mode is Mode.HOT_SEAT:
            options = replace(self.last_match, mode=options.mode, points=options.points)
        self.last_match = replace(options, seed=None)


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
    settings = Settings()
    for switch in Switch:
        settings.turn(switch, _read(stored, switch.value, _SWITCH, settings.is_on(switch)))
    settings.language = _read(stored, "language", _LANGUAGES, settings.language)
    last = settings.last_match
    settings.last_match = MatchOptions(
        mode=_read(stored, "mode", MODES, last.mode),
        bot_level=_read(stored, "bot_level", LEVELS, last.bot_level),
        color=_read(stored, "color", COLORS, last.color),
        points=_read(stored, "points", POINTS, last.points),
    )
    settings.animation = _read(stored, "animation", _ANIMATIONS, settings.animation)
    settings.tutor = _read(stored, "tutor", _TUTORS, settings.tutor)
    settings.mailbox = _server(stored.get("mailbox"))
    settings.transit = _server(stored.get("transit"))
    return settings


_SWITCH = FileChoices.of((True, False))
_LANGUAGES = FileChoices.of(("", *LANGUAGES))
_ANIMATIONS = FileChoices.of(Animation)
_TUTORS = FileChoices.of(Tutor)


LONGEST_SERVER = 300


def _server(stored: object) -> str:
    """A remembered server as the file has it (checked where it is used), or "" for the
    default: any text of a sane length."""
    return stored if isinstance(stored, str) and len(stored) <= LONGEST_SERVER else ""


def _read(stored: dict[str, Any], name: str, choices: FileChoices[T], default: T) -> T:
    """The file's ``name``, or ``default`` where the file has none or a wrong one."""
    try:
        return choices.read(stored[name])
    except (KeyError, ValueError):
        return default


def _file_form(settings: Settings) -> dict[str, object]:
    """What the file holds: the last match's options beside the settings, by name."""
    last = settings.last_match
    servers = {"mailbox": settings.mailbox, "transit": settings.transit}
    return {
        **{switch.value: settings.is_on(switch) for switch in Switch},
        "language": settings.language,
        "mode": MODES.written(last.mode),
        "bot_level": LEVELS.written(last.bot_level),
        "color": COLORS.written(last.color),
        "points": POINTS.written(last.points),
        "animation": settings.animation.value,
        "tutor": settings.tutor.value,
        # The servers only once given: a file that named none is written again the same.
        **{name: server for name, server in servers.items() if server},
    }


def save_settings(settings: Settings) -> str | None:
    """Write ``settings``; the problem in words if the file could not be written."""
    try:
        write_atomically(settings_path(), json.dumps(_file_form(settings), indent=2) + "\n")
    except OSError as error:
        return _("Could not save the settings: {error}").format(error=error)
    return None
