"""``nardy export [FILE]``: the saved match as a text record, from the command line.

Every failure is one line on stderr and exit status 1 (argparse's own mistakes: 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.i18n import _
from nardy_tui.storage import (
    SavedMatch,
    SaveFileError,
    data_dir_problem,
    export_record,
    format_record,
    load_saved,
    records_dir,
)

PROG = "nardy export"


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_("Write the saved (unfinished) match as a readable text record."),
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=_(
            "where to write the record (in a folder that exists); "
            "'-' for standard output "
            "(default: a new file in the records folder)"
        ),
    )
    return parser


def export_main(argv: Sequence[str]) -> int:
    """Run ``nardy export``; returns the exit status."""
    args = build_parser().parse_args(argv)
    target = Path(args.file) if args.file and args.file != "-" else None
    if target is not None and not target.parent.exists():
        return _fail(
            _(
                "there is no folder {folder} to write {name} in; "
                "create it first or choose another file"
            ).format(folder=target.parent, name=target.name)
        )
    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    try:
        saved = load_saved()
    except SaveFileError as error:
        return _fail(str(error))
    if saved is None:
        return _fail(
            _(
                "there is no saved match to export; the records of finished matches "
                "are written to {folder}"
            ).format(folder=records_dir())
        )
    if args.file == "-":
        sys.stdout.write(_text(saved))
        return 0
    try:
        path = export_record(saved.match, saved.options, target)
    except OSError as error:
        return _fail(_("could not write the record: {error}").format(error=error.strerror or error))
    print(_("Wrote the record of the saved match to {path}").format(path=path))
    return 0


def _text(saved: SavedMatch) -> str:
    return format_record(saved.match, saved.options, saved.match.started)


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 1
