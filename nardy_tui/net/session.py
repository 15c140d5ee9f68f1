"""A network match's connection over its whole life: the host waits for its friend (and
for them again after a drop), the joiner reaches the host (and tries again after a drop),
either directly (``host``, ``join``) or by a short code through a rendezvous (``meet``).

The session knows nothing of the match: it hands every message to its ``Listener`` and
says when the line comes and goes. It runs in the event loop of the program that uses it
(the game's, under Textual), so the listener is called on that loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from nardy_tui.i18n import _, clause, ngettext
from nardy_tui.net.addresses import with_port
from nardy_tui.net.auth import Role
from nardy_tui.net.carrier import Carrier, LineClosed, Silent, StreamCarrier
from nardy_tui.net.gate import CodeGate
from nardy_tui.net.line import (
    PING_SECONDS,
    Line,
    Refused,
    Welcome,
    greet_host,
    greet_joiner,
    refuse_busy,
)
from nardy_tui.net.messages import MAX_LINE, Message, Ping, ProtocolError
from nardy_tui.options import Rendezvous

if TYPE_CHECKING:
    from nardy_tui.net.rendezvous import Met

RETRY_SECONDS = 2.0
"""How long the joiner waits before it tries to reach the host again."""
MOST_RETRY_SECONDS = 15.0
"""The longest a side waits between two tries of a mailbox server that is away."""
CONNECT_SECONDS = 10.0
WRONG_CODES = 5
"""How many wrong codes a new match's host takes before it gives its code up: each wrong
one is a stranger's guess (the friend has the code written down), and the code stays the
friend's until then, so a guesser gets this many tries in all, not one a second."""
WRONG_CODE_SECONDS = 5.0
"""How long the host waits after the first wrong code before it listens again, doubled
after each further one: a guess costs the guesser time, and the friend who holds the code
is met when the host comes back (the mailbox keeps the friend waiting there)."""
MEETING_ALONE_SECONDS = 10.0
"""How long (about) a side of a first meeting waits alone before it claims its code again,
and the host between its code and the code's spare row: a mailbox restarted without its
records forgets a claim while the side still waits (the friend would wait in another room),
and a friend who finds the code held by others waits along the spare row."""
CLOSE_SECONDS = 4.0
"""How long closing waits for the session's work to end: a meeting by a code lets its
code go at the mailbox first (a claim left there keeps the next meetings out a while).
Within the time a served game has to quit."""


@dataclass(frozen=True, slots=True)
class Backoff:
    """How long a side waits before it tries a mailbox server that was away again: a
    little at first (most outages are a restart), longer each time it is still away, so
    that a long outage is not met with a try every moment."""

    first: float = RETRY_SECONDS
    most: float = MOST_RETRY_SECONDS

    def after(self, tries: int) -> float:
        """The wait after ``tries`` tries in a row that found the server away (1 or more)."""
        return min(self.first * 2.0 ** (tries - 1), self.most)


class Listener(Protocol):
    """What hears of the line: the game's side of the session."""

    def connected(self, welcome: Welcome | None) -> None:
        """A line is up (the joiner hears what the host said of the match)."""

    def arrived(self, message: Message) -> None:
        """A message came, checked for its form (not for its sense)."""

    def lost(self, reason: str) -> None:
        """The line went down; the session tries again (joiner) or waits (host)."""

    def refused(self, reason: str) -> None:
        """The match cannot start (the host refused us, a wrong code, no mailbox to meet
        at), and the session has stopped."""

    def code_given(self, code: str) -> None:
        """Host, meeting by a code: the code the friend types."""

    def waiting(self) -> None:
        """Meeting by a code: the mailbox server answers again after trouble was told (or,
        a joiner's first meeting, nobody has come to the code yet): this side waits there
        for the other."""

    def turned_away(self, address: str, reason: str) -> None:
        """Host: a connection from ``address`` ("" where it cannot be told: met by a code)
        failed the handshake (the host goes on waiting); ``reason`` is a stranger's failed
        attempt, in words for the host."""

    def broken(self, reason: str) -> None:
        """The peer sent something that is not a message of ours: the session has stopped."""


