"""Writing a file so that a crash at any moment leaves either the old or the new contents.

The new text goes to a temporary file in the same folder (so the rename cannot cross file
systems), is flushed and fsynced, then replaces the old file in one ``os.replace``; the
folder is fsynced too so the rename itself survives a power cut.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"
FILE_MODE = 0o644
"""What an ordinary file gets; ``mkstemp`` alone would leave a record readable by no one else."""


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically, creating its folder if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _sync_folder(path.parent)


def stale_temp_files(path: Path) -> list[Path]:
    """Temporary files a killed writer of ``path`` left behind."""
    return sorted(path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"))


def _sync_folder(folder: Path) -> None:
    """Make the rename durable; not every platform can open a folder, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
