"""Play settings a player may switch on: fewer key presses for routine steps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    """Each is off by default, so every step of a turn is the player's own decision."""

    auto_roll: bool = False
    auto_confirm: bool = False
    auto_forced: bool = False
