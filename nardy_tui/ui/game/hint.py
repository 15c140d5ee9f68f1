"""The hint: the best plays for the player's turn, found in a worker."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from textual.message import Message

from nardy_tui.bot import stakes_at
from nardy_tui.engine import Dice, Position
from nardy_tui.i18n import _
from nardy_tui.play import HINT_LEVEL, Command

if TYPE_CHECKING:
    from nardy_tui.bot import RankingWithChances, Stakes
    from nardy_tui.ui.game.host import GameHost


@dataclass
class HintFound(Message, bubble=False):
    """Every play of the player's turn ranked, from the hint's worker: posted to the game
    screen (for it alone), whose queue takes it on the UI thread."""

    ranking: RankingWithChances
    turn_number: int
    """The turns played before it: a hint for a turn no longer in play is dropped."""
    stakes: Stakes
    """The match's score the plays were ranked at, which the hint speaks in."""


class HintSearch:
    """Ranks the player's plays with the hint's bot and shows the best on the board."""

    def __init__(self, screen: GameHost) -> None:
        self._screen = screen

    def start(self) -> None:
        """Look for the best plays, if the player has a turn a hint can help with."""
        screen = self._screen
        turn = screen.flow.human_turn
        if turn is None or not screen.flow.allows(Command.HINT):
            return
        screen.say(_("Looking for the best play…"))
        screen.run_worker(
            partial(self._rank, turn.position, turn.dice, len(screen.match.game.turns)),
            name="find_hint",
            group="hint",
            thread=True,
            exclusive=True,
        )

    def _rank(self, position: Position, dice: Dice, turn_number: int) -> None:
        """In a worker's thread: every play ranked, posted to the screen."""
        stakes = stakes_at(self._screen.match, position.turn)
        ranking = self._screen.bots[HINT_LEVEL].rank_with_chances(position, dice, None, stakes)
        self._screen.post_message(HintFound(ranking, turn_number, stakes))

    def show(self, found: HintFound) -> None:
        """The best plays on the board, if the turn they were found for is still on."""
        screen = self._screen
        screen.apply(screen.flow.show_hint(found.ranking, found.turn_number, found.stakes))
