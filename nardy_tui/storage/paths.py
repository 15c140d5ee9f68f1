"""Where nardy keeps its files: the user data directory, or ``NARDY_HOME`` if set.

``NARDY_HOME`` lets tests and portable installs keep everything in one chosen folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from nardy_tui.i18n import _, clause

SAVE_NAME = "match.json"
NETWORK_SAVE_NAME = "network-{role}.json"
"""A match with a friend on another machine: a file for each role this machine can play in
it (``net.Role``'s value, "host" or "joiner")."""
RECORDS_DIR = "records"


def data_dir() -> Path:
    """The folder for the save file and records (not created here)."""
    home = os.environ.get("NARDY_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("nardy"))


def tables_dir() -> Path:
    """The folder for the bot's tables (its bear-off database): the data folder unless
    ``NARDY_TABLES`` names another (not created here), as ``nardy serve`` names one for
    every visitor's game, each with a data folder of its own."""
    tables = os.environ.get("NARDY_TABLES")
    return Path(tables) if tables else data_dir()


def save_path() -> Path:
    """The one save file: the unfinished match."""
    return data_dir() / SAVE_NAME


def network_save_path(role: str) -> Path:
    """The unfinished match with a friend on another machine that this machine plays in
    ``role`` (``net.Role``'s value): the host's and the joiner's live apart."""
    return data_dir() / NETWORK_SAVE_NAME.format(role=role)


def network_match_saved() -> bool:
    """Whether a match with a friend on another machine is saved here, in either role:
    asked before one is read, so that a start with none (the usual one) does not import
    the network layer, which reads it."""
    return any(data_dir().glob(NETWORK_SAVE_NAME.format(role="*")))


def records_dir() -> Path:
    """Where exported records go when no file is named."""
    return data_dir() / RECORDS_DIR


def data_dir_problem() -> str | None:
    """Why the data folder cannot be used, in one line; None once it exists (made if need be).

    Checked before anything is read from it: otherwise a ``NARDY_HOME`` that is a file
    showed up later as a save file that could neither be read nor moved aside.
    """
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
    except OSError as error:
        if isinstance(error, FileExistsError):
            return _(
                "cannot use {folder} as the folder for saved matches (it is a file); "
                "set NARDY_HOME to a folder"
            ).format(folder=data_dir())
        return _(
            "cannot use {folder} as the folder for saved matches ({reason}); "
            "set NARDY_HOME to a folder"
        ).format(folder=data_dir(), reason=clause(error.strerror or error))
    return None
