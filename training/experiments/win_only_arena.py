"""The experiment behind STRENGTH.md's "playing for the win alone": the expert ranking its
plays by the chance of winning only (a mars worth no more than a plain win, the right aim in
a one-point match), against ``hard`` with the arena's duplicate dice.

    cd training && python experiments/win_only_arena.py SEED GAMES

Run from a checkout before the two-roll search (commit 7c6a17b) to repeat the figures.
"""

import json
import sys
from pathlib import Path

import numpy as np

import nardy_tui.bot.expert as expert
from nardy_tui.bot.arena import run


def win_only(chances: np.ndarray) -> np.ndarray:
    """The equity of a game in which only the win counts."""
    result: np.ndarray = 2.0 * chances[:, 0] - 1.0
    return result


expert.equities = win_only  # type: ignore[assignment]
seed, games = int(sys.argv[1]), int(sys.argv[2])
data = run(
    "expert",
    "hard",
    games,
    seed,
    weights_a=Path("expert-400000.npz"),
    progress=lambda text, _: print(text, file=sys.stderr, flush=True),
)
print(json.dumps(data.as_json()))
