"""``nardy serve``: the game on a web page, each visitor with a game and a save folder of
their own.

Every mistake is one line on stderr, and nothing else is said before it: exit status 2 for
the options, 1 for what the machine refuses (the address, a data folder or a secret that
cannot be used, textual-serve not installed).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import os
import re
import sys
import urllib.parse
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.i18n import LANGUAGES, N_, RIGHT_TO_LEFT, _, clause, current_language, use_language
from nardy_tui.storage import data_dir, data_dir_problem

if TYPE_CHECKING:
    from yarl import URL

    from nardy_tui.serve import MeetingServers, PageWords

PROG = "nardy serve"
VISITORS_FOLDER = "visitors"
"""The folder under nardy's data folder that holds each visitor's save folder."""
HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*")
"""A host's name as DNS writes it (an international name in its ASCII form)."""


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
        type=_listening_address,
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
        type=_visitors,
        default=default_seats(),
        metavar="N",
        help=_("at most N visitors at once (default {count}: two for each core)").format(
            count=default_seats()
        ),
    )
    parser.add_argument(
        "--visitors-per-address",
        type=_visitors,
        default=2,
        metavar="M",
        help=_(
            "at most M of them from one address (default 2; behind a reverse proxy, "
            "see --proxy-address)"
        ),
    )
    parser.add_argument(
        "--starts-per-minute",
        type=_games,
        default=12,
        metavar="K",
        help=_("at most K games started a minute from one address (default 12)"),
    )
    parser.add_argument(
        "--connections",
        type=_connections,
        default=512,
        metavar="N",
        help=_(
            "at most N connections open at once (default 512, fewer if the limit of open "
            "files is lower)"
        ),
    )
    parser.add_argument(
        "--connections-per-address",
        type=_connections,
        default=16,
        metavar="N",
        help=_("at most N connections open at once from one address (default 16)"),
    )
    parser.add_argument(
        "--proxy-address",
        type=_ip_address,
        metavar="ADDRESS",
        help=_(
            "the address your reverse proxy connects from: its connections are not "
            "counted by address, and its visitors count by the address it forwards "
            "(X-Forwarded-For), believed from that address only"
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
        "--public-url",
        metavar="URL",
        help=_(
            "the address visitors use when a proxy stands in front (TLS, a path of its own), "
            "like https://example.org/nardy/: only pages at it may open a game (default: the "
            "address the browser asks for, if in numbers or localhost)"
        ),
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
    parser.add_argument(
        "--lobby",
        metavar="URL",
        help=_(
            "the lobby server where visitors play strangers, like wss://example.org/ws (see "
            "'nardy lobby-server'); the only one their games connect to (default: none "
            "offered)"
        ),
    )
    parser.add_argument(
        "--direct",
        action="store_true",
        help=_(
            "let a visitor's game connect straight to their friend's machine when it can "
            "(default: only through the transit relay, so that a friend's hints make the "
            "server connect nowhere else)"
        ),
    )
    return parser


def meeting_servers(parser: argparse.ArgumentParser, args: argparse.Namespace) -> MeetingServers:
    """The servers given for the visitors' games to meet friends at (exit status 2 for one
    that is not a server's form)."""
    from nardy_tui.net import ServersError, mailbox_url, transit_address
    from nardy_tui.serve import MeetingServers

    if args.lobby is not None and urllib.parse.urlsplit(args.lobby).scheme not in ("ws", "wss"):
        parser.error(_("--lobby: a lobby's address begins with ws:// or wss://"))
    try:
        return MeetingServers(
            mailbox=None if args.mailbox is None else mailbox_url(args.mailbox),
            transit=None if args.transit is None else transit_address(args.transit),
            direct=args.direct,
            lobby=args.lobby,
        )
    except ServersError as error:
        parser.error(str(error))


def serve_main(argv: Sequence[str]) -> int:
    """Run ``nardy serve`` until Ctrl+C; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    log_to_stderr()
    try:
        from nardy_tui.serve import (
            SECRET_FILE,
            CannotListen,
            GameServer,
            UnusableSecret,
            Venue,
            connection_limits,
            server_secret,
        )
    except ImportError:
        return _fail(_("serving needs textual-serve: pip install 'nardy[serve]'"))
    meeting = meeting_servers(parser, args)
    public_url = None if args.public_url is None else public_address(parser, args.public_url)
    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    root = data_dir() / VISITORS_FOLDER
    try:
        root.mkdir(mode=0o700, exist_ok=True)
    except OSError as error:
        return _fail(
            _("cannot use {folder} for the visitors' saved matches ({reason})").format(
                folder=root, reason=clause(error.strerror or error)
            )
        )
    try:
        secret = server_secret(data_dir() / SECRET_FILE)
    except UnusableSecret as error:
        return _fail(_secret_problem(error.path, error.reason))
    venue = Venue(
        args.address,
        args.port,
        args.visitors,
        root,
        idle=60 * args.idle,
        language=current_language(),
        meeting=meeting,
        limits=connection_limits(
            connections=args.connections,
            connections_per_address=args.connections_per_address,
            seats=args.visitors,
            seats_per_address=args.visitors_per_address,
            starts_per_minute=args.starts_per_minute,
            proxy=args.proxy_address,
        ),
        tables=data_dir(),
        public_url=public_url,
    )
    server = GameServer(venue, page_words_in_every_language(), secret)
    try:
        asyncio.run(server.run(partial(_say_listening, args.address)))
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
    from nardy_tui.serve import PageWords, Refusal

    full = N_("The table is full: every seat has a player. Try again in a little while.")
    refused = {
        Refusal.NOT_THE_PUBLIC_URL: N_(
            "This page may not open a game: it is not at the address the server is served at."
        ),
        Refusal.ANOTHER_SITE: N_(
            "This page may not open a game: it is not at the server's own address. Behind a "
            "proxy, the server needs --public-url and the address visitors use."
        ),
        Refusal.A_NAMED_HOST: N_(
            "This page may not open a game: the server is reached by a name, and needs "
            "--public-url and that address to take games from it."
        ),
    }
    address_full = N_(
        "Your address plays as many games at once as one address may. Close one of them, "
        "or try again in a little while."
    )
    no_cookie = N_(
        "This browser sent no cookie from this page, and the cookie is what names your game "
        "here: allow cookies for this site, then reload the page."
    )
    address_starting = N_(
        "Your address has started many games in the last minute. Try again in a minute."
    )
    use_language(code, reorder_rtl=True)
    full_on_screen, address_full_on_screen = _(full), _(address_full)
    address_starting_on_screen = _(address_starting)
    no_cookie_on_screen = _(no_cookie)
    refused_on_screen = {refusal: _(words) for refusal, words in refused.items()}
    use_language(code, reorder_rtl=False)
    return PageWords(
        language=code,
        right_to_left=code in RIGHT_TO_LEFT,
        title=_("Long Nardy"),
        transfer_asked=_(
            "Continue your match from the other device in this browser? This browser then "
            "plays it, and the game on the other device ends."
        ),
        transfer_here=_("Continue here"),
        transfer_refused=_(
            "This transfer link has been used, has expired, or was never given, so it "
            "brings no match to this browser."
        ),
        transfer_tries=_("Too many wrong transfer links from here. Try again in a while."),
        play_here=_("Play in this browser"),
        loading=_("Starting the game…"),
        closed=_(
            "The game has closed; a match you were playing is saved. Reload the page to go on."
        ),
        lost=_(
            "The connection to the game was lost; a match you were playing is saved. Reload "
            "the page to go on."
        ),
        refused=_("The game could not be opened. Reload the page to try again."),
        not_started=_("No game was started: the screen above says why."),
        reload=_("Reload"),
        full=_(full),
        full_on_screen=full_on_screen,
        refused_on_screen=refused_on_screen,
        address_full_on_screen=address_full_on_screen,
        address_starting_on_screen=address_starting_on_screen,
        no_cookie_on_screen=no_cookie_on_screen,
    )


def _secret_problem(path: object, reason: str | None) -> str:
    """Why the secret that signs the visitors' cookies cannot be used: a file that is
    there and wrong is not replaced, as that would take every visitor's match away."""
    if reason is not None:
        return _("cannot read the server's secret {path} ({reason})").format(
            path=path, reason=clause(reason)
        )
    return _(
        "{path} is not a secret of this server (32 bytes, readable by its owner only); "
        "remove it to make a new one (every visitor then starts afresh)"
    ).format(path=path)


def log_to_stderr() -> None:
    """The server's log (refusals, trouble at its door) on stderr, each line named and
    dated: whoever runs the server reads it beside other programs' lines."""
    logging.basicConfig(
        format=f"{PROG}: %(asctime)s %(message)s",
        datefmt="%Y-%m-%d %H:%M:%S",
        level=logging.WARNING,
        stream=sys.stderr,
        force=True,
    )


def _say_listening(address: str, page: str) -> None:
    """Once the server listens on ``address`` (not before: an address that cannot be
    listened on is one line alone), say where the game is, and who can play: on the port
    listened on, which ``--port 0`` leaves to the system.

    >>> _say_listening("0.0.0.0", "http://0.0.0.0:41234/")
    nardy serve: anyone who can reach port 41234 on 0.0.0.0 can play
    nardy serve: the game is at http://0.0.0.0:41234/ (Ctrl+C to stop)
    """
    if not _only_this_machine(address):
        anyone = _("anyone who can reach port {port} on {address} can play")
        print(f"{PROG}: " + anyone.format(port=urlsplit(page).port, address=address))
    print(f"{PROG}: " + _("the game is at {address} (Ctrl+C to stop)").format(address=page))
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


COOKIE_PATH = re.compile(r"/[A-Za-z0-9._~%/-]*")
"""A path the visitor's cookie can carry as its Path as it is: no ``;``, ``,`` or space."""


def public_address(parser: argparse.ArgumentParser, text: str) -> URL:
    """The address visitors use (``--public-url``): http or https, a host, a path that ends
    in / (one is added), nothing else (exit status 2 for anything else). Read once
    textual-serve is known to be installed: yarl comes with it.

    >>> public_address(build_parser(), "https://Example.org/nardy")
    URL('https://example.org/nardy/')
    """
    from yarl import URL

    try:
        url = URL(text)
        well_formed = url.port is not None and url.raw_host is not None
    except ValueError:
        well_formed = False
    if (
        not well_formed
        or url.scheme not in ("http", "https")
        or not _host(url)
        or url.port == 0
        or not COOKIE_PATH.fullmatch(url.raw_path or "/")
    ):
        parser.error(
            _(
                "--public-url: {value} is not a web address (like https://example.org/nardy/)"
            ).format(value=repr(text))
        )
    if "?" in text or "#" in text or url.user is not None or url.password is not None:
        parser.error(
            _("--public-url: {value} has no place for a ?query, #fragment or user@").format(
                value=repr(text)
            )
        )
    return url if url.path.endswith("/") else url.with_path(url.path + "/")


def _host(url: URL) -> bool:
    """Whether ``url`` names a host as an address or a DNS name does, and nothing else."""
    host = (url.raw_host or "").lower()
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return HOST_NAME.fullmatch(host) is not None
    return True


def _listening_address(text: str) -> str:
    """An address to listen on, never the empty one (which would listen on every address
    while the server said nothing of it)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            _("{value} is not an address to listen on").format(value=repr(text))
        )
    return text


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(
            _("{value} is not a port (0 to 65535)").format(value=repr(text))
        )
    return int(text)


def _at_least_one(refusal: str) -> Callable[[str], int]:
    """An option's type: a whole number of 1 or more, else ``refusal`` (a message with
    the value given in it) as the option's one line."""

    def counted(text: str) -> int:
        if not text.isdigit() or int(text) < 1:
            raise argparse.ArgumentTypeError(_(refusal).format(value=repr(text)))
        return int(text)

    return counted


_visitors = _at_least_one(N_("{value} is not a number of visitors (1 or more)"))
_games = _at_least_one(N_("{value} is not a number of games (1 or more)"))
_connections = _at_least_one(N_("{value} is not a number of connections (1 or more)"))


def _ip_address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{address} is not an IP address (like 127.0.0.1 or ::1)").format(address=text)
        ) from None


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
