"""Meeting a friend by a short code, on magic-wormhole: its mailbox server introduces the
two programs and runs SPAKE2 on the code, and its transit layer then connects them, directly
where it can and through a transit relay where it cannot.

What it offers is asyncio (``meet`` and the ``TransitCarrier`` it returns, ``transit``);
the meetings themselves run in Twisted's reactor, on which magic-wormhole runs, in a thread
of its own (``twisted_thread``). The codes are drawn and read in ``codes``.

A code is good for one introduction. The first one also gives both sides the code of every
later one (``Met.again``, drawn from the key SPAKE2 agreed), which both keep in their saves:
a line that is cut, or a match taken up after both programs were closed, meets again through
the same servers without a new code (``meet_again``). That code is long and random, so it
cannot be guessed at the mailbox.

A program killed while it waits at the mailbox leaves its claim there, and the mailbox keeps
it for a quarter of an hour after anyone last tried that code: the next side to come gets
the dead side's first message and never a proof, and the side after it is refused as one
too many ("crowded"). So a later meeting has a short row of codes, all drawn from the code
of later meetings (``later_codes``), and both sides go the same way along it: past every
code the mailbox refuses as crowded, waiting at the first it takes; a side whose other side
proves nothing in time lets that code go (it is crowded from then on), and a side that
waited alone a while walks the row again from the start, so that two sides that came to
different codes (one freed in between) find each other.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nardy_tui.i18n import _, clause
from nardy_tui.net.addresses import split_address
from nardy_tui.net.auth import Role
from nardy_tui.net.carrier import LineClosed, silent
from nardy_tui.net.codes import again_code, later_codes
from nardy_tui.net.messages import PROTOCOL_VERSION
from nardy_tui.net.transit import TransitCarrier, bound_records
from nardy_tui.net.twisted_thread import LET_GO_SECONDS, Reactor, call_soon
from nardy_tui.options import Rendezvous

APP_ID = "nardy-tui/long-nardy/network-match"
"""Our own application id: the mailbox keeps our codes apart from every other program's."""
DEFAULT_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
"""The mailbox server the magic-wormhole project runs for everyone."""
DEFAULT_TRANSIT = "transit.magic-wormhole.io:4001"
"""The transit relay the magic-wormhole project runs for everyone."""
LINE_PURPOSE = "nardy line key"
TRANSIT_PURPOSE = "nardy transit key"
AGAIN_PURPOSE = "nardy meet again"
KEY_BYTES = 32
MAX_HINTS = 16
"""The most ways to reach the other side that are tried, relays' ways included."""
HINTS_SECONDS = 30.0
"""How long the other side may take to say how to reach it, once the code is proved: a
side that proved the code and then stopped (a crash, a cut line) must not hold this one
waiting for ever, as the next meeting would then never be tried."""
MAX_HINTS_BYTES = 16_384
PROVE_SECONDS = 10.0
"""How long the other side may take to prove the code once its key is known. The friend's
program proves it at once (its first sealed message follows its key); a side killed while it
waited left only its key's half in the mailbox, from which a key comes that nothing proves,
so that meeting is given up instead of waited for for ever."""
ALONE_SECONDS = 30.0
"""How long (at least) a side waits alone at one of the codes of a later meeting before it
lets that code go and walks the row again from its first: a code below it may have been
freed since (the mailbox forgets a dead claim), and the friend may be waiting there."""
FIRST_ALONE_SECONDS = 5.0
"""The same, the first time: it doubles with each walk up to ``ALONE_SECONDS``. Two sides
that come to a dead claim's code at the same moment may leave one of them shut in there,
hearing nothing (the mailbox refused the other as crowded, and then refuses it too); it is
let out when it walks again."""
RELAY_SECONDS = 5.0
"""How long a look at the transit relay may take, once no connection came of the hints:
a relay that does not answer in that time is said to be out of reach."""


class WrongCode(ConnectionError):
    """The two sides did not type the same code."""


class Unreachable(ConnectionError):
    """The mailbox server cannot be reached (offline, blocked, or down)."""


class HeldBefore(LineClosed):
    """A code of later meetings held by a meeting before this one that ended without a
    goodbye (a program killed while it waited, most likely this side's own): a key came,
    and no proof after it. The walk goes on to the next code."""


