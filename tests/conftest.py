"""Settings for the whole suite."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.rendezvous_servers import rendezvous, servers
from tests.textual_seams import idle_checks_every, stylesheets_parsed_once

__all__ = ["rendezvous", "servers"]
"""The tests' own mailbox server and transit relay, for every test that asks for them."""

IDLE_CHECK_SECONDS = 1 / 200
"""How long Textual's Pilot sleeps between looks at whether the app has gone idle.

``Pilot.press`` and ``Pilot.pause`` wait for the app to go idle by sleeping in slices
(20 ms in Textual 8) until one passes using under a twentieth of it in CPU. Every key and
pause then cost at least one whole slice of a core doing nothing, and the screen's 60 Hz
refresh drew frames nobody looks at meanwhile: a pause of the idle game took 30 ms, now
about 13. A slice still ends the wait only if the app used under a quarter of it (waking
up alone costs a little). Slices of 2 ms were faster still, but on a loaded machine a
process can be off the CPU for a whole 2 ms slice, which then looks idle. The bot's
thread, the one thing that works off the event loop, is waited for explicitly
(``tests/ui/driver.settle``). If Textual renames the setting, this does nothing and the
suite is only slower.
"""


@pytest.fixture(autouse=True, scope="session")
def quick_idle_checks() -> Iterator[None]:
    with idle_checks_every(IDLE_CHECK_SECONDS):
        yield


@pytest.fixture(autouse=True, scope="session")
def stylesheets_parsed_once_a_worker() -> Iterator[None]:
    with stylesheets_parsed_once():
        yield


TESTS = Path(__file__).resolve().parent
SLOW_BY_KIND = (TESTS / "ui", TESTS / "serve")
"""Folders whose every test is slow by its kind: each runs the whole app in a Pilot or
starts ``nardy serve`` (a second or more apiece); tests slow elsewhere are marked where
they are written."""
SERVERS_FIXTURE = "servers"
"""The fixture that starts the tests' wormhole mailbox server and transit relay."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that start servers ``network``, and those and the app's and the web
    server's tests ``slow``: ``pytest -m "not slow"`` runs the rest in a fraction of the
    time, ``-m "not network"`` all that needs no server."""
    for item in items:
        starts_servers = SERVERS_FIXTURE in getattr(item, "fixturenames", ())
        if starts_servers:
            item.add_marker(pytest.mark.network)
        if starts_servers or any(folder in item.path.parents for folder in SLOW_BY_KIND):
            item.add_marker(pytest.mark.slow)


FULL_PASS_EVERY = 100
"""Passes of the garbage collector's middle generation between two looks at the whole
memory (Python's default: 10)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """The garbage collector's full passes walk less, less often.

    A Textual app makes and drops many objects that live for a while, so the collector
    walked the whole memory of a test worker (the game's, Textual's and the servers'
    modules, the tests: 300,000 objects) about three hundred times a worker, a fifth of a
    second a time: a fifth of the suite's CPU. What collecting left in memory is frozen
    (none of it is garbage), and a full pass comes after ten times as many smaller ones.
    Cycles the tests drop are still collected, a little later. The game itself keeps
    Python's defaults."""
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)
