"""The game review as the player reads it, without a screen: which turns the list shows,
each turn's line and verdict, and each side's summary, in the reader's numbering.

Every figure is in one unit, said once in the review's heading (``unit_said``): points in
money play, the chance to win the match at a match score (``figure`` and ``gap``).

The review itself (the expert's judgement of every turn) is the bot's ``review_game``;
the review screen lays these words out and keeps nothing else of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from nardy_tui.bot import (
    GameReview,
    PlayerSummary,
    RolledVerdict,
    RollLuck,
    Stakes,
    TurnReview,
    Verdict,
)
from nardy_tui.engine import Play, Side
from nardy_tui.i18n import N_, Shown, _, ngettext, reading_of, visual
from nardy_tui.play.marks import LAST_FROM_GLYPH, LAST_TO_GLYPHS, LAST_TO_GLYPHS_TURNED
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
            return turn.verdict is not Verdict.NONE
        if self in (TurnFilter.WHITE, TurnFilter.BLACK):
            return turn.side is Side(self.value)
        return True


_NOTICES = {
    TurnFilter.ALL: N_("Showing every decision."),
    TurnFilter.MISTAKES: N_("Showing the mistakes only."),
    TurnFilter.WHITE: N_("Showing White's decisions."),
    TurnFilter.BLACK: N_("Showing Black's decisions."),
}


def unit_said(at_score: bool) -> str:
    """The unit of the review's figures, for its heading."""
    return (
        _("figures in the chance to win the match, in %")
        if at_score
        else _("figures in points, a single game 1 and a mars 2")
    )


def unit_named(at_score: bool) -> str:
    """The unit in a word or two, where a line must name it itself."""
    return _("match-winning chance") if at_score else _("points")


def figure(stakes: Stakes, equity: float) -> str:
    """What a play is worth in the unit: its equity, or the chance to win the match."""
    return f"{stakes.match_chance(equity):.1%}" if stakes.is_match else f"{equity:+.3f}"


def gap(stakes: Stakes, equity: float, *, signed: bool = False) -> str:
    """A difference in equity in the unit: points, or the match-winning chance it makes.

    >>> from nardy_tui.bot import MONEY
    >>> gap(MONEY, 0.123), gap(MONEY, -0.123, signed=True)
    ('0.12', '-0.12')
    """
    value = stakes.match_chance_gap(equity) if stakes.is_match else equity
    kind = "%" if stakes.is_match else "f"
    decimals = 1 if stakes.is_match else 2
    return f"{value:{'+' if signed else ''}.{decimals}{kind}}"


def play_read(turn: TurnReview, play: Play, reader: Side) -> str:
    """A play of ``turn`` in ``reader``'s numbering."""
    return turn.before.notation(play, turn.dice, reader=reader)


def list_line(turn: TurnReview, reader: Side) -> str:
    """One turn in the list, short enough for the side panel: the mark's glyph, the turn,
    the play made and, for a mistake, what it cost in the unit (from the right, in a
    right-to-left language)."""
    mark = turn.verdict
    cost = "" if mark is Verdict.NONE else f"  -{gap(turn.stakes, turn.loss)}"
    return visual(
        f"{MARK_GLYPHS[mark]:<2}{turn.number:>3}. {reading_of(turn.side.name_shown)} "
        f"{turn.dice}: {play_read(turn, turn.played, reader)}{cost}"
    )


