"""What a training run of the expert's network is asked to do, and where it reports.

Without numpy, so the bot's public face can name a run without loading it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Log = Callable[[str], None]
"""Where a run's report lines go (the command line writes them to the terminal)."""
Progress = Callable[[int, float], None]
"""Told after every game: the games played in all, and the recent TD error."""

MAX_PARALLEL_GAMES = 1024
"""The most games a run plays side by side (a batch search takes at most 2,048)."""


@dataclass(frozen=True)
class TrainingSettings:
    """The training's hyper-parameters (saved with the weights, so a resumed run keeps them)."""

    hidden: int = 128
    lam: float = 0.7
    learning_rate: float = 0.001
    seed: int = 1
    parallel_games: int = 64
    """Games played side by side, their turns searched and evaluated as one batch (a file
    from before this setting resumes with the default)."""


@dataclass(frozen=True)
class TrainingRun:
    """What a training run is asked to do: where to write, how far to go, how often to save,
    check and report; a fresh run's ``TrainingSettings`` come from here too."""

    out: Path
    games: int
    resume: bool = False
    seed: int = TrainingSettings.seed
    hidden: int = TrainingSettings.hidden
    lam: float = TrainingSettings.lam
    learning_rate: float | None = None
    """None: the run's own (a fresh run's default, a resumed run's saved one)."""
    parallel_games: int = TrainingSettings.parallel_games
    widen: int | None = None
    """With ``resume``: grow the network to this many hidden units first (same play)."""
    checkpoint_every: int = 500
    check_every: int = 5000
    check_games: int = 100
    check_against: Path | None = None
    """Weights whose one-ply play the strength checks play; None: the ``hard`` level."""
    log_every: int = 100
