"""The review's words without a screen: the list's filters, a turn's line and verdict,
a side's summary, a turn's rollout."""

from __future__ import annotations

import dataclasses

import pytest

from nardy_tui.bot import (
    MONEY,
    Evaluation,
    GameReview,
    MatchScore,
    RolledOut,
    RolledVerdict,
    RollLuck,
    Stakes,
    TurnReview,
    Verdict,
    summarise,
)
from nardy_tui.engine import Dice, Position, Side, Step, TurnRecord
from nardy_tui.play import (
    TurnFilter,
    list_line,
    luck_said,
    marks_key,
    roll_luck_said,
    rolled_said,
    summary_line,
    tutor_question,
    verdict_lines,
)

PLAYED = (Step(24, 18, 6), Step(24, 19, 5))
BEST = (Step(24, 18, 6), Step(18, 13, 5))


def judged(side: Side, loss: float, mark: Verdict) -> TurnReview:
    """A turn of the opening judged to cost ``loss``, which the review marks ``mark``."""
    record = TurnRecord(side, (6, 5), PLAYED, "24/18 24/19")
    turn = TurnReview(
        turn=record,
        number=3,
        before=Position.initial(side),
        best=BEST,
        played_equity=-0.3,
        best_equity=-0.3 + loss,
        alternatives=((BEST, -0.3 + loss), (PLAYED, -0.3)),
    )
    assert turn.verdict is mark
    return turn


def test_the_filters_pass_the_turns_they_name() -> None:
    blunder, good = judged(Side.WHITE, 0.4, Verdict.BLUNDER), judged(Side.BLACK, 0.0, Verdict.NONE)
    assert [TurnFilter.MISTAKES.passes(turn) for turn in (blunder, good)] == [True, False]
    assert [TurnFilter.BLACK.passes(turn) for turn in (blunder, good)] == [False, True]
    assert TurnFilter.ALL.passes(good) and TurnFilter("white").passes(blunder)
    assert TurnFilter.MISTAKES.notice == "Showing the mistakes only."
    with pytest.raises(ValueError):
        TurnFilter("everything")


def test_a_turns_line_and_verdict_in_the_readers_numbering() -> None:
    blunder = judged(Side.WHITE, 0.4, Verdict.BLUNDER)
    assert list_line(blunder, Side.WHITE) == "✗✗  3. White 6-5: 24/18 24/19  -0.40"
    assert list_line(blunder, Side.BLACK) == "✗✗  3. White 6-5: 12/6 12/7  -0.40"
    played, best, others, named = verdict_lines(blunder, Side.WHITE)
    assert played == "White played 24/18 24/19 (◌ ▲▼): -0.300, cost 0.40: blunder."
    assert best == "Best: 24/13 (☆ ★): +0.100."
    assert others == "Next best: 24/18 24/19 -0.300."
    assert named == f"Position ID: {blunder.before.to_id(blunder.dice)}"


ONE_POINT_MATCH = Stakes(MatchScore(length=1, mover=0, opponent=0))


def test_at_a_match_score_every_figure_is_the_chance_to_win_the_match() -> None:
    # A 1-point match: a single game's equity e is a match won (1 + e) / 2, so the
    # blunder's 0.40 is 20% of the match, and a mars, worth no more than a win, goes unsaid.
    blunder = dataclasses.replace(
        judged(Side.WHITE, 0.4, Verdict.BLUNDER),
        stakes=ONE_POINT_MATCH,
        played_chances=Evaluation(win=0.35, win_mars=0.10, lose_mars=0.12),
        best_chances=Evaluation(win=0.55, win_mars=0.12, lose_mars=0.05),
    )
    assert list_line(blunder, Side.WHITE).endswith("  -20.0%")
    played, best, others, chances, _ = verdict_lines(blunder, Side.WHITE)
    assert played == "White played 24/18 24/19 (◌ ▲▼): 35.0%, cost 20.0%: blunder."
    assert best == "Best: 24/13 (☆ ★): 55.0%."
    assert others == "Next best: 24/18 24/19 35.0%."
    assert chances == "Chances after the play made: win 35%; after the best: win 55%."
    summary = summary_line(summarise([GameReview((blunder,))], Side.WHITE), finished=True)
    assert "lost 20.0%;" in summary
    luck = RollLuck(3, Side.WHITE, Dice(6, 5), 0.1)
    assert roll_luck_said(luck, ONE_POINT_MATCH) == "The roll's luck for White: +5.0%."
    assert roll_luck_said(luck, MONEY) == "The roll's luck for White: +0.10."
    # The game's sum: from an even game (50%) to the match lost (0%).
    lost = GameReview(
        (blunder,),
        (RollLuck(3, Side.WHITE, Dice(6, 5), -0.6),),
        (Side.BLACK, 1),
        0.0,
        -1.0,
        ONE_POINT_MATCH,
    )
    assert luck_said([lost], Side.WHITE) == (
        "White lost 1 point. For White: +0.0% (the start) - 30.0% (the dice) - 20.0% "
        "(White's play) + 0.0% (Black's play) = -50.0%. With the luck taken out: -20.0% "
        "for White."
    )


def test_a_sides_summary_counts_its_mistakes_and_grades_it_once_done() -> None:
    review = GameReview((judged(Side.WHITE, 0.4, Verdict.BLUNDER),))
    white = summarise([review], Side.WHITE)
    assert "1 blunder" in summary_line(white, finished=False)
    assert "grade" in summary_line(white, finished=True)
    black = summarise([review], Side.BLACK)
    assert summary_line(black, finished=False) == "Black: no decision to judge yet"
    assert "?" in marks_key() and "✗✗" in marks_key()


