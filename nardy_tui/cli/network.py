"""``nardy host``, ``nardy join CODE`` (or ``ADDRESS[:PORT] CODE`` with ``--direct``) and
``nardy verify RECORD``: a match with a friend on another machine, and the check of its dice
afterwards.

By default the two meet by a short code through magic-wormhole's servers (or one's own:
``--mailbox``, ``--transit``, ``NARDY_MAILBOX``, ``NARDY_TRANSIT``, remembered in the
settings); ``--direct`` connects to the host's address instead.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.i18n import _
from nardy_tui.options import LaunchOptions, NetworkLaunch, Rendezvous

if TYPE_CHECKING:
    from nardy_tui.net import NetworkMatch, ProofCheck

DEFAULT_PORT = 7520
"""The port ``nardy host --direct`` listens on unless told (``nardy join`` tries it by
default)."""
CODE_WORDS = (2, 3)
"""How many words a new match's code may have: magic-wormhole's usual two (65,536 codes
for a number), or three for a host who would rather make guessing far harder."""


def add_server_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mailbox",
        type=_mailbox,
        metavar="URL",
        help=_(
            "the mailbox server where the two meet by the code, like "
            "ws://example.org:4000/v1 (default: $NARDY_MAILBOX, then the last one "
            "given, then magic-wormhole's public one)"
        ),
    )
    parser.add_argument(
        "--transit",
        type=_transit,
        metavar="HOST:PORT",
        help=_(
            "the transit relay that carries the game when the two machines cannot "
            "reach each other (default: $NARDY_TRANSIT, then the last one given, then "
            "magic-wormhole's public one)"
        ),
    )


def _mailbox(text: str) -> str:
    """``--mailbox``: a mistake in it is the command line's (exit status 2)."""
    from nardy_tui.net import ServersError, mailbox_url

    try:
        return mailbox_url(text)
    except ServersError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _transit(text: str) -> str:
    """``--transit``, bare or as magic-wormhole writes it, as ``HOST:PORT`` (remembered so);
    a mistake in it is the command line's (exit status 2)."""
    from nardy_tui.net import ServersError, transit_address

    try:
        return transit_address(text)
    except ServersError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def host_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy host",
        description=_(
            "Open a match for a friend on another machine and wait for them. "
            "The screen shows the line they type to join: a short code, good "
            "anywhere with the internet (or, with --direct, this machine's address)."
        ),
    )
    parser.add_argument(
        "--direct",
        action="store_true",
        help=_(
            "let the friend connect straight to this machine's address and port, "
            "with no server between: on a network of your own, or without the internet"
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        help=_(
            "with --direct: the port to listen on (default {port}; 0 takes any free one)"
        ).format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--address",
        metavar="ADDRESS",
        help=_(
            "with --direct: listen only on this address of this machine, like "
            "127.0.0.1 or ::1 for an SSH tunnel (default: every address)"
        ),
    )
    add_server_options(parser)
    parser.add_argument(
        "--code-words",
        type=int,
        choices=CODE_WORDS,
        default=2,
        help=_(
            "words in the code your friend types: 2 or 3 (default 2; 3 make the code far "
            "harder for a stranger to guess, at a longer code to type)"
        ),
    )
    parser.add_argument(
        "--points",
        type=int,
        choices=MATCH_LENGTHS,
        default=3,
        help=_("match length in points: 1, 3, 5 or 7 (default 3)"),
    )
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument(
        "--resume",
        action="store_true",
        help=_("go on with the unfinished network match, with its code"),
    )
    saved.add_argument(
        "--new",
        action="store_true",
        help=_(
            "open a new match even if a network match is unfinished (that one is kept as a record)"
        ),
    )
    return parser


def join_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy join",
        description=_(
            "Join a friend's match: type the line their screen shows. Without a "
            "code, or again with the same one, it goes on with the saved match."
        ),
    )
    parser.add_argument(
        "first",
        nargs="?",
        metavar="CODE | ADDRESS[:PORT]",
        help=_(
            "the code the host's screen shows (like 7-crossover-clockwork); or, for "
            "a host started with --direct, its address, and its port if not {port} "
            "(an IPv6 address with a port goes in brackets, like [::1]:{port})"
        ).format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "code",
        nargs="?",
        metavar="CODE",
        help=_("after an address: the match's code (like k7m2-x9qp)"),
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help=_(
            "join another match even if the one you joined is unfinished (that one is "
            "kept as a record)"
        ),
    )
    add_server_options(parser)
    return parser


def verify_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy verify",
        description=_(
            "Check a network match's record against its dice proof: each "
            "commitment matches its secret, the dice follow from the two secrets, "
            "and they are the dice the games were played with. If this machine "
            "played in the match, the record is checked against the part of the "
            "dice it kept too."
        ),
    )
    parser.add_argument("file", metavar="RECORD", help=_("the record of a network match"))
    return parser


