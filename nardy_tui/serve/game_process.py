"""The game for one visitor: ``nardy`` in a process of its own, speaking textual-serve's
packets on its standard input and output.

textual-serve's ``AppService`` runs a command line through a shell and hands it the size a
browser asks for, whatever it is. Here the command is a fixed list of arguments (nothing a
visitor sends can reach it: ``ExecService``), the save folder is the visitor's own, the size
is kept within reason, and the process thinks at a lower priority so that one visitor's bot
cannot starve the others' screens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from nardy_tui.serve.deliveries import Deliveries
from nardy_tui.serve.page_link import JOIN_VARIABLE, PAGE_VARIABLE, PageLink
from nardy_tui.serve.textual_serve_patches import ExecService
from nardy_tui.transfer_meta import TransferAsked, TransferOffered

GAME_COMMAND = (sys.executable, "-m", "nardy_tui")
"""The game: its first screen offers to take up the visitor's saved match, if any."""

NICENESS = 10
"""How much lower the games run than the server: the page stays quick while bots think."""
LOWEST = 19
"""The lowest priority there is (the greatest niceness)."""

WIDTHS = range(20, 501)
HEIGHTS = range(8, 201)
"""The terminal sizes a browser may ask for, in cells."""

QUIT_GRACE = 5.0
"""Seconds a game has to save and quit when told to, before it is killed."""


@dataclass(frozen=True)
class MeetingServers:
    """Where the visitors' games meet friends by a code: a mailbox server and a transit
    relay, each as ``nardy join`` takes it (None: the game's own choice); and whether a
    game may connect straight to a friend's machine (``direct``), else only through the
    relay.

    A game on the server connects where a visitor's friend says, so it is told that it is
    served (``NARDY_SERVED``, "relay" or "direct"): it then uses only the friend's hints
    that name its own relay, and the friend's own addresses only if ``direct``."""

    mailbox: str | None = None
    transit: str | None = None
    direct: bool = False
    lobby: str | None = None
    """The lobby server (a ``ws://`` or ``wss://`` URL) where the visitors play strangers:
    the only one a served game connects to (None: a served game offers no lobby)."""

    def environment(self) -> dict[str, str]:
        """The servers as the game reads them from its environment.

        >>> MeetingServers(transit="relay.example:4001").environment()
        {'NARDY_TRANSIT': 'relay.example:4001', 'NARDY_SERVED': 'relay'}
        """
        named = {
            "NARDY_MAILBOX": self.mailbox,
            "NARDY_TRANSIT": self.transit,
            "NARDY_LOBBY": self.lobby,
        }
        given = {name: value for name, value in named.items() if value is not None}
        return {**given, "NARDY_SERVED": "direct" if self.direct else "relay"}


def clamped(width: int, height: int) -> tuple[int, int]:
    """A size a browser asked for, within the sizes served.

    >>> clamped(10**9, -3)
    (500, 8)
    """
    return (
        min(max(width, WIDTHS.start), WIDTHS.stop - 1),
        min(max(height, HEIGHTS.start), HEIGHTS.stop - 1),
    )


class GameProcess(ExecService):
    """One visitor's game, with ``folder`` as its ``NARDY_HOME``, in ``language`` unless
    the visitor chose one in the game (their settings in their folder come first), meeting
    friends by code at the ``meeting`` servers, told its ``page``'s address and the
    friend's code the page was opened with (``page_link``).

    ``instance`` names this game to its page, which adds it to the address of every file
    it fetches (``deliveries``): a file is found only with the name of the game that
    delivered it.

    ``transfer`` gives the code that moves the visitor to another device, when the game
    asks for one (None: this game's visitor cannot be moved, and the game is not answered).
    """

    def __init__(
        self,
        folder: Path,
        language: str,
        meeting: MeetingServers,
        *,
        tables: Path | None = None,
        page: PageLink | None = None,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        transfer: Callable[[], TransferOffered] | None = None,
    ) -> None:
        deliveries = Deliveries()
        super().__init__(
            GAME_COMMAND,
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=deliveries,
        )
        self.folder = folder
        self.language = language
        self.meeting = meeting
        self.tables = tables
        self.page = page
        self.deliveries = deliveries
        self.instance = secrets.token_urlsafe(24)
        self.transfer = transfer

    def environment(self, width: int, height: int) -> dict[str, str]:
        """The served game's environment, with the visitor's folder, language, meeting
        servers and page."""
        environment = super().environment(width, height)
        environment["NARDY_HOME"] = str(self.folder)
        environment["LANGUAGE"] = self.language
        environment.update(self.meeting.environment())
        for name in (PAGE_VARIABLE, JOIN_VARIABLE):  # the visitor's page's, never the server's
            environment.pop(name, None)
        if self.page is not None:
            environment.update(self.page.environment())
        if self.tables is not None:
            environment["NARDY_TABLES"] = str(self.tables)
        return environment

    async def start(self, width: int, height: int) -> None:
        """Start the game in the visitor's folder, at a size within reason and a lower
        priority than the server's, and tell the page its name (textual-serve's
        ``instance_id``)."""
        self.folder.mkdir(mode=0o700, exist_ok=True)
        await super().start(*clamped(width, height))
        assert self.process is not None
        server = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, self.process.pid, min(LOWEST, server + NICENESS))
        await self.remote_write_str(json.dumps(["instance_id", self.instance]))

    async def on_meta(self, data: bytes) -> None:
        """A meta packet from the game: its ask for a transfer code is answered here,
        the rest as textual-serve does."""
        if TransferAsked.read(data) is None:
            await super().on_meta(data)
        elif self.transfer is not None:
            await self.send_meta(self.transfer().meta())

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamped(width, height))

    async def run(self) -> None:
        """Pass the game's screen to the page; once the game has ended, close the page's
        socket, so that the page says so and the seat is free."""
        await super().run()
        await self.remote_close()

    async def stop(self) -> None:
        """Tell the game to quit (it saves as it goes), make sure it has ended, and close
        its page's socket. The game is killed if it has not ended within ``QUIT_GRACE``, or
        if this wait is cancelled (the server closing).

        Unlike ``AppService.stop``, the grace is kept on the process itself: ``run``
        swallows its cancellation, so a timeout around it would never fire.
        """
        process = self.process
        if process is None:
            return
        try:
            await self.deliveries.cancel_app_downloads(app_service_id=self.app_service_id)
            await self.send_meta({"type": "quit"})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
        finally:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
        await process.wait()  # reaped: a killed game is not left a zombie
        await self.output_read()
        await self.remote_close()
