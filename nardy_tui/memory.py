"""Python's garbage collector while the game starts, and in a long-running server.

Starting the game makes some 100,000 objects (Textual's and the game's modules, the first
screen) and keeps nearly all of them, yet the collector looked for garbage among them a
hundred and sixty times before the first frame: a tenth of the time to it. The command
line holds collection off while the game starts (``hold_collection``); the app, once its
first frame is on the screen, collects once, keeps everything then alive out of later
full passes (``gc.freeze``: the collector no longer walks the modules, every few seconds
of play), and lets the collector run again (``resume_collection``). Nothing else holds it:
a test, a library user or a subcommand keeps Python's defaults.

A lobby server is the other way round: it holds every match in play in memory, and makes
next to no garbage that lives long (full passes at 1,000 players and 500 matches found a
few dozen objects each), yet under load Python's full pass came every two or three
seconds and walked all of it, 0.1-0.2 s with every match on the server held up. Once it
has started (``settle_for_a_server``), what starting made is frozen and a full pass comes
after a hundred times as many middle ones: every few minutes under that load.
"""

from __future__ import annotations

import gc

SERVER_FULL_PASS_EVERY = 1000
"""Middle-generation passes between two full passes in a server (Python's default: 10)."""


def hold_collection() -> None:
    """No garbage collection until ``resume_collection``: called just before the game is
    imported and started."""
    gc.disable()


def resume_collection() -> None:
    """The garbage left by starting is collected, what survives it is frozen, and the
    collector runs again; nothing if collection was never held."""
    if gc.isenabled():
        return
    gc.collect()
    gc.freeze()
    gc.enable()


def settle_for_a_server() -> None:
    """A server has started: the garbage of starting collected, what survives it frozen,
    and full passes far apart."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, SERVER_FULL_PASS_EVERY)
