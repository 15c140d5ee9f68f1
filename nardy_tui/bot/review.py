"""Game review: each turn's play against the expert's best, what it cost, and a mark.

For every turn with a choice (forced turns and passes are skipped) the expert ranks the legal
plays at the depth the hint uses, with the play made searched as deeply as the best, so the
two are compared fairly. The loss is the difference in equity (expected points, a mars
counting 2) between the best play and the play made, and it gives the turn its mark:

=========  =====================  ==========================================================
mark       loss (points)          meaning
=========  =====================  ==========================================================
(none)     below 0.04             as good as the best, or nearly
doubtful   0.04 to below 0.08     a small inaccuracy
error      0.08 to below 0.16     a real mistake
blunder    0.16 or more           a serious mistake
=========  =====================  ==========================================================

These are GNU Backgammon's default thresholds, which fit here because equity is measured on
the same scale (a single game 1 point, a mars 2, as a gammon). At a match score the plays
are judged by the chance to win the match, and the loss, as GNU Backgammon takes it there,
is on a single game's scale at the score (``Stakes.equity``: a single win +1, a single
loss -1), so the same thresholds hold; each turn also tells the match-winning chance it
gave away (``TurnReview.match_chance_lost``). A player's grade comes from
the mean loss per decision (``GRADES``). The review is deterministic: the expert has no
randomness, so the same game always gives the same report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from nardy_tui.bot.chances import Evaluation, JudgedPlay, RolledOut
from nardy_tui.bot.levels import get_bot
from nardy_tui.bot.stakes import MONEY, Stakes
from nardy_tui.engine import MARS, Dice, Play, Position, Resignation, Side, TurnRecord, game_result
from nardy_tui.i18n import N_, _
from nardy_tui.options import Level


class Verdict(Enum):
    """How bad a play was, by the equity it gave away. The value is the English word, as
    ``--json`` writes it; ``name_shown`` is the word for a reader."""

    NONE = ""
    DOUBTFUL = "doubtful"
    ERROR = "error"
    BLUNDER = "blunder"

    @property
    def name_shown(self) -> str:
        """The mark in the player's language ("" for no mark)."""
        return _(MARK_NAMES[self]) if self is not Verdict.NONE else ""

    def at_least(self, other: Verdict) -> bool:
        """Whether this verdict is ``other`` or worse (in the order above, no mark first).

        >>> Verdict.BLUNDER.at_least(Verdict.ERROR), Verdict.DOUBTFUL.at_least(Verdict.ERROR)
        (True, False)
        """
        order = list(Verdict)
        return order.index(self) >= order.index(other)


MARK_NAMES: dict[Verdict, str] = {
    Verdict.DOUBTFUL: N_("doubtful"),
    Verdict.ERROR: N_("error"),
    Verdict.BLUNDER: N_("blunder"),
}
"""Each mark's word, for ``_()`` where it is shown (no mark has none)."""


THRESHOLDS: tuple[tuple[float, Verdict], ...] = (
    (0.16, Verdict.BLUNDER),
    (0.08, Verdict.ERROR),
    (0.04, Verdict.DOUBTFUL),
)
"""The smallest loss (in points) for each mark, worst first."""

GRADES: tuple[tuple[float, str], ...] = (
    (0.005, N_("Supernatural")),
    (0.010, N_("World-class")),
    (0.018, N_("Expert")),
    (0.030, N_("Advanced")),
    (0.050, N_("Intermediate")),
    (0.080, N_("Casual")),
)
"""Grade by mean loss per decision (points): the first whose bound the loss stays under;
``Beginner`` beyond the last. The grades are English (``--json`` writes them so);
``PlayerSummary.grade_shown`` is the grade for a reader."""

LAST_GRADE = N_("Beginner")
ALTERNATIVES = 3
"""How many of the best plays each turn's analysis keeps (the hint shows as many)."""


def mark_for(loss: float) -> Verdict:
    """The mark a loss earns.

    >>> [mark_for(loss).name for loss in (0.0, 0.05, 0.1, 0.3)]
    ['NONE', 'DOUBTFUL', 'ERROR', 'BLUNDER']
    """
    return next((mark for bound, mark in THRESHOLDS if loss >= bound), Verdict.NONE)


