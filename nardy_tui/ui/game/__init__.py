"""The game screen, what the app gives it (``GameServices``) and the parts beside it: the
layout for the terminal's size, a step's time in view, its workers' answers and the match's
record in a file. The app imports it on first use: the first frame does not wait for it."""

from __future__ import annotations

from nardy_tui.ui.game.screen import GameScreen
from nardy_tui.ui.game.services import GameServices

__all__ = ["GameScreen", "GameServices"]