class Session:
    """One side's connection for one match: ``key`` comes from the match's code when the
    two connect directly; meeting by a code, each introduction brings its own."""

    def __init__(
        self,
        role: Role,
        key: bytes,
        listener: Listener,
        points: int = 1,
        backoff: Backoff = Backoff(),
        taking_up: bool = False,
    ) -> None:
        self.role = role
        self.taking_up = taking_up
        """Whether this side takes up a saved match: ``--direct`` cannot go on with one
        met by a code, so a mailbox out of reach is not met with that advice."""
        self.key = key
        self.again: str | None = None
        """Meeting by a code: the code of the next introduction, once the first is done."""
        self.points = points
        """The match's length, which the host tells the joiner."""
        self.started: datetime | None = None
        """When the host started the match, which it tells the joiner too."""
        self.listener = listener
        self.line: Line | None = None
        self.served = False
        """Whether a line has been up in this program (meeting by a code: a mailbox
        that cannot be reached then is a line down, not a match that cannot start)."""
        self.stopped = False
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.gate = CodeGate()
        """Spaces out the code guesses of every connection to the host together."""
        self.wrong_code_seconds = WRONG_CODE_SECONDS
        """The first pause after a wrong code (tests make it short)."""
        self.wrong_codes = 0
        """Wrong codes tried at the code a new match's host gave its friend."""
        self.given: str | None = None
        """A new match's host: the code the mailbox gave, kept for the friend."""
        self.backoff = backoff
        """Meeting by a code: how long to wait between tries of a mailbox that is away."""
        self.first_alone_seconds = MEETING_ALONE_SECONDS
        """A first meeting: how long (at least) a side waits alone before it claims its
        code again (tests make it short)."""
        self.mailbox_seen = False
        """Whether the mailbox server answered once: a server away after that is waited
        for, not a match that cannot start."""
        self.troubled = False
        """Whether the mailbox server was told out of reach since it last answered."""
        self.code_words = 2
        """A new match's host: how many words the code the mailbox hands out has."""
        self.heard = False
        """Whether a message of the match (not a ping) came from the other side over a
        line: its game then kept the code of later meetings (it sends nothing before that
        save), and the host may from then on wait there alone."""

    @property
    def is_connected(self) -> bool:
        return self.line is not None

    def send(self, message: Message) -> None:
        """Send ``message`` if the line is up; if not, the next connection's sync sends
        again what the peer missed."""
        if self.line is not None:
            self.line.send(message)

    # -- the host --------------------------------------------------------------------------

    async def host(self, port: int, address: str = "") -> int:
        """Listen on ``port`` (0: any free one) and return the port listened on.

        Without an address the host listens on every interface, IPv4 and IPv6 alike; for
        port 0 a free port is found first, as each family would otherwise get its own.
        """
        if port == 0:
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            with socket.socket(family) as probe:
                probe.bind((address, 0))
                port = int(probe.getsockname()[1])
        self._server = await asyncio.start_server(
            self._welcome, address or None, port, limit=MAX_LINE
        )
        return port

    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self._greet_joiner(StreamCarrier(reader, writer), self.key)

    async def _greet_joiner(self, carrier: Carrier, key: bytes, again: str | None = None) -> None:
        """Prove ``key`` with whoever came on ``carrier`` and serve them until they go
        (``again``: the code of later meetings that a first meeting by a code gave)."""
        if self.stopped:
            refuse_busy(carrier)
            return
        try:
            line = await greet_joiner(carrier, key, self.points, self.gate, self.started)
        except (Refused, ProtocolError, LineClosed) as failed:
            carrier.close()
            self.listener.turned_away(carrier.where, _stranger_failed(failed))
            return
        if self.line is not None:
            # Only the friend knows the code: a friend who comes back while this side
            # still holds their old connection (cut, but not yet quiet long enough to
            # notice) is on the new one, and the old one is dead or soon will be.
            self.line.close()
        await self._serve(line, None, again)

    # -- the joiner ------------------------------------------------------------------------

    def join(self, address: str, port: int) -> None:
        """Reach the host in the background, and again whenever the line drops."""
        self._start(self._keep_joined(address, port))

    async def _keep_joined(self, address: str, port: int) -> None:
        while not self.stopped:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(address, port, limit=MAX_LINE), CONNECT_SECONDS
                )
            except (OSError, TimeoutError) as error:
                self.listener.lost(
                    _("cannot reach {where} ({reason})").format(
                        where=with_port(address, port), reason=_reason(error)
                    )
                )
                await asyncio.sleep(RETRY_SECONDS)
                continue
            await self._greet_host(StreamCarrier(reader, writer), self.key)
            if not self.stopped:
                await asyncio.sleep(RETRY_SECONDS)

    async def _greet_host(self, carrier: Carrier, key: bytes, again: str | None = None) -> None:
        """Prove ``key`` with the host on ``carrier`` and serve the line until it drops
        (``again`` as for ``_greet_joiner``)."""
        try:
            line, welcome = await greet_host(carrier, key)
        except Refused as refused:
            carrier.close()
            self._refused(str(refused))
            return
        except (ProtocolError, LineClosed) as failed:
            carrier.close()
            self.listener.lost(str(failed))
            return
        await self._serve(line, welcome, again)

    # -- both, by a code ------------------------------------------------------------------

    def meet(self, rendezvous: Rendezvous, code: str | None, code_words: int = 2) -> None:
        """Meet the other side through ``rendezvous`` in the background: with ``code``, or
        (the host, ``code`` None) with one of ``code_words`` words the mailbox hands out;
        again, with the code the first meeting gave (``again``), whenever the line drops."""
        self.code_words = code_words
        self._start(self._keep_meeting(rendezvous, code))

    async def _keep_meeting(self, rendezvous: Rendezvous, code: str | None) -> None:
        from nardy_tui.net.rendezvous import Crowded, NobodyCame, Unreachable, WrongCode

        away = 0  # tries in a row that found the mailbox server away
        aside = False  # whether the next try is at the other place (``_meet_once``)
        while not self.stopped:
            # Where this try goes: the first code (or its spare row), or the later ones.
            at_first = self.again is None or self._goes_back_to_first(aside)
            try:
                met, first = await self._meet_once(rendezvous, code, aside)
            except NobodyCame:
                # Claim the code again (a mailbox restarted without its records forgot
                # the claim); the host goes between two places (``_meet_once``).
                self.mailbox_seen = True
                if self.role is Role.JOINER and self.again is None:
                    self.listener.waiting()  # nobody at the code yet: said, once a while
                aside = self.role is Role.HOST and not aside
                away = 0
                continue
            except WrongCode as wrong:
                self.mailbox_seen = True
                away = 0
                if not at_first:
                    # The code of later meetings was not mistyped: its number is listed at
                    # the mailbox, and a stranger claimed it. Turn them away and meet again.
                    self._stranger_met(str(wrong))
                elif self.role is Role.JOINER:
                    self._refused(_("{reason}: check the code and try again").format(reason=wrong))
                    return
                elif not await self._wrong_code_tried(str(wrong), give_up=self.again is None):
                    return
                else:
                    continue  # at the friend's code still, after the pause
            except Unreachable as far:
                if self.served or self.mailbox_seen or (code is not None and code == self.again):
                    # A match under way waits for the server, however long it is away.
                    away += 1
                    wait = self.backoff.after(away)
                    self._trouble(_server_away(str(far)))
                    await asyncio.sleep(wait)
                    continue
                self._refused(_no_mailbox(str(far), self.taking_up, self.role))
                return
            except Crowded as crowded:
                self.mailbox_seen = True
                aside = not aside  # held by others: the other place next (``_meet_once``)
                self.listener.lost(_held_by_others() if at_first else str(crowded))
            except LineClosed as failed:
                self.mailbox_seen = True
                self.listener.lost(str(failed))
            else:
                self.mailbox_seen = True
                again = met.again if first else None
                if self.role is Role.HOST:
                    await self._greet_joiner(met.carrier, met.key, again)
                else:
                    await self._greet_host(met.carrier, met.key, again)
                # Once a handshake was done, every later meeting is at its code.
                code = self.again or code
                aside = False
            away = 0
            if not self.stopped:
                await asyncio.sleep(RETRY_SECONDS)

    async def _meet_once(
        self, rendezvous: Rendezvous, code: str | None, aside: bool
    ) -> tuple[Met, bool]:
        """One try at meeting, and whether it was a first meeting (whose code of later
        meetings both sides then keep). At the code of later meetings; else at the code
        typed or given, or (``aside``) along that code's spare row, waiting alone a while
        at most; the host's first try asks the mailbox for its code.

        A host that has not yet heard its friend since the first meeting goes between the
        code of later meetings and the first code (``aside``): the friend's game may have
        gone before it kept the later one (a crash just after the handshake), and then
        comes back only by the first."""
        from nardy_tui.net.codes import later_codes, spare_codes
        from nardy_tui.net.rendezvous import meet, meet_again, meet_in_row

        alone = self.first_alone_seconds  # a row's walk draws its own share of chance
        waited = alone * random.uniform(1.0, 1.5)
        first = code if code is not None and code != self.again else self.given
        role, reached = self.role, self._reached
        if code is not None and code == self.again:
            if not self._goes_back_to_first(True):  # it waits at the later codes alone
                return await meet_again(rendezvous, role, code, reached), False
            if not aside:
                return await meet_in_row(rendezvous, role, later_codes(code), alone, reached), False
            return await meet(rendezvous, role, first, alone_seconds=waited, reached=reached), True
        if aside and first is not None:
            return await meet_in_row(rendezvous, role, spare_codes(first), alone, reached), True
        met = await meet(
            rendezvous, role, first, self._code_given, waited, self.code_words, reached
        )
        return met, True

    def _trouble(self, reason: str) -> None:
        """The mailbox server out of reach, told; ``waiting`` follows once it answers (a
        relay out of reach is not over when the mailbox answers, and is told each try)."""
        self.troubled = True
        self.listener.lost(reason)

    def _reached(self) -> None:
        """The mailbox server answered: after trouble was told, this side says it waits."""
        self.mailbox_seen = True
        if self.troubled:
            self.troubled = False
            self.listener.waiting()

    def _code_given(self, code: str) -> None:
        self.given = code
        self.mailbox_seen = True
        self.listener.code_given(code)

    def _goes_back_to_first(self, aside: bool) -> bool:
        """Whether this host's try (``aside``) is at the first code though a handshake was
        done: it has not heard its friend since, whose game may not have kept the code of
        later meetings."""
        return aside and self.role is Role.HOST and not self.heard and self.given is not None

    async def _wrong_code_tried(self, reason: str, give_up: bool) -> bool:
        """A host met a wrong code at its first code: most likely a stranger guessing, as
        the friend has the code written down. Pause longer after each (the friend who comes
        meanwhile waits at the mailbox); False, with the match stopped in words, once
        ``WRONG_CODES`` were tried and ``give_up`` (a new match: guessing on would be a
        lottery for the friend's seat; a match under way only pauses)."""
        self.wrong_codes += 1
        if give_up and self.wrong_codes >= WRONG_CODES:
            self._refused(
                ngettext(
                    "someone tried a wrong code {count} time, so this code is given up "
                    "(nobody may go on guessing it); start the match again for a new code "
                    "and give it to your friend only",
                    "someone tried wrong codes {count} times, so this code is given up "
                    "(nobody may go on guessing it); start the match again for a new code "
                    "and give it to your friend only",
                    self.wrong_codes,
                ).format(count=self.wrong_codes)
            )
            return False
        self.listener.turned_away("", reason)
        await asyncio.sleep(self.wrong_code_seconds * 2 ** (self.wrong_codes - 1))
        return not self.stopped

    def _stranger_met(self, reason: str) -> None:
        """Someone other than the friend met us under the code of later meetings."""
        if self.role is Role.HOST:
            self.listener.turned_away("", reason)
        else:
            self.listener.lost(reason)

    def _refused(self, reason: str) -> None:
        self.stopped = True
        self.listener.refused(reason)

    # -- both ------------------------------------------------------------------------------

    async def _serve(self, line: Line, welcome: Welcome | None, again: str | None) -> None:
        """Read the line until it drops; ping it while it is quiet. The code of later
        meetings (``again``) is taken up only now, with the handshake done: a friend
        whose first connection died before it never kept that code, and is met again
        only at the first one."""
        if again is not None:
            self.again = again
        self.line = line
        self.served = True
        pinging = self._start(self._ping(line))
        self.listener.connected(welcome)
        try:
            while not self.stopped:
                message = await line.receive()
                if self.line is not line:
                    break  # a newer connection took the seat: nothing of this one counts
                self.heard = self.heard or not isinstance(message, Ping)
                self.listener.arrived(message)
        except LineClosed as closed:
            if not self.stopped and self.line is line:
                self.listener.lost(str(closed))
        except ProtocolError as bad:
            if self.line is line:
                self.stopped = True
                self.listener.broken(str(bad))
        finally:
            pinging.cancel()
            line.close()
            if self.line is line:
                self.line = None

    async def _ping(self, line: Line) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            line.send(Ping())

    def _start(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        """Stop for good: no more connections, the line closed, and a code claimed at the
        mailbox let go before this returns (a program may end right after)."""
        self.stopped = True
        if self.line is not None:
            self.line.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
        ending = [task for task in self._tasks if task is not asyncio.current_task()]
        for task in ending:
            task.cancel()
        if ending:
            await asyncio.wait(ending, timeout=CLOSE_SECONDS)


def _held_by_others() -> str:
    """The first code found held by two others at the mailbox: not an end, a detour."""
    return _(
        "the mailbox server says two others hold this code (a stranger, or an earlier try "
        "that did not end well); meeting your friend another way, with the same code"
    )


def _server_away(reason: str) -> str:
    """A mailbox server out of reach while a match waits for it: not an end, a wait (how
    long until the next try is not said: the words stay up until something changes)."""
    return _("{reason}; the match waits for it").format(reason=reason)


def _no_mailbox(reason: str, taking_up: bool, role: Role) -> str:
    """A meeting that cannot start for want of a mailbox server, and what can help: for a
    new match, meeting directly too (the host starts it so, the friend joins at the address
    it shows); a match taken up was met by a code, and only the servers (these when they
    are back, or the players' own) can meet it again."""
    if taking_up:
        return _(
            "{reason}. The match is saved: take it up again once the server can be "
            "reached, or meet through servers of your own (--mailbox, --transit)"
        ).format(reason=reason)
    if role is Role.JOINER:
        return _(
            "{reason}. Meeting by a code needs the internet (or your own servers: "
            "--mailbox, --transit); on a network of your own, your friend can host with "
            "'nardy host --direct' and you join at the address their screen shows"
        ).format(reason=reason)
    return _(
        "{reason}. Meeting by a code needs the internet (or your own "
        "servers: --mailbox, --transit); on a network of your own, "
        "'nardy host --direct' needs none"
    ).format(reason=reason)


def _stranger_failed(error: Exception) -> str:
    """A failed handshake in words for the host: a stranger that said nothing is not a
    friend gone quiet."""
    return _("nothing said in time") if isinstance(error, Silent) else str(error)


def _reason(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return _("no answer")
    if isinstance(error, ConnectionRefusedError):
        return _("nobody is listening there: is the host's game open?")
    return clause(getattr(error, "strerror", None) or error) or type(error).__name__
