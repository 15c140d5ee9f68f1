"""``nardy online``: a lobby server. Without more, the game opens on its lobby screen (the
server and the name last used offered when not given); the built-in bot plays there under
a name with no screen (``--bot LEVEL --name NAME``), or the rating list is shown
(``--ratings``).

A mistake is one line on stderr: exit status 2 for the options, 1 for what the server or
the machine refuses (a server that does not answer, a name refused, no data folder).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.engine import MARS, MATCH_LENGTHS, Match
from nardy_tui.i18n import _, clause
from nardy_tui.online import (
    MAX_NEWS_BYTES,
    Accept,
    Ending,
    ErrorCode,
    MatchBegins,
    MatchResult,
    OpenSeek,
    OpenSeeks,
    RatingList,
    Refusal,
    Seek,
    WireError,
    name_key,
    name_problem,
    read_news,
)
from nardy_tui.options import Level
from nardy_tui.storage import data_dir, data_dir_problem

if TYPE_CHECKING:
    from nardy_tui.net import ResignationOffer
    from nardy_tui.play import Chooser, ClientNews, LobbyClient, LobbyMatch

PROG = "nardy online"
BOT_LEVELS = [Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT]
SCHEMES = {"ws": "http", "wss": "https"}
"""A lobby's WebSocket schemes, each with the scheme of the same server's web pages."""
HTTP_SECONDS = 15.0
"""How long the rating list may take to come."""
MOST_RATINGS = 100


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Play strangers on a lobby server: its lobby opens in the game. Or have the "
            "built-in bot play there, or show its ratings."
        ),
    )
    parser.add_argument(
        "url",
        metavar="URL",
        nargs="?",
        default="",
        help=_("the lobby's address: ws://host:port/ws or wss://… (default: the last one used)"),
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--bot",
        metavar="LEVEL",
        choices=[level.value for level in BOT_LEVELS],
        help=_("the bot plays there: easy, medium, hard or expert"),
    )
    what.add_argument("--ratings", action="store_true", help=_("show the rating list"))
    parser.add_argument(
        "--name",
        default="",
        help=_("your name (or the bot's) on the lobby, registered the first time"),
    )
    parser.add_argument(
        "--points",
        type=int,
        default=1,
        choices=MATCH_LENGTHS,
        help=_("match length in points: 1, 3, 5 or 7 (default 1)"),
    )
    parser.add_argument(
        "--games",
        type=int,
        default=1,
        metavar="N",
        help=_("how many matches to play (default 1; 0: until Ctrl+C)"),
    )
    parser.add_argument("--json", action="store_true", help=_("the rating list as JSON"))
    return parser


def online_main(argv: Sequence[str]) -> int:
    """Play or show the ratings; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.url and urllib.parse.urlsplit(args.url).scheme not in SCHEMES:
        parser.error(_("a lobby's address begins with ws:// or wss://"))
    if args.name:
        problem = name_problem(args.name)
        if problem is not None:
            parser.error(problem)
    if args.bot is None and not args.ratings:
        return _open_lobby(args.url, args.name)
    if not args.url:
        parser.error(_("--bot and --ratings need the lobby's address: nardy online URL …"))
    if args.ratings:
        return _show_ratings(args.url, args.json)
    if not args.name:
        parser.error(_("the bot plays under a name: --name NAME"))
    if args.games < 0:
        parser.error(_("--games is a number of matches, 0 for no end"))
    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    bot = Level(args.bot)
    with contextlib.suppress(KeyboardInterrupt):
        reason = asyncio.run(
            bot_plays(args.url, args.name, bot, args.points, args.games, data_dir())
        )
        if reason is not None:
            return _fail(reason)
    return 0


def _open_lobby(url: str, name: str) -> int:
    """The game, on the lobby screen of the server at ``url`` as ``name`` (either asked
    for first when not given and not remembered)."""
    from nardy_tui.options import LaunchOptions, OnlineLaunch
    from nardy_tui.ui import run_app

    problem = data_dir_problem()
    if problem is not None:
        return _fail(problem)
    return run_app(LaunchOptions(online=OnlineLaunch(url, name)))


def _fail(text: str) -> int:
    print(f"{PROG}: {text}", file=sys.stderr)
    return 1


# -- the rating list ----------------------------------------------------------------------