def host_main(argv: Sequence[str]) -> int:
    from nardy_tui.net import (
        AddressError,
        NetworkSaveError,
        Role,
        ServersError,
        listen_address,
        read_network_match,
    )

    parser = host_parser()
    args = parser.parse_args(argv)
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error(_("a port is a number from 0 to 65535"))
    try:
        address = None if args.address is None else listen_address(args.address)
    except AddressError as error:
        parser.error(f"--address: {error}")
    try:
        saved = read_network_match(Role.HOST)
    except NetworkSaveError as error:
        return _fail("nardy host", str(error))
    if saved is not None and saved.never_met and not args.resume:
        saved = None  # a code nobody came to: nothing of a match to keep or give up
    if args.resume and saved is None:
        return _fail(
            "nardy host",
            _("there is no unfinished network match to resume; 'nardy host' opens one"),
        )
    if saved is not None and not (args.resume or args.new):
        return _fail(
            "nardy host",
            _(
                "a network match is unfinished: 'nardy host --resume' "
                "goes on with it ({friend}), "
                "'nardy host --new' opens another"
            ).format(friend=_friend_goes_on(saved)),
        )
    if saved is not None and args.new:
        problem = _given_up(saved)
        if problem is not None:
            return _fail("nardy host", problem)
    resumed = saved if args.resume else None
    direct = args.direct or args.address is not None or args.port is not None
    if resumed.by_code if resumed is not None else not direct:
        try:
            rendezvous = servers(args)
        except ServersError as error:
            return _fail("nardy host", str(error))
        return _play(_host_by_code(args, resumed, rendezvous))
    launch = _host_launch(args, address, resumed)
    problem = _listen_problem(launch)
    if problem is not None:
        return _fail("nardy host", problem)
    return _play(launch)


def _given_up(saved: NetworkMatch) -> str | None:
    """Give ``saved`` up for a new match (``--new``), kept as a record, which is said on
    standard output; why not, if its record could not be written (it then stays saved)."""
    from nardy_tui.play import give_up_network_match

    given_up, said = give_up_network_match(saved)
    if not given_up:
        return said
    print(said)
    return None


def _friend_goes_on(saved: NetworkMatch) -> str:
    if saved.by_code:
        return _("your friend types 'nardy join', with no code")
    return _("your friend joins with code {code}").format(code=saved.code)


def _host_launch(
    args: argparse.Namespace, address: str | None, resumed: NetworkMatch | None
) -> NetworkLaunch:
    """A new match, or the saved one with its code and, unless told otherwise, the address
    and port that the friend's join line names."""
    from nardy_tui.net import new_code

    code, port = new_code(), DEFAULT_PORT if args.port is None else args.port
    if resumed is not None:
        code = resumed.code
        if args.port is None and resumed.port:
            port = resumed.port
        if address is None:
            address = resumed.address
    return NetworkLaunch(
        hosting=True,
        code=code,
        address=address or "",
        port=port,
        points=args.points,
        resume=args.resume,
    )


def _host_by_code(
    args: argparse.Namespace, resumed: NetworkMatch | None, rendezvous: Rendezvous
) -> NetworkLaunch:
    """A match met by a code: the mailbox hands the code out once the game runs."""
    return NetworkLaunch(
        hosting=True,
        code="",
        points=args.points,
        resume=resumed is not None,
        rendezvous=rendezvous,
        code_words=args.code_words,
    )


def _listen_problem(launch: NetworkLaunch) -> str | None:
    """Why the host cannot listen on the address it was given, told before the game takes
    the terminal (every address, the default, is tried only by the game)."""
    from nardy_tui.net import cannot_listen, with_port

    problem = cannot_listen(launch.address, launch.port) if launch.address else None
    if problem is None:
        return None
    return _("cannot listen on {where}: {reason}").format(
        where=with_port(launch.address, launch.port), reason=problem
    )


def join_main(argv: Sequence[str]) -> int:
    from nardy_tui.net import AddressError, normalised, split_address

    parser = join_parser()
    args = parser.parse_args(argv)
    if args.code is None:
        return _join_by_code(parser, args)
    try:
        address, port = split_address(args.first, DEFAULT_PORT)
    except AddressError as error:
        parser.error(str(error))
    code = normalised(args.code)
    if code is None:
        parser.error(
            _("{code} is not a match code: it has 8 letters and digits, like k7m2-x9qp").format(
                code=args.code
            )
        )
    problem = _unfinished_joined(args, code, by_code=False)
    if problem is not None:
        return _fail("nardy join", problem)
    return _play(NetworkLaunch(hosting=False, code=code, address=address, port=port))


