"""The move generator leaves nothing for Python's garbage collector: the lobby server and
the bot ask it thousands of times a minute, and a cycle left by each search (with the
thousands of tuples it visited) made the collector's passes long and often enough to
hold up every match on the server."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest

from nardy_tui.engine import Position, legal_plays
from nardy_tui.engine.movegen import _legal_states


@pytest.fixture
def collector_held() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def positions_of_a_game(seed: int) -> Iterator[tuple[Position, tuple[int, int]]]:
    """Each position of a game of random plays, with the dice thrown on it."""
    throw = random.Random(seed)
    position = Position.initial()
    for _ in range(40):
        dice = (throw.randint(1, 6), throw.randint(1, 6))
        yield position, dice
        position = position.apply(throw.choice(legal_plays(position, dice)), dice)


def test_a_search_for_the_legal_plays_leaves_no_garbage_behind(collector_held: None) -> None:
    for position, dice in positions_of_a_game(seed=7):
        _legal_states.cache_clear()  # a real search, not the last one remembered
        legal_plays(position, dice)
        assert gc.collect() == 0, (position, dice)
