"""Perft-style table: the exact number of distinct legal results for every roll from a
handful of fixed positions. The counts were generated with the engine and checked by hand
against RULES.md where marked (see the comments), so any change to move generation that
alters a single count fails here.
"""

from __future__ import annotations

import pytest

from nardy_tui.engine import ALL_ROLLS, Position, Side, legal_plays, legal_results

from .boards import position

ROLLS = [f"{high}-{low}" for high, low in ALL_ROLLS]

POSITIONS: dict[str, Position] = {
    # Every checker on its head, White's first turn (head exception available).
    "opening": Position.initial(),
    # An early middle game, White to move.
    "early middle game": position(
        {24: 10, 19: 2, 17: 1, 13: 1, 10: 1}, {24: 9, 20: 2, 16: 1, 14: 2, 9: 1}
    ),
    # White holds 22..18 with 24 behind: 24/23 or 18/17 would make an illegal six-block.
    "five-point prime": position({24: 5, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2}, {24: 8, 17: 3, 13: 4}),
    # White bearing off (2 checkers already off).
    "bear-off": position({6: 3, 5: 2, 4: 3, 3: 2, 2: 2, 1: 1}, {24: 3, 23: 2, 11: 5, 7: 3, 3: 2}),
    # Black to move in a middle game (Black's own numbering).
    "black to move": position(
        {24: 8, 20: 2, 17: 2, 13: 1, 9: 2}, {24: 9, 19: 3, 15: 1, 10: 2}, Side.BLACK
    ),
}

# Counts per roll, in the order of ALL_ROLLS:
#  1-1 2-1 2-2 3-1 3-2 3-3 4-1 4-2 4-3 4-4 5-1 5-2 5-3 5-4 5-5 6-1 6-2 6-3 6-4 6-5 6-6
PERFT: dict[str, list[int]] = {
    # By hand: one checker leaves the head (both intermediate points open, so one result)
    # except 3-3: 24/18(2) or 24/15 24/21. 6-6 is 24/18(2), 4-4 24/16(2), 5-5 24/4.
    "opening": [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    # By hand: 5-5 -> 6 (24/19 at most once, 19 -> 14 -> 9, 10/5; 17 and 13 are stuck).
    "early middle game": [
        27,
        17,
        32,
        18,
        16,
        19,
        20,
        19,
        19,
        53,
        12,
        14,
        13,
        15,
        6,
        18,
        15,
        16,
        19,
        12,
        17,
    ],
    # By hand: 6-1 -> 20 (a 6 from 24, 22, 21, 20 or 19 with a 1 inside the prime, less
    # the three pairs that equal 22/15, 21/14, 20/13; 24/23 and 18/17 make six-blocks).
    "five-point prime": [
        56,
        21,
        73,
        22,
        26,
        79,
        23,
        25,
        27,
        101,
        22,
        27,
        27,
        28,
        135,
        20,
        26,
        27,
        28,
        28,
        112,
    ],
    # By hand: 6-6 -> 1; 6-5 -> 2 (6/off with 5/off or 6/1); 6-4 -> 3; 6-3 -> 4; 6-2 -> 5;
    # 6-1 -> 6; 5-4 -> 6; 5-5 -> 2 (6/1 twice or three times, the rest 5/off).
    "bear-off": [93, 26, 55, 21, 18, 26, 16, 14, 12, 10, 11, 10, 8, 6, 2, 6, 5, 4, 3, 2, 1],
    # By hand: 6-6 -> 17 (24/18 once or not; two checkers 20 -> 14 -> 8 -> 2, two 17 -> 11
    # -> 5; 13/7 and 9/3 are White's).
    "black to move": [
        41,
        17,
        23,
        23,
        17,
        60,
        21,
        15,
        24,
        45,
        18,
        16,
        22,
        19,
        29,
        15,
        12,
        17,
        15,
        15,
        17,
    ],
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_counts_of_distinct_legal_results_for_all_21_rolls(name: str) -> None:
    pos = POSITIONS[name]
    counts = [len({after for _, after in legal_results(pos, roll)}) for roll in ALL_ROLLS]
    assert dict(zip(ROLLS, counts, strict=True)) == dict(zip(ROLLS, PERFT[name], strict=True))


@pytest.mark.parametrize("name", list(POSITIONS))
def test_legal_plays_gives_one_play_per_distinct_result(name: str) -> None:
    pos = POSITIONS[name]
    for roll, expected in zip(ALL_ROLLS, PERFT[name], strict=True):
        plays = legal_plays(pos, roll)
        assert len(plays) == expected
        assert len({pos.apply(play, roll) for play in plays}) == expected


def test_the_table_covers_all_21_rolls() -> None:
    assert len(ALL_ROLLS) == 21 and len(set(ALL_ROLLS)) == 21
    assert all(len(counts) == 21 for counts in PERFT.values())