class Crowded(LineClosed):
    """The mailbox refused the code as one claim too many: two others hold it, or held it
    and one of them never let it go (a program killed while it waited)."""


class NobodyCame(Exception):
    """Nobody came to the code in the time given (waiting alone is no failure)."""


def typed_code(rendezvous: Rendezvous, prompt: str) -> str:
    """Ask for the code at the terminal, before the game takes it: Tab completes the
    nameplates the mailbox lists and the words of the code (magic-wormhole's input
    helper, on readline). The wormhole opened for it waits for the meeting with that code
    (``meet``); ``WrongCode`` for one that cannot be a code."""
    reactor = Reactor.running()
    typed: concurrent.futures.Future[str] = concurrent.futures.Future()

    async def ask() -> None:
        import wormhole
        from wormhole.errors import KeyFormatError

        hole = _new_wormhole(reactor, rendezvous)
        try:
            await wormhole.input_with_completion(prompt, hole.input_code(), reactor.reactor)
            code = await hole.get_code()
        except Exception as error:  # the prompt's thread waits for an answer either way
            hole.close().addErrback(lambda failure: None)  # lonely: nobody met
            typed.set_exception(
                WrongCode(str(error)) if isinstance(error, KeyFormatError) else error
            )
            return
        _typed[code] = hole
        typed.set_result(code)

    reactor.call(reactor.spawn, ask)
    return typed.result()


_typed: dict[str, Any] = {}
"""The wormholes of codes typed at the prompt, by code (in the reactor's thread only)."""


def _new_wormhole(reactor: Reactor, rendezvous: Rendezvous) -> Any:
    import wormhole

    return wormhole.create(
        APP_ID, rendezvous.mailbox, reactor.reactor, versions={"nardy": PROTOCOL_VERSION}
    )


@dataclass(frozen=True, slots=True)
class Met:
    """An introduction done: the connection, the key its line is sealed with (fresh each
    time) and a code for later introductions, drawn from this one's key (a session keeps
    that of its first)."""

    carrier: TransitCarrier
    key: bytes
    again: str


async def meet(
    rendezvous: Rendezvous,
    role: Role,
    code: str | None,
    show_code: Callable[[str], None] = lambda code: None,
    alone_seconds: float | None = None,
    code_words: int = 2,
    reached: Callable[[], None] = lambda: None,
) -> Met:
    """Meet the other side: with ``code``, or (``code`` None, the host) with one of
    ``code_words`` words the mailbox hands out, told to ``show_code`` as soon as it is
    known; ``reached`` is told when the mailbox server answers.

    ``WrongCode`` when the other side typed another code, ``Unreachable`` without a
    mailbox, ``Crowded`` when two others hold the code, ``NobodyCame`` when nobody came
    within ``alone_seconds`` (None: no limit), ``LineClosed`` (in words) when the
    connection could not be made.
    """
    reactor = Reactor.running()
    loop = asyncio.get_running_loop()
    shown = functools.partial(call_soon, loop, show_code)
    answered = functools.partial(call_soon, loop, reached)
    return await _met(
        reactor,
        lambda: _meet(reactor, rendezvous, role, code, shown, alone_seconds, code_words, answered),
    )


async def meet_in_row(
    rendezvous: Rendezvous,
    role: Role,
    codes: list[str],
    alone_seconds: float,
    reached: Callable[[], None] = lambda: None,
) -> Met:
    """Meet the other side at the first of ``codes`` the mailbox does not refuse as
    crowded, once along the row: ``NobodyCame`` if nobody came there within about
    ``alone_seconds``, ``Crowded`` if every code is held; else as ``meet``."""
    reactor = Reactor.running()
    answered = functools.partial(call_soon, asyncio.get_running_loop(), reached)
    return await _met(
        reactor, lambda: _walk(reactor, rendezvous, role, codes, alone_seconds, answered)
    )


