"""Every query of the public reference data (tests/data/movegen-public.jsonl.gz) agrees with
``legal_plays``: the same set of resulting boards, one play per result, ``[()]`` for a pass.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from nardy_tui.engine import Position, Side, legal_plays, legal_results

DATA = Path(__file__).resolve().parents[1] / "data" / "movegen-public.jsonl.gz"
CHUNKS = 8


def _queries() -> list[dict[str, Any]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


QUERIES = _queries()


def test_the_reference_data_is_all_there() -> None:
    assert len(QUERIES) == 2979


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_legal_plays_reach_exactly_the_reference_positions(chunk: int) -> None:
    failures = []
    for number, query in enumerate(QUERIES):
        if number % CHUNKS != chunk:
            continue
        pos = Position.from_points(
            query["board"], Side(query["turn"]), first_turn=query["first_turn"]
        )
        dice = tuple(query["dice"])
        plays = legal_plays(pos, dice)
        results = legal_results(pos, dice)
        assert [play for play, _ in results] == plays, f"query {number}: plays differ"
        boards = [list(after.points) for _, after in results]
        if number % 25 == 0:  # apply() re-checks the play; spot-check it agrees
            assert [list(pos.apply(play, dice).points) for play in plays] == boards
        expected = sorted(query["expected"])
        if sorted(boards) != expected:
            failures.append(f"query {number}: {query['turn']} {dice} from {query['board']}")
            continue
        # One play per distinct resulting position.
        assert len(boards) == len({tuple(b) for b in boards}), f"query {number}: duplicates"
        # A turn with no legal move: the unchanged board, and the one empty play.
        if expected == [query["board"]]:
            assert plays == [()], f"query {number}: a pass must be [()]"
        else:
            assert () not in plays, f"query {number}: an empty play beside real ones"
    assert not failures, "\n".join(failures[:20])
