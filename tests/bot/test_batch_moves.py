"""Self-play's batch move search finds exactly the turns the engine allows.

Training searches every game's turn at once in numpy (``batch_moves.legal_ends``) instead of
asking the engine position by position; these tests hold it to the engine's answers
(``legal_results``) on the public reference corpus, on positions from every phase of
random games with every roll, and on the rules' own special cases.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np

from nardy_tui.bot.batch_moves import MAX_GAMES, legal_ends
from nardy_tui.engine import ALL_ROLLS, CHECKERS, HEAD, POINTS, Dice, Position, Side, legal_results
from nardy_tui.engine import board_index as index_of

from .conftest import sample_positions

CORPUS = Path(__file__).resolve().parents[1] / "data" / "movegen-public.jsonl.gz"


def board(position: Position, side: Side) -> tuple[int, ...]:
    """``side``'s checkers on its own points, index 0 its borne-off count."""
    counts = [position.checkers(side, point) for point in range(1, POINTS + 1)]
    return (CHECKERS - sum(counts), *counts)


def batch_answers(queries: list[tuple[Position, Dice]]) -> list[set[tuple[int, ...]]]:
    """The boards ``legal_ends`` lets each mover end on, as many queries a batch as it takes."""
    if len(queries) > MAX_GAMES:
        return batch_answers(queries[:MAX_GAMES]) + batch_answers(queries[MAX_GAMES:])
    own = np.array([board(position, position.turn) for position, _ in queries])
    opponent = np.array([board(position, position.turn.opponent) for position, _ in queries])
    dice = np.array([dice for _, dice in queries])
    first = np.array([position.is_first_turn for position, _ in queries])
    game, ends = legal_ends(own, opponent, dice, first)
    answers: list[set[tuple[int, ...]]] = [set() for _ in queries]
    for number, end in zip(game, ends, strict=True):
        answers[number].add(tuple(int(count) for count in end))
    return answers


def engine_answer(position: Position, dice: Dice) -> set[tuple[int, ...]]:
    return {board(after, position.turn) for _, after in legal_results(position, dice)}


def assert_agrees(queries: list[tuple[Position, Dice]]) -> None:
    wrong = [
        f"{position.points} {position.turn.label} {dice}"
        for (position, dice), found in zip(queries, batch_answers(queries), strict=True)
        if found != engine_answer(position, dice)
    ]
    assert not wrong, f"{len(wrong)} of {len(queries)} differ, e.g.\n" + "\n".join(wrong[:5])


def test_every_reference_query_ends_on_the_engines_boards() -> None:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        queries = [json.loads(line) for line in lines if line.strip()]
    assert_agrees(
        [
            (
                Position.from_points(
                    query["board"], Side(query["turn"]), first_turn=query["first_turn"]
                ),
                tuple(query["dice"]),
            )
            for query in queries
        ]
    )


def test_positions_from_every_phase_agree_with_the_engine_for_every_roll() -> None:
    positions = [position for position, _ in sample_positions(160, seed=23)]
    assert_agrees([(position, roll) for position in positions for roll in ALL_ROLLS])


def test_a_first_turn_double_six_four_or_three_takes_two_checkers_from_the_head() -> None:
    opening = Position.initial()
    for roll, on_head in (((6, 6), 13), ((4, 4), 13), ((3, 3), 13), ((5, 5), 14), ((2, 2), 14)):
        ends = batch_answers([(opening, roll)])[0]
        assert ends == engine_answer(opening, roll), roll
        assert {end[HEAD] for end in ends} == {on_head}, roll
    six_six = [0] * (POINTS + 1)
    six_six[18], six_six[HEAD] = 2, 13
    assert batch_answers([(opening, (6, 6))])[0] == {tuple(six_six)}


def test_a_turn_with_no_legal_step_ends_where_it_started() -> None:
    # Black holds White's points 19-23: every 1 to 5 from White's head lands on one.
    points = [0] * POINTS
    points[index_of(Side.WHITE, HEAD)] = 15
    for point in range(19, 24):
        points[index_of(Side.WHITE, point)] = -3
    position = Position.from_points(points, Side.WHITE)
    for roll in ((5, 5), (3, 2), (1, 1)):
        assert batch_answers([(position, roll)])[0] == {board(position, Side.WHITE)}
        assert engine_answer(position, roll) == {board(position, Side.WHITE)}
