"""Keeping the match on disk, through ``nardy_tui.storage`` (imported on first use).

Saving must never cost the player the game: a failure to write is reported in the status
line and play goes on.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

from nardy_tui.engine import Match, TurnKey
from nardy_tui.i18n import _
from nardy_tui.options import MatchOptions

if TYPE_CHECKING:
    from nardy_tui.storage import SavedMatch


class Saver:
    """Save after every change, discard when a match ends or is replaced, load at start."""

    def save(
        self, match: Match, options: MatchOptions, warned: Collection[TurnKey] = ()
    ) -> str | None:
        """Save ``match`` (and ``warned``, the plays made against the tutor's warning); the
        problem in words if it could not be written."""
        from nardy_tui.storage import save_match

        try:
            save_match(match, options, warned)
        except OSError as error:
            return _("Could not save the match: {error}").format(error=error)
        return None

    def discard(self) -> None:
        from nardy_tui.storage import discard_saved

        discard_saved()

    def load(self) -> tuple[SavedMatch | None, str | None]:
        """The saved unfinished match, if any, and any problem with the save file."""
        from nardy_tui.storage import SaveFileError, load_saved

        try:
            return load_saved(), None
        except SaveFileError as error:
            return None, str(error)

    def export(self, match: Match, options: MatchOptions) -> str:
        """Write the match record as text; says where (or why not) in words, on one line
        (the status line)."""
        return self.write_record(match, options, one_line=True)[1]

    def write_record(
        self,
        match: Match,
        options: MatchOptions,
        one_line: bool = False,
    ) -> tuple[bool, str]:
        """Write the match record as text: whether it was written, and where (or why not).

        Unless ``one_line``, the folder and the file's name are on lines of their own, so
        a dialog never breaks the name in the middle.
        """
        from nardy_tui.storage import export_record

        try:
            path = export_record(match, options)
        except OSError as error:
            return False, _("Could not write the record: {error}").format(error=error)
        return True, record_written_said(path, one_line)


def record_written_said(path: Path, one_line: bool) -> str:
    """Where a record was written: on one line, or (for a dialog, which must never break the
    file's name) the folder and the name on lines of their own."""
    if one_line:
        return _("Record written to {path}").format(path=path)
    return _("Record written to:\n{folder}\n{name}").format(
        folder=f"{path.parent}{os.sep}", name=path.name
    )
