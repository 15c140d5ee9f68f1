"""``nardy serve``: the game on a web page, each visitor with a game and a save folder of
their own.

Every mistake is one line on stderr: exit status 2 for the options, 1 for what the machine
refuses (the address, a data folder that cannot be used, textual-serve not installed).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import os
import sys
from collections.abc import Sequence

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.storage import data_dir, data_dir_problem

PROG = "nardy serve"
VISITORS_FOLDER = "visitors"
"""The folder under nardy's data folder that holds each visitor's save folder."""


def default_seats() -> int:
    """As many visitors as two for each core: a game mostly waits for its player."""
    return 2 * (os.cpu_count() or 1)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=(
            "Serve the game on a web page: each visitor plays in their browser, with a "
            "game and a saved match of their own."
        ),
    )
    parser.add_argument(
        "--address",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0 for every network it is on)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=8000,
        help="the port to listen on (default 8000; 0: any free one)",
    )
    parser.add_argument(
        "--visitors",
        type=_positive,
        default=default_seats(),
        metavar="N",
        help=f"at most N visitors at once (default {default_seats()}: two for each core)",
    )
    parser.add_argument(
        "--idle",
        type=_minutes,
        default=30.0,
        metavar="MINUTES",
        help="end a game left alone this many minutes, its match saved (default 30)",
    )
    return parser


def serve_main(argv: Sequence[str]) -> int:
    """Run ``nardy serve`` until Ctrl+C; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        from nardy_tui.serve import CannotListen, GameServer, Venue
    except ImportError:
        return _fail("serving needs textual-serve: pip install 'nardy[serve]'")
    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    root = data_dir() / VISITORS_FOLDER
    try:
        root.mkdir(mode=0o700, exist_ok=True)
    except OSError as error:
        return _fail(f"cannot use {root} for the visitors' saved matches ({error.strerror})")
    if not _only_this_machine(args.address):
        print(f"nardy serve: anyone who can reach port {args.port} on {args.address} can play")
    server = GameServer(Venue(args.address, args.port, args.visitors, root, idle=60 * args.idle))
    try:
        asyncio.run(server.run(_say_listening))
    except CannotListen as error:
        return _fail(f"cannot listen on {args.address} port {args.port}: {error.strerror}")
    return 0


def _say_listening(address: str) -> None:
    print(f"nardy serve: the game is at {address} (Ctrl+C to stop)", flush=True)


def _only_this_machine(address: str) -> bool:
    """Whether only this machine can reach ``address`` (a loopback address, or localhost).

    >>> _only_this_machine("127.0.0.1"), _only_this_machine("::1"), _only_this_machine("0.0.0.0")
    (True, True, False)
    """
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return int(text)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of visitors (1 or more)")
    return int(text)


def _minutes(text: str) -> float:
    try:
        minutes = float(text)
    except ValueError:
        minutes = 0.0
    if not 0 < minutes < 10**6:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes (more than 0)")
    return minutes


def _fail(message: str) -> int:
    print(f"nardy serve: {message}", file=sys.stderr)
    return 1
