"""Game review: a blunder is found and priced, forced turns are skipped, grades and marks
follow their documented scales, the expert's own play shows no mistakes, and a turn rolled
out is played out and priced at the turn's stakes."""

from __future__ import annotations

import random
import re

import pytest

from nardy_tui.bot import MONEY, MatchScore, RolledVerdict, Stakes, get_bot, roll_out_turn
from nardy_tui.bot.review import GameReview, Verdict, grade_for, mark_for, review_game
from nardy_tui.engine import (
    SINGLE_GAME,
    Dice,
    Play,
    Position,
    Resignation,
    Side,
    TurnRecord,
    legal_plays,
)
from nardy_tui.options import Level
from nardy_tui.play import luck_said
from tests.engine.boards import position as make_position


def play_named(position: Position, dice: Dice, text: str) -> Play:
    """The legal play whose steps read ``text`` (e.g. '6/1 5/off')."""
    for play in legal_plays(position, dice):
        if " ".join(map(str, play)) == text:
            return play
    raise AssertionError(f"{text} is not a legal play here")


def turn(position: Position, dice: Dice, play: Play) -> TurnRecord:
    """The turn as a game records it."""
    return TurnRecord(position.turn, dice, play, position.notation(play, dice))


def test_throwing_away_a_won_race_is_a_blunder_and_the_winning_play_is_best() -> None:
    # White has one checker on 6 and one on 5, Black two on its point 1: with 6-5 White
    # bears both off and wins; 6/1 5/off leaves a checker behind and Black wins next roll.
    start = make_position({6: 1, 5: 1}, {1: 2})
    blunder = play_named(start, (6, 5), "6/1 5/off")
    review = review_game(start, [turn(start, (6, 5), blunder)])
    [judged] = review.turns
    assert judged.verdict is Verdict.BLUNDER and judged.played == blunder and judged.dice == (6, 5)
    assert judged.best != blunder and start.apply(judged.best, (6, 5)).winner is Side.WHITE
    assert judged.loss == pytest.approx(2.0)  # a sure win (+1) thrown into a sure loss (-1)
    assert judged.played_equity == pytest.approx(-1.0)
    assert judged.best_equity == pytest.approx(1.0)
    assert review.mistakes(Side.WHITE) == [judged] and review.mistakes(Side.BLACK) == []
    summary = review.summary(Side.WHITE)
    assert summary.decisions == 1 and summary.counts[Verdict.BLUNDER] == 1
    assert summary.grade == "Beginner"


def test_forced_turns_are_not_reviewed() -> None:
    # The opening 6-6 has one legal play (two checkers leave the head to 18).
    start = Position.initial(Side.WHITE)
    [only] = legal_plays(start, (6, 6))
    review = review_game(start, [turn(start, (6, 6), only)])
    assert review.turns == () and review.summary(Side.WHITE).decisions == 0


@pytest.mark.slow
def test_the_experts_own_plays_show_no_mistakes() -> None:
    expert = get_bot(Level.EXPERT, seed=1)
    position = Position.initial(Side.WHITE)
    turns: list[TurnRecord] = []
    rolls = [(3, 1), (5, 2), (6, 4), (4, 4), (2, 1), (5, 3), (6, 2), (4, 3), (6, 5), (3, 3)] * 2
    for dice in rolls:
        play = expert.choose(position, dice)
        turns.append(turn(position, dice, play))
        position = position.apply(play, dice)
    done: list[tuple[int, int]] = []
    review = review_game(
        Position.initial(Side.WHITE), turns, progress=lambda k, n: done.append((k, n))
    )
    assert review.turns, "some of these turns have a choice"
    assert all(turn.loss == 0.0 and turn.verdict is Verdict.NONE for turn in review.turns)
    assert done[-1] == (len(turns), len(turns))
    assert review_game(Position.initial(Side.WHITE), turns) == review  # deterministic


def bots_game(start: Position, seed: int) -> list[TurnRecord]:
    """A whole game from ``start``, the easy bot (White) against the hard one (Black): the
    review judges both with the expert whoever played, and the expert choosing Black's plays
    too cost as much again as the review."""
    bots = {
        Side.WHITE: get_bot(Level.EASY, seed=seed),
        Side.BLACK: get_bot(Level.HARD, seed=seed),
    }
    dice = random.Random(seed)
    position, turns = start, []
    while position.winner is None:
        roll = Dice(dice.randint(1, 6), dice.randint(1, 6))
        play = bots[position.turn].choose(position, roll)
        turns.append(turn(position, roll, play))
        position = position.apply(play, roll)
    return turns


