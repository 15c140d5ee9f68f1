"""The game review as the player reads it, without a screen: which turns the list shows,
each turn's line and verdict, and each side's summary, in the reader's numbering.

The review itself (the expert's judgement of every turn) is the bot's ``review_game``;
the review screen lays these words out and keeps nothing else of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from nardy_tui.bot import (
    GameReview,
    PlayerSummary,
    RolledVerdict,
    RollLuck,
    TurnReview,
    Verdict,
)
from nardy_tui.engine import Play, Side
from nardy_tui.i18n import N_, Shown, _, ngettext, reading_of, visual
from nardy_tui.play.wording import chances_said

MARK_GLYPHS = {Verdict.NONE: " ", Verdict.DOUBTFUL: "?", Verdict.ERROR: "✗", Verdict.BLUNDER: "✗✗"}
"""Each verdict's glyph in the list; more than colour, for monochrome terminals."""


class TurnFilter(Enum):
    """Which turns the review's list shows."""

    ALL = "all"
    MISTAKES = "mistakes"
    WHITE = "white"
    BLACK = "black"

    @property
    def notice(self) -> str:
        """What the player is told when the list changes to this filter."""
        return _(_NOTICES[self])

    def passes(self, turn: TurnReview) -> bool:
        if self is TurnFilter.MISTAKES:
            return turn.mark is not Verdict.NONE
        if self in (TurnFilter.WHITE, TurnFilter.BLACK):
            return turn.side is Side(self.value)
        return True


_NOTICES = {
    TurnFilter.ALL: N_("Showing every decision."),
    TurnFilter.MISTAKES: N_("Showing the mistakes only."),
    TurnFilter.WHITE: N_("Showing White's decisions."),
    TurnFilter.BLACK: N_("Showing Black's decisions."),
}


def play_read(turn: TurnReview, play: Play, reader: Side) -> str:
    """A play of ``turn`` in ``reader``'s numbering."""
    return turn.before.notation(play, turn.dice, reader=reader)


def list_line(turn: TurnReview, reader: Side) -> str:
    """One turn in the list, short enough for the side panel: the mark's glyph, the turn,
    the play made and, for a mistake, what it cost: points, or at a match score the chance
    to win the match (from the right, in a right-to-left language)."""
    mark = turn.mark
    lost = turn.match_chance_lost
    cost = (
        "" if mark is Verdict.NONE else f"  -{turn.loss:.2f}" if lost is None else f"  -{lost:.1%}"
    )
    return visual(
        f"{MARK_GLYPHS[mark]:<2}{turn.number:>3}. {reading_of(turn.side.name_shown)} "
        f"{turn.dice}: {play_read(turn, turn.played, reader)}{cost}"
    )


def verdict_lines(turn: TurnReview, reader: Side) -> list[str]:
    """What was played and what it cost, the best play, the next best ones, the chances
    after the play made and after the best, and the position's ID with the dice (for
    ``nardy analyze``)."""
    fields = {
        "side": turn.side.name_shown,
        "play": play_read(turn, turn.played, reader),
        "equity": f"{turn.played_equity:+.3f}",
        "loss": f"{turn.loss:.2f}",
    }
    if turn.loss == 0.0:
        played = _("{side} played {play} (◌ ▲▼), equity {equity}: the best play, or as good.")
    elif turn.mark is Verdict.NONE:
        played = _("{side} played {play} (◌ ▲▼), equity {equity}: cost {loss} points.")
    else:
        played = _("{side} played {play} (◌ ▲▼), equity {equity}: cost {loss} points: {mark}.")
        fields["mark"] = turn.mark.name_shown
    lines = [
        played.format(**fields),
        _("Best: {play} (★), equity {equity}.").format(
            play=play_read(turn, turn.best, reader), equity=f"{turn.best_equity:+.3f}"
        ),
    ]
    lost = turn.match_chance_lost
    if lost is not None:
        lines.append(
            _(
                "At this score: the match won {chance} after the play made, {best} after the "
                "best; {lost} given away."
            ).format(
                chance=f"{turn.stakes.match_chance(turn.played_equity):.1%}",
                best=f"{turn.stakes.match_chance(turn.best_equity):.1%}",
                lost=f"{lost:.1%}",
            )
        )
    if turn.played_deepened:
        lines.append(_("The play made was searched as deep as the best, to compare them fairly."))
    others = ", ".join(
        f"{play_read(turn, play, reader)} {value:+.3f}" for play, value in turn.alternatives[1:]
    )
    if others:
        lines.append(_("Next best: {plays}.").format(plays=others))
    if turn.played_chances is not None and turn.best_chances is not None:
        lines.append(
            _("Chances after the play made: {played}; after the best: {best}.").format(
                played=chances_said(turn.played_chances), best=chances_said(turn.best_chances)
            )
        )
    lines.append(_("Position ID: {id}").format(id=turn.before.to_id(turn.dice)))
    return lines


