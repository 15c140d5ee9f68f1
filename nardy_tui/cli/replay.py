"""``nardy replay FILE``: step through a game record on the board."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.i18n import _
from nardy_tui.storage import RecordError, load_record

PROG = "nardy replay"


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Step through a game record (from 'nardy export') on the board: "
            "Right/n and Left/p move a turn, Home/End jump to the start/end, f flips "
            "the board, q quits."
        ),
    )
    parser.add_argument("file", metavar="FILE", help=_("the record to replay"))
    parser.add_argument(
        "--review",
        action="store_true",
        help=_(
            "review the record with the expert first (as 'nardy review' "
            "does): each turn then shows its mark and the best play, and m "
            "jumps to the next mistake"
        ),
    )
    return parser


def replay_main(argv: Sequence[str]) -> int:
    """Run ``nardy replay``; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        record = load_record(Path(args.file))
    except RecordError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    reviews = None
    if args.review:
        from nardy_tui.bot import WeightsError
        from nardy_tui.cli.review import review_record

        try:
            reviews = review_record(record)
        except WeightsError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
    from nardy_tui.ui import run_replay

    run_replay(record, reviews)
    return 0