def adds_up(review: GameReview, side: Side) -> float:
    """A game's result for ``side`` as its review explains it: the start's value, plus the
    dice's gift, less its own play's cost, plus the other side's."""
    return (
        review.start_for(side)
        + review.luck_of(side)
        - review.play_cost(side)
        + review.play_cost(side.opponent)
    )


@pytest.mark.slow
def test_a_finished_game_adds_up_to_its_result_from_both_sides() -> None:
    start = Position.initial(Side.WHITE)
    review = review_game(start, bots_game(start, seed=6))
    assert review.result is not None
    for side in Side:
        assert adds_up(review, side) == pytest.approx(review.points_for(side), abs=1e-6)
    assert review.play_cost(Side.WHITE) > 0  # the easy bot gives points away
    assert {judged.side for judged in review.turns} == set(Side)  # the bot's play too


def test_a_practice_game_from_a_position_starts_at_that_positions_value() -> None:
    # Black to move with six checkers to bear off, White with four: the game starts well
    # in White's favour, not at 0.
    start = make_position({6: 3, 5: 3}, {2: 2, 1: 2}, Side.BLACK)
    review = review_game(start, bots_game(start, seed=6))
    assert review.start_for(Side.WHITE) > 0.5
    assert review.start_for(Side.BLACK) == -review.start_for(Side.WHITE)
    for side in Side:
        assert adds_up(review, side) == pytest.approx(review.points_for(side), abs=1e-6)


def rolled_blunder(stakes: Stakes) -> RolledVerdict:
    """White, with one checker each on 6 and 5 against Black's 15 all on its 1-point,
    rolls 6-5 and plays 6/1 5/off: it still wins next turn, but Black bears a checker off
    first, so a single win, where bearing both off wins with a mars. Reviewed at White's
    ``stakes`` and rolled out: both results are the tables' or the game's, exact."""
    start = make_position({6: 1, 5: 1}, {1: 15})
    played = play_named(start, (6, 5), "6/1 5/off")
    [judged] = review_game(start, [turn(start, (6, 5), played)], stakes=stakes).turns
    verdict = roll_out_turn(judged, trials=36)
    assert verdict.stakes == judged.stakes == stakes
    assert (verdict.played.chances.win_mars, verdict.best.chances.win_mars) == (0, 1)
    return verdict


def test_a_rolled_out_turn_costs_the_mars_in_points_in_money_play() -> None:
    verdict = rolled_blunder(MONEY)
    assert (verdict.played.equity, verdict.best.equity) == pytest.approx((1.0, 2.0))
    assert verdict.loss == pytest.approx(1.0) and verdict.match_chance_lost is None


def test_at_double_match_point_a_rolled_out_turn_that_gives_up_a_mars_costs_nothing() -> None:
    verdict = rolled_blunder(Stakes(MatchScore(length=5, mover=4, opponent=4)))
    # A mars is worth a single win there: both plays win the match, on a single game's
    # scale +1 each.
    assert (verdict.played.equity, verdict.best.equity) == pytest.approx((1.0, 1.0))
    assert verdict.loss == pytest.approx(0.0) and verdict.match_chance_lost == pytest.approx(0.0)


def test_at_a_match_score_a_rolled_out_turn_costs_the_match_winning_chance() -> None:
    stakes = Stakes(MatchScore(length=5, mover=2, opponent=3))
    verdict = rolled_blunder(stakes)
    worth = stakes.outcomes
    # White 3-away: a single win leaves it 2-away, a mars 1-away.
    assert stakes.match_chance(verdict.played.equity) == pytest.approx(worth.win)
    assert stakes.match_chance(verdict.best.equity) == pytest.approx(worth.win_mars)
    assert verdict.match_chance_lost == pytest.approx(worth.win_mars - worth.win)
    assert verdict.match_chance_lost == pytest.approx(stakes.match_chance_gap(verdict.loss))


def test_an_illegal_play_in_a_game_is_refused() -> None:
    start = Position.initial(Side.WHITE)
    wrong = play_named(start, (6, 5), "24/18 18/13")
    with pytest.raises(ValueError):
        review_game(start, [turn(start, (3, 1), wrong)])


