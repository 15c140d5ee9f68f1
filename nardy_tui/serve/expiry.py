"""Visitor folders that expire: a visitor who never saved a match (came, looked, left)
leaves a folder behind, and strangers come by the hundred. Once nobody has used such a
folder for ``UNUSED_FOR``, it is removed. A folder that holds a saved match is kept for its
visitor, and so is the folder of a game running now.

This layer knows no game, so it decides by names and times, never by reading a file: a
folder holds a saved match if the game's save file is in it by name (``SAVED_MATCH``, the
game's own; a test holds the two equal), and it was last used when the folder or anything
in it last changed (a game writes its settings and its save there as it is played).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Collection
from pathlib import Path

SAVED_MATCH = "match.json"
"""The name of the game's save file in its data folder (``nardy_tui.storage``'s)."""
UNUSED_FOR = 24 * 3600.0
"""Seconds a visitor's folder without a saved match is kept after it was last used."""
SWEEP_EVERY = 3600.0
"""Seconds between two looks for expired folders, while the server runs."""


def remove_expired(root: Path, playing: Collection[Path]) -> None:
    """Remove the visitor folders under ``root`` that have expired by now; ``playing``:
    the folders of the games running, never removed."""
    for folder in expired(root, time.time(), playing):
        shutil.rmtree(folder, ignore_errors=True)


def expired(root: Path, now: float, playing: Collection[Path]) -> list[Path]:
    """The folders under ``root`` that hold no saved match, were last used ``UNUSED_FOR``
    seconds or more before ``now``, and are not in ``playing`` (resolved paths)."""
    try:
        folders = list(root.iterdir())
    except OSError:  # no visitor yet, or a root that cannot be read: nothing to remove
        return []
    return [folder for folder in folders if _has_expired(folder, now, playing)]


def _has_expired(folder: Path, now: float, playing: Collection[Path]) -> bool:
    """Whether ``folder`` is a visitor's folder that has expired; one that cannot be
    looked at is kept."""
    try:
        return (
            folder.is_dir()
            and not folder.is_symlink()
            and folder.resolve() not in playing
            and not (folder / SAVED_MATCH).exists()
            and now - last_used(folder) >= UNUSED_FOR
        )
    except OSError:
        return False


def last_used(folder: Path) -> float:
    """When ``folder`` or anything in it last changed (a time from ``time.time()``)."""
    latest = folder.stat().st_mtime
    for parent, folders, files in os.walk(folder, onerror=_give_up):
        for name in (*folders, *files):
            latest = max(latest, (Path(parent) / name).lstat().st_mtime)
    return latest


def _give_up(error: OSError) -> None:
    """``os.walk`` passes over what it cannot read unless told to stop."""
    raise error