def grade_for(mean_loss: float) -> str:
    """The one-word grade for a mean loss per decision.

    >>> grade_for(0.0), grade_for(0.02), grade_for(0.5)
    ('Supernatural', 'Advanced', 'Beginner')
    """
    return next((grade for bound, grade in GRADES if mean_loss < bound), LAST_GRADE)


@dataclass(frozen=True, slots=True)
class TurnReview:
    """The judgement of one turn with a choice: the turn as it was recorded, the best play,
    and their equities for the side that moved (before the opponent's next roll)."""

    turn: TurnRecord
    number: int
    """The turn's number in the game (1 = the first turn after the roll-off)."""
    before: Position
    best: Play
    played_equity: float
    best_equity: float
    alternatives: tuple[tuple[Play, float], ...]
    """The best plays with their equities, best first (at most ``ALTERNATIVES``)."""
    played_chances: Evaluation | None = None
    """The mover's chances after the play made and after the best (the expert's)."""
    best_chances: Evaluation | None = None
    played_deepened: bool = False
    """The play made was searched deeper than the hint and the analysis rank it, as deep
    as the best, so that the two compare at one depth (``JudgedPlay.deepened``)."""
    stakes: Stakes = MONEY
    """What the game was played for: the equities are on a single game's scale at these
    stakes (``Stakes.equity``), so at a match score they order the plays as the
    match-winning chance does."""

    @property
    def side(self) -> Side:
        return self.turn.side

    @property
    def dice(self) -> Dice:
        return self.turn.dice

    @property
    def played(self) -> Play:
        return self.turn.play

    @property
    def loss(self) -> float:
        return max(self.best_equity - self.played_equity, 0.0)

    @property
    def verdict(self) -> Verdict:
        """The mark the play's loss earns (``mark_for``)."""
        return mark_for(self.loss)

    @property
    def match_chance_lost(self) -> float | None:
        """The match-winning chance the play gave away, at a match score (None in money
        play)."""
        if not self.stakes.is_match:
            return None
        return self.stakes.match_chance(self.best_equity) - self.stakes.match_chance(
            self.best_equity - self.loss
        )


@dataclass(frozen=True, slots=True)
class RolledVerdict:
    """A judged turn rolled out: the play made and the best play, each played out with the
    same dice (``ExpertBot.rollout``), for the side that moved, at its ``stakes``."""

    played: RolledOut
    best: RolledOut
    stakes: Stakes = MONEY
    """The mover's stakes, as the turn's: the rolled-out equities are on a single game's
    scale at them (``Stakes.equity``)."""

    @property
    def loss(self) -> float:
        """What the play made cost by the rollout (negative: the rollout liked it better)."""
        return self.best.equity - self.played.equity

    @property
    def match_chance_lost(self) -> float | None:
        """The match-winning chance the play made gave away by the rollout, at a match
        score (None in money play), as ``TurnReview.match_chance_lost`` tells the
        estimate's; negative where the rollout liked the play made better."""
        if not self.stakes.is_match:
            return None
        return self.stakes.match_chance_gap(self.loss)


def roll_out_turn(
    turn: TurnReview, trials: int, seed: int = 0, progress: Callable[[int, int], None] | None = None
) -> RolledVerdict:
    """Play the turn's play made and its best play out ``trials`` times each, at the
    turn's stakes: at a match score both sides play for the match, as the estimate
    judged them."""
    played = turn.before.apply(turn.played, turn.dice)
    best = turn.before.apply(turn.best, turn.dice)
    rolled = get_bot(Level.EXPERT).rollout(
        [played, best], trials, seed, progress, stakes=turn.stakes
    )
    return RolledVerdict(rolled[0], rolled[1] if best != played else rolled[0], turn.stakes)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """How one side played over the turns reviewed."""

    side: Side
    decisions: int
    total_loss: float
    counts: dict[Verdict, int] = field(default_factory=dict)
    chance_lost: float | None = None
    """The match-winning chance the play gave away, every turn at a match score (None
    where any was played for points)."""

    @property
    def mean_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def grade(self) -> str:
        """The grade in English (see ``GRADES``)."""
        return grade_for(self.mean_loss)

    @property
    def grade_shown(self) -> str:
        """The grade in the player's language."""
        return _(self.grade)


