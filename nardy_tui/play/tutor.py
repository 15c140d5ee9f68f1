"""The tutor: before a turn is confirmed, the expert judges it, and a play it marks at the
player's threshold or worse (the review's marks) is questioned before it counts.

The judgement is the review's: the play made searched as deeply as the best, its loss the
difference in equity, its mark by the same thresholds. Only the words and the decision live
here; the screen runs the expert and shows the dialog.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nardy_tui.bot import Mark, mark_for
from nardy_tui.engine import Dice, Play, Position, format_play
from nardy_tui.i18n import _
from nardy_tui.play.wording import chances_said
from nardy_tui.storage import Tutor

if TYPE_CHECKING:
    from nardy_tui.bot import Evaluation, RankingWithChances

MARKS_FROM = {Tutor.DOUBTFUL: (Mark.DOUBTFUL, Mark.ERROR, Mark.BLUNDER),
              Tutor.ERROR: (Mark.ERROR, Mark.BLUNDER), Tutor.BLUNDER: (Mark.BLUNDER,),
              Tutor.OFF: ()}
"""The marks each threshold warns of."""


@dataclass(frozen=True, slots=True)
class TutorVerdict:
    """The expert's word on a complete turn, before it is confirmed."""

    before: Position
    dice: Dice
    played: Play
    played_equity: float
    best: Play
    best_equity: float
    played_chances: Evaluation | None = None
    best_chances: Evaluation | None = None

    @property
    def loss(self) -> float:
        return max(self.best_equity - self.played_equity, 0.0)

    @property
    def mark(self) -> Mark:
        return mark_for(self.loss)

    def warns(self, tutor: Tutor) -> bool:
        """Whether a player with this threshold is asked before the play counts."""
        return self.mark in MARKS_FROM[tutor]


def tutor_verdict(ranking: RankingWithChances, reached: Mapping[Play, Position],
                  before: Position, dice: Dice, played: Play) -> TutorVerdict:
    """The verdict on ``played`` (which reached ``reached[played]``) from the expert's
    ranking of every play: the play made is found by the position it leads to, as any
    order of the same steps reaches the same position."""
    after = reached[played]
    best, best_equity, best_chances = ranking[0]
    made = next(entry for entry in ranking if reached[entry[0]] == after)
    return TutorVerdict(before, dice, played, made[1], best, best_equity, made[2],
                        best_chances)


def tutor_question(verdict: TutorVerdict) -> str:
    """The dialog's words: what the play costs, the best play, and the chances of both."""
    lines = [_("This play gives away {loss} points: {mark}. The expert's best play is "
               "{best}, equity {best_equity} against {equity}.").format(
        loss=f"{verdict.loss:.2f}", mark=verdict.mark.name_shown,
        best=format_play(verdict.best, verdict.before, verdict.dice),
        best_equity=f"{verdict.best_equity:+.3f}", equity=f"{verdict.played_equity:+.3f}")]
    if verdict.played_chances is not None and verdict.best_chances is not None:
        lines.append(_("Chances after your play: {played}; after the best: {best}.").format(
            played=chances_said(verdict.played_chances),
            best=chances_said(verdict.best_chances)))
    return "\n\n".join(lines)
