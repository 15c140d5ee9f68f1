"""The export key: the match's record to a text file on this machine, or, in a game served
to a browser (``nardy serve``), to the visitor's browser as a download, so that nothing a
visitor exports is written for them to look for on the server. A match given up for a new
one is kept as a record the same way; a finished one is kept as its match-over dialog comes
up (``keep_record``)."""

from __future__ import annotations

import io

from textual.app import App

from nardy_tui.engine import Match
from nardy_tui.i18n import _
from nardy_tui.options import MatchOptions
from nardy_tui.play import RecordNotMade, Saver


def export_record(app: App[object], saver: Saver, match: Match, options: MatchOptions) -> str:
    """Export ``match``'s record, in the file ``saver`` makes of it; what became of it, in
    words on one line (the status line)."""
    if not app.is_web:
        return saver.export(match, options)
    try:
        record = saver.record(match, options)
    except RecordNotMade as problem:
        return str(problem)
    app.deliver_text(
        io.StringIO(record.text),
        save_filename=record.name,
        encoding="utf-8",
        mime_type="text/plain",
    )
    return _("The record {name} is on its way to your browser as a download.").format(
        name=record.name
    )


def give_up_match(
    app: App[object], saver: Saver, match: Match, options: MatchOptions
) -> tuple[bool, str]:
    """Give ``match`` up for a new one, kept as a record (``Saver.give_up``); in a game served
    to a browser its record goes to the visitor's browser too, as a file on the server is
    out of their reach. Whether it was given up, and what became of its record in words."""
    given_up, said = saver.give_up(match, options)
    if given_up and app.is_web:
        said = export_record(app, saver, match, options)
    return given_up, said


def keep_record(saver: Saver, match: Match, options: MatchOptions, in_browser: bool) -> str:
    """Keep the finished ``match`` as a record, and forget its save file once that is
    written; what the match-over dialog says of it.

    The match-over dialog is modal, so the export key cannot be reached any more: the
    record is written here, to the file the export key writes, and the dialog says where.
    If it cannot be written the save file (saved at match over) stays until a new match
    starts, so nothing is lost: resuming it shows the dialog again and tries again, and
    ``nardy export`` can still write the record. A player in a browser cannot reach a file
    on the server: the dialog tells them how to download it.
    """
    kept, written = saver.write_record(match, options)
    if not kept:
        return _(
            "{problem}. The finished match stays saved until a new match starts: "
            "'nardy export FILE' writes its record elsewhere, and "
            "'nardy --resume' shows this again."
        ).format(problem=written)
    saver.discard()
    if in_browser:
        return _("Its record: Escape closes this, then x downloads it.")
    return written
