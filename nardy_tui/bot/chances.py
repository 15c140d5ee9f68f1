"""What the expert evaluator says of a position: the side to move's chances, and its equity.

Nothing here needs numpy, so other layers can name these types without loading the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from nardy_tui.engine import Play, Position


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Probabilities for the side to move: winning, winning with a mars (2 points), and
    losing with a mars. ``win_mars <= win`` and ``lose_mars <= 1 - win`` always hold.

    >>> Evaluation(win=0.5, win_mars=0.1, lose_mars=0.1).equity
    0.0
    >>> Evaluation(win=1.0, win_mars=1.0, lose_mars=0.0).mirrored().equity
    -2.0
    """

    win: float
    win_mars: float
    lose_mars: float

    @property
    def equity(self) -> float:
        """Expected points for the side to move, from -2 to 2: a win is worth 1 and a mars 2,
        so ``win + win_mars - (1 - win) - lose_mars``."""
        return 2.0 * self.win - 1.0 + self.win_mars - self.lose_mars

    def mirrored(self) -> Evaluation:
        """The same chances told from the other side."""
        return Evaluation(win=1.0 - self.win, win_mars=self.lose_mars, lose_mars=self.win_mars)


@dataclass(frozen=True, slots=True)
class JudgedPlay:
    """One legal play as the expert judges it: the position it leads to and the mover's
    chances there, searched a roll deeper or (``searched`` False) by the network alone."""

    play: Play
    after: Position
    chances: Evaluation
    searched: bool
    exact: bool = False
    """The chances are a table's (the exact small-race table or the bear-off database,
    ``bot.home_race``), not the network's."""
    two_rolls: bool = False
    """Searched two rolls deep (the opponent's, then ours), as the closest best plays are."""
    deepened: bool = False
    """A play under review searched as deep as the best although the ranking, the same for
    every caller, looked at it less deeply: its figures and the best's compare at one
    depth, and its place in the ranking is the shallower look's."""

    @property
    def depth(self) -> int:
        """How many rolls ahead the figures look: 2, 1, or 0 for the network alone."""
        return 2 if self.two_rolls else 1 if self.searched else 0

    @property
    def settled(self) -> bool:
        """The play ends the game: its figures are the result, not an estimate."""
        return self.after.winner is not None

    @property
    def is_known(self) -> bool:
        """The figures are a table's or a game over's, not an estimate."""
        return self.exact or self.settled

    def compares_with(self, other: JudgedPlay) -> bool:
        """Whether this play's figures look as far ahead as ``other``'s (both the truth, or
        both searched as deep), so that one equity can fairly be set against the other."""
        if self.is_known or other.is_known:
            return self.is_known and other.is_known
        return self.depth == other.depth


class RankedPlay(NamedTuple):
    """One play of a bot's ranking (``Bot.rank_with_chances``): its score for the side to
    move and, where the bot has one, its judgement (the expert's: the chances after the
    play, how deep it was searched); a bot that ranks by scores alone has none."""

    play: Play
    score: float
    judged: JudgedPlay | None = None


def comparable(judged: JudgedPlay | None, best: JudgedPlay | None) -> bool:
    """Whether a play may be named beside the best with its equity: the two looked at as
    far ahead (``JudgedPlay.compares_with``), or no judgement to compare (a bot that
    ranks by scores alone)."""
    return judged is None or best is None or judged.compares_with(best)


@dataclass(frozen=True, slots=True)
class RolledOut:
    """A candidate's rollout, for the side that made the play: the chances (the share of
    trials won, won with a mars, lost with a mars; a trial that ended in a race both sides
    home counts the bear-off database's fractions), the equity with the luck of every roll
    taken out (``bot.rollout``), and that equity's standard error. The equity is at the
    stakes the rollout was made for, on the single-game scale of ``Stakes.equity``
    (``Stakes.match_chance`` turns it and its error into the match-winning chance)."""

    chances: Evaluation
    equity: float
    standard_error: float
    trials: int

    def mirrored(self) -> RolledOut:
        """The same rollout told from the other side."""
        return RolledOut(self.chances.mirrored(), -self.equity, self.standard_error, self.trials)


class WeightsError(Exception):
    """The expert's weights file is missing, unreadable or not one of ours; the message names
    the file in one line."""
