"""What a game's four outcomes are worth to the side to move: points in money play, the
chance of winning the match at a match score. Every choice and every judgement weighs the
expert's chances by these, so money play is the case of no match.

A play's value is the sum over the outcomes (win, win with a mars, lose, lose with a mars)
of the outcome's chance times its worth. At a match score that is the match-winning chance
(MWC). For ranking and for the marks, the value is also told on the scale of a single game
(``equity``): the MWC laid out so that a single win is +1 and a single loss -1, GNU
Backgammon's normalised equity. It is the money equity in money play, and it orders the
plays as the MWC does at the score, so the search's margins and the review's thresholds,
made for points, keep their meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from nardy_tui.bot.chances import Evaluation
from nardy_tui.bot.match_equity import MatchEquityTable, MatchScore
from nardy_tui.engine import Match, Side


class Outcomes(NamedTuple):
    """The worth of each way a game can end, for the side to move."""

    win: float
    win_mars: float
    lose: float
    lose_mars: float


MONEY_OUTCOMES = Outcomes(win=1.0, win_mars=2.0, lose=-1.0, lose_mars=-2.0)


@cache
def expert_table() -> MatchEquityTable:
    """The table the expert plays matches by (its own mars rate), computed once."""
    return MatchEquityTable()


@dataclass(frozen=True, slots=True)
class Stakes:
    """What the game is played for: money (``score`` None) or the match at ``score``.

    >>> MONEY.value(Evaluation(win=0.6, win_mars=0.2, lose_mars=0.1))
    0.3
    >>> double_match_point = Stakes(MatchScore(length=5, mover=4, opponent=4))
    >>> double_match_point.value(Evaluation(win=0.6, win_mars=0.2, lose_mars=0.1))
    0.6
    >>> print(Stakes(MatchScore(length=5, mover=3, opponent=4)))
    2-away against 1-away in a 5-point match
    """

    score: MatchScore | None = None

    @property
    def is_match(self) -> bool:
        return self.score is not None

    @property
    def outcomes(self) -> Outcomes:
        """What each outcome is worth: its points, or the MWC at the score it leads to."""
        if self.score is None:
            return MONEY_OUTCOMES
        table = expert_table()
        away, opponent_away = self.score.away
        return Outcomes(
            win=table.chance(away - 1, opponent_away),
            win_mars=table.chance(away - 2, opponent_away),
            lose=table.chance(away, opponent_away - 1),
            lose_mars=table.chance(away, opponent_away - 2),
        )

    @property
    def mars_counts(self) -> bool:
        """Whether a mars is worth more than a single game here: always in money play, not
        where either side needs one game to win the match (a 1-point match).

        >>> MONEY.mars_counts, Stakes(MatchScore(length=1, mover=0, opponent=0)).mars_counts
        (True, False)
        """
        worth = self.outcomes
        return worth.win_mars != worth.win or worth.lose_mars != worth.lose

    def value(self, chances: Evaluation) -> float:
        """The chances' worth: expected points, or the match-winning chance."""
        worth = self.outcomes
        single_win = chances.win - chances.win_mars
        single_loss = 1.0 - chances.win - chances.lose_mars
        return (
            single_win * worth.win
            + chances.win_mars * worth.win_mars
            + single_loss * worth.lose
            + chances.lose_mars * worth.lose_mars
        )

    def equity(self, chances: Evaluation) -> float:
        """The chances' worth on the scale of a single game (see the module's words)."""
        if self.score is None:
            return chances.equity  # the same sum, to the last bit
        constant, *weights = self.weights()
        return constant + sum(
            weight * chance
            for weight, chance in zip(
                weights, (chances.win, chances.win_mars, chances.lose_mars), strict=True
            )
        )

    def weights(self) -> tuple[float, float, float, float]:
        """``equity`` as a constant and a weight for each of ``Evaluation``'s chances (win,
        win mars, lose mars), for a search that weighs many at once.

        >>> MONEY.weights()
        (-1.0, 2.0, 1.0, -1.0)
        >>> Stakes(MatchScore(length=3, mover=2, opponent=2)).weights()
        (-1.0, 2.0, 0.0, 0.0)
        """
        worth = self.outcomes
        half = (worth.win - worth.lose) / 2.0
        return (
            -1.0,
            2.0,
            (worth.win_mars - worth.win) / half,
            (worth.lose_mars - worth.lose) / half,
        )

    def match_chance(self, equity: float) -> float:
        """The match-winning chance an ``equity`` at these stakes stands for (``equity``'s
        inverse): a difference in equity times this is a difference in MWC.

        >>> stakes = Stakes(MatchScore(length=3, mover=2, opponent=2))
        >>> stakes.match_chance(0.0), stakes.match_chance(0.5)
        (0.5, 0.75)
        """
        worth = self.outcomes
        return (worth.win + worth.lose) / 2.0 + equity * (worth.win - worth.lose) / 2.0

    def match_chance_gap(self, equity: float) -> float:
        """The match-winning chance a gap of ``equity`` at these stakes stands for: what a
        play gives away, or a rollout's standard error, told in the chance to win the match.

        >>> Stakes(MatchScore(length=3, mover=2, opponent=2)).match_chance_gap(0.1)
        0.05
        """
        worth = self.outcomes
        return equity * (worth.win - worth.lose) / 2.0

    def mirrored(self) -> Stakes:
        """The same stakes for the other side."""
        return Stakes(None if self.score is None else self.score.mirrored())

    def __str__(self) -> str:
        if self.score is None:
            return "money play"
        away, opponent_away = self.score.away
        return f"{away}-away against {opponent_away}-away in a {self.score.length}-point match"


MONEY = Stakes()
"""Per-game equity: a game's points, as when no match is played."""


def stakes_at(match: Match, mover: Side) -> Stakes:
    """``mover``'s stakes at the match's score. A practice game from a position
    (``nardy --position``) is played for its points, as the position's lesson is.

    >>> match = Match(length=5, seed=1)
    >>> match.score[Side.WHITE] = 4
    >>> print(stakes_at(match, Side.BLACK))
    5-away against 1-away in a 5-point match
    """
    if match.game.start is not None:
        return MONEY
    return Stakes(MatchScore(match.length, match.score[mover], match.score[mover.opponent]))


def game_stakes(match: Match) -> Stakes:
    """White's stakes in the match's current game at the score it began from, for the
    review of a game that may be over (its points already counted)."""
    if match.game.start is not None:
        return MONEY
    game = match.game
    score = dict(match.score)
    if game.winner is not None:
        score[game.winner] -= game.points
    return Stakes(MatchScore(match.length, score[Side.WHITE], score[Side.BLACK]))
