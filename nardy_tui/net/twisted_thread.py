"""Twisted's reactor in a thread of its own, for every asyncio event loop the program runs:
started on the first meeting, so that nothing of Twisted is loaded before that. A call
crosses into the reactor's thread with ``callFromThread`` (``Reactor.call``) and comes back
with ``call_soon_threadsafe`` (``call_soon``)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import threading
import warnings
from collections.abc import Callable
from typing import Any, cast

LET_GO_SECONDS = 3.0
"""How long a meeting given up (the player quits) waits for the mailbox to hear that this
side lets its code go: a claim the mailbox never hears let go counts against the code until
the mailbox forgets it, as a killed program's does."""


def call_soon(loop: asyncio.AbstractEventLoop, call: Callable[..., object], *args: Any) -> None:
    """``call`` on ``loop``, from the reactor's thread; nothing once the loop has closed."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(call, *args)


def silence_twisted_log() -> None:
    """Keep Twisted's log off the terminal. Until a program begins Twisted's logging, its
    gravest events (a Deferred's error nobody handled, as a connection given up on leaves)
    go to stderr, which the game draws its screen on; every failure that matters to a
    player reaches them through ``meet`` and the carrier, in words. Python's warnings,
    which beginning Twisted's logging would take over, are left as they were."""
    from twisted.logger import ILogObserver, globalLogBeginner

    nowhere = cast(ILogObserver, lambda event: None)
    showwarning = warnings.showwarning
    globalLogBeginner.beginLoggingTo([nowhere], redirectStandardIO=False)
    warnings.showwarning = showwarning


class Reactor:
    """Twisted's reactor, running in a daemon thread for the rest of the program."""

    _running: Reactor | None = None
    _lock = threading.Lock()

    def __init__(self) -> None:
        silence_twisted_log()
        # Importing it installs Twisted's default reactor: the module is the reactor.
        self.reactor: Any = importlib.import_module("twisted.internet.reactor")
        # Name lookups run in the reactor's pool: its threads must not hold the program
        # open at exit, as the reactor is never stopped.
        pool = self.reactor.getThreadPool()
        pool.threadFactory = functools.partial(threading.Thread, daemon=True)
        run = functools.partial(self.reactor.run, installSignalHandlers=False)
        threading.Thread(target=run, name="twisted-reactor", daemon=True).start()

    @classmethod
    def running(cls) -> Reactor:
        with cls._lock:
            if cls._running is None:
                cls._running = cls()
            return cls._running

    def call(self, call: Callable[..., object], *args: Any) -> None:
        """``call`` in the reactor's thread."""
        self.reactor.callFromThread(call, *args)

    def spawn(self, work: Callable[[], Any]) -> Any:
        """Start ``work`` (a coroutine of the reactor's thread), in that thread; its
        Deferred."""
        from twisted.internet.defer import Deferred

        return Deferred.fromCoroutine(work())

    async def run(
        self, work: Callable[[], Any], unwanted: Callable[[Any], object] = lambda value: None
    ) -> Any:
        """The result of ``work`` (a coroutine of the reactor's thread), awaited here;
        cancelling this cancels it there, and waits (``LET_GO_SECONDS`` at most) for it
        to let go of what it holds: a program that quits right after must not leave its
        claim at the mailbox. A result that comes once nobody waits for it any more
        (cancelled here as it arrived there) is handed to ``unwanted``, in the reactor's
        thread, to let go of what it holds."""
        from twisted.internet.defer import Deferred

        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()
        ended: asyncio.Future[None] = loop.create_future()
        started: list[Deferred[Any]] = []

        def settle(value: Any, error: BaseException | None) -> None:
            if not ended.done():
                ended.set_result(None)
            if done.done():
                if error is None:
                    self.call(unwanted, value)
                return
            if error is None:
                done.set_result(value)
            else:
                done.set_exception(error)

        def begin() -> None:
            deferred = self.spawn(work)
            started.append(deferred)
            deferred.addCallbacks(
                lambda value: call_soon(loop, settle, value, None),
                lambda failure: call_soon(loop, settle, None, failure.value),
            )

        def cancel() -> None:
            for deferred in started:
                deferred.cancel()

        self.call(begin)
        try:
            return await done
        except asyncio.CancelledError:
            self.call(cancel)
            await asyncio.wait([ended], timeout=LET_GO_SECONDS)
            raise
