"""Where nardy keeps its files: the user data directory, or ``NARDY_HOME`` if set.

``NARDY_HOME`` lets tests and portable installs keep everything in one chosen folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

SAVE_NAME = "match.json"
RECORDS_DIR = "records"


def data_dir() -> Path:
    """The folder for the save file and records (not created here)."""
    home = os.environ.get("NARDY_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("nardy"))


def save_path() -> Path:
    """The one save file: the unfinished match."""
    return data_dir() / SAVE_NAME


def records_dir() -> Path:
    """Where exported records go when no file is named."""
    return data_dir() / RECORDS_DIR
