"""``nardy lobby-server``: a lobby where anyone with nardy meets strangers to play, rated.

A mistake is one line on stderr: exit status 2 for the options, 1 for what the machine
refuses (the address, the data folder, the database, the server's packages missing).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Sequence

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.i18n import _, clause
from nardy_tui.memory import settle_for_a_server
from nardy_tui.storage import data_dir, data_dir_problem

PROG = "nardy lobby-server"
LOBBY_FOLDER = "lobby"
"""The folder under nardy's data folder for the lobby's own SQLite database."""


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_("Run a lobby where nardy players meet, play rated matches and watch."),
    )
    parser.add_argument("--port", type=int, default=8090, help=_("the port to listen on"))
    parser.add_argument(
        "--address",
        default="127.0.0.1",
        help=_("the address to listen on (default: this machine only)"),
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help=_("a PostgreSQL URL (postgresql://...) shared by several servers; default: SQLite"),
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help=_("the WebSocket URL players reach this lobby at, behind a proxy (wss://.../ws)"),
    )
    return parser


def lobby_server_main(argv: Sequence[str]) -> int:
    """Run the lobby until Ctrl+C; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        parser.error(_("a port is a number from 1 to 65535"))
    try:
        from nardy_tui.lobby.server import CannotStart, LobbyOptions, run_lobby
    except ImportError:
        return _fail(_("a lobby server needs its packages: pip install 'nardy[server]'"))
    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    folder = data_dir() / LOBBY_FOLDER
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        return _fail(
            _("cannot use {folder} ({reason})").format(folder=folder, reason=clause(error))
        )
    options = LobbyOptions(folder, args.database, args.address, args.port, args.public_url)
    with contextlib.suppress(KeyboardInterrupt):
        try:
            asyncio.run(run_lobby(options, _opened))
        except CannotStart as error:
            return _fail(_("the lobby cannot start: {reason}").format(reason=error.reason))
    return 0


def _opened(url: str) -> None:
    """The lobby is open: said, and the garbage collector set for a long-running server."""
    settle_for_a_server()
    print(_("The lobby is open at {url} (Ctrl+C stops it).").format(url=url), file=sys.stderr)


def _fail(text: str) -> int:
    print(f"{PROG}: {text}", file=sys.stderr)
    return 1
