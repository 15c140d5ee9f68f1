"""The hint for a turn at the keyboard: the play to star on the board, and the words.

The hint names the best few plays with their equities, so it teaches how close the choice
is, not just which play to make. Once steps are played, only the whole turns they can
still lead to are named, and if the best of all is no longer one of them the hint says to
undo. Where the expert judged the plays, the best named also gets the mover's chances after
it, and the others named are those it looked at as deeply: their equities compare with the
best's (a play looked at less deeply may show a higher figure). At a match score the plays
are ranked by the chance to win the match, which each named play the expert judged shows
beside its equity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from nardy_tui.bot import comparable
from nardy_tui.engine import Play, TurnBuilder, legal_results
from nardy_tui.i18n import _, sentences
from nardy_tui.play.reading import Reader
from nardy_tui.play.status import equity_for, match_chance_for
from nardy_tui.play.wording import chances_said, match_chance_said

if TYPE_CHECKING:
    from nardy_tui.bot import RankedPlay, Stakes

HINT_PLAYS = 3
"""How many plays the hint names with their equities."""


class Hint(NamedTuple):
    """What the hint shows: the whole turn starred on the board, and what it says."""

    play: Play
    said: str


def hint_for(
    turn: TurnBuilder,
    ranking: Sequence[RankedPlay],
    reader: Reader,
    hot_seat: bool,
    stakes: Stakes,
) -> Hint | None:
    """The hint for ``turn`` as it stands, from ``ranking`` (every whole turn from the
    turn's start, best first, ranked at the ``stakes``), in ``reader``'s numbering; None if
    no ranked play can still be reached."""
    reached = dict(legal_results(turn.position, turn.dice))
    finishes = turn.completions()
    open_plays = [
        (ranked, finishes[reached[ranked.play]])
        for ranked in ranking
        if reached[ranked.play] in finishes
    ]
    if not open_plays:
        return None
    best = open_plays[0][0].judged
    compared = [open_plays[0]] + [
        entry for entry in open_plays[1:] if comparable(entry[0].judged, best)
    ]
    named = [
        f"{reader.finish(rest, turn)} ({_figures(ranked, stakes)}"
        + (
            f": {chances_said(best.chances, mars=stakes.mars_counts)})"
            if rank == 0 and best
            else ")"
        )
        for rank, (ranked, rest) in enumerate(compared[:HINT_PLAYS])
    ]
    if len(named) == 1:
        said = _("Hint: {best}, starred on the board.").format(best=named[0])
    else:
        said = _("Hint: {best}, starred on the board; next best {others}.").format(
            best=named[0], others=", ".join(named[1:])
        )
    best_of_all = ranking[0]
    undo = ""
    if reached[best_of_all.play] not in finishes:
        undo = _("Undo to follow the best play, {best} ({value}).").format(
            best=reader.play(best_of_all.play, turn.position, turn.dice),
            value=_figures(best_of_all, stakes),
        )
    starred = Play(turn.steps + open_plays[0][1])
    in_match_chance = stakes.is_match and open_plays[0][0].judged is not None
    unit = match_chance_for(turn.mover, hot_seat) if in_match_chance else None
    return Hint(starred, sentences(said, undo, unit or equity_for(turn.mover, hot_seat)))


def _figures(ranked: RankedPlay, stakes: Stakes) -> str:
    """A play's figure in one unit: its chance to win the match where the expert judged
    it at a match score, else its equity in points."""
    if ranked.judged is None or not stakes.is_match:
        return f"{ranked.score:+.3f}"
    return match_chance_said(stakes.value(ranked.judged.chances))
