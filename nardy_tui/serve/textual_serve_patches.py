"""Every place where the server reaches into textual-serve's private API or its files,
gathered in one module.

The server runs each visitor's game with textual-serve's own classes: ``AppService`` speaks
the game's packets and passes its screen to the page, ``DownloadManager`` takes the files the
game hands over, and the page is drawn by textual-serve's script. nardy starts the game its
own way and reads a file whole before serving it, which textual-serve has no public hooks
for. Each patch was written against textual-serve 1.1.3 (``WRITTEN_FOR``; ``pyproject.toml``
pins ``textual-serve==1.1.3`` for them) and says why it is here;
``tests/serve/test_textual_serve_patches.py`` has a test for each, and for each public
method the server overrides, that fails if textual-serve removes or renames what it relies
on: run it against a newer textual-serve before moving the pin. Everything else in
``nardy_tui.serve`` uses textual-serve's public API.
"""

from __future__ import annotations

import asyncio
import shlex
from asyncio.subprocess import PIPE, Process
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import textual_serve
from textual_serve.app_service import AppService
from textual_serve.download_manager import Download, DownloadManager

WRITTEN_FOR = "1.1.3"
"""The textual-serve version every patch here was written against and tested with."""

STATIC = Path(textual_serve.__file__).resolve().parent / "static"
"""textual-serve's page's files, served as they are: its script (``js/textual.js``), its
styles and its font. The folder is no API, only where the package keeps them; the page
(``templates/page.html``) also relies on how the script opens its socket and downloads."""


class ExecService(AppService):
    """textual-serve's ``AppService`` running ``argv`` itself, in the environment that
    ``environment`` makes.

    ``AppService`` runs its app as a command line through a shell
    (``AppService._open_app_process``), in the variables ``AppService._build_environment``
    makes: here the app is started from a fixed list of arguments, so that nothing a
    visitor sends can reach a shell, and a subclass adds variables of its own.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
    ) -> None:
        super().__init__(
            shlex.join(argv),  # only ever shown: the process runs ``argv``
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=download_manager,
        )
        self.argv = tuple(argv)

    @property
    def process(self) -> Process | None:
        """The app's process, once started (``AppService._process``)."""
        return self._process

    def environment(self, width: int, height: int) -> dict[str, str]:
        """The app's environment: this process's own, with what textual-serve tells a
        served app (its web driver, colours and terminal size)."""
        return self._build_environment(width, height)

    async def output_read(self) -> None:
        """Wait until the app's output has been read to its end: by ``run``, which
        ``start`` runs in a task of its own (``AppService._task``)."""
        if self._task is not None:
            await self._task

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=self.environment(width, height)
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process


class AnnouncedFiles(DownloadManager):
    """textual-serve's ``DownloadManager``, with the files games have announced looked up
    one by one.

    The manager keeps them in ``DownloadManager._active_downloads`` and serves one only as
    a stream of chunks (``download``) that ends the same way whether the file was whole or
    its game stopped answering; nardy reads a file whole before serving any of it
    (``deliveries``), so it looks the file up, and lets it go, itself.
    """

    def announced(self, key: str) -> Download | None:
        """The file announced with ``key``, if it still waits to be taken."""
        return self._active_downloads.get(key)

    def waiting(self) -> int:
        """How many files wait to be taken."""
        return len(self._active_downloads)

    def forget(self, key: str) -> None:
        """The file announced with ``key`` is done with: taken, or given up."""
        self._active_downloads.pop(key, None)
