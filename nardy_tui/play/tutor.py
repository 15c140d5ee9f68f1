"""The tutor: before a turn is confirmed, the expert judges it, and a play it marks at the
player's threshold or worse (the review's marks) is questioned before it counts.

The judgement is the review's, a ``TurnReview``: the play made searched as deeply as the
best, its loss the difference in equity, its mark by the same thresholds. Only the words
and the decision live here; the screen runs the expert and shows the dialog.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from nardy_tui.bot import TurnReview, Verdict, comparable
from nardy_tui.engine import Dice, Play, Position, TurnRecord
from nardy_tui.i18n import _
from nardy_tui.play.wording import chances_said
from nardy_tui.storage import Tutor

if TYPE_CHECKING:
    from nardy_tui.bot import RankingWithChances, Stakes


def threshold(tutor: Tutor) -> Verdict | None:
    """The least verdict the tutor warns of, None when it never warns.

    The setting is storage's, which may not know the bot (the two are one layer), so it
    names each verdict by the verdict's own word.
    """
    return None if tutor is Tutor.OFF else Verdict(tutor.value)


def warns(judged: TurnReview, tutor: Tutor) -> bool:
    """Whether a player with this threshold is asked before the play counts."""
    least = threshold(tutor)
    return least is not None and judged.verdict.at_least(least)


def tutor_verdict(
    ranking: RankingWithChances,
    reached: Mapping[Play, Position],
    before: Position,
    dice: Dice,
    played: Play,
    after: Position,
    stakes: Stakes,
) -> TurnReview:
    """The verdict on ``played`` (which leads to ``after``) from the expert's ranking of
    every play (``reached``: the position each leads to), as the review would judge the
    turn. The ranking names each result once, by one order of its steps: the play made is
    found by the position it reaches, whatever order the player chose. The ranking's
    scores are its equities at the ``stakes`` the turn was played for."""
    best = ranking[0]
    made = next(ranked for ranked in ranking if reached[ranked.play] == after)
    turn = TurnRecord(before.turn, Dice(*dice), played, before.notation(played, dice))
    return TurnReview(
        turn=turn,
        number=0,
        before=before,
        best=best.play,
        played_equity=made.score,
        best_equity=best.score,
        alternatives=tuple(
            (ranked.play, ranked.score)
            for ranked in ranking
            if comparable(ranked.judged, best.judged)
        )[:3],
        played_chances=None if made.judged is None else made.judged.chances,
        best_chances=None if best.judged is None else best.judged.chances,
        played_deepened=made.judged is not None and made.judged.deepened,
        stakes=stakes,
    )


def tutor_question(judged: TurnReview) -> str:
    """The dialog's words: what the play costs (at a match score, in the chance to win
    the match), the best play, and the chances of both."""
    lines = [_cost_said(judged)]
    if judged.played_chances is not None and judged.best_chances is not None:
        lines.append(
            _("Chances after your play: {played}; after the best: {best}.").format(
                played=chances_said(judged.played_chances, mars=judged.stakes.mars_counts),
                best=chances_said(judged.best_chances, mars=judged.stakes.mars_counts),
            )
        )
    if judged.played_deepened:
        lines.append(_("Your play was searched as deep as the best, to compare them fairly."))
    return "\n\n".join(lines)


def _cost_said(judged: TurnReview) -> str:
    best = judged.before.notation(judged.best, judged.dice)
    lost = judged.match_chance_lost
    if lost is None:
        return _(
            "This play gives away {loss} points: {mark}. The expert's best play is "
            "{best}, equity {best_equity} against {equity}."
        ).format(
            loss=f"{judged.loss:.2f}",
            mark=judged.verdict.name_shown,
            best=best,
            best_equity=f"{judged.best_equity:+.3f}",
            equity=f"{judged.played_equity:+.3f}",
        )
    stakes = judged.stakes
    return _(
        "This play gives away {lost} of your chance to win the match: {mark}. The "
        "expert's best play is {best}, winning the match {best_chance} against {chance}."
    ).format(
        lost=f"{lost:.1%}",
        mark=judged.verdict.name_shown,
        best=best,
        best_chance=f"{stakes.match_chance(judged.best_equity):.1%}",
        chance=f"{stakes.match_chance(judged.played_equity):.1%}",
    )
