"""The ``nardy`` command: play (the default), ``host``, ``join``, ``verify``, ``arena``,
``export``, ``replay``, ``review``, ``serve``, ``lobby-server``, ``online``.

Every mistake on the command line ends with one line and exit status 2 (argparse's
convention), whichever command made it; a failure while running, with 1; never a traceback.
Heavy modules (Textual, the bot) are imported only once needed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nardy_tui import __version__
from nardy_tui.cli.argparsing import OneLineParser, ids_as_values, speak_argparse
from nardy_tui.engine import MATCH_LENGTHS, Side
from nardy_tui.i18n import (
    LANGUAGES,
    UnknownLanguage,
    _,
    available_languages,
    language_from_environment,
    use_language,
)
from nardy_tui.memory import hold_collection
from nardy_tui.options import BOT_LEVELS, COLOR_WORDS, LaunchOptions, Level, MatchOptions, Mode


@dataclass(frozen=True, slots=True)
class Subcommand:
    """A ``nardy`` subcommand: the function that runs it, named by its module in
    ``nardy_tui.cli`` (imported only when that subcommand runs, so that starting the game
    loads none of them), and whether the expert may judge a position in it (its bear-off
    tables are then kept beside the settings)."""

    module: str
    function: str
    judges: bool = False

    def run(self, args: list[str]) -> int:
        module = importlib.import_module(f"nardy_tui.cli.{self.module}")
        command: Callable[[list[str]], int] = getattr(module, self.function)
        return command(args)


SUBCOMMANDS: dict[str, Subcommand] = {
    "analyze": Subcommand("analyze", "analyze_main", judges=True),
    "arena": Subcommand("arena", "main", judges=True),
    "export": Subcommand("export", "export_main"),
    "host": Subcommand("network", "host_main", judges=True),
    "join": Subcommand("network", "join_main", judges=True),
    "lobby-server": Subcommand("lobby_server", "lobby_server_main"),
    "online": Subcommand("online", "online_main"),
    "replay": Subcommand("replay", "replay_main"),
    "review": Subcommand("review", "review_main", judges=True),
    "serve": Subcommand("serve", "serve_main"),
    "verify": Subcommand("network", "verify_main"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="nardy",
        description=_(
            "Play Long Nardy in the terminal: two players at one keyboard, or "
            "against the built-in bot. Without options a new-match screen asks how "
            "to play."
        ),
        epilog=_(
            "Other commands: 'nardy host' opens a match for a friend on another "
            "machine and 'nardy join CODE' joins one, 'nardy verify RECORD' "
            "checks a network match's dice, 'nardy arena A B' plays bots against each "
            "other, 'nardy export [FILE]' writes the saved match as a text record, "
            "'nardy replay FILE' steps through a record, 'nardy review FILE' marks the "
            "mistakes in one, 'nardy analyze ID' analyses a position, 'nardy serve' "
            "puts the game on a web page for players with only a browser. Each has its "
            "own --help."
        )
        + " "
        + _("'nardy lobby-server' runs a lobby where players meet strangers for rated matches.")
        + " "
        + _(
            "'nardy online URL' opens a lobby's screen to play strangers; with --bot the "
            "bot plays there, with --ratings its ratings are shown."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=_("show the version of nardy and exit"),
    )
    parser.add_argument("command", nargs="?", help=argparse.SUPPRESS)
    who = parser.add_mutually_exclusive_group()
    who.add_argument(
        "--hot-seat", action="store_true", help=_("two people take turns at this keyboard")
    )
    who.add_argument(
        "--bot",
        choices=[level.value for level in BOT_LEVELS],
        metavar="LEVEL",
        help=_("play against the bot: easy, medium, hard or expert"),
    )
    parser.add_argument(
        "--color",
        choices=list(COLOR_WORDS),
        default=None,
        help=_("your colour against the bot: white, black or random"),
    )
    parser.add_argument(
        "--points",
        type=int,
        choices=MATCH_LENGTHS,
        default=None,
        help=_("match length in points: 1, 3, 5 or 7 (default 3)"),
    )
    parser.add_argument(
        "--seed", type=int, default=None, help=_("seed for the dice, to replay the same match")
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=_(
            "the language to play in: {languages} (default: the one chosen "
            "in the game, else the environment's)"
        ).format(languages=available_languages()),
    )
    parser.add_argument(
        "--position",
        metavar="ID",
        help=_(
            "practise from a position: one game from the position ID (the "
            "game shows it: palette, 'Copy position ID'), against the bot or "
            "with --hot-seat"
        ),
    )
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument(
        "--resume", action="store_true", help=_("resume the unfinished saved match without asking")
    )
    saved.add_argument(
        "--new",
        action="store_true",
        help=_(
            "start a new match even if one is saved (that one is given up, kept as a record: "
            "where is printed)"
        ),
    )
    return parser


def parse_launch(argv: Sequence[str]) -> LaunchOptions:
    """The launch options for ``argv``; argparse exits with status 2 on a mistake."""
    parser = build_parser()
    argv = ids_as_values(argv)
    command = parser.parse_known_args(argv)[0].command  # named first, before what follows it
    if command is not None:
        parser.error(_unknown_command(command))
    args = parser.parse_args(argv)
    if args.color is not None and args.hot_seat:
        parser.error(_("--color is for a match against the bot, not --hot-seat"))
    if args.position is not None:
        _check_practice(parser, args)
    chosen = (
        args.hot_seat
        or args.bot is not None
        or args.points is not None
        or args.color is not None
        or args.position is not None
    )
    match = None
    if chosen:
        match = MatchOptions(
            mode=Mode.HOT_SEAT if args.hot_seat else Mode.BOT,
            bot_level=Level.MEDIUM if args.bot is None else Level(args.bot),
            color=Side.WHITE if args.color is None else COLOR_WORDS[args.color],
            points=1 if args.position is not None else args.points or 3,
            seed=args.seed,
        )
    resume = True if args.resume else (False if args.new else None)
    return LaunchOptions(match=match, seed=args.seed, resume=resume, start=args.position)


def _unknown_command(word: str) -> str:
    """A word where the options are: a command of nardy's put after an option, or none."""
    if word in SUBCOMMANDS:
        first = _("the command '{command}' comes first, before any option: nardy {command} …")
        return first.format(command=word)
    return _("unknown command '{command}'; the commands are {commands}").format(
        command=word, commands=", ".join(SUBCOMMANDS)
    )