def verdict_lines(turn: TurnReview, reader: Side, turned: bool = False) -> list[str]:
    """What was played and what it cost, the best play, the next best ones, the chances
    after the play made and after the best, and the position's ID with the dice (for
    ``nardy analyze``); every figure in the unit. The play made is named by its marks on
    the board, which point sideways on the board ``turned`` a quarter."""
    stakes = turn.stakes
    arrows = LAST_TO_GLYPHS_TURNED if turned else LAST_TO_GLYPHS
    fields = {
        "marks": f"{LAST_FROM_GLYPH} {arrows[True]}{arrows[False]}",
        "side": turn.side.name_shown,
        "play": play_read(turn, turn.played, reader),
        "value": figure(stakes, turn.played_equity),
        "cost": gap(stakes, turn.loss),
    }
    if turn.loss == 0.0:
        played = _("{side} played {play} ({marks}): {value}, the best play or as good.")
    elif turn.verdict is Verdict.NONE:
        played = _("{side} played {play} ({marks}): {value}, cost {cost}.")
    else:
        played = _("{side} played {play} ({marks}): {value}, cost {cost}: {mark}.")
        fields["mark"] = turn.verdict.name_shown
    lines = [
        played.format(**fields),
        _("Best: {play} (☆ ★): {value}.").format(
            play=play_read(turn, turn.best, reader), value=figure(stakes, turn.best_equity)
        ),
    ]
    if turn.played_deepened:
        lines.append(_("The play made was searched as deep as the best, to compare them fairly."))
    others = ", ".join(
        f"{play_read(turn, play, reader)} {figure(stakes, value)}"
        for play, value in turn.alternatives[1:]
    )
    if others:
        lines.append(_("Next best: {plays}.").format(plays=others))
    if turn.played_chances is not None and turn.best_chances is not None:
        mars = stakes.mars_counts
        lines.append(
            _("Chances after the play made: {played}; after the best: {best}.").format(
                played=chances_said(turn.played_chances, mars=mars),
                best=chances_said(turn.best_chances, mars=mars),
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
        "loss": f"{summary.total_loss:.2f}"
        if summary.chance_lost is None
        else f"{summary.chance_lost:.1%}",
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
    are in the unit (at a match score, the match-winning chance each game moved, from an
    even game's) and rounded so that they add up as printed."""
    other = side.opponent
    at_score = any(review.stakes.is_match for review in reviews)

    def total(term: Callable[[GameReview], float]) -> float:
        """A term over the games, in the unit (each game's equity times its scale)."""
        return sum(term(review) * _scale(review) for review in reviews)

    end = total(lambda review: review.end_for(side))
    values = [
        total(lambda review: review.start_for(side)),
        total(lambda review: review.luck_of(side)),
        -total(lambda review: review.play_cost(side)),
        total(lambda review: review.play_cost(other)),
    ]
    names = [
        ngettext("the start", "the starts", len(reviews)),
        _("the dice"),
        _("{side}'s play").format(side=side.name_shown),
        _("{side}'s play").format(side=other.name_shown),
    ]
    if any(review.resignation_value is not None for review in reviews):
        values.append(total(lambda review: review.resignation_for(side)))
        names.append(_("the resignation"))
    step = 0.001 if at_score else 0.01
    rounded = dice_taking_the_rest(values, end, step)
    end_rounded = round(end / step) * step

    def said(value: float, signed: bool = True) -> str:
        sign = "+" if signed else ""
        return f"{value:{sign}.1%}" if at_score else f"{value:{sign}.2f}"

    return _(
        "{result}. For {side}: {sum} = {end}. With the luck taken out: {adjusted} for {side}."
    ).format(
        result=_outcome_said(reviews, side),
        side=side.name_shown,
        sum=" ".join(
            [f"{said(rounded[0])} ({names[0]})"]
            + [
                f"{'-' if value < 0 else '+'} {said(abs(value), signed=False)} ({name})"
                for value, name in zip(rounded[1:], names[1:], strict=True)
            ]
        ),
        end=said(end_rounded),
        adjusted=said(end_rounded - rounded[1]),
    )


def _scale(review: GameReview) -> float:
    """What a game's equity is worth in the unit: 1 in money play, at a match score the
    match-winning chance one point of equity makes."""
    return review.stakes.match_chance_gap(1.0) if review.stakes.is_match else 1.0


def dice_taking_the_rest(values: Sequence[float], total: float, step: float) -> list[float]:
    """The sum's terms (the start, the dice, each side's play, a resignation) rounded to
    ``step`` so that they add up to ``total`` rounded: the dice take what rounding leaves
    over (less than a step for each other term), so that each play's cost reads as the
    summary gives it.

    >>> dice_taking_the_rest([0.334, 0.333, -0.333, 0.334], 0.668, 0.01)
    [0.33, 0.34, -0.33, 0.33]
    """
    rounded = [round(value / step) for value in values]
    rounded[1] = round(total / step) - sum(rounded) + rounded[1]
    return [count * step for count in rounded]


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


def roll_luck_said(luck: RollLuck, stakes: Stakes) -> str:
    """One roll's luck in the unit, for the verdict under the board (``stakes`` the
    roller's)."""
    return _("The roll's luck for {side}: {luck}.").format(
        side=luck.side.name_shown, luck=gap(stakes, luck.luck, signed=True)
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
