"""What the app gives every game screen, as one value."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.signal import Signal

from nardy_tui.play import BotFactory, Saver
from nardy_tui.storage import Settings, Switch

if TYPE_CHECKING:
    from nardy_tui.play import Lockstep


@dataclass(frozen=True)
class GameServices:
    """The app's parts a game screen works with: built once by the app, and varied (with
    ``dataclasses.replace``) for a match with a friend on another machine."""

    settings: Settings
    """The player's settings, shared with the app (changed in place)."""
    settings_changed: Signal[Switch]
    """Tells of a change to ``settings``."""
    saver: Saver
    """The save file and the records."""
    bot_factory: BotFactory
    """How bots are made (a test's stand-in is quick)."""
    pace: float
    """Seconds a bot's step stays in view at the normal animation setting."""
    new_match: Callable[[], None]
    """What the match-over dialog's "new match" does."""
    lockstep: Lockstep | None = None
    """There when the other side plays on another machine: every throw goes through it, and
    what the other side sends comes from it."""
    resign_match: Callable[[], None] | None = None
    """There in a lobby's match, where a player may resign: gives up the whole match (a
    game is offered through ``lockstep``)."""
    match_stopped: Callable[[str], None] | None = None
    """What follows a match with another machine that cannot go on (the reason given, in
    words), once it is saved: None, the app ends saying why (the match with a friend is
    the whole app); a lobby's match goes back to the lobby."""
