"""What the game screen's helpers use of it: a protocol, so that they do not import the
screen that imports them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App

    from nardy_tui.engine import Match
    from nardy_tui.options import MatchOptions
    from nardy_tui.play import Outcome, TurnFlow
    from nardy_tui.ui.board import BoardView
    from nardy_tui.ui.game.pace import StepPace
    from nardy_tui.ui.game.services import GameServices


class GameHost(Protocol):
    """The game screen, as its helpers see it (``GameScreen`` is the one there is)."""

    match: Match
    options: MatchOptions
    flow: TurnFlow
    services: GameServices
    pace: StepPace
    bot_activity: str

    @property
    def app(self) -> App[object]: ...

    @property
    def board(self) -> BoardView: ...

    @property
    def board_shown(self) -> bool:
        """Whether the board is up (not yet, while the screen is being put up)."""
        ...

    @property
    def is_attached(self) -> bool: ...

    @property
    def is_current(self) -> bool: ...

    def apply(self, outcome: Outcome | None) -> None: ...

    def say(self, text: str) -> None: ...

    def line_down(self) -> str:
        """What the line to the other machine does while it is down ("" while it is up,
        and with no other machine)."""
        ...

    def save(self) -> None: ...

    def refresh_view(self) -> None: ...

    def roll(self, by_key: bool) -> None: ...

    def think(self) -> None:
        """The bot to move thinks of its play (in the screen's worker)."""
        ...

    def confirm_turn(self) -> None:
        """Confirm the turn, past the tutor's judgement if it watches."""
        ...

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...