async def meet_again(
    rendezvous: Rendezvous, role: Role, again: str, reached: Callable[[], None] = lambda: None
) -> Met:
    """Meet the other side again by ``again``, the code of later meetings: along the row of
    ``later_codes``, past those the mailbox refuses as crowded (a killed program's claim
    stays there a while). Its failures are ``meet``'s; ``Crowded`` when the mailbox refuses
    every code of the row."""
    reactor = Reactor.running()
    answered = functools.partial(call_soon, asyncio.get_running_loop(), reached)
    return await _met(reactor, lambda: _meet_again(reactor, rendezvous, role, again, answered))


async def _met(reactor: Reactor, meeting: Callable[[], Any]) -> Met:
    """The introduction ``meeting`` (a coroutine of the reactor's thread), awaited here."""
    loop = asyncio.get_running_loop()
    met = await reactor.run(meeting, unwanted=lambda met: met[0].close())
    connection, key, again = met
    return Met(TransitCarrier(reactor, connection, loop), key, again)


async def _meet_again(
    reactor: Reactor,
    rendezvous: Rendezvous,
    role: Role,
    again: str,
    reached: Callable[[], None],
) -> tuple[Any, bytes, str]:
    """The walk along the codes of later meetings, in the reactor's thread: from the first
    code again each time nobody came (``FIRST_ALONE_SECONDS``, then longer)."""
    alone = FIRST_ALONE_SECONDS
    while True:
        with contextlib.suppress(NobodyCame):
            return await _walk(reactor, rendezvous, role, later_codes(again), alone, reached)
        alone = min(2 * alone, ALONE_SECONDS)


async def _walk(
    reactor: Reactor,
    rendezvous: Rendezvous,
    role: Role,
    codes: list[str],
    alone: float,
    reached: Callable[[], None],
) -> tuple[Any, bytes, str]:
    """Meet at the first of ``codes`` the mailbox does not refuse as crowded, waiting about
    ``alone`` seconds there for the other side (``NobodyCame``); ``Crowded`` if the mailbox
    refuses them all. A code a dead claim holds stays crowded until the mailbox forgets it,
    and each refusal puts that off, so both sides see the same refusals and come to the
    same code; where they do not (a code freed between their walks, or crowded for a moment
    by sides that were leaving), the next walk of the one left alone mends it. How long a
    side waits alone is drawn a little at random, so that two sides that came at the same
    moment do not walk again at the same moment too, each finding the other just gone."""
    *before, last = codes
    alone *= random.uniform(1.0, 1.5)
    for code in before:
        with contextlib.suppress(Crowded):
            return await _meet(reactor, rendezvous, role, code, _unshown, alone, reached=reached)
    return await _meet(reactor, rendezvous, role, last, _unshown, alone, reached=reached)


def _unshown(code: str) -> None:
    """A code of a row is never shown: both sides find it by themselves."""


async def _meet(
    reactor: Reactor,
    rendezvous: Rendezvous,
    role: Role,
    code: str | None,
    show_code: Callable[[str], None],
    alone_seconds: float | None = None,
    code_words: int = 2,
    reached: Callable[[], None] = lambda: None,
) -> tuple[Any, bytes, str]:
    """The introduction, in the reactor's thread, in three steps: claim the code, wait for
    the other side to prove it, connect by transit; ``NobodyCame`` if nobody came within
    ``alone_seconds`` (None: wait for as long as it takes); ``reached`` once the mailbox
    server has answered. What fails is said in words (``_in_words``)."""
    hole = _typed.pop(code, None) if code is not None else None
    typed = hole is not None
    if hole is None:
        hole = _new_wormhole(reactor, rendezvous)
    hole.get_welcome().addCallbacks(lambda welcome: reached(), lambda failure: None)
    proving = False
    try:
        if code is None:
            hole.allocate_code(code_words)
            show_code(await hole.get_code())
        elif not typed:
            hole.set_code(code)
        if not await _someone_came(reactor, hole, alone_seconds):
            raise NobodyCame(code)
        proving = True
        await hole.get_verifier().addTimeout(PROVE_SECONDS, reactor.reactor)
        proving = False
        connection = await _connect(reactor, rendezvous, role, hole)
        return (
            connection,
            hole.derive_key(LINE_PURPOSE, KEY_BYTES),
            again_code(hole.derive_key(AGAIN_PURPOSE, KEY_BYTES)),
        )
    except Exception as error:
        raise await _in_words(
            reactor, rendezvous, error, held=proving and alone_seconds is not None
        ) from None
    finally:
        await _let_go(reactor, hole)