@dataclass(frozen=True, slots=True)
class RollLuck:
    """How lucky one roll was for the side that threw it, in points: the expert's equity
    after its best play with these dice, less its equity before the roll (as the turn
    before left it). Measured by the same judgement as the play's cost, a game's luck and
    its play's cost add up to its result (``GameReview``)."""

    number: int
    """The turn's number in the game."""
    side: Side
    dice: Dice
    luck: float


@dataclass(frozen=True, slots=True)
class GameReview:
    """A reviewed game: every turn with a choice, in order, a summary per side, and the
    luck of every roll (the dice, not the play: both sides', forced turns too).

    Every change in a side's equity is the dice's, a play's or a resignation's, so a game
    adds up, finished or cut short: where it stops, it is worth to a side the start's value
    for it, plus its luck, less its own play's cost, plus the other's, plus what a
    resignation changed (``end_for`` = ``start_for`` + ``luck_of`` - ``play_cost`` of the
    side + ``play_cost`` of the other + ``resignation_for``)."""

    turns: tuple[TurnReview, ...]
    luck: tuple[RollLuck, ...] = ()
    result: tuple[Side, int] | None = None
    """The winner and the points, once the game is over."""
    start_value: float = 0.0
    """White's equity before the first roll: what the roll-off gave the first roller, or
    what the position a practice game began from (``nardy --position``) is worth."""
    end_value: float = 0.0
    """White's equity where the record stops, on the scale of the terms: a finished
    game's result as the stakes weigh it (its points in money play), or, for a game cut
    short, what the position left is worth before the next roll. The terms add up to it,
    finished or not."""
    stakes: Stakes = MONEY
    """White's stakes in the game (Black's are their mirror, on the same scale): at a
    match score, a difference in equity times ``stakes.match_chance_gap(1.0)`` is one in
    the chance to win the match."""
    resignation_value: float | None = None
    """For a game ended by a resignation, what it changed for White: the points agreed, as
    the stakes weigh them, less what the position was worth where the game stopped (before
    the roll the resigning side may have thrown); None for any other game."""

    @property
    def finished(self) -> bool:
        return self.result is not None

    def summary(self, side: Side) -> PlayerSummary:
        return summarise([self], side)

    def start_for(self, side: Side) -> float:
        """The start's value for ``side`` (see ``start_value``)."""
        return self.start_value if side is Side.WHITE else -self.start_value

    def play_cost(self, side: Side) -> float:
        """What ``side``'s play gave away over the game, in points."""
        return summarise([self], side).total_loss

    def luck_of(self, side: Side) -> float:
        """What the dice gave ``side`` over the game: its rolls' luck less the other's (a
        roll's luck is the other side's loss)."""
        return sum(roll.luck if roll.side is side else -roll.luck for roll in self.luck)

    def points_for(self, side: Side) -> int:
        """What the game scored for ``side``: its points if it won, minus the other's; 0
        while it goes on."""
        if self.result is None:
            return 0
        winner, points = self.result
        return points if winner is side else -points

    def resignation_for(self, side: Side) -> float:
        """What a resignation changed for ``side`` (see ``resignation_value``; 0 without)."""
        value = self.resignation_value or 0.0
        return value if side is Side.WHITE else -value

    def end_for(self, side: Side) -> float:
        """What the game came to for ``side`` where the record stops (see ``end_value``)."""
        return self.end_value if side is Side.WHITE else -self.end_value

    def luck_adjusted(self, side: Side) -> float:
        """What the game came to for ``side`` with the dice's gift taken out: what its play
        earned against the other's."""
        return self.end_for(side) - self.luck_of(side)

    def mistakes(self, side: Side | None = None) -> list[TurnReview]:
        """The turns with a mark, of one side or both."""
        return [
            turn
            for turn in self.turns
            if turn.verdict is not Verdict.NONE and (side is None or turn.side is side)
        ]


def summarise(reviews: Sequence[GameReview], side: Side) -> PlayerSummary:
    """One side's play over several reviewed games (a whole match)."""
    mine = [turn for review in reviews for turn in review.turns if turn.side is side]
    counts = {mark: sum(turn.verdict is mark for turn in mine) for mark in Verdict}
    lost = [turn.match_chance_lost for turn in mine]
    chance_lost = sum(filter(None, lost)) if mine and None not in lost else None
    return PlayerSummary(side, len(mine), sum(turn.loss for turn in mine), counts, chance_lost)


