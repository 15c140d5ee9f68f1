"""A match with a friend on another machine, as this side plays it, without a screen.

``NetworkGame`` joins the pieces: the connection (``nardy_tui.net.Session``), the match and
its lockstep (``play.lockstep``) and the files (``play.NetworkSaver``). It hears the line
(it is the session's listener) and tells what came and how the line is as plain news
(``play.network_news``): to the ``post`` it is handed (the app's screens), and the news of
the match being played to its game screen once one ``follow``s it. It knows no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from nardy_tui.engine import Side
from nardy_tui.i18n import _, ended, ngettext
from nardy_tui.net import (
    Bye,
    NetworkMatch,
    Role,
    Session,
    Welcome,
    code_key,
    forget_network_match,
    join_line,
    joined_again,
    local_address,
    new_network_match,
    reach,
    read_network_match,
    with_port,
)
from nardy_tui.net import Message as LineMessage
from nardy_tui.options import MatchOptions, Mode, NetworkLaunch, Rendezvous
from nardy_tui.play.beginning import Begun, begin
from nardy_tui.play.lockstep import Lockstep, PeerBroke
from nardy_tui.play.match_files import NetworkSaver
from nardy_tui.play.network_news import (
    CannotStart,
    CodeGiven,
    GameNews,
    Joining,
    LineReport,
    MatchBroken,
    MatchReady,
    NetworkNews,
    PeerArrived,
    SaveFailed,
)

if TYPE_CHECKING:
    from collections.abc import Callable


class Page(Protocol):
    """The page a game served to a browser is played on (``ui.served.BrowserPage``)."""

    @property
    def address(self) -> str | None:
        """Its address, None if the server did not say it."""
        ...

    def join_link(self, code: str) -> str | None:
        """The link that opens a friend's game with ``code`` filled in."""
        ...


HOST_SIDE = Side.WHITE
"""The host plays White, the joiner Black (the roll-off still decides who moves first)."""


def side_of(role: Role) -> Side:
    """The side a role plays."""
    return HOST_SIDE if role is Role.HOST else HOST_SIDE.opponent


@dataclass
class Strangers:
    """The connections turned away at the host's door, as one notice kept up to date
    rather than one toast each (fifty strangers would bury the board)."""

    count: int = 0
    address: str = ""
    """Where the last one came from ("" where it cannot be told: met by a code)."""
    reason: str = ""
    """Why the last one was turned away."""

    def turned_away(self, address: str, reason: str) -> None:
        self.count += 1
        self.address, self.reason = address, reason

    def notice(self) -> str:
        if not self.address:
            return ngettext(
                "{count} try by someone else did not get in: {reason}.",
                "{count} tries by others did not get in, the last: {reason}.",
                self.count,
            ).format(count=self.count, reason=self.reason)
        return ngettext(
            "{count} connection from {address} did not get in: {reason}.",
            "{count} connections did not get in, the last from {address}: {reason}.",
            self.count,
        ).format(count=self.count, address=self.address, reason=self.reason)