def ratings_address(url: str) -> str:
    """The address of the rating list on the server whose WebSocket is at ``url``: the
    same host, its web scheme, ``ratings`` beside ``ws``.

    >>> ratings_address("wss://lobby.example/nardy/ws")
    'https://lobby.example/nardy/ratings?first=0&count=100'
    """
    parts = urllib.parse.urlsplit(url)
    folder = parts.path.rsplit("/", 1)[0] if parts.path.endswith("/ws") else parts.path
    query = urllib.parse.urlencode({"first": 0, "count": MOST_RATINGS})
    return urllib.parse.urlunsplit(
        (SCHEMES[parts.scheme], parts.netloc, f"{folder.rstrip('/')}/ratings", query, "")
    )


def _show_ratings(url: str, as_json: bool) -> int:
    address = ratings_address(url)
    try:
        with urllib.request.urlopen(address, timeout=HTTP_SECONDS) as answer:
            ratings = read_news(answer.read(MAX_NEWS_BYTES + 1))
        if not isinstance(ratings, RatingList):
            raise WireError(ErrorCode.BAD_MESSAGE, _("the answer is not a rating list"))
    except (OSError, ValueError) as error:  # URLError and WireError among them
        reason = error.reason if isinstance(error, urllib.error.URLError) else error
        return _fail(
            _("no rating list at {address} ({reason})").format(
                address=address, reason=clause(reason)
            )
        )
    print(json.dumps(asdict(ratings), indent=1) if as_json else rating_table(ratings))
    return 0


def rating_table(ratings: RatingList) -> str:
    """The rating list as a table, one player a line (a program marked as one)."""
    header = (_("Place"), _("Name"), _("Rating"), _("Matches"), _("Experience"))
    rows = [
        (
            str(ratings.first + place),
            player.name + (" " + _("(bot)") if player.bot else ""),
            f"{player.rating:.2f}",
            str(player.matches),
            str(player.experience),
        )
        for place, player in enumerate(ratings.players, start=1)
    ]
    if not rows:
        return _("Nobody has played on this lobby yet.")
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(5)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    )


# -- the bot --------------------------------------------------------------------------------


async def bot_plays(
    url: str,
    name: str,
    level: Level,
    points: int,
    games: int,
    folder: Path,
    say: Callable[[str], object] = print,
) -> str | None:
    """The bot of ``level`` plays ``games`` matches to ``points`` (0: until cancelled) on
    the lobby at ``url`` as ``name``, saying each result (``say``); why it could not go on,
    or None."""
    from nardy_tui.play import LobbyClient, load_bot

    seat = LobbyBot(name, load_bot(level, seed=0), points, games, say)
    client = LobbyClient(url, name, folder, seat.hear, bot=True)
    seat.client = client
    await client.run()
    return seat.stopped_by


