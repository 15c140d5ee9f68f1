"""A magic-wormhole mailbox server and transit relay of the tests' own, on loopback: the
servers from the test extras, started once a session (each takes about a second), each on a
free port, and stopped at the end.

Both sides of a test go through the relay only (``Rendezvous.direct`` off), so nothing a
test sends leaves 127.0.0.0/8: transit's direct hints would name this machine's other
addresses.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from nardy_tui.options import Rendezvous

LOOPBACK = "127.0.0.1"
START_SECONDS = 30.0
"""How long a server may take to listen (Twisted's start on a loaded machine)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((LOOPBACK, port)) == 0


@dataclass
class Server:
    """One ``twist`` server: its port, and the process to stop or start again."""

    arguments: list[str]
    port: int
    log: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = shutil.which("twist")
        assert command is not None, "the servers are in the test extras"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [command, *self.arguments],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.log.parent,
            )
        deadline = time.monotonic() + START_SECONDS
        while not listening(self.port):
            assert self.process.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, f"never listened: {self.arguments}"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@dataclass
class Servers:
    mailbox: Server
    transit: Server

    @property
    def rendezvous(self) -> Rendezvous:
        return Rendezvous(
            mailbox=f"ws://{LOOPBACK}:{self.mailbox.port}/v1",
            transit=f"{LOOPBACK}:{self.transit.port}",
            direct=False,
        )


@contextmanager
def local_servers(folder: Path) -> Iterator[Servers]:
    """A mailbox server and a transit relay on free loopback ports, their files in
    ``folder``, stopped on leaving (the tests' fixture and the screenshots use it)."""
    mailbox_port, transit_port = free_port(), free_port()
    found = Servers(
        Server(
            [
                "wormhole-mailbox",
                f"--port=tcp:{mailbox_port}:interface={LOOPBACK}",
                f"--channel-db={folder / 'relay.sqlite'}",
            ],
            mailbox_port,
            folder / "mailbox.log",
        ),
        Server(
            ["transitrelay", f"--port=tcp:{transit_port}:interface={LOOPBACK}"],
            transit_port,
            folder / "transit.log",
        ),
    )
    try:
        found.mailbox.start()
        found.transit.start()
        yield found
    finally:
        found.mailbox.stop()
        found.transit.stop()


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with local_servers(tmp_path_factory.mktemp("rendezvous")) as found:
        yield found


@pytest.fixture
def rendezvous(servers: Servers) -> Iterator[Rendezvous]:
    """The test's servers, the transit relay running again if a test stopped it."""
    if servers.transit.process is None:
        servers.transit.start()
    yield servers.rendezvous
    if servers.transit.process is None:
        servers.transit.start()