def test_a_turn_recorded_for_the_wrong_side_is_refused() -> None:
    start = Position.initial(Side.WHITE)
    [only] = legal_plays(start, (6, 6))
    with pytest.raises(ValueError, match="White is to move"):
        review_game(start, [TurnRecord(Side.BLACK, (6, 6), only, "24/18(2)")])


@pytest.mark.parametrize(
    ("loss", "mark"),
    [
        (0.0, Verdict.NONE),
        (0.039, Verdict.NONE),
        (0.04, Verdict.DOUBTFUL),
        (0.079, Verdict.DOUBTFUL),
        (0.08, Verdict.ERROR),
        (0.159, Verdict.ERROR),
        (0.16, Verdict.BLUNDER),
        (1.5, Verdict.BLUNDER),
    ],
)
def test_marks_follow_the_documented_thresholds(loss: float, mark: Verdict) -> None:
    assert mark_for(loss) is mark


def test_grades_run_from_supernatural_to_beginner() -> None:
    losses = [0.001, 0.007, 0.015, 0.025, 0.04, 0.07, 0.2]
    assert [grade_for(loss) for loss in losses] == [
        "Supernatural",
        "World-class",
        "Expert",
        "Advanced",
        "Intermediate",
        "Casual",
        "Beginner",
    ]


def printed_sum(sentence: str) -> tuple[float, float]:
    """The luck sentence's terms added up as printed, and the total it prints."""
    terms, total = re.findall(r"For \w+: (.*?) = ([+-]\d+\.\d+)%?\.", sentence)[0]
    found = re.findall(r"([+-]) ?(\d+\.\d+)%? \(", terms)
    return sum(float(number) * (-1 if sign == "-" else 1) for sign, number in found), float(total)


@pytest.mark.parametrize("stakes", [MONEY, Stakes(MatchScore(length=3, mover=1, opponent=0))])
@pytest.mark.parametrize(
    ("white", "black", "seed"),
    [
        ({6: 3, 5: 3, 4: 3, 3: 2}, {2: 2, 1: 2, 6: 3, 5: 3}, 6),
        ({6: 4, 5: 4, 1: 2}, {6: 2, 4: 4, 3: 4}, 7),
    ],
)
def test_a_record_cut_at_any_turn_is_said_unfinished_and_its_sum_adds_up(
    white: dict[int, int], black: dict[int, int], seed: int, stakes: Stakes
) -> None:
    start = make_position(white, black, Side.BLACK)
    turns = bots_game(start, seed=seed)
    for played in range(len(turns) + 1):
        review = review_game(start, turns[:played], stakes=stakes)
        assert review.finished is (played == len(turns))
        for side in Side:
            assert adds_up(review, side) == pytest.approx(review.end_for(side), abs=1e-9)
            sentence = luck_said([review], side)
            assert sentence.startswith("The game is unfinished") is not review.finished
            terms, total = printed_sum(sentence)
            assert terms == pytest.approx(total, abs=1e-6), sentence


def test_a_resigned_game_scores_the_points_agreed_and_adds_up_with_the_resignation() -> None:
    """Black, all fifteen checkers just outside home, against White's four left to bear off,
    plays a turn and gives the game up as a single game. The review scores White's point,
    not an unfinished game, and what the resignation changed against the position's worth
    is a term of the sum."""
    start = make_position({7: 15}, {6: 2, 5: 2}, Side.BLACK)  # the mover's checkers first
    roll = Dice(2, 1)
    [play, *_] = legal_plays(start, roll)
    turns = [turn(start, roll, play)]
    resigned = review_game(start, turns, resignation=Resignation(Side.BLACK, SINGLE_GAME))
    assert resigned.finished and resigned.points_for(Side.WHITE) == 1
    unfinished = review_game(start, turns)
    assert not unfinished.finished and unfinished.resignation_value is None
    worth = unfinished.end_for(Side.WHITE)
    assert 0.5 < worth < 2.0  # sure to win, a mars possible: a single gave some away
    assert resigned.resignation_for(Side.WHITE) == pytest.approx(1.0 - worth)
    assert resigned.end_for(Side.WHITE) == pytest.approx(1.0)
    for side in Side:
        assert adds_up(resigned, side) + resigned.resignation_for(side) == pytest.approx(
            resigned.end_for(side)
        )
    said = luck_said([resigned], Side.WHITE)
    assert "White won 1 point" in said and "(the resignation)" in said