Progress = Callable[[int, int], None]
"""Called with (turns done, turns in all) as a review goes on."""


def review_game(
    start: Position,
    turns: Sequence[TurnRecord],
    progress: Progress | None = None,
    on_turn: Callable[[TurnReview], None] | None = None,
    stakes: Stakes = MONEY,
    resignation: Resignation | None = None,
) -> GameReview:
    """Review a game from its first position and its turns, in order, at White's
    ``stakes`` (the match's score when the game began; Black's are their mirror).

    ``progress`` hears after every turn, ``on_turn`` receives each turn's review as soon as
    it is made (a screen can show them while the rest are still being judged). Both sides'
    turns are judged, a bot's too: the game's sum needs what each side's play cost. The
    sum is a sum of points in money play; at a match score each side's figures are on its
    own scale, so it holds only roughly.

    A game that ``resignation`` ended has the points agreed as its result; what they differ
    from the position's worth where it stopped is the resignation's term of the sum.

    Raises ``IllegalPlayError`` (a ``ValueError``) if a play is not legal where it was made.
    """
    expert = get_bot(Level.EXPERT)
    sides = {Side.WHITE: stakes, Side.BLACK: stakes.mirrored()}
    position = start
    first = expert.position_chances(start, sides[start.turn])  # the mover's, before its roll
    before = sides[start.turn].equity(first)
    start_value = sides[Side.WHITE].equity(first if start.turn is Side.WHITE else first.mirrored())
    reviewed: list[TurnReview] = []
    luck: list[RollLuck] = []
    for number, record in enumerate(turns, start=1):
        if record.side is not position.turn:
            raise ValueError(
                f"turn {number} is {record.side.label}'s, but {position.turn.label} is to move"
            )
        after = position.apply(record.play, record.dice)
        mover = sides[record.side]
        judged = expert.judge(position, record.dice, played=after, stakes=mover)
        made = next(entry for entry in judged if entry.after == after)
        turn = _turn_review(record, number, position, judged[0], made, judged, mover)
        luck.append(
            RollLuck(number, record.side, record.dice, turn.played_equity + turn.loss - before)
        )
        if len(judged) > 1:  # a forced turn is no decision
            reviewed.append(turn)
            if on_turn is not None:
                on_turn(turn)
        if progress is not None:
            progress(number, len(turns))
        before = mover.mirrored().equity(made.chances.mirrored())  # the next mover's
        position = after
    end_value = before if position.turn is Side.WHITE else -before
    result = game_result(position)
    resigned = None
    if result is None and resignation is not None:
        result = (resignation.side.opponent, resignation.points)
        resigned = _agreed_for_white(result, sides[Side.WHITE]) - end_value
    return GameReview(
        tuple(reviewed),
        tuple(luck),
        result,
        start_value,
        end_value + (resigned or 0.0),
        stakes,
        resigned,
    )


def _agreed_for_white(result: tuple[Side, int], stakes: Stakes) -> float:
    """A game's result, ``(winner, points)``, as White's ``stakes`` weigh it."""
    winner, points = result
    won = Evaluation(win=1.0, win_mars=1.0 if points == MARS else 0.0, lose_mars=0.0)
    return stakes.equity(won if winner is Side.WHITE else won.mirrored())


def _turn_review(
    record: TurnRecord,
    number: int,
    before: Position,
    best: JudgedPlay,
    made: JudgedPlay,
    judged: Sequence[JudgedPlay],
    stakes: Stakes,
) -> TurnReview:
    """One turn's judgement as the review keeps it, at the mover's ``stakes``."""
    return TurnReview(
        turn=record,
        number=number,
        before=before,
        best=best.play,
        played_equity=stakes.equity(made.chances),
        best_equity=stakes.equity(best.chances),
        alternatives=tuple(
            (entry.play, stakes.equity(entry.chances))
            for entry in judged
            if entry.compares_with(best)
        )[:ALTERNATIVES],
        played_chances=made.chances,
        best_chances=best.chances,
        played_deepened=made.deepened,
        stakes=stakes,
    )
