"""The bear-off database on disk: solved once (about a second), then read from a file in
the folder the program names (``keep_tables_in``: the data folder, beside the settings).

The file carries its version and a digest of its figures; one that is missing, old,
damaged or not ours is solved again and written anew, never an error. Where no folder is
named (a test, a benchmark) or the file cannot be written, the table lives in memory for
the process. Either way it is solved or read once per process, at its first use; numpy
and the solver are imported only then, so naming the folder at start costs nothing.
"""

from __future__ import annotations

import os
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nardy_tui.bot.bearoff import BearoffDatabase

FILE_NAME = "bearoff.npz"
VERSION = 1
"""Raised whenever the figures would change (the rules or the way a roll is played)."""

_folder: Path | None = None
_database: BearoffDatabase | None = None
_lock = threading.Lock()


def keep_tables_in(folder: Path | None) -> None:
    """Keep the database in ``folder`` (None: in memory only): its first use reads it
    there, or solves it and writes it there. (Once in memory, it stays: the figures are
    the same wherever they are kept.)"""
    global _folder
    with _lock:
        _folder = folder


def tables_folder() -> Path | None:
    """The folder named by ``keep_tables_in``, for a worker process to name it again."""
    with _lock:
        return _folder


def bearoff_database() -> BearoffDatabase:
    """The database, read or solved at the first call of the process."""
    global _database
    with _lock:
        if _database is None:
            _database = read_or_build(None if _folder is None else _folder / FILE_NAME)
        return _database


def read_or_build(path: Path | None) -> BearoffDatabase:
    """The database in the file at ``path`` if it is sound, else solved and written there
    (if it can be: a folder that cannot be written keeps it in memory)."""
    from nardy_tui.bot.bearoff import build

    if path is not None:
        found = read(path)
        if found is not None:
            return found
    database = build()
    if path is not None:
        write(path, database)
    return database


def read(path: Path) -> BearoffDatabase | None:
    """The database stored at ``path``, or None if the file is missing, of another
    version, or its figures do not match their digest."""
    import numpy as np

    from nardy_tui.bot.bearoff import HOMES, BearoffDatabase

    try:
        with np.load(path, allow_pickle=False) as stored:
            if int(stored["version"]) != VERSION:
                return None
            database = BearoffDatabase(stored["finish"], stored["first_off"])
            digest = str(stored["digest"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if database.finish.shape[0] != HOMES or database.first_off.shape[0] != HOMES:
        return None
    return database if database.digest() == digest else None


def write(path: Path, database: BearoffDatabase) -> None:
    """Store ``database`` at ``path`` whole or not at all (a reader never sees half a
    file); a folder that cannot be written is left as it is."""
    import numpy as np

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".bearoff-", suffix=".npz")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            np.savez_compressed(
                out,
                version=np.array(VERSION),
                finish=database.finish,
                first_off=database.first_off,
                digest=np.array(database.digest()),
            )
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
