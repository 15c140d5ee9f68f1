"""Python's garbage collector while the game starts.

Starting the game makes some 100,000 objects (Textual's and the game's modules, the first
screen) and keeps nearly all of them, yet the collector looked for garbage among them a
hundred and sixty times before the first frame: a tenth of the time to it. The command
line holds collection off while the game starts (``hold_collection``); the app, once its
first frame is on the screen, collects once, keeps everything then alive out of later
full passes (``gc.freeze``: the collector no longer walks the modules, every few seconds
of play), and lets the collector run again (``resume_collection``). Nothing else holds it:
a test, a library user or a subcommand keeps Python's defaults.
"""

from __future__ import annotations

import gc


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
