"""Shared fixtures for the bot tests: positions from seeded games, reached by legal plays."""

from __future__ import annotations

import random

import pytest

from nardy_tui.engine import Dice, Position, Side, legal_results


def sample_positions(count: int, seed: int) -> list[tuple[Position, Dice]]:
    """``count`` (position, dice) pairs met in random legal games from the opening, spread
    over every phase: first turns, contact, races and bear-offs."""
    rng = random.Random(seed)
    samples: list[tuple[Position, Dice]] = []
    while len(samples) < count:
        position = Position.initial(turn=rng.choice(list(Side)))
        while position.winner is None and len(samples) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            results = legal_results(position, dice)
            if rng.random() < 0.15:
                samples.append((position, dice))
            position = rng.choice(results)[1]
    return samples


@pytest.fixture(scope="session")
def positions() -> list[tuple[Position, Dice]]:
    return sample_positions(150, seed=11)