def test_the_verdict_gives_the_chances_after_the_play_made_and_after_the_best() -> None:
    blunder = dataclasses.replace(
        judged(Side.WHITE, 0.4, Verdict.BLUNDER),
        played_chances=Evaluation(win=0.40, win_mars=0.10, lose_mars=0.12),
        best_chances=Evaluation(win=0.55, win_mars=0.12, lose_mars=0.05),
    )
    chances = verdict_lines(blunder, Side.WHITE)[3]
    assert chances == (
        "Chances after the play made: win 40%, mars 10%, lose mars 12%; "
        "after the best: win 55%, mars 12%, lose mars 5%."
    )


def test_a_play_searched_deeper_than_the_hint_looks_at_it_is_said_to_be() -> None:
    # The hint and the analysis rank this play by a shallower look than the best's; the
    # review and the tutor search it as deep as the best, and say so beside its figure.
    deepened = dataclasses.replace(judged(Side.WHITE, 0.4, Verdict.BLUNDER), played_deepened=True)
    said = "searched as deep as the best, to compare them fairly."
    lines = verdict_lines(deepened, Side.WHITE)
    assert lines[1].startswith("Best: ") and lines[2] == "The play made was " + said
    assert tutor_question(deepened).endswith("Your play was " + said)
    plain = judged(Side.WHITE, 0.4, Verdict.BLUNDER)
    assert said not in " ".join(verdict_lines(plain, Side.WHITE)) + tutor_question(plain)


def test_the_luck_sentence_is_the_result_as_a_sum_of_the_start_the_dice_and_both_plays() -> None:
    # From a position worth +0.20 to White, Black's dice gave it 0.90, White's play cost
    # 0.40 and Black's 0.10: for White, -1 = +0.20 - 0.90 - 0.40 + 0.10.
    review = GameReview(
        (judged(Side.WHITE, 0.4, Verdict.BLUNDER), judged(Side.BLACK, 0.1, Verdict.ERROR)),
        (RollLuck(3, Side.BLACK, Dice(6, 6), 0.9),),
        (Side.BLACK, 1),
        0.2,
        -1.0,
    )
    assert luck_said([review], Side.WHITE) == (
        "White lost 1 point. For White: +0.20 (the start) - 0.90 (the dice) - 0.40 (White's "
        "play) + 0.10 (Black's play) = -1.00. With the luck taken out: -0.10 for White."
    )
    assert luck_said([review], Side.BLACK) == (
        "Black won 1 point. For Black: -0.20 (the start) + 0.90 (the dice) - 0.10 (Black's "
        "play) + 0.40 (White's play) = +1.00. With the luck taken out: +0.10 for Black."
    )


def test_a_matchs_luck_sentence_adds_its_games_starts_up() -> None:
    # Each game: White starts at +0.25, rolls 1.25 worse than its mean and loses 1 point.
    game = GameReview(
        (), (RollLuck(1, Side.WHITE, Dice(2, 1), -1.25),), (Side.BLACK, 1), 0.25, -1.0
    )
    assert luck_said([game, game], Side.BLACK) == (
        "Black won 2 points. For Black: -0.50 (the starts) + 2.50 (the dice) + 0.00 (Black's "
        "play) + 0.00 (White's play) = +2.00. With the luck taken out: -0.50 for Black."
    )


def test_a_game_cut_short_is_said_unfinished_and_summed_to_where_it_stops() -> None:
    # White starts at +0.21 and its dice give it 0.24 more: where the record stops, White
    # stands at +0.45, not at the +0.00 of a game nobody has won.
    cut = GameReview((), (RollLuck(1, Side.WHITE, Dice(6, 5), 0.24),), None, 0.21, 0.45)
    assert luck_said([cut], Side.WHITE) == (
        "The game is unfinished: the sum is of the turns played. For White: +0.21 (the "
        "start) + 0.24 (the dice) + 0.00 (White's play) + 0.00 (Black's play) = +0.45. "
        "With the luck taken out: +0.21 for White."
    )
    won = GameReview((), (RollLuck(1, Side.BLACK, Dice(6, 6), 1.0),), (Side.BLACK, 1), 0.0, -1.0)
    assert luck_said([won, cut], Side.BLACK).startswith(
        "Black won 1 point; the last game is unfinished: the sum is of the turns played. "
        "For Black: -0.21 (the starts) + 0.76 (the dice) + 0.00 (Black's play) + 0.00 "
        "(White's play) = +0.55."
    )


def rolled(played: float, best: float, stakes: Stakes) -> RolledVerdict:
    """A turn rolled out 36 times to ``played`` and ``best`` (single-game equities at the
    ``stakes``), with standard errors of 0.05 and 0.04."""
    return RolledVerdict(
        RolledOut(Evaluation(0.6, 0.1, 0.0), played, 0.05, 36),
        RolledOut(Evaluation(0.7, 0.1, 0.0), best, 0.04, 36),
        stakes,
    )


def test_a_rollout_in_money_play_costs_points() -> None:
    assert rolled_said(rolled(0.2, 0.5, MONEY)) == (
        "rolled out 36 times: the play made +0.200 (± 0.050), the best +0.500 (± 0.040): "
        "cost +0.300"
    )


def test_a_rollout_at_a_match_score_costs_the_chance_to_win_the_match() -> None:
    # 1-away against 1-away: the match is won as the game is, half a point of a single
    # game's equity is a quarter of the match.
    double_match_point = Stakes(MatchScore(length=3, mover=2, opponent=2))
    assert rolled_said(rolled(0.2, 0.5, double_match_point)) == (
        "rolled out 36 times: the match won 60.0% (± 2.5%) after the play made, 75.0% "
        "(± 2.0%) after the best; +15.0% given away"
    )
    # The rollout may like the play made better than the estimate's best.
    assert rolled_said(rolled(0.5, 0.4, double_match_point)).endswith("; -5.0% given away")