def summary_line(summary: PlayerSummary, finished: bool) -> str:
    """How one side played so far: decisions, loss, mistakes and, once done, the grade."""
    side = summary.side.name_shown
    if not summary.decisions:
        return (
            _("{side}: no decision to judge (only forced plays)").format(side=side)
            if finished
            else _("{side}: no decision to judge yet").format(side=side)
        )
    blunders = summary.counts.get(Verdict.BLUNDER, 0)
    errors = summary.counts.get(Verdict.ERROR, 0)
    doubtful = summary.counts.get(Verdict.DOUBTFUL, 0)
    fields = {
        "side": side,
        "decisions": ngettext("{count} decision", "{count} decisions", summary.decisions).format(
            count=summary.decisions
        ),
        "loss": f"{summary.total_loss:.2f}",
        "blunders": ngettext("{count} blunder", "{count} blunders", blunders).format(
            count=blunders
        ),
        "errors": ngettext("{count} error", "{count} errors", errors).format(count=errors),
        "doubtful": ngettext("{count} doubtful", "{count} doubtful", doubtful).format(
            count=doubtful
        ),
    }
    if not finished:
        return _("{side}: {decisions}, lost {loss}; {blunders}, {errors}, {doubtful}").format(
            **fields
        )
    return _(
        "{side}: {decisions}, lost {loss}; {blunders}, {errors}, {doubtful}; grade {grade}"
    ).format(grade=summary.grade_shown, **fields)


def marks_key() -> str:
    """The glyphs of the list and what each means."""
    return Shown.of(
        " · ".join(
            f"{MARK_GLYPHS[mark]} {reading_of(mark.name_shown)}"
            for mark in (Verdict.BLUNDER, Verdict.ERROR, Verdict.DOUBTFUL)
        )
    )


def luck_said(reviews: Sequence[GameReview], side: Side) -> str:
    """Was it the dice or the play? What the games came to for ``side`` as the sum it is
    (the start's value, the dice, each side's play, all for ``side``), and that with the
    luck taken out, as GNU Backgammon's "luck-adjusted result". A game cut short is said
    to be unfinished and summed to where it stops, so the sum always holds; the figures
    are rounded so that they add up as printed."""
    other = side.opponent
    luck = sum(review.luck_of(side) for review in reviews)
    end = sum(review.end_for(side) for review in reviews)
    values = [
        sum(review.start_for(side) for review in reviews),
        luck,
        -sum(review.play_cost(side) for review in reviews),
        sum(review.play_cost(other) for review in reviews),
    ]
    names = [
        ngettext("the start", "the starts", len(reviews)),
        _("the dice"),
        _("{side}'s play").format(side=side.name_shown),
        _("{side}'s play").format(side=other.name_shown),
    ]
    return _(
        "{result}. For {side}: {sum} = {end}. With the luck taken out: {adjusted} for {side}."
    ).format(
        result=_outcome_said(reviews, side),
        side=side.name_shown,
        sum=_sum_said(list(zip(cents_adding_up(values, end), names, strict=True))),
        end=f"{end:+.2f}",
        adjusted=f"{end - luck:+.2f}",
    )


