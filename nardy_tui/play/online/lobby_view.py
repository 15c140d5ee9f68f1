"""What the lobby screen shows, kept from a lobby client's news without a screen: this
player as the server welcomed them, who is online, the open seeks, the matches in play, the
line, and a challenge waiting for this player's answer. Its rows are plain words, for any
table; the screen only draws them and sends what the player chose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nardy_tui.i18n import _, ngettext
from nardy_tui.online import (
    BLITZ,
    RAPID,
    SLOW,
    Challenged,
    ClockRule,
    Ending,
    MatchesInPlay,
    MatchInPlay,
    MatchResult,
    OpenSeek,
    OpenSeeks,
    PlayerOnline,
    PlayersOnline,
    Welcome,
    name_key,
)
from nardy_tui.play.online.news import ClientNews, LineDown

LOBBY_CLOCKS: tuple[ClockRule | None, ...] = (None, BLITZ, RAPID, SLOW)
"""The clocks a player is offered for a seek or a challenge: none, and Backgammon Galaxy's
three paces."""


def clock_words(rule: ClockRule | None) -> str:
    """A clock rule as a player reads it: the delay, then the reserve for every point.

    >>> clock_words(RAPID), clock_words(SLOW), clock_words(None)
    ('10 s + 1 min a point', '15 s + 3 min a point', 'no clock')
    """
    if rule is None:
        return _("no clock")
    return _("{delay} + {reserve} a point").format(
        delay=seconds_words(rule.delay), reserve=seconds_words(rule.reserve_per_point)
    )


def seconds_words(seconds: int) -> str:
    """A number of seconds, short: whole minutes as minutes.

    >>> seconds_words(20), seconds_words(60), seconds_words(90)
    ('20 s', '1 min', '90 s')
    """
    if seconds >= 60 and seconds % 60 == 0:
        return _("{minutes} min").format(minutes=seconds // 60)
    return _("{seconds} s").format(seconds=seconds)


def points_words(points: int) -> str:
    return ngettext("{count} point", "{count} points", points).format(count=points)


def challenge_words(challenge: Challenged) -> str:
    """What a challenge offers, in one sentence for the question put to the player."""
    return _("{name} ({rating:.0f}) challenges you to a match to {points}, {clock}.").format(
        name=challenge.by,
        rating=challenge.rating,
        points=points_words(challenge.points),
        clock=clock_words(challenge.clock),
    )


def ending_words(result: MatchResult, winner: str) -> str:
    """Who won a lobby match and how (points, time or a resignation), in one sentence."""
    how = {
        Ending.POINTS: _("{winner} wins the match {white}-{black}."),
        Ending.TIME: _("{winner} wins the match on time ({white}-{black})."),
        Ending.RESIGNED: _("{winner} wins the match: the other resigned ({white}-{black})."),
    }[result.ending]
    return how.format(winner=winner, white=result.score[0], black=result.score[1])


def _name_shown(name: str, bot: bool) -> str:
    return _("{name} (bot)").format(name=name) if bot else name


@dataclass
class LobbyView:
    """The lobby as the server last told it, for the player ``me`` (None until welcomed)."""

    me: Welcome | None = None
    players: tuple[PlayerOnline, ...] = ()
    seeks: tuple[OpenSeek, ...] = ()
    matches: tuple[MatchInPlay, ...] = ()
    line_down: str = ""
    """Why the line is down, in words; "" while it is up."""
    challenges: list[Challenged] = field(default_factory=list)
    """Challenges to this player not yet answered, the oldest first (the server keeps one a
    player, but a new one may come before the player answered the last)."""

    def hear(self, news: ClientNews) -> bool:
        """Take the client's news in; whether what the lobby screen shows changed."""
        match news:
            case Welcome():
                self.me, self.line_down = news, ""
            case PlayersOnline(players):
                self.players = players
                self._update_my_rating()
            case OpenSeeks(seeks):
                self.seeks = seeks
            case MatchesInPlay(matches):
                self.matches = matches
            case LineDown(reason, retry_in):
                self.line_down = _(
                    "The line to the server is down: {reason}; trying again in {seconds:.0f} s."
                ).format(reason=reason, seconds=retry_in)
                self.challenges.clear()  # the server withdraws them when a player goes
            case Challenged():
                self.challenges = [c for c in self.challenges if c.by != news.by] + [news]
            case _:
                return False
        return True

    def _update_my_rating(self) -> None:
        """The players' list carries this player's rating after a match."""
        me = self.me
        if me is None:
            return
        for player in self.players:
            if name_key(player.name) == name_key(me.name):
                self.me = Welcome(me.name, player.rating, player.experience, me.bot)

    def is_me(self, name: str) -> bool:
        return self.me is not None and name_key(name) == name_key(self.me.name)

    @property
    def my_seek(self) -> OpenSeek | None:
        """This player's open seek (one at most)."""
        return next((seek for seek in self.seeks if self.is_me(seek.name)), None)

    def answered(self, challenge: Challenged) -> None:
        self.challenges = [c for c in self.challenges if c.id != challenge.id]

    # -- the rows ----------------------------------------------------------------------------

    def title(self, server: str) -> str:
        """The line over the lists: who this player is there, and the server."""
        if self.me is None:
            return _("Connecting to {server}…").format(server=server)
        return _("{name} · rating {rating:.0f} · {server}").format(
            name=self.me.name, rating=self.me.rating, server=server
        )

    def seek_rows(self) -> list[tuple[str, str, str, str]]:
        """Who seeks, their rating, the match's length and its clock."""
        return [
            (
                _name_shown(seek.name, seek.bot) + (_(" (yours)") if self.is_me(seek.name) else ""),
                f"{seek.rating:.0f}",
                points_words(seek.points),
                clock_words(seek.clock),
            )
            for seek in self.seeks
        ]

    def player_rows(self) -> list[tuple[str, str, str, str]]:
        """Who is online, their rating, their experience (points of matches played) and
        whether they play now; the strongest first."""
        return [
            (
                _name_shown(player.name, player.bot),
                f"{player.rating:.0f}",
                str(player.experience),
                _("playing") if player.playing else _("free"),
            )
            for player in self.players_by_rating
        ]

    @property
    def players_by_rating(self) -> list[PlayerOnline]:
        return sorted(self.players, key=lambda player: (-player.rating, name_key(player.name)))

    def match_rows(self) -> list[tuple[str, str, str, str]]:
        """Who plays whom, the score and the match's length, its clock."""
        return [
            (
                match.white,
                match.black,
                _("{white}-{black} of {points}").format(
                    white=match.score[0], black=match.score[1], points=match.points
                ),
                clock_words(match.clock),
            )
            for match in self.matches
        ]
