"""``nardy host``, ``nardy join ADDRESS[:PORT] CODE`` and ``nardy verify RECORD``: a match
with a friend on another machine, and the check of its dice afterwards."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.i18n import _
from nardy_tui.options import LaunchOptions, NetworkLaunch

DEFAULT_PORT = 7520
"""The port ``nardy host`` listens on unless told (``nardy join`` tries it by default)."""


def host_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy host",
        description=_("Open a match for a friend on another machine and wait for them. "
                      "The screen shows the line they type to join."),
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=_("the port to listen on (default {port}; 0 takes any free one)"
                               ).format(port=DEFAULT_PORT))
    parser.add_argument("--points", type=int, choices=MATCH_LENGTHS, default=3,
                        help=_("match length in points: 1, 3, 5 or 7 (default 3)"))
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument("--resume", action="store_true",
                       help=_("go on with the unfinished network match, with its code"))
    saved.add_argument("--new", action="store_true",
                       help=_("open a new match even if a network match is unfinished"))
    return parser


def join_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy join",
        description=_("Join a friend's match: type the line their screen shows. Joining "
                      "again with the same code goes on with the match."),
    )
    parser.add_argument("address", metavar="ADDRESS[:PORT]",
                        help=_("the host's address, and its port if not {port}").format(
                            port=DEFAULT_PORT))
    parser.add_argument("code", metavar="CODE", help=_("the match's code (like k7m2-x9qp)"))
    return parser


def verify_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy verify",
        description=_("Check that every die of a network match's record came from both "
                      "machines' secrets, as its dice proof says."),
    )
    parser.add_argument("file", metavar="RECORD", help=_("the record of a network match"))
    return parser


def host_main(argv: Sequence[str]) -> int:
    from nardy_tui.net import NetworkSaveError, Role, new_code, read_network_match

    args = host_parser().parse_args(argv)
    if not 0 <= args.port <= 65535:
        return _fail("nardy host", _("a port is a number from 0 to 65535"))
    try:
        saved = read_network_match(Role.HOST)
    except NetworkSaveError as error:
        return _fail("nardy host", str(error))
    if args.resume and saved is None:
        return _fail("nardy host", _("there is no unfinished network match to resume; "
                                     "'nardy host' opens one"))
    if saved is not None and not (args.resume or args.new):
        return _fail("nardy host", _("a network match is unfinished: 'nardy host --resume' "
                                     "goes on with it (your friend joins with code {code}), "
                                     "'nardy host --new' opens another").format(
            code=saved.code))
    code, port = new_code(), args.port
    if args.resume and saved is not None:
        code = saved.code
        if args.port == DEFAULT_PORT and saved.port:
            port = saved.port  # the port the friend's join line names
    launch = NetworkLaunch(hosting=True, code=code, port=port, points=args.points,
                           resume=args.resume)
    return _play(launch)


def join_main(argv: Sequence[str]) -> int:
    from nardy_tui.net import normalised

    args = join_parser().parse_args(argv)
    address, _colon, port_text = args.address.rpartition(":")
    if not address:
        address, port_text = port_text, str(DEFAULT_PORT)
    if not port_text.isdigit() or not 0 < int(port_text) <= 65535:
        return _fail("nardy join", _("{address} is not an address with a port (like "
                                     "192.168.1.5:{port})").format(address=args.address,
                                                                   port=DEFAULT_PORT))
    code = normalised(args.code)
    if code is None:
        return _fail("nardy join", _("{code} is not a match code: it has 8 letters and "
                                     "digits, like k7m2-x9qp").format(code=args.code))
    launch = NetworkLaunch(hosting=False, code=code, address=address.strip("[]"),
                           port=int(port_text))
    return _play(launch)


def _play(launch: NetworkLaunch) -> int:
    from nardy_tui.ui import run_app

    return run_app(LaunchOptions(network=launch))


def verify_main(argv: Sequence[str]) -> int:
    from nardy_tui.net import verify_record
    from nardy_tui.storage import RecordError

    args = verify_parser().parse_args(argv)
    path = Path(args.file)
    try:
        verdict = verify_record(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        return _fail("nardy verify", _("cannot read {path}: {reason}").format(
            path=path, reason=getattr(error, "strerror", None) or error))
    except RecordError as error:
        return _fail("nardy verify", str(error))
    if verdict.holds:
        print(_("{path}: all {count} throws check: every die came from both machines' "
                "secrets, each revealed as committed.").format(path=path, count=verdict.throws))
        return 0
    for problem in verdict.problems:
        print(f"{path}: {problem}")
    return 1


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: {message}", file=sys.stderr)
    return 1
