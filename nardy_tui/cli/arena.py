"""``nardy arena A B --games N --seed S [--jobs J] [--json]``: two bot levels against each
other."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from nardy_tui.bot import WeightsError, format_arena_report, run_arena
from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.cli.progress import Progress
from nardy_tui.i18n import _
from nardy_tui.options import Level


def main(argv: list[str]) -> int:
    """Entry point of ``nardy arena A B --games N --seed S [--jobs J] [--json]``."""
    parser = OneLineParser(
        prog="nardy arena",
        description=_("Play two bot levels against each other with duplicate dice."),
    )
    words = [level.value for level in Level]
    levels = ", ".join(words)
    parser.add_argument(
        "a",
        choices=words,
        metavar="FIRST_LEVEL",
        help=_("the first bot's level: {levels}").format(levels=levels),
    )
    parser.add_argument(
        "b",
        choices=words,
        metavar="SECOND_LEVEL",
        help=_("the second bot's level: {levels}").format(levels=levels),
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help=_("number of games; played in pairs with the same dice (default 100)"),
    )
    parser.add_argument("--seed", type=int, default=0, help=_("seed for dice and bots (default 0)"))
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("also print the report as one JSON object on the last line"),
    )
    parser.add_argument(
        "--weights-a",
        type=Path,
        metavar="FILE",
        help=_("the first bot, an expert, plays with this weights file"),
    )
    parser.add_argument(
        "--weights-b",
        type=Path,
        metavar="FILE",
        help=_("the second bot, an expert, plays with this weights file"),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help=_("processes that share the games (default 1); the games are the same for any number"),
    )
    parser.add_argument("--quiet", action="store_true", help=_("no progress on stderr"))
    args = parser.parse_args(argv)
    for option, value in (("--games", args.games), ("--jobs", args.jobs)):
        if value < 1:
            parser.error(_("{option} must be at least 1").format(option=option))
    level_a, level_b = Level(args.a), Level(args.b)
    for option, level, weights in (
        ("--weights-a", level_a, args.weights_a),
        ("--weights-b", level_b, args.weights_b),
    ):
        if weights is not None and level is not Level.EXPERT:
            parser.error(
                _("{option} needs the expert level, not {level}").format(option=option, level=level)
            )
    shown = None if args.quiet else Progress(sys.stderr, args.games)
    try:
        report = run_arena(
            level_a,
            level_b,
            args.games,
            args.seed,
            progress=None if shown is None else shown.update,
            weights_a=args.weights_a,
            weights_b=args.weights_b,
            jobs=args.jobs,
        )
    except WeightsError as error:
        print(f"nardy arena: {error}", file=sys.stderr)
        return 1
    finally:
        if shown is not None:
            shown.close()
    print(format_arena_report(report))
    if args.json:
        print(json.dumps(report.as_json()))
    return 0
