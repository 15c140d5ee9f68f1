"""The hint's play and words for a turn, from a ranking of its whole plays."""

from __future__ import annotations

from nardy_tui.bot import MONEY, RankedPlay
from nardy_tui.engine import Position, Side, TurnBuilder, legal_plays
from nardy_tui.play import Reader
from nardy_tui.play.hint import HINT_PLAYS, hint_for

SIX_FIVE = (6, 5)


def both_ran_24_16() -> Position:
    """White and Black have each played 24/16 with a 5-3: White to play."""
    position = Position.initial()
    for _ in range(2):
        position = position.apply(legal_plays(position, (5, 3))[0], (5, 3))
    return position


def ranked_in_order(position: Position) -> list[RankedPlay]:
    """The plays of 6-5 in the order the engine lists them, each 0.1 worse than the last:
    24/13, 24/18 16/11, 16/10 24/19, 16/5."""
    plays = legal_plays(position, SIX_FIVE)
    return [RankedPlay(play, 0.3 - 0.1 * rank) for rank, play in enumerate(plays)]


def test_the_best_play_is_starred_and_the_next_best_are_named_with_their_equities() -> None:
    position = both_ran_24_16()
    ranking = ranked_in_order(position)
    hint = hint_for(
        TurnBuilder(position, SIX_FIVE), ranking, Reader(Side.WHITE), hot_seat=True, stakes=MONEY
    )
    assert hint is not None and hint.play == ranking[0].play
    assert hint.said == (
        "Hint: 24/13 (+0.300), starred on the board; next best 24/18 16/11 (+0.200), "
        "16/10 24/19 (+0.100). Equity in points for White."
    )
    assert hint.said.count("(") == HINT_PLAYS


def test_after_a_step_the_hint_names_only_the_ways_to_finish_from_there() -> None:
    position = both_ran_24_16()
    turn = TurnBuilder(position, SIX_FIVE)
    turn.move(24, 18)
    hint = hint_for(
        turn, ranked_in_order(position), Reader(Side.WHITE), hot_seat=False, stakes=MONEY
    )
    assert hint is not None
    assert hint.said == (
        "Hint: 18/13 (+0.300), starred on the board; next best 16/11 (+0.200). "
        "Equity in points for you."
    )
    assert hint.play[0] == turn.steps[0], "the starred play is the whole turn"


def test_no_hint_when_no_ranked_play_can_still_be_reached() -> None:
    position = both_ran_24_16()
    turn = TurnBuilder(position, SIX_FIVE)
    turn.move(16, 5)
    ranking = [entry for entry in ranked_in_order(position) if "16/5" not in str(entry.play)]
    assert hint_for(turn, ranking[:1], Reader(Side.WHITE), hot_seat=False, stakes=MONEY) is None
