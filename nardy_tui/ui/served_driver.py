"""The game served to a browser (``nardy serve``): Textual's web driver, and a game that
never outlives its server.

Textual's ``WebDriver`` reads the server's packets on standard input and simply stops
reading at its end: the game ran on for ever, with nobody to play it and a seat's worth of
memory, after its server had dropped it or been killed. Here the end of input ends the game
as the server's "quit" does (the match is saved after every step, so nothing is lost), and
on Linux the kernel also ends it when the server process dies (``PR_SET_PDEATHSIG``), in
case the game is too busy to read its input at all.

The driver also carries the game's ask for a code that moves its visitor to another
device, and the server's answer (``transfer_meta``; the game's side is ``ui.transfer``).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading

from textual import messages
from textual.driver import Driver
from textual.drivers.web_driver import WebDriver
from textual.message import Message

from nardy_tui.transfer_meta import TransferAsked, TransferMeta, TransferOffered

QUIT_GRACE = 5.0
"""Seconds a game whose server is gone has to save and quit before it is ended outright
(a bot thinking in its thread cannot be interrupted)."""
PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal this process gets when its parent dies."""


class TransferCode(Message):
    """The server's answer to ``ServedDriver.ask_transfer``: a code that moves this game's
    visitor to another device, posted to the app."""

    def __init__(self, offered: TransferOffered) -> None:
        super().__init__()
        self.offered = offered


class ServedDriver(WebDriver):
    """Textual's web driver, which ends the game once the server is gone: at the end of its
    input (the server closed the pipe, or died), or when the server process dies."""

    def start_application_mode(self) -> None:
        _end_with_parent()
        super().start_application_mode()

    def run_input_thread(self) -> None:
        """Read the server's packets; at their end, quit unless the game is already ending
        (``exit_event``, set when the app stops)."""
        super().run_input_thread()
        if not self.exit_event.is_set():
            self._quit_without_server()

    def ask_transfer(self) -> None:
        """Ask the server for a code that moves this game's visitor to another device; its
        answer comes to the app as a ``TransferCode``."""
        self.write_meta({**TransferAsked().meta()})

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """The server's meta packets: a transfer code, if of the form the server writes
        (anything else of that type is dropped), and Textual's own."""
        if packet_type != TransferMeta.OFFERED:
            super().on_meta(packet_type, payload)
        elif (offered := TransferOffered.read(payload)) is not None:
            self._app.post_message(TransferCode(offered))

    def _quit_without_server(self) -> None:
        """Quit as the server's "quit" does, and end the process outright if it has not
        ended within ``QUIT_GRACE``."""
        deadline = threading.Timer(QUIT_GRACE, os._exit, (1,))
        deadline.daemon = True
        deadline.start()
        self._app.post_message(messages.ExitApp())


def served_in_place_of_web(driver: type[Driver]) -> type[Driver]:
    """``ServedDriver`` where Textual would use its web driver (the game started by a
    server, ``TEXTUAL_DRIVER``), else ``driver`` itself."""
    return ServedDriver if driver is WebDriver else driver


def _end_with_parent() -> None:
    """Have the kernel send SIGTERM (which the game takes as quitting, ``startup``) when
    the parent process dies; Linux only. A parent that died before this call has closed the
    game's input already, and the end of input ends the game."""
    if sys.platform != "linux":
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