def _check_practice(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A practice game is one game from a position that the ID names (exit status 2)."""
    from nardy_tui.engine import Position

    if args.points not in (None, 1):
        parser.error(_("--position plays one game: --points is 1"))
    try:
        position = Position.from_id(args.position)
    except ValueError as error:
        parser.error(_("--position: {reason}").format(reason=error))
    if position.winner is not None:
        parser.error(_("--position: the game is already over in that position"))
    if args.resume:
        parser.error(_("--position starts a new game: it does not go with --resume"))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        code, args = _language_option(args)
        choose_language(code)
        speak_argparse()
    except UnknownLanguage as unknown:
        print(f"nardy: {unknown}", file=sys.stderr)
        return 2
    try:
        if args and args[0] in SUBCOMMANDS:
            subcommand = SUBCOMMANDS[args[0]]
            if subcommand.judges:
                _keep_tables_beside_settings()
            status = subcommand.run(args[1:])
            sys.stdout.flush()  # a reader that quit early shows here, not at exit
            return status
        launch = parse_launch(args)
        if (
            launch.match is not None
            and launch.match.mode is Mode.BOT
            and launch.match.bot_level is Level.EXPERT
        ):
            from nardy_tui.bot import expert_problem

            problem = expert_problem()
            if problem is not None:
                print(
                    _(
                        "nardy: {problem}; choose another level with --bot easy, medium or hard"
                    ).format(problem=problem),
                    file=sys.stderr,
                )
                return 1
        _keep_tables_beside_settings()
        hold_collection()  # until the first frame (nardy_tui.memory)
        from nardy_tui.ui import run_app

        return run_app(launch)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _reader_gone()


def _keep_tables_beside_settings() -> None:
    """The bot's bear-off database is kept in the data folder, beside the settings (or
    where ``NARDY_TABLES`` says), so it is solved once, not in every run."""
    from nardy_tui.bot import keep_tables_in
    from nardy_tui.storage import tables_dir

    keep_tables_in(tables_dir())


def _language_option(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` (or ``--lang=CODE``) taken out of ``args``, wherever it stands, so
    that it works before a subcommand and after, and the help is already in the language.

    >>> _language_option(["--lang", "ru", "review", "game.txt"])
    ('ru', ['review', 'game.txt'])
    >>> _language_option(["--bot", "hard"])
    (None, ['--bot', 'hard'])
    """
    rest: list[str] = []
    code: str | None = None
    items = iter(args)
    for arg in items:
        if arg == "--lang":
            code = next(items, "")
        elif arg.startswith("--lang="):
            code = arg.partition("=")[2]
        else:
            rest.append(arg)
    if code is not None and code not in LANGUAGES:
        raise UnknownLanguage(code)
    return code, rest


def choose_language(code: str | None) -> None:
    """Speak ``code`` if given (``--lang``), else the language chosen in the game and
    remembered, else the environment's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``).

    Lines printed by the command line stay in reading order: a terminal shows printed
    right-to-left text as its own bidi support does. Only the game's screen, which places
    every cell itself, puts them into visual order (its setting).
    """
    from nardy_tui.storage import load_settings

    settings = load_settings()
    use_language(code or settings.language or language_from_environment(), reorder_rtl=False)


def _reader_gone() -> int:
    """The output's reader quit early (``nardy arena ... | head``): stop quietly, as other
    commands do, instead of a traceback. Python would fail again flushing standard output
    at exit, so it is pointed at nothing first."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 141  # 128 + SIGPIPE, what a shell reports for a command ended by a closed pipe
