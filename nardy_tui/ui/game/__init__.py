"""The game screen and the parts it hands its concerns to: the bot's turn, the hint, the
tutor, the last play shown again, the other machine's messages, the end of a game and of
the match. The app imports it on first use: the first frame does not wait for it."""

from __future__ import annotations

from nardy_tui.ui.game.screen import GameScreen
from nardy_tui.ui.game.services import GameServices

__all__ = ["GameScreen", "GameServices"]