class LobbyBot:
    """The bot at a lobby: takes an open seek of its match length, else offers one, plays
    the match, and says its result; then the next, until it has played its matches."""

    def __init__(
        self, name: str, bot: Chooser, points: int, games: int, say: Callable[[str], object]
    ) -> None:
        self.client: LobbyClient | None = None
        self.name = name
        self.bot = bot
        self.points = points
        self.games_left = games if games > 0 else None
        self.say = say
        self.seeks: tuple[OpenSeek, ...] = ()
        self.accepting: str | None = None
        """The seek the bot accepted, until the match starts or the server refuses."""
        self.offered = False
        """The bot offered a seek (it may not be listed yet)."""
        self.playing: MatchBegins | None = None
        """The match the bot plays (or played last)."""
        self.stopped_by: str | None = None
        self.playing_on: asyncio.Task[None] | None = None
        """The bot playing its match on, while it does (``_wake``)."""

    def hear(self, news: ClientNews) -> None:
        from nardy_tui.play import (
            ClientStopped,
            LineDown,
            MatchJoined,
            MatchStopped,
            OpponentSent,
        )

        if isinstance(news, OpenSeeks):
            self.seeks = news.seeks
            self._find_a_match()
        elif isinstance(news, MatchJoined | OpponentSent):
            self.accepting, self.offered = None, False
            self.playing = news.match.begins
            self._wake(news.match)
        elif isinstance(news, MatchResult):
            self._finished(news)
        elif isinstance(news, Refusal):  # a seek taken by someone else first, say
            self.seeks = tuple(seek for seek in self.seeks if seek.id != self.accepting)
            self.accepting = None
            self._find_a_match()
        elif isinstance(news, LineDown):
            self.accepting, self.offered = None, False
            print(
                _("{name}: the line is down ({reason}); trying again in {seconds:.0f} s").format(
                    name=self.name, reason=clause(news.reason), seconds=news.retry_in
                ),
                file=sys.stderr,
            )
        elif isinstance(news, MatchStopped):
            print(_("{name}: {reason}").format(name=self.name, reason=news.reason), file=sys.stderr)
            self._find_a_match()
        elif isinstance(news, ClientStopped):
            self.stopped_by = news.reason

    def _wake(self, match: LobbyMatch) -> None:
        """Play on in ``match`` now that something came, unless the bot is already at it
        (it looks again at all that came once its play is chosen)."""
        if self.playing_on is None or self.playing_on.done():
            self.playing_on = asyncio.get_running_loop().create_task(self._play_on(match))

    async def _play_on(self, match: LobbyMatch) -> None:
        """Everything the bot can do in ``match`` until it waits for the opponent: its
        plays are chosen in a thread, so that the line (its pings, the clock's news) is
        heard while the bot thinks."""
        from nardy_tui.bot import stakes_at
        from nardy_tui.play import Duty

        client = self.client
        assert client is not None
        while client.matches.get(match.id) is match:
            match.take_all()
            duty = match.duty()
            if duty is Duty.ROLL:
                match.roll()
            elif duty is Duty.ANSWER:
                offer = match.lockstep.offer
                assert offer is not None
                match.answer_resignation(accepts_resignation(match.match, offer))
            elif duty is Duty.NEXT_GAME:
                match.next_game()
            elif duty is Duty.MOVE:
                turn = match.match.turn
                assert turn is not None
                stakes = stakes_at(match.match, turn.position.turn)
                play = await asyncio.to_thread(self.bot.choose, turn.position, turn.dice, stakes)
                if client.matches.get(match.id) is match and match.match.turn is turn:
                    match.play(play)
            else:
                return

    def _find_a_match(self) -> None:
        """Accept another's open seek of the bot's match length, else offer one, unless
        the bot plays, waits for an answer, or has played its matches. A bot whose seek is
        open still takes another's: two bots that came at once would otherwise wait for
        each other for ever."""
        client = self.client
        assert client is not None
        if client.matches or self.accepting is not None or self.games_left == 0:
            return
        fitting = [seek for seek in self.seeks if seek.points == self.points]
        others = [seek for seek in fitting if name_key(seek.name) != name_key(self.name)]
        if others:
            self.accepting = others[0].id
            client.send(Accept(others[0].id))
        elif not self.offered and len(others) == len(fitting):
            self.offered = True
            client.send(Seek(self.points, None))

    def _finished(self, result: MatchResult) -> None:
        client = self.client
        assert client is not None
        if self.playing is None or self.playing.id != result.match:
            return  # not the bot's match: it never hears another's
        self.say(result_line(result, self.playing))
        if self.games_left is not None:
            self.games_left -= 1
            if self.games_left == 0:
                asyncio.get_running_loop().create_task(client.close())
                return
        self._find_a_match()


def accepts_resignation(match: Match, offer: ResignationOffer) -> bool:
    """Whether the bot takes the opponent's offer to give up the game: when the stake is
    the most the bot could win of the game, so that taking it never scores less than
    playing on (no evaluation needed): a mars always, a single game once the opponent has
    borne off a checker (no mars is left to win). The match's score is not weighed.

    >>> from nardy_tui.engine import Side
    >>> from nardy_tui.net import ResignationOffer
    >>> opening = Match(3)
    >>> [accepts_resignation(opening, ResignationOffer(Side.WHITE, 1, 0, points))
    ...  for points in (1, 2)]
    [False, True]
    """
    return offer.points == MARS or match.position.borne_off(offer.side) > 0


def result_line(result: MatchResult, match: MatchBegins) -> str:
    """One line for the end of ``match``: the players, the score, why it ended, the
    ratings.

    >>> from nardy_tui.engine import Side
    >>> print(result_line(
    ...     MatchResult(
    ...         "m1", Side.WHITE, (1, 0), Ending.POINTS,
    ...         (("anna", 1500.0, 1510.0), ("boris", 1500.0, 1490.0)),
    ...     ),
    ...     MatchBegins("m1", "anna", "boris", 1, None, Side.BLACK),
    ... ))
    m1: anna 1-0 boris (points); ratings: anna 1500.00 -> 1510.00, boris 1500.00 -> 1490.00
    """
    why = {Ending.POINTS: _("points"), Ending.TIME: _("time"), Ending.RESIGNED: _("resigned")}
    moves = ", ".join(
        f"{name} {before:.2f} -> {after:.2f}" for name, before, after in result.ratings
    )
    return _("{match}: {white} {score} {black} ({why}); ratings: {moves}").format(
        match=result.match,
        white=match.white,
        black=match.black,
        score=f"{result.score[0]}-{result.score[1]}",
        why=why[result.ending],
        moves=moves,
    )
