"""The match equity table: each side's chance of winning a match from a score, between
players of equal strength, with no cube (RULES.md section 8).

A game is worth 1 point, or 2 with a mars. Every game of a match begins with a roll-off
(RULES.md section 2), so whoever wins the last game, each side is as likely to move first in
the next: the first mover's edge is the same for both at every score and drops out, and each
game is won by either side with chance one half. What is left is how often a game won is a
mars, the one figure the table is computed from. It is the expert's own rate, measured in
self-play (``benchmarks/mars_rate.py``; ``docs/MATCH-EQUITY.md`` has the run).
"""

from __future__ import annotations

from dataclasses import dataclass, field

LONGEST_MATCH = 7
"""The longest match the game offers, in points (``engine.MATCH_LENGTHS``)."""

EXPERT_MARS_RATE = 0.21
"""The share of the expert's games won, against itself, that are a mars (the run in
``docs/MATCH-EQUITY.md``)."""


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match's score as the side to move sees it: its own points first.

    >>> MatchScore(length=5, mover=4, opponent=2).away
    (1, 3)
    >>> MatchScore(length=5, mover=4, opponent=2).mirrored()
    MatchScore(length=5, mover=2, opponent=4)
    """

    length: int
    mover: int
    opponent: int

    def __post_init__(self) -> None:
        if not (0 <= self.mover < self.length and 0 <= self.opponent < self.length):
            raise ValueError(
                f"{self.mover}-{self.opponent} is no score of a {self.length}-point match going on"
            )

    @property
    def away(self) -> tuple[int, int]:
        """How many points each side still needs, the mover's first."""
        return self.length - self.mover, self.length - self.opponent

    def mirrored(self) -> MatchScore:
        """The same score as the other side sees it."""
        return MatchScore(self.length, self.opponent, self.mover)


@dataclass(frozen=True, slots=True)
class MatchEquityTable:
    """The chance of winning the match for a side ``away`` points from winning against one
    ``opponent_away`` points from it, for matches of up to ``longest`` points, when a
    ``mars_rate`` share of the games won are a mars.

    >>> table = MatchEquityTable(mars_rate=0.25, longest=3)
    >>> table.chance(2, 2), table.chance(0, 3), table.chance(3, 0)
    (0.5, 1.0, 0.0)
    >>> print(table)
    Chance of winning the match (%), mars rate 25.0% of games won
    away     1     2     3
       1  50.0  68.8  82.0
       2  31.2  50.0  65.9
       3  18.0  34.1  50.0
    """

    mars_rate: float = EXPERT_MARS_RATE
    longest: int = LONGEST_MATCH
    _chances: dict[tuple[int, int], float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_chances", self._computed())

    def chance(self, away: int, opponent_away: int) -> float:
        """The chance of winning the match for a side ``away`` points from it against one
        ``opponent_away`` from it; a side with nothing left to win (0 or less) has won."""
        return _chance_in(self._chances, away, opponent_away)

    def _computed(self) -> dict[tuple[int, int], float]:
        """Every score's chance, the nearest to the end first: from each score the next game
        is won by either side with chance one half, by a mars ``mars_rate`` of the time."""
        single, mars = 0.5 * (1.0 - self.mars_rate), 0.5 * self.mars_rate
        chances: dict[tuple[int, int], float] = {}
        for total in range(2, 2 * self.longest + 1):
            for away in range(max(1, total - self.longest), min(self.longest, total - 1) + 1):
                opponent_away = total - away
                chances[away, opponent_away] = (
                    single * _chance_in(chances, away - 1, opponent_away)
                    + mars * _chance_in(chances, away - 2, opponent_away)
                    + single * _chance_in(chances, away, opponent_away - 1)
                    + mars * _chance_in(chances, away, opponent_away - 2)
                )
        return chances

    def __str__(self) -> str:
        lines = [
            f"Chance of winning the match (%), mars rate {self.mars_rate:.1%} of games won",
            "away" + "".join(f"{column:>6}" for column in range(1, self.longest + 1)),
        ]
        for row in range(1, self.longest + 1):
            cells = "".join(
                f"{100 * self.chance(row, column):6.1f}" for column in range(1, self.longest + 1)
            )
            lines.append(f"{row:>4}{cells}")
        return "\n".join(lines)


def _chance_in(chances: dict[tuple[int, int], float], away: int, opponent_away: int) -> float:
    """A score's chance from the table computed so far; a side with nothing left to win (0
    or less) has won."""
    if away <= 0:
        return 1.0
    if opponent_away <= 0:
        return 0.0
    return chances[away, opponent_away]