def cents_adding_up(values: Sequence[float], total: float) -> list[float]:
    """``values`` rounded to hundredths so that they add up to ``total`` rounded: each
    moved by less than a hundredth, the ones rounding lost most from first.

    >>> cents_adding_up([0.334, 0.333, 0.333], 1.0)
    [0.34, 0.33, 0.33]
    """
    cents = [round(value * 100) for value in values]
    short = round(total * 100) - sum(cents)
    step = 1 if short > 0 else -1
    lost_most = sorted(
        range(len(values)), key=lambda index: step * (cents[index] - values[index] * 100)
    )
    for index in lost_most[: abs(short)]:
        cents[index] += step
    return [cent / 100 for cent in cents]


def _outcome_said(reviews: Sequence[GameReview], side: Side) -> str:
    """The games' result for ``side``, and whether the last was cut short."""
    points = sum(review.points_for(side) for review in reviews)
    if all(review.finished for review in reviews):
        return _result_said(points, side)
    if len(reviews) == 1:
        return _("The game is unfinished: the sum is of the turns played")
    return _("{result}; the last game is unfinished: the sum is of the turns played").format(
        result=_result_said(points, side)
    )


def _result_said(points: int, side: Side) -> str:
    """The games' result for ``side``: won, lost or level."""
    if points > 0:
        return ngettext("{side} won {count} point", "{side} won {count} points", points).format(
            side=side.name_shown, count=points
        )
    if points < 0:
        return ngettext("{side} lost {count} point", "{side} lost {count} points", -points).format(
            side=side.name_shown, count=-points
        )
    return _("{side} is level").format(side=side.name_shown)


def _sum_said(terms: Sequence[tuple[float, str]]) -> str:
    """Figures with what each is, as a sum a reader can check: "+0.21 (the start) - 0.35
    (the dice)"; the first keeps its sign, the others' signs are the sum's + and -."""
    said = [f"{terms[0][0]:+.2f} ({terms[0][1]})"]
    said += [f"{'-' if value < 0 else '+'} {abs(value):.2f} ({name})" for value, name in terms[1:]]
    return " ".join(said)


def roll_luck_said(luck: RollLuck) -> str:
    """One roll's luck, for the verdict under the board."""
    return _("The roll's luck for {side}: {luck} points.").format(
        side=luck.side.name_shown, luck=f"{luck.luck:+.2f}"
    )


def rolled_said(verdict: RolledVerdict) -> str:
    """A turn's rollout in words: each play's rolled-out equity and error, and the cost;
    at a match score, as the estimate's verdict says it there, the chance to win the
    match after each play and the chance given away (signed: the rollout may like the
    play made better)."""
    lost = verdict.match_chance_lost
    if lost is not None:
        stakes = verdict.stakes
        return _(
            "rolled out {trials} times: the match won {played} (± {played_error}) after the "
            "play made, {best} (± {best_error}) after the best; {lost} given away"
        ).format(
            trials=verdict.played.trials,
            played=f"{stakes.match_chance(verdict.played.equity):.1%}",
            played_error=f"{stakes.match_chance_gap(verdict.played.standard_error):.1%}",
            best=f"{stakes.match_chance(verdict.best.equity):.1%}",
            best_error=f"{stakes.match_chance_gap(verdict.best.standard_error):.1%}",
            lost=f"{lost:+.1%}",
        )
    return _(
        "rolled out {trials} times: the play made {played} (± {played_error}), the best "
        "{best} (± {best_error}): cost {loss}"
    ).format(
        trials=verdict.played.trials,
        played=f"{verdict.played.equity:+.3f}",
        played_error=f"{verdict.played.standard_error:.3f}",
        best=f"{verdict.best.equity:+.3f}",
        best_error=f"{verdict.best.standard_error:.3f}",
        loss=f"{verdict.loss:+.3f}",
    )
