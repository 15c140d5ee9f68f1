"""Keeping the match on disk, through ``nardy_tui.storage``: a match at this machine
(``Saver``), and a match with a friend on another machine (``NetworkSaver``), whose files
``nardy_tui.net`` writes. Both layers are imported on first use, the network's never for
a match at this machine.

Saving must never cost the player the game: a failure to write is reported in the status
line and play goes on. A record is made (``RecordFile``) apart from writing it, so that a
game served to a browser hands it to the browser instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nardy_tui.engine import Match, TurnKey
from nardy_tui.i18n import _
from nardy_tui.options import MatchOptions, Mode

if TYPE_CHECKING:
    from nardy_tui.net import MatchEvent, NetworkMatch
    from nardy_tui.storage import SavedMatch


@dataclass(frozen=True)
class RecordFile:
    """A match's record as text, and the name of its file: the same name for every export
    of one match, so that exporting again updates the file."""

    name: str
    text: str


class RecordNotMade(Exception):
    """Why a match's record could not be made, in words for the status line."""


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
        try:
            path = self._written_record(match, options)
        except RecordNotMade as problem:
            return False, str(problem)
        return True, record_written_said(path, one_line)

    def give_up(self, match: Match, options: MatchOptions) -> tuple[bool, str]:
        """Give the unfinished ``match`` up for another, kept as a record first (a record
        costs nothing, a match thrown away cannot be had back): whether it was given up,
        and in words where its record is, or why it was not (its save is then left as it
        was)."""
        try:
            path = self._written_record(match, options)
        except RecordNotMade as problem:
            return False, _("The unfinished match was not given up: {problem}").format(
                problem=problem
            )
        self.discard()
        return True, _("The unfinished match was given up and kept as a record: {path}").format(
            path=path
        )

    def _written_record(self, match: Match, options: MatchOptions) -> Path:
        """Write the match's record into the records folder; where (``RecordNotMade``, in
        words, if it could not be)."""
        from nardy_tui.storage import records_dir, write_atomically

        record = self.record(match, options)
        path = records_dir() / record.name
        try:
            write_atomically(path, record.text)
        except OSError as error:
            raise RecordNotMade(
                _("Could not write the record: {error}").format(error=error)
            ) from error
        return path

    def record(self, match: Match, options: MatchOptions) -> RecordFile:
        """The match's record (``RecordNotMade`` if it cannot be made)."""
        from nardy_tui.storage import format_record, record_name

        return RecordFile(record_name(match.started), format_record(match, options, match.started))


class NetworkSaver(Saver):
    """The files of a network match: its own save (its events and this side's part of the
    throw in progress) and, once it is over, its record with the dice proof and this side's
    part of the dice (``keep_part``), kept after the save is gone so that ``nardy verify``
    can check the record against something the other side could not make up."""

    def __init__(self, saved: NetworkMatch, events: Callable[[], list[MatchEvent]]) -> None:
        self.saved = saved
        self.events = events

    def save(
        self, match: Match, options: MatchOptions, warned: Collection[TurnKey] = ()
    ) -> str | None:
        """The network save (no tutor plays there: ``warned`` is always empty)."""
        from nardy_tui.net import network_document, write_network_match

        try:
            write_network_match(network_document(self.saved, self.events()))
        except OSError as error:
            return _("Could not save the match: {error}").format(error=error)
        return None

    def discard(self) -> None:
        from nardy_tui.net import forget_network_match

        forget_network_match(self.saved.role)

    def record(self, match: Match, options: MatchOptions) -> RecordFile:
        """The record with the dice proof, once this side's part of the dice is kept beside
        it (``RecordNotMade`` if it cannot be)."""
        from nardy_tui.net import keep_part, network_record
        from nardy_tui.storage import record_name

        started = match.started
        try:
            keep_part(self.saved.exchange, started)
        except OSError as error:
            raise RecordNotMade(
                _("Could not keep this side's part of the dice: {error}").format(error=error)
            ) from error
        return RecordFile(
            record_name(started, f"network-{self.saved.role.value}"),
            network_record(match, self.saved.exchange.throws, started),
        )


def record_keeper(saved: NetworkMatch) -> NetworkSaver:
    """The files of the network match ``saved`` when only its record is wanted, as it is
    given up for another: its save is never written again, only forgotten."""
    return NetworkSaver(saved, events=list)


def give_up_network_match(saved: NetworkMatch) -> tuple[bool, str]:
    """Give the unfinished network match ``saved`` up for another, kept first as its record
    with the dice proof, as a finished one is (``Saver.give_up``)."""
    options = MatchOptions(mode=Mode.NETWORK, points=saved.match.length)
    return record_keeper(saved).give_up(saved.match, options)


def record_written_said(path: Path, one_line: bool) -> str:
    """Where a record was written: on one line, or (for a dialog, which must never break the
    file's name) the folder and the name on lines of their own."""
    if one_line:
        return _("Record written to {path}").format(path=path)
    return _("Record written to:\n{folder}\n{name}").format(
        folder=f"{path.parent}{os.sep}", name=path.name
    )