async def _connect(reactor: Reactor, rendezvous: Rendezvous, role: Role, hole: Any) -> Any:
    """Transit's connection to the side the code was proved with: each side's ways to
    reach it (the relay's, and its own addresses if ``direct``) sent sealed through the
    mailbox, the other side's checked before they are tried."""
    from wormhole.transit import TransitReceiver, TransitSender

    kind = TransitSender if role is Role.HOST else TransitReceiver
    transit = kind(
        f"tcp:{rendezvous.transit}", no_listen=not rendezvous.direct, reactor=reactor.reactor
    )
    transit.set_transit_key(hole.derive_key(TRANSIT_PURPOSE, transit.TRANSIT_KEY_LENGTH))
    hints = await transit.get_connection_hints()
    hole.send_message(json.dumps(hints).encode())
    their_hints = await hole.get_message().addTimeout(HINTS_SECONDS, reactor.reactor)
    transit.add_connection_hints(
        _their_hints(
            their_hints,
            rendezvous.direct,
            only_relay=None if rendezvous.their_relays else rendezvous.transit,
        )
    )
    connection = await transit.connect()
    bound_records(connection)
    return connection


async def _in_words(
    reactor: Reactor, rendezvous: Rendezvous, error: Exception, held: bool
) -> Exception:
    """What a failed introduction's ``error`` means for the player, as the error to raise
    (``NobodyCame`` as it is); ``held``: the other side's key came at a code of later
    meetings and no proof followed."""
    from twisted.internet.defer import CancelledError, TimeoutError
    from twisted.internet.error import ConnectError, DNSLookupError
    from wormhole.errors import (
        KeyFormatError,
        ServerConnectionError,
        ServerError,
        WrongPasswordError,
    )
    from wormhole.transit import BadHandshake, TransitError

    if isinstance(error, NobodyCame):
        return error
    if isinstance(error, WrongPasswordError):
        return WrongCode(_("the two sides typed different codes"))
    if isinstance(error, KeyFormatError):
        return WrongCode(str(error))
    if isinstance(error, ServerConnectionError):
        return Unreachable(
            _("cannot reach the mailbox server {url} ({reason})").format(
                url=rendezvous.mailbox, reason=clause(error)
            )
        )
    if isinstance(error, TimeoutError):
        if held:
            # A key came and no proof, at a code of later meetings: a claim left by a
            # program killed while it waited (most likely this side's own), not the friend
            # gone quiet. The next walk passes this code as crowded.
            return HeldBefore(
                _(
                    "the code was held by an earlier meeting that ended without a goodbye; "
                    "trying the next code"
                )
            )
        return silent()  # the other side never said how to reach it
    if isinstance(error, ServerError):  # "crowded": two others hold this code's nameplate
        refused = _("the mailbox server refused: {reason}").format(reason=error)
        return Crowded(refused) if str(error) == "crowded" else LineClosed(refused)
    no_connection = (TransitError, BadHandshake, ConnectError, CancelledError, OSError, ValueError)
    if not isinstance(error, no_connection):
        return error
    if isinstance(error, (ConnectError, DNSLookupError)) and (
        why := await _relay_out_of_reach(reactor, rendezvous.transit)
    ):
        return LineClosed(
            _("cannot reach the transit relay {address} ({reason})").format(
                address=rendezvous.transit, reason=why
            )
        )
    return LineClosed(
        _("cannot connect to the other side ({reason})").format(
            reason=clause(error) or type(error).__name__
        )
    )


async def _let_go(reactor: Reactor, hole: Any) -> None:
    """Close ``hole``: let its code go at the mailbox, waiting ``LET_GO_SECONDS`` at most
    for the mailbox to say so (a mailbox that refuses a code as crowded refuses the close
    of a side it refused to open, and never says so)."""
    with contextlib.suppress(Exception):  # a wrong code or a lonely close says so again
        await hole.close().addTimeout(LET_GO_SECONDS, reactor.reactor)


