"""Saving, resuming and recording matches, and the player's settings.

The save file is a versioned JSON document written atomically after every change; loading
replays it through the engine, so only legal matches are ever resumed. Records are the
readable text form of a match (RULES.md section 9), and can be read back for replay.

The records are imported when first asked for (``__getattr__``): their reader and writer
are for a record, a replay or a review, which the first screen never needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.imported_when_used import imported_when_used
from nardy_tui.storage.atomic import write_atomically
from nardy_tui.storage.document import SavedMatch
from nardy_tui.storage.paths import (
    data_dir,
    data_dir_problem,
    network_match_saved,
    network_save_path,
    records_dir,
    tables_dir,
)
from nardy_tui.storage.saves import (
    SaveFileError,
    discard_saved,
    load_saved,
    save_match,
)
from nardy_tui.storage.settings import (
    Animation,
    Settings,
    Switch,
    Tutor,
    load_settings,
    save_settings,
    settings_path,
)

if TYPE_CHECKING:
    from nardy_tui.storage.record import (
        Record,
        RecordedGame,
        RecordedTurn,
        RecordError,
        export_record,
        format_record,
        header_shown,
        load_record,
        match_result_line,
        parse_record,
        record_name,
    )

__all__ = [
    "Animation",
    "Record",
    "RecordError",
    "RecordedGame",
    "RecordedTurn",
    "SaveFileError",
    "SavedMatch",
    "Settings",
    "Switch",
    "Tutor",
    "data_dir",
    "data_dir_problem",
    "discard_saved",
    "export_record",
    "format_record",
    "header_shown",
    "load_record",
    "load_saved",
    "load_settings",
    "match_result_line",
    "network_match_saved",
    "network_save_path",
    "parse_record",
    "record_name",
    "records_dir",
    "save_match",
    "save_settings",
    "settings_path",
    "tables_dir",
    "write_atomically",
]

_IMPORTED_WHEN_USED = {
    "record": (
        "Record",
        "RecordError",
        "RecordedGame",
        "RecordedTurn",
        "export_record",
        "format_record",
        "header_shown",
        "load_record",
        "match_result_line",
        "parse_record",
        "record_name",
    ),
}
"""The names of the face that are imported when first asked for, by their module."""


__getattr__ = imported_when_used(__name__, _IMPORTED_WHEN_USED, globals())
