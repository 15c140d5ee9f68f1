"""The game screen, imported when first used: the one place that does.

Importing it (with the turn flow's screen parts) costs about 0.1 s on top of the app's
0.25 s, and a new match's first frame is the new-match screen, which does not need it;
so the app and the palette reach the game screen's classes only through these functions,
never through a module-level import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from nardy_tui.ui.game import GameScreen, GameServices


def game_screen_type() -> type[GameScreen]:
    from nardy_tui.ui.game import GameScreen

    return GameScreen


def game_services_type() -> type[GameServices]:
    from nardy_tui.ui.game import GameServices

    return GameServices


def game_screen_in(stack: Sequence[Screen[object]]) -> GameScreen | None:
    """The top game screen in ``stack`` (dialogs may cover it), if any."""
    game_screen = game_screen_type()
    found = [screen for screen in stack if isinstance(screen, game_screen)]
    return found[-1] if found else None