async def _relay_out_of_reach(reactor: Reactor, relay: str) -> str | None:
    """Why the transit relay ``relay`` (``HOST:PORT``, ``[IPv6]:PORT`` too) cannot be
    reached, tried once more on its own; None if it answers (or ``relay`` is no address).
    Transit says only that no way to the other side worked, not which failed: the direct
    ways may fail where the relay does not, and the other side may name another relay."""
    from twisted.internet.defer import TimeoutError
    from twisted.internet.endpoints import HostnameEndpoint, connectProtocol
    from twisted.internet.error import ConnectError, DNSLookupError
    from twisted.internet.protocol import Protocol

    host, _colon, port = relay.rpartition(":")
    if not (host and port.isdigit() and 0 < int(port) < 65536):
        return None
    endpoint = HostnameEndpoint(
        reactor.reactor, host.removeprefix("[").removesuffix("]"), int(port), RELAY_SECONDS
    )
    connect: Any = connectProtocol  # untyped in Twisted
    try:
        answered = await connect(endpoint, Protocol()).addTimeout(RELAY_SECONDS, reactor.reactor)
    except TimeoutError:
        return _("no answer")
    except (ConnectError, DNSLookupError) as error:
        return clause(error) or type(error).__name__
    answered.transport.loseConnection()
    return None


async def _someone_came(reactor: Reactor, hole: Any, seconds: float | None) -> bool:
    """Whether another side came to the code (its key is known) within ``seconds``."""
    from twisted.internet.defer import TimeoutError

    arrived = hole.get_unverified_key()
    if seconds is None:
        await arrived
        return True
    try:
        await arrived.addTimeout(seconds, reactor.reactor)
    except TimeoutError:
        return False
    return True


def _their_hints(
    message: bytes, direct: bool, only_relay: str | None = None
) -> list[dict[str, Any]]:
    """The other side's connection hints, only those of the form transit reads (sealed by
    the mailbox's key, so only the friend could send them, and still bounded and checked),
    only the relays' unless ``direct``, and of those only the ways to ``only_relay``
    (``HOST:PORT``) if it is given."""
    if len(message) > MAX_HINTS_BYTES:
        raise ValueError("too many hints")
    try:
        hints = json.loads(message)
    except RecursionError:
        raise ValueError("hints nested too deep") from None
    if not isinstance(hints, list):
        raise ValueError("no hints")
    kept: list[dict[str, Any]] = []
    room = MAX_HINTS
    for hint in hints[:MAX_HINTS]:
        if direct and _is_tcp_hint(hint):
            kept.append(hint)
            room -= 1
        elif (relay := _relay_hint(hint, room, only_relay)) is not None:
            kept.append(relay)
            room -= len(relay["hints"])
        if room <= 0:
            break
    return kept


def _relay_hint(hint: object, room: int, only_relay: str | None) -> dict[str, Any] | None:
    """A relay's hint with only its well-formed ways to reach it (only those to
    ``only_relay`` if given), at most ``room`` of them; None if it has none."""
    if not (isinstance(hint, dict) and hint.get("type") == "relay-v1"):
        return None
    ways = hint.get("hints")
    kept = [way for way in ways[:MAX_HINTS] if _is_tcp_hint(way)] if isinstance(ways, list) else []
    if only_relay is not None:
        kept = [way for way in kept if _leads_to(way, only_relay)]
    return {"type": "relay-v1", "hints": kept[:room]} if kept else None


def _leads_to(way: dict[str, Any], relay: str) -> bool:
    """Whether the TCP hint ``way`` names the relay ``relay`` (``HOST:PORT``)."""
    host, port = split_address(relay, 0)
    return bool(way["hostname"].lower() == host.lower() and way["port"] == port)


def _is_tcp_hint(hint: object) -> bool:
    """A direct TCP hint: a host name and a port, and a number for its priority."""
    return (
        isinstance(hint, dict)
        and hint.get("type") == "direct-tcp-v1"
        and isinstance(hint.get("hostname"), str)
        and 0 < len(hint["hostname"]) <= 255
        and type(hint.get("port")) is int
        and 0 < hint["port"] < 65536
        and type(hint.get("priority", 0.0)) in (int, float)
    )
