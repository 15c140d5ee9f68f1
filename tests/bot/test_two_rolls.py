"""The expert's deepest search: its closest best plays looked at two rolls ahead (the
opponent's roll and reply, then our roll and best play), checked against the same search
written plainly on the engine's own moves."""

from __future__ import annotations

import numpy as np
import pytest

from nardy_tui.bot import MONEY, Evaluation, JudgedPlay, get_bot
from nardy_tui.bot.expert import ExpertBot
from nardy_tui.bot.players import ROLL_WEIGHTS
from nardy_tui.engine import Dice, Position, legal_results
from nardy_tui.options import Level
from tests.engine.boards import position as make_position

Sample = list[tuple[Position, Dice]]


@pytest.fixture(scope="module")
def expert() -> ExpertBot:
    return get_bot(Level.EXPERT, seed=3)


Judged = list[tuple[Position, Dice, list[JudgedPlay]]]


@pytest.fixture(scope="module")
def judged(expert: ExpertBot, positions: Sample) -> Judged:
    """The expert's judgement of the sample's first 40 decisions, made once for the tests
    that read it (about 30 ms of search each)."""
    return [(position, dice, expert.judge(position, dice)) for position, dice in positions[:40]]


def best_after(expert: ExpertBot, position: Position, dice: Dice) -> Position:
    """Where the network's favourite play for the side to move leads (one ply)."""
    afters = [after for _, after in legal_results(position, dice)]
    return max(afters, key=lambda after: -expert.evaluate(after).equity)


def two_rolls_plainly(expert: ExpertBot, after: Position) -> Evaluation:
    """Our chances after ``after`` (the opponent to move): each opponent roll answered by
    its best reply, then each of our rolls by our best play, all on the engine's moves."""
    total = np.zeros(3)
    for their_roll, their_weight in ROLL_WEIGHTS:
        reply = best_after(expert, after, their_roll)
        if reply.winner is not None:
            found = expert.evaluate(reply)
            total += their_weight * np.array([found.win, found.win_mars, found.lose_mars])
            continue
        for our_roll, our_weight in ROLL_WEIGHTS:
            ours = expert.evaluate(best_after(expert, reply, our_roll)).mirrored()
            total += their_weight * our_weight * np.array([ours.win, ours.win_mars, ours.lose_mars])
    return Evaluation(*map(float, total))


def test_the_two_roll_search_is_the_plain_one_in_numpy(expert: ExpertBot) -> None:
    # A race with a few checkers a side: every roll has few plays, so the plain search
    # on the engine is quick.
    racing = make_position({6: 2, 4: 2, 3: 1, 1: 2}, {5: 2, 3: 2, 2: 2, 1: 1})
    afters = [after for _, after in legal_results(racing, (4, 2))][:2]
    searched = expert._two_rolls(afters, MONEY)
    for after, row in zip(afters, searched, strict=True):
        plain = two_rolls_plainly(expert, after)
        assert row == pytest.approx([plain.win, plain.win_mars, plain.lose_mars], abs=1e-5)


@pytest.mark.slow
def test_the_closest_best_plays_are_searched_two_rolls_deep_and_ranked_first(
    expert: ExpertBot, judged: Judged
) -> None:
    deepened = 0
    for position, dice, ranked in judged:
        deep = [entry for entry in ranked if entry.two_rolls]
        # The best two, when they are close (one of them may leave a race the tables know).
        assert len(deep) in (0, 2) or any(entry.exact for entry in ranked)
        deepened += bool(deep)
        # The deepest look first, then by equity; exact figures count as the deepest.
        order = [
            (3 if entry.exact or entry.settled else entry.depth, entry.chances.equity)
            for entry in ranked
        ]
        assert order == sorted(order, reverse=True)
        assert expert.choose(position, dice) == ranked[0].play
    assert deepened, "some decisions are close enough to search two rolls deep"


def test_without_the_deepest_search_the_plays_are_ranked_one_roll_deep(
    expert: ExpertBot, judged: Judged
) -> None:
    one_roll = ExpertBot(expert.network, deep_width=0)
    for position, dice, deep in judged[:30]:
        ranked = one_roll.judge(position, dice)
        assert not any(entry.two_rolls for entry in ranked)
        deep_ranked = {entry.play: entry for entry in deep}
        for entry in ranked:
            if entry.searched and not deep_ranked[entry.play].two_rolls:
                assert deep_ranked[entry.play].chances == entry.chances


def test_the_best_play_is_searched_even_where_it_stands_out_alone(judged: Judged) -> None:
    # One judgement for every tool: the hint's best play has the figure the analysis
    # gives it, a roll deeper than the network alone (or a table's), even where the
    # choice is clear.
    for _, _, ranked in judged:
        best = ranked[0]
        assert best.depth >= 1 or best.is_known


@pytest.mark.slow
def test_a_reviewed_play_is_searched_as_deep_as_the_best_without_moving_the_ranking(
    expert: ExpertBot, judged: Judged
) -> None:
    checked = 0
    for position, dice, ranked in judged:
        if not ranked[0].two_rolls:
            continue
        # The runner-up and the play the network likes least, each reviewed as if a
        # player made it: each is compared with the best at the best's depth, and the
        # ranking, the hint's and the analysis's, stays as it was.
        for reviewed in (ranked[1], ranked[-1]):
            judged = expert.judge(position, dice, played=reviewed.after)
            made = next(entry for entry in judged if entry.after == reviewed.after)
            assert made.two_rolls and made.deepened is (not reviewed.two_rolls)
            assert [entry.play for entry in judged] == [entry.play for entry in ranked]
            assert [entry for entry in judged if entry is not made] == [
                entry for entry in ranked if entry.after != reviewed.after
            ]
        checked += 1
    assert checked


def test_more_plays_than_one_batch_search_takes_are_searched_in_parts(
    expert: ExpertBot, positions: Sample
) -> None:
    # Five plays two rolls deep are 5 x 21 x 21 = 2,205 (position, roll) pairs, more than
    # one batch search takes (2,048): the search is split, and each play's figure is the
    # one it has when searched alone.
    afters = next(
        afters
        for afters in ([after for _, after in legal_results(*sample)] for sample in positions)
        if len(afters) >= 5
    )
    together = expert._two_rolls(afters[:5], MONEY)
    for after, row in zip(afters[:5], together, strict=True):
        assert row == pytest.approx(expert._two_rolls([after], MONEY)[0], abs=1e-6)


def test_a_figure_the_tables_know_ranks_among_the_deepest_by_its_equity() -> None:
    """A play into a race the tables know is not chosen over a better play searched as
    deep as any; it still ranks above the figures of a shallower look."""
    from nardy_tui.bot.chances import JudgedPlay
    from nardy_tui.bot.expert import _rank_key

    position = Position.initial()
    (play, after), *_ = legal_results(position, Dice(6, 5))

    def judged(win: float, **look: bool) -> JudgedPlay:
        return JudgedPlay(play, after, Evaluation(win=win, win_mars=0.0, lose_mars=0.0), **look)

    deep = judged(0.6, searched=True, two_rolls=True)
    known = judged(0.5, searched=False, exact=True)
    shallow = judged(0.9, searched=False)
    ranked = sorted([known, shallow, deep], key=lambda e: _rank_key(e, MONEY, 2), reverse=True)
    assert ranked == [deep, known, shallow]
