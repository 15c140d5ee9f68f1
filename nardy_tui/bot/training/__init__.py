"""Training the expert's network by self-play: the developers' tool, apart from the bot that
plays (``python -m nardy_tui.cli.train`` runs it).

``settings`` says what a run is asked to do, ``self_play`` plays many games side by side in
one numpy batch, and ``td`` learns from them by TD(λ) and keeps the checkpoints. Only
``settings`` is loaded with the bot's public face: the run itself needs numpy, loaded when a
run starts, as ``get_bot`` loads it only for the expert level.
"""

from nardy_tui.bot.training.settings import (
    MAX_PARALLEL_GAMES,
    Log,
    Progress,
    TrainingRun,
    TrainingSettings,
)

__all__ = [
    "MAX_PARALLEL_GAMES",
    "Log",
    "Progress",
    "TrainingRun",
    "TrainingSettings",
    "train_network",
]


def train_network(run: TrainingRun, log: Log, progress: Progress) -> None:
    """Train as ``run`` asks, reporting to ``log`` and ``progress`` (the layer prints
    nothing itself); ``WeightsError`` if ``--resume`` finds a file that is not weights."""
    from nardy_tui.bot.training.td import train

    train(run, log, progress)
