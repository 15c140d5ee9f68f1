"""``python -m nardy_tui.cli.train --games N --out FILE``: train the expert's network.

A developer's command, not a player's (``nardy --help`` does not list it): it runs for hours,
saves a checkpoint every few hundred games and goes on from the last one with ``--resume``.
What it does is the bot's business (``train_network``); this module only reads the command line.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from nardy_tui.bot import (
    MAX_PARALLEL_GAMES,
    TrainingRun,
    TrainingSettings,
    WeightsError,
    train_network,
)
from nardy_tui.cli.argparsing import OneLineParser

PROG = "python -m nardy_tui.cli.train"
COUNTS = ("games", "checkpoint_every", "check_every", "log_every", "hidden", "parallel_games")
"""The options that count something, so must be at least 1."""


def parse_run(argv: list[str]) -> TrainingRun:
    """The training run ``argv`` asks for; a mistake exits with one line and status 2."""
    parser = OneLineParser(
        prog=PROG, description="Train the expert bot's network by self-play TD(lambda)."
    )
    parser.add_argument(
        "--games",
        type=int,
        required=True,
        help="train until this many self-play games in all, a resumed run's included",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=TrainingSettings.seed,
        help="seed for the dice and the first weights",
    )
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write (.npz)")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the run saved in --out (its settings are kept)",
    )
    parser.add_argument("--hidden", type=int, default=TrainingSettings.hidden, help="hidden units")
    parser.add_argument("--lam", type=float, default=TrainingSettings.lam, help="TD lambda")
    parser.add_argument(
        "--learning-rate",
        type=float,
        default=None,
        help=f"Adam's step size (default {TrainingSettings.learning_rate}); with "
        "--resume it replaces the run's own from here on",
    )
    parser.add_argument(
        "--parallel-games",
        type=int,
        default=TrainingSettings.parallel_games,
        metavar="N",
        help="games played side by side, their turns evaluated "
        f"as one batch (default {TrainingSettings.parallel_games}; a resumed "
        "run keeps its own)",
    )
    parser.add_argument(
        "--widen",
        type=int,
        default=None,
        metavar="N",
        help="with --resume: grow the network to N hidden units first, "
        "playing as before (for a curve that has flattened)",
    )
    parser.add_argument(
        "--checkpoint-every",
        type=int,
        default=500,
        metavar="N",
        help="save the weights every N games (default 500)",
    )
    parser.add_argument(
        "--check-every",
        type=int,
        default=5000,
        metavar="N",
        help="measure strength every N games (default 5000)",
    )
    parser.add_argument(
        "--check-games",
        type=int,
        default=100,
        metavar="N",
        help="games of each strength check (default 100; 0: none)",
    )
    parser.add_argument(
        "--check-against",
        type=Path,
        default=None,
        metavar="FILE",
        help="check strength against these weights' one-ply play (default: the hard level)",
    )
    parser.add_argument(
        "--log-every",
        type=int,
        default=100,
        metavar="N",
        help="print a progress line every N games (default 100)",
    )
    args = parser.parse_args(argv)
    for name in COUNTS:
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.widen is not None and (not args.resume or args.widen < 1):
        parser.error("--widen needs --resume and a number of hidden units")
    if args.parallel_games > MAX_PARALLEL_GAMES:
        parser.error(f"--parallel-games must be at most {MAX_PARALLEL_GAMES}")
    return TrainingRun(**vars(args))


def main(argv: list[str] | None = None) -> int:
    """Train as ``argv`` asks; 1 with one line on stderr if the weights file is not one."""
    run = parse_run(sys.argv[1:] if argv is None else argv)
    console = Console(stderr=True)
    columns = (
        TextColumn("training"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[note]}"),
        TimeRemainingColumn(),
    )
    try:
        with Progress(*columns, console=console, disable=not console.is_terminal) as bar:
            task = bar.add_task("train", total=run.games, note="")

            def advance(done: int, td_error: float) -> None:
                bar.update(task, completed=done, note=f"error {td_error:.4f}")

            train_network(run, console.log, advance)
    except WeightsError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        console.print("stopped; resume from the last checkpoint with --resume")
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
