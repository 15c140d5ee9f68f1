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
from typing import TYPE_CHECKING

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.i18n import LANGUAGES, N_, RIGHT_TO_LEFT, _, current_language, use_language
from nardy_tui.storage import data_dir, data_dir_problem

if TYPE_CHECKING:
    from nardy_tui.serve import MeetingServers, PageWords

PROG = "nardy serve"
VISITORS_FOLDER = "visitors"
"""The folder under nardy's data folder that holds each visitor's save folder."""


def default_seats() -> int:
    """As many visitors as two for each core: a game mostly waits for its player."""
    return 2 * (os.cpu_count() or 1)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Serve the game on a web page: each visitor plays in their browser, with a "
            "game and a saved match of their own."
        ),
    )
    parser.add_argument(
        "--address",
        default="127.0.0.1",
        help=_(
            "the address to listen on (default 127.0.0.1: this machine only; "
            "0.0.0.0 for every network it is on)"
        ),
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=8000,
        help=_("the port to listen on (default 8000; 0: any free one)"),
    )
    parser.add_argument(
        "--visitors",
        type=_positive,
        default=default_seats(),
        metavar="N",
        help=_("at most N visitors at once (default {count}: two for each core)").format(
            count=default_seats()
        ),
    )
    parser.add_argument(
        "--idle",
        type=_minutes,
        default=30.0,
        metavar="MINUTES",
        help=_("end a game left alone this many minutes, its match saved (default 30)"),
    )
    parser.add_argument(
        "--mailbox",
        metavar="URL",
        help=_(
            "the mailbox server where visitors meet a friend by a code, like "
            "ws://example.org:4000/v1, for every visitor's game (default: as 'nardy join' "
            "chooses)"
        ),
    )
    parser.add_argument(
        "--transit",
        metavar="HOST:PORT",
        help=_(
            "the transit relay that carries a visitor's match with a friend, for every "
            "visitor's game (default: as 'nardy join' chooses)"
        ),
    )
    return parser


def meeting_servers(parser: argparse.ArgumentParser, args: argparse.Namespace) -> MeetingServers:
    """The servers given for the visitors' games to meet friends at (exit status 2 for one
    that is not a server's form)."""
    from nardy_tui.net import ServersError, mailbox_url, transit_address
    from nardy_tui.serve import MeetingServers

    try:
        return MeetingServers(
            mailbox=None if args.mailbox is None else mailbox_url(args.mailbox),
            transit=None if args.transit is None else transit_address(args.transit),
        )
    except ServersError as error:
        parser.error(str(error))


def serve_main(argv: Sequence[str]) -> int:
    """Run ``nardy serve`` until Ctrl+C; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        from nardy_tui.serve import CannotListen, GameServer, Venue
    except ImportError:
        return _fail(_("serving needs textual-serve: pip install 'nardy[serve]'"))
    meeting = meeting_servers(parser, args)
    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    root = data_dir() / VISITORS_FOLDER
    try:
        root.mkdir(mode=0o700, exist_ok=True)
    except OSError as error:
        return _fail(
            _("cannot use {folder} for the visitors' saved matches ({reason})").format(
                folder=root, reason=error.strerror or error
            )
        )
    if not _only_this_machine(args.address):
        anyone = _("anyone who can reach port {port} on {address} can play")
        print(f"{PROG}: " + anyone.format(port=args.port, address=args.address))
    venue = Venue(
        args.address,
        args.port,
        args.visitors,
        root,
        idle=60 * args.idle,
        language=current_language(),
        meeting=meeting,
        tables=data_dir(),
    )
    server = GameServer(venue, page_words_in_every_language())
    try:
        asyncio.run(server.run(_say_listening))
    except CannotListen as error:
        return _fail(
            _("cannot listen on {address} port {port}: {reason}").format(
                address=args.address, port=args.port, reason=error.strerror
            )
        )
    return 0


def page_words_in_every_language() -> dict[str, PageWords]:
    """What the page says beside the game, in each language the game speaks (a visitor's
    browser picks one)."""
    speaking = current_language()
    try:
        return {code: page_words(code) for code in LANGUAGES}
    finally:
        use_language(speaking, reorder_rtl=False)


def page_words(code: str) -> PageWords:
    """What the page says in the language ``code``: as a browser lays out text itself, in
    reading order, but for the words drawn on the page's terminal."""
    from nardy_tui.serve import PageWords

    full = N_("The table is full: every seat has a player. Try again in a little while.")
    use_language(code, reorder_rtl=True)
    full_on_screen = _(full)
    use_language(code, reorder_rtl=False)
    return PageWords(
        language=code,
        right_to_left=code in RIGHT_TO_LEFT,
        title=_("Long Nardy"),
        loading=_("Starting the game…"),
        closed=_(
            "The game has closed; a match you were playing is saved. Reload the page to go on."
        ),
        lost=_(
            "The connection to the game was lost; a match you were playing is saved. Reload "
            "the page to go on."
        ),
        refused=_("The game could not be opened. Reload the page to try again."),
        reload=_("Reload"),
        full=_(full),
        full_on_screen=full_on_screen,
    )


def _say_listening(address: str) -> None:
    print(f"{PROG}: " + _("the game is at {address} (Ctrl+C to stop)").format(address=address))
    sys.stdout.flush()


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
        raise argparse.ArgumentTypeError(
            _("{value} is not a port (0 to 65535)").format(value=repr(text))
        )
    return int(text)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            _("{value} is not a number of visitors (1 or more)").format(value=repr(text))
        )
    return int(text)


def _minutes(text: str) -> float:
    try:
        minutes = float(text)
    except ValueError:
        minutes = 0.0
    if not 0 < minutes < 10**6:
        raise argparse.ArgumentTypeError(
            _("{value} is not a number of minutes (more than 0)").format(value=repr(text))
        )
    return minutes


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 1
