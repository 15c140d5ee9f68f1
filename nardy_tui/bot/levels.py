"""The bot levels and how one is built: ``get_bot(level, seed)``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal, overload

from nardy_tui.bot.chances import WeightsError
from nardy_tui.bot.players import Bot, build
from nardy_tui.options import Level

if TYPE_CHECKING:
    from nardy_tui.bot.expert import ExpertBot

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    # The expert's matrices are small: a second BLAS thread only adds overhead (measured:
    # search two to three times slower) and takes the core the game or a training run needs.
    # Set before numpy is first imported, which only the expert level does; a value the user
    # set is kept.
    os.environ.setdefault(_variable, "1")


@overload
def get_bot(
    level: Literal[Level.EXPERT, "expert"],
    seed: int = 0,
    weights: Path | None = None,
) -> ExpertBot: ...


@overload
def get_bot(level: Level | str, seed: int = 0, weights: Path | None = None) -> Bot: ...


def get_bot(level: Level | str, seed: int = 0, weights: Path | None = None) -> Bot:
    """A bot of ``level`` (a ``Level``, or its name: ``"expert"``); the same seed and
    inputs give the same choices.

    ``expert`` plays with the game's weights, or with the file ``weights`` (a training
    run's, say), and raises ``WeightsError`` (one line naming the file) if they cannot be
    loaded; the other levels take no weights. Its bot also has ``evaluate(position)``: the
    side to move's ``Evaluation`` (``win``, ``win_mars``, ``lose_mars``, ``equity``).

    >>> get_bot("hard").level is Level.HARD
    True
    >>> get_bot("grandmaster")
    Traceback (most recent call last):
    ...
    ValueError: no bot level is called 'grandmaster': random, easy, medium, hard, expert
    """
    level = level_named(level)
    if weights is not None and level is not Level.EXPERT:
        raise ValueError(f"only the expert level plays with a weights file, not {level}")
    if level is Level.EXPERT:
        from nardy_tui.bot.expert import ExpertBot, network_at, shipped_network

        network = shipped_network() if weights is None else network_at(weights)
        return ExpertBot(network, seed=seed)
    return build(level, seed)


def level_named(level: Level | str) -> Level:
    """``level`` as a ``Level``: one already, or a level's name."""
    try:
        return Level(level)
    except ValueError:
        names = ", ".join(member.value for member in Level)
        raise ValueError(f"no bot level is called {level!r}: {names}") from None


def expert_problem() -> str | None:
    """Why the expert level cannot play here (its weights file's problem), or None."""
    try:
        get_bot(Level.EXPERT)
    except WeightsError as error:
        return str(error)
    return None
