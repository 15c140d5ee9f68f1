"""The answers of the game screen's workers (the bot's play, the hint's ranking, the tutor's
verdict): each posted to the screen that asked, for it alone, and taken on the UI thread."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from nardy_tui.engine import Play
from nardy_tui.play import JudgedTurn

if TYPE_CHECKING:
    from nardy_tui.bot import RankingWithChances, Stakes, TurnReview


@dataclass
class BotChose(Message, bubble=False):
    """The bot's play."""

    play: Play
    turn_number: int
    """The turns played before it: an answer to a turn no longer in play is dropped."""


@dataclass
class HintFound(Message, bubble=False):
    """Every play of the player's turn ranked."""

    ranking: RankingWithChances
    turn_number: int
    """The turns played before it: a hint for a turn no longer in play is dropped."""
    stakes: Stakes
    """The match's score the plays were ranked at, which the hint speaks in."""


@dataclass
class TutorJudged(Message, bubble=False):
    """The tutor's verdict on a complete turn."""

    turn: JudgedTurn
    verdict: TurnReview
