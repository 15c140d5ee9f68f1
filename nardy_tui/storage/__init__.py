"""Saving, resuming and recording matches (issue 5).

The save file is a versioned JSON document written atomically after every change; loading
replays it through the engine, so only legal matches are ever resumed. Records are the
readable text form of a match (RULES.md section 9), and can be read back for replay.
"""

from nardy_tui.storage.record import Record, RecordError, export_record, load_record
from nardy_tui.storage.saves import (
    SavedMatch,
    SaveFileError,
    discard_saved,
    load_saved,
    save_match,
)

__all__ = [
    "Record",
    "RecordError",
    "SaveFileError",
    "SavedMatch",
    "discard_saved",
    "export_record",
    "load_record",
    "load_saved",
    "save_match",
]