class NetworkGame:
    """One side of a network match: the session's listener, which tells what is to be
    shown (``post``: the app's screens; ``follow``: the match's game screen)."""

    def __init__(
        self,
        launch: NetworkLaunch,
        saved: NetworkMatch | None,
        post: Callable[[NetworkNews], object],
        browser: Page | None = None,
    ) -> None:
        """``post``: where the news goes that changes screens, and the game's news while
        no game screen follows the match. ``browser``: the page this game is played on, if
        served to a browser (a friend is then invited by a link to it, not by a command to
        type)."""
        self.launch = launch
        self.browser = browser
        self.role = Role.HOST if launch.hosting else Role.JOINER
        self.saved = saved
        self._post = post
        self._game: Callable[[GameNews], object] | None = None
        """Where the game's news goes: the match's game screen, once one follows it."""
        self.lockstep: Lockstep | None = None
        self.saver: NetworkSaver
        """The match's files, made with the lockstep."""
        self.peer_left = False
        """The friend said they quit (the line's closing that follows is no news)."""
        self.trouble_said = False
        """Whether a failure to meet again since the friend quit was said aloud (the
        first is; later tries only update the side panel)."""
        self.line_up = True
        """Whether the line was up when last heard of: its going down is said aloud once
        (a joiner with a saved match starts as if it had been, to say it once too)."""
        self.strangers = Strangers()
        self.session = Session(
            self.role,
            b"" if launch.rendezvous else code_key(launch.code),
            self,
            points=saved.match.length if saved else launch.points,
            taking_up=saved is not None,
        )
        self.port = launch.port
        self.code = launch.code
        """The code the friend types: by a code, the host's is the mailbox's ("" until it
        has handed one out)."""

    @property
    def me(self) -> Side:
        return side_of(self.role)

    async def start(self) -> None:
        """Listen (host) or reach the host (joiner), and show what there is to show."""
        if self.launch.rendezvous is not None:
            self._meet(self.launch.rendezvous)
        elif self.role is Role.HOST:
            if self.saved is None:
                self.saved = new_network_match(
                    Role.HOST, self.launch.code, self.launch.points, port=self.launch.port
                )
            self.port = await self.session.host(self.launch.port, self.launch.address)
            self.saved.port = self.port
            self.saved.address = self.launch.address  # for --resume, with the port
            self.session.started = self.saved.match.started
            self._show_game()
            self._tell_waiting(up=False)
        else:
            self.session.join(self.launch.address, self.launch.port)
            if self.saved is not None:
                self._show_game()
                self._tell(_("Reaching the host…"), up=False)
            else:
                where = with_port(self.launch.address, self.launch.port)
                self._post(Joining(_("Joining the match at {where}…").format(where=where)))

    def _meet(self, rendezvous: Rendezvous) -> None:
        """Meet the friend by a code: the saved match's code of later meetings, or (a new
        match) the host's from the mailbox and the joiner's as typed."""
        saved = self.saved
        if self.role is Role.HOST and saved is None:
            saved = self.saved = new_network_match(Role.HOST, "", self.launch.points, by_code=True)
        if saved is not None and saved.code:
            self.session.again = saved.code
        code = saved.code if saved is not None else self.launch.code
        self.session.meet(rendezvous, code or None, self.launch.code_words)
        if saved is not None:
            self.session.started = saved.match.started
            self.code = saved.shown or self.code
            self._show_game()
            if self.role is Role.HOST:
                self._tell_waiting(up=False)
            else:
                self._tell(_("Reaching the host…"), up=False)
        else:
            self._post(Joining(_("Joining the match {code}…").format(code=self.launch.code)))

    def _tell_waiting(self, trouble: str = "", up: bool | None = None) -> None:
        """Tell what the host shows while it waits (``_waiting_words``): met by a code, the
        line the friend types is on a line of its own, in bold, to read out."""
        met_by_code = self.launch.rendezvous is not None and self.code
        bold = self.invitation(self.code) if met_by_code else ""
        self._tell(self._waiting_words(trouble), up=up, bold=bold)

    def _waiting_words(self, trouble: str = "") -> str:
        """What the host shows while it waits: the line the friend types, how far its
        address reaches, the ``trouble`` of the meeting if any, and the strangers turned
        away meanwhile."""
        if self.launch.rendezvous is not None:
            words = [self._code_words(copied=not trouble), trouble]
        else:
            shown = self.launch.address or local_address()
            words = [
                _("Waiting for your friend. On their machine:\n{line}").format(
                    line=join_line(self.launch.code, shown, self.port)
                ),
                reach(shown),
            ]
        if self.strangers.count:
            words.append(self.strangers.notice())
        return "\n".join(word for word in words if word)

    def invitation(self, code: str) -> str:
        """What the friend is given to join by ``code``: in a terminal the command to
        type, in a browser the link that opens their game with the code filled in (the
        code alone if the server did not say the page's address)."""
        if self.browser is None:
            return join_line(code)
        return self.browser.join_link(code) or code

    def _code_words(self, copied: bool = True) -> str:
        """The host's news while it waits for a friend met by a code; without the words
        that the line was copied (``copied`` False) where a trouble takes their place, so
        that all of it fits the status line."""
        assert self.saved is not None
        if self.saved.code and self.session.served:
            return _("Waiting for your friend to come back: no new code is needed.")
        if self.saved.code and self.browser is not None:
            return _("Waiting for your friend: their game finds this match again.")
        if self.saved.code:
            return _("Waiting for your friend: their 'nardy join' finds this match again.")
        if not self.code:
            return _("Asking the mailbox server for a code…")
        if self.browser is None and not copied:
            return _("Waiting for your friend. On their machine:\n{line}").format(
                line=f"    {join_line(self.code)}"
            )
        if self.browser is None:
            return _(
                "Waiting for your friend. On their machine:\n    {line}\n"
                "(copied, where the terminal lets it)"
            ).format(line=join_line(self.code))
        if self.browser.address is None:
            return _(
                "Waiting for your friend. Give them this code to type on their screen for a "
                "friend:\n    {code}"
            ).format(code=self.code)
        return _(
            "Waiting for your friend. Send them this link, which opens their game with the "
            "code {code} filled in:\n{link}\n(copied, where the browser lets it)"
        ).format(code=self.code, link=self.invitation(self.code))

    def how_to_go_on(self) -> str:
        """What to type later to take this match up again, for the quit dialog."""
        if self.launch.rendezvous is not None:
            if self.role is Role.HOST:
                return _(
                    "The match is not over. It is saved on both machines: 'nardy host "
                    "--resume' goes on with it, and your friend's 'nardy join' finds it "
                    "again, with no new code."
                )
            return _(
                "The match is not over. It is saved on both machines: 'nardy join' goes "
                "on with it, with no new code."
            )
        if self.role is Role.HOST:
            return _(
                "The match is not over. It is saved on both machines: 'nardy host "
                "--resume' goes on with it, and your friend joins again with the code "
                "{code}."
            ).format(code=self.launch.code)
        return _(
            "The match is not over. It is saved on both machines: '{line}' goes on with it."
        ).format(line=join_line(self.launch.code, self.launch.address, self.launch.port))

    def show_again(self) -> None:
        """The game screen made anew (in another language), on the same match (saved after
        every step)."""
        self._post(MatchReady())

    def _show_game(self) -> None:
        """The match saved from its first frame on, and its game screen asked for."""
        self._start_lockstep()
        self._keep()
        self._post(MatchReady())

    def _start_lockstep(self) -> None:
        """The match's lockstep and its files, made once the match is known."""
        saved = self.saved
        assert saved is not None
        if self.lockstep is None:
            self.lockstep = Lockstep(
                saved.match, self.me, saved.exchange, saved.dice, self.session.send
            )
            self.saver = NetworkSaver(saved, self.lockstep.events)

    def _keep(self) -> None:
        """Save the match, then let the lockstep send what the save holds (nothing, if it
        could not be written: it waits for the next save that succeeds)."""
        assert self.saved is not None and self.lockstep is not None
        problem = self.saver.save(self.saved.match, self.options)
        if problem is not None:
            self._post(SaveFailed(problem))
        self.lockstep.observe(saved=problem is None)

    @property
    def options(self) -> MatchOptions:
        """The match's options as the game screen knows them: you are this side's colour."""
        points = self.saved.match.length if self.saved is not None else self.launch.points
        return MatchOptions(mode=Mode.NETWORK, color=self.me, points=points)

    def begun(self) -> Begun:
        """The match set up as every match the app plays is (``play.begin``): the colour is
        this side's, the friend sits on the other machine. The match itself is the saved
        one, made by ``nardy_tui.net`` rather than ``begin``: its dice are thrown by both
        machines (a ``ScriptedDice`` fed by the exchange, kept with it in the save), and
        the network layer makes the same fresh match to replay a saved file into."""
        assert self.saved is not None
        return begin(self.options, self.saved.match)

    def _tell(self, news: str, said: bool = True, up: bool | None = None, bold: str = "") -> None:
        """Show ``news`` of the line; in the status line too if ``said``; ``up``: whether
        the line is up after it (None: as it was); ``bold``: a part of it shown in bold."""
        self._to_game(LineReport(news, said, up, bold))

    def follow(self, game: Callable[[GameNews], object]) -> None:
        """The match's game screen (``game``: how it hears) takes the game's news from now
        on, in place of any before it (the screen made again in another language)."""
        self._game = game

    def _to_game(self, news: GameNews) -> None:
        """The game's news to its game screen; while none follows the match, to the
        screens (the one joining shows the line's news; a match broken cannot start)."""
        if self._game is None:
            self._post(news)
        else:
            self._game(news)

    # -- the session's listener ------------------------------------------------------------

    def connected(self, welcome: Welcome | None) -> None:
        self.peer_left = False
        self.trouble_said = False
        self.line_up = True
        new_match = welcome is not None and self.saved is None
        if welcome is not None and self.saved is None:
            self.saved = new_network_match(
                Role.JOINER,
                self.session.again or self.launch.code,
                welcome.points,
                self.launch.address,
                self.launch.port,
                by_code=self.launch.rendezvous is not None,
                shown=self.launch.code if self.launch.rendezvous is not None else "",
            )
            if welcome.started is not None:
                self.saved.match.started = welcome.started  # one date on both records
            self._start_lockstep()
        elif (
            welcome is not None
            and self.saved is not None
            and welcome.points != self.saved.match.length
        ):
            self.broken(
                _("the host's match is to {theirs} points, the one saved here to {ours}.").format(
                    theirs=welcome.points, ours=self.saved.match.length
                )
            )
            return
        assert self.lockstep is not None and self.saved is not None
        if self.saved.by_code and self.session.again:
            self.saved.code = self.session.again  # in the save that the first message waits for
        self.lockstep.connected()
        self._keep()
        if new_match:
            self._post(MatchReady())
        self._tell(
            _("Your friend is here.") if self.role is Role.HOST else _("Connected to the host."),
            up=True,
        )

    def arrived(self, message: LineMessage) -> None:
        """Into the lockstep, kept at once if it changed what the save holds (a commitment
        must outlive this process), then the game screen takes what it asks for."""
        if self.lockstep is None:
            return
        self.peer_left = isinstance(message, Bye)
        try:
            self.lockstep.arrived(message)
        except PeerBroke as broken:
            self.broken(str(broken))
            return
        if self.lockstep.unsaved:
            self._keep()
        self._to_game(PeerArrived())

    def lost(self, reason: str) -> None:
        """The line is down: said in the status line when it goes down; the tries to
        meet again (and the joiner's to reach the host) only update the side panel."""
        if self.peer_left:
            self._lost_after_bye(reason)
            return
        said, self.line_up = self.line_up, False
        if self._never_met():
            # A new match's host keeps its code in view: the friend may not have it yet.
            trouble = _("For now: {reason}; trying again…").format(reason=reason)
            self._tell_waiting(trouble, up=False)
        elif self.role is Role.HOST:
            self._tell(
                _(
                    "The line to your friend is down: {reason} The match is saved; "
                    "it goes on when they join again."
                ).format(reason=ended(reason)),
                said,
                up=False,
            )
        elif self.saved is None:
            self._tell(_("{reason}; trying again…").format(reason=reason), up=False)
        else:
            self._tell(
                _(
                    "The line to the host is down: {reason} The match is saved; trying again…"
                ).format(reason=ended(reason)),
                said,
                up=False,
            )

    def _lost_after_bye(self, reason: str) -> None:
        """The friend said they quit: the line's closing that follows is no news (the
        screen says they left), but every failure of the meetings after it is: a mailbox
        or relay out of reach would otherwise hide behind "they left", and the player
        would wait for a friend who cannot get through."""
        if self.line_up:
            self.line_up = False  # the closing the friend's goodbye announced
            return
        said, self.trouble_said = not self.trouble_said, True
        self._tell(
            _(
                "Your friend has left; the match is saved on both machines and goes on "
                "when they join again. Meeting them again: {reason}"
            ).format(reason=ended(reason)),
            said,
            up=False,
        )

    def refused(self, reason: str) -> None:
        self._post(CannotStart(reason))

    def _never_met(self) -> bool:
        """Whether this is a new match's host whose friend has not come yet (met by a code:
        its screen shows the code to give them)."""
        return (
            self.role is Role.HOST
            and self.launch.rendezvous is not None
            and not self.session.served
            and not (self.saved is not None and self.saved.code)
        )

    def waiting(self) -> None:
        """The mailbox server answers again after trouble (or nobody has come yet to the
        code this joiner typed): say what this side waits for, in place of the trouble."""
        if self.peer_left:
            self._tell(
                _(
                    "Your friend has left; the match is saved on both machines. "
                    "It goes on when they join again."
                ),
                up=False,
            )
        elif self.role is Role.HOST:
            self._tell_waiting(up=False)
        elif self.saved is None:
            self._tell(
                _(
                    "Waiting for the host at the code {code}: is their game open, and is "
                    "the code the one their screen shows?"
                ).format(code=self.launch.code),
                up=False,
            )
        else:
            self._tell(_("Reaching the host…"), up=False)

    def code_given(self, code: str) -> None:
        """The mailbox's code for the friend: shown, and offered for copying."""
        self.code = code
        if self.saved is not None:
            self.saved.shown = code
        self._post(CodeGiven(self.invitation(code)))
        self._tell_waiting()

    def turned_away(self, address: str, reason: str) -> None:
        self.strangers.turned_away(address, reason)
        self._tell_waiting()

    def broken(self, reason: str) -> None:
        self._to_game(MatchBroken(reason))

    async def give_up(self) -> None:
        """Leave the match for another one in this app: as quitting does, and a host whose
        friend never came (no code of later meetings yet) has nothing to take up, and
        forgets its save."""
        saved = self.saved
        if self.role is Role.HOST and saved is not None and saved.by_code and not saved.code:
            forget_network_match(Role.HOST)
        await self.leave()

    async def leave(self) -> None:
        """The player quits: tell the friend (the match stays saved on both sides). The
        goodbye is the one message not held for a save: it holds nothing of the match, and
        a save now would write again the match a host's ``give_up`` has just forgotten."""
        self.session.send(Bye())
        await self.session.close()


def resumable(launch: NetworkLaunch) -> NetworkMatch | None:
    """The saved network match this launch takes up, if any: the host's with
    ``--resume``, the joiner's when its code is the one given."""
    role = Role.HOST if launch.hosting else Role.JOINER
    saved = read_network_match(role)
    if saved is None:
        return None
    if launch.hosting:
        return saved if launch.resume else None
    return saved if joined_again(saved, launch.code, launch.rendezvous is not None) else None
