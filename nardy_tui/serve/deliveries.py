"""The files one visitor's game hands to their browser (an exported record), fetched from
the game as the page asks for them.

textual-serve's flow: the game (Textual's ``deliver_text``) announces a file with a key, the
page opens ``download/<key>``, and the file is asked of the game chunk by chunk. Here each
game has deliveries of its own, so a page can only ever fetch what its own game handed over;
a key is taken once; a game keeps only a few files waiting; and a file is read whole, at
most ``LARGEST`` bytes, before any of it is sent, so a file cut short by a game that stopped
answering is never served as if it were whole.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from textual_serve.app_service import AppService
from textual_serve.download_manager import DOWNLOAD_CHUNK_SIZE, Download

from nardy_tui.serve.textual_serve_patches import AnnouncedFiles

KEY_FORM = re.compile(r"[0-9a-f]{32}")
"""A key as Textual makes it: a random UUID's 128 bits in hex."""
LARGEST = 1024 * 1024
"""The largest file served, in bytes: a long match's record is a few kilobytes."""
WAITING = 4
"""How many files a game may have announced and not yet handed over."""
ANSWER_TIME = 10.0
"""Seconds the game has to send each chunk asked of it."""
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]")
"""What a file's name may not contain once in a header (anything else becomes ``_``)."""


@dataclass(frozen=True)
class Delivered:
    """A file as the game handed it over, ready to be sent."""

    name: str
    content_type: str
    body: bytes


class Deliveries(AnnouncedFiles):
    """The files one game has announced, each to be taken once."""

    def __init__(self) -> None:
        super().__init__()
        self._taken: set[str] = set()

    async def create_download(
        self,
        *,
        app_service: AppService,
        delivery_key: str,
        file_name: str,
        open_method: str,
        mime_type: str,
        encoding: str | None = None,
        name: str | None = None,
    ) -> None:
        """Note a file the game announced, unless its key is not of Textual's form or too
        many are waiting (the page then finds nothing at its address)."""
        if not KEY_FORM.fullmatch(delivery_key) or self.waiting() >= WAITING:
            return
        await super().create_download(
            app_service=app_service,
            delivery_key=delivery_key,
            file_name=file_name,
            open_method=open_method,
            mime_type=mime_type,
            encoding=encoding,
            name=name,
        )

    async def take(self, key: str) -> Delivered | None:
        """The file announced with ``key``, read whole from the game; None if there is no
        such file, it was taken already, it is larger than ``LARGEST``, or the game did not
        hand it all over."""
        download = self.announced(key)
        if download is None or key in self._taken:
            return None
        self._taken.add(key)
        try:
            body = await self._read(download)
        finally:
            self.forget(key)
            self._taken.discard(key)
        if body is None:
            return None
        return Delivered(
            SAFE_NAME.sub("_", download.file_name) or "download",
            _content_type(download.mime_type, download.encoding),
            body,
        )

    async def _read(self, download: Download) -> bytes | None:
        """Ask the game for the file chunk by chunk until it says it is done (an empty
        chunk); None if it stops answering, the delivery is cancelled (the game ends), or
        the file grows past ``LARGEST``."""
        body = bytearray()
        while len(body) <= LARGEST:
            asked: dict[str, str | int | None] = {
                "type": "deliver_chunk_request",
                "key": download.delivery_key,
                "size": DOWNLOAD_CHUNK_SIZE,
                "name": download.name,
            }
            if not await download.app_service.send_meta(asked):
                return None
            try:
                chunk = await asyncio.wait_for(download.incoming_chunks.get(), ANSWER_TIME)
            except TimeoutError:
                return None
            if chunk is None:  # cancelled
                return None
            if not chunk:
                return bytes(body)
            body += chunk
        return None


def _content_type(mime_type: str, encoding: str | None) -> str:
    """The Content-Type header for what the game said of a file, if it has a plain form
    (else a download of bytes).

    >>> _content_type("text/plain", "utf-8")
    'text/plain; charset=utf-8'
    >>> _content_type("text/html\\r\\nSet-Cookie: x", None)
    'application/octet-stream'
    """
    if not re.fullmatch(r"[a-z]+/[a-z0-9.+-]+", mime_type):
        return "application/octet-stream"
    if encoding and re.fullmatch(r"[A-Za-z0-9_-]{1,40}", encoding):
        return f"{mime_type}; charset={encoding}"
    return mime_type