def _join_by_code(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``nardy join CODE``; ``nardy join`` alone takes up the saved match met by a code,
    or asks for the code (Tab completes it) at a terminal."""
    from nardy_tui.net import (
        NetworkSaveError,
        Role,
        ServersError,
        not_a_code,
        read_network_match,
        wormhole_code,
    )

    code = "" if args.first is None else wormhole_code(args.first)
    if code is None:
        direct = _(
            "for a host started with --direct, type its address first: nardy join "
            "ADDRESS[:PORT] CODE"
        )
        parser.error(f"{not_a_code(args.first)} ({direct})")
    problem = _unfinished_joined(args, code, by_code=True)
    if problem is not None:
        return _fail("nardy join", problem)
    try:
        rendezvous = servers(args)
        saved = None if code else read_network_match(Role.JOINER)
    except (ServersError, NetworkSaveError) as error:
        return _fail("nardy join", str(error))
    if not code and (saved is None or not saved.by_code):
        if not sys.stdin.isatty():
            return _fail(
                "nardy join",
                _("type the code your friend's screen shows, like: {example}").format(
                    example="nardy join 7-crossover-clockwork"
                ),
            )
        return _join_typed(rendezvous)
    return _play(NetworkLaunch(hosting=False, code=code, rendezvous=rendezvous))


def _unfinished_joined(args: argparse.Namespace, code: str, by_code: bool) -> str | None:
    """Why joining with ``code`` may not start: the match this machine joined is
    unfinished and another would take its place (told before meeting anyone, as 'nardy
    host' tells it). With ``--new`` it is given up, kept as a record."""
    from nardy_tui.net import NetworkSaveError, Role, joined_again, read_network_match

    try:
        saved = read_network_match(Role.JOINER)
    except NetworkSaveError as error:
        return str(error)
    if saved is None or joined_again(saved, code, by_code):
        return None
    if args.new:
        return _given_up(saved)
    return _(
        "a match you joined is unfinished: {goes_on} goes on with it, "
        "'nardy join --new CODE' joins another (that one is kept as a record)"
    ).format(goes_on=_joined_goes_on(saved))


def _joined_goes_on(saved: NetworkMatch) -> str:
    """What the joiner types to go on with ``saved``."""
    from nardy_tui.net import join_line

    if saved.by_code:
        return "'nardy join'"
    return f"'{join_line(saved.code, saved.address, saved.port)}'"


def _join_typed(rendezvous: Rendezvous) -> int:
    """Ask for the code, Tab completing its number and words."""
    from nardy_tui.net import WrongCode, typed_code

    try:
        code = typed_code(rendezvous, _("The code on your friend's screen (Tab completes it): "))
    except WrongCode as error:
        return _fail("nardy join", str(error))
    return _play(NetworkLaunch(hosting=False, code=code, rendezvous=rendezvous))


def servers(args: argparse.Namespace) -> Rendezvous:
    """The servers to meet at (``net.meeting_servers``); those given are remembered in
    the settings for the next time."""
    from nardy_tui.net import meeting_servers
    from nardy_tui.storage import load_settings, save_settings

    rendezvous = meeting_servers(args.mailbox, args.transit)
    if args.mailbox or args.transit:
        settings = load_settings()
        settings.mailbox = args.mailbox or settings.mailbox
        settings.transit = args.transit or settings.transit
        problem = save_settings(settings)
        if problem is not None:
            print(f"nardy: {problem}", file=sys.stderr)
    return rendezvous


def _play(launch: NetworkLaunch) -> int:
    from nardy_tui.ui import run_app

    return run_app(LaunchOptions(network=launch))


def verify_main(argv: Sequence[str]) -> int:
    from nardy_tui.net import kept_parts, verify_record
    from nardy_tui.storage import RecordError

    args = verify_parser().parse_args(argv)
    path = Path(args.file)
    try:
        verdict = verify_record(path.read_text(encoding="utf-8"), kept_parts())
    except (OSError, UnicodeDecodeError) as error:
        return _fail(
            "nardy verify",
            _("cannot read {path}: {reason}").format(
                path=path, reason=getattr(error, "strerror", None) or error
            ),
        )
    except RecordError as error:
        return _fail("nardy verify", str(error))
    if not verdict.holds:
        for problem in verdict.problems:
            print(f"{path}: {problem}")
        return 1
    print(
        _(
            "{path}: all {count} throws agree with the proof: each commitment matches its "
            "secret, the dice follow from the two secrets, and they are the dice the games "
            "were played with."
        ).format(path=path, count=verdict.throws)
    )
    print(_what_it_proves(verdict))
    return 0


def _what_it_proves(verdict: ProofCheck) -> str:
    """What a record that agrees with its proof shows, and what it does not: a record holds
    both secrets of every throw, so only the part this machine kept can vouch for a side."""
    if not verdict.mine:
        return _(
            "That shows the record agrees with itself, not that its two secrets came "
            "from two machines: whoever wrote it could have made up both. This machine "
            "kept no part of its own in this match (the record was made elsewhere, or "
            "before nardy kept one), so nothing here shows that the dice were fair."
        )
    return "\n".join(
        _(
            "This machine played {side} in this match, and the part it kept "
            "agrees: every secret of {side} is the one drawn from this machine's "
            "master secret, which never left it, and every commitment of {other} "
            "is the one received before this machine revealed its secret. So "
            "{other} was bound to its half of each throw before it saw the half "
            "of {side}, which was random: {other} could neither choose nor "
            "foresee these dice."
        ).format(side=side.name_shown, other=side.opponent.name_shown)
        for side in verdict.mine
    )


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: {message}", file=sys.stderr)
    return 1
