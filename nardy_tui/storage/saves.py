"""The save file: the unfinished match, written after every change and restored on start.

A file that cannot be restored is never deleted: it is renamed aside (so the player, or a
bug report, still has it) and ``SaveFileError`` explains in one line what was wrong and
where the file went, so the game can say so and offer a new match.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection
from datetime import datetime
from pathlib import Path

from nardy_tui.engine import Match, TurnKey
from nardy_tui.i18n import _, clause
from nardy_tui.options import MatchOptions
from nardy_tui.storage.atomic import stale_temp_files, write_atomically
from nardy_tui.storage.document import DocumentError, SavedMatch, match_document, restore
from nardy_tui.storage.paths import save_path

STALE_TEMP_SECONDS = 60.0


class SaveFileError(Exception):
    """The save file could not be read or written; ``str()`` is one line for the player."""


def save_match(match: Match, options: MatchOptions, warned: Collection[TurnKey] = ()) -> None:
    """Write the match to the save file atomically (with ``warned``, the plays made
    against the tutor's warning).

    An ``OSError`` (disk full, folder not writable) is left to the caller, which reports it
    and plays on: the previous save is still intact.
    """
    text = json.dumps(match_document(match, options, warned), indent=1)
    write_atomically(save_path(), text + "\n")


def load_saved() -> SavedMatch | None:
    """The saved match, or None if there is none.

    Raises ``SaveFileError`` for a file that is unreadable, damaged, from another version or
    holds an illegal turn, after moving that file aside.
    """
    path = save_path()
    _remove_stale_temp_files(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise _rejected(
            path, _("it could not be read ({error})").format(error=_reason(error))
        ) from None
    try:
        restored = restore(json.loads(text))
    except json.JSONDecodeError as error:
        raise _rejected(
            path,
            _("it is not valid JSON, perhaps cut short ({problem})").format(
                problem=_json_problem(error)
            ),
        ) from None
    except DocumentError as error:
        raise _rejected(path, str(error)) from None
    except (ValueError, TypeError, RecursionError) as error:
        raise _rejected(path, _("it is damaged ({error})").format(error=clause(error))) from None
    return restored


def discard_saved() -> None:
    """Forget the saved match: it has ended, or a new match replaces it."""
    save_path().unlink(missing_ok=True)


def _rejected(path: Path, reason: str) -> SaveFileError:
    """Move the bad file aside and describe the problem in one line."""
    aside = _aside_path(path)
    try:
        path.replace(aside)
    except OSError as error:
        return SaveFileError(
            _(
                "The saved match in {path} cannot be resumed: {reason}. "
                "It could not be moved aside either ({error})."
            ).format(path=path, reason=reason, error=_reason(error))
        )
    return SaveFileError(
        _("The saved match cannot be resumed: {reason}. The file was moved to {path}.").format(
            reason=reason, path=aside
        )
    )


def _aside_path(path: Path) -> Path:
    """A new name next to ``path`` that says when and why it was set aside."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.rejected-{stamp}{path.suffix}")
    count = 1
    while candidate.exists():
        count += 1
        candidate = path.with_name(f"{path.stem}.rejected-{stamp}-{count}{path.suffix}")
    return candidate


def _remove_stale_temp_files(path: Path) -> None:
    """Temporary files of a writer that was killed; old ones only, a live writer may run."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    for temp in stale_temp_files(path):
        try:
            if temp.stat().st_mtime < cutoff:
                temp.unlink()
        except OSError:
            continue


def _json_problem(error: json.JSONDecodeError) -> str:
    r"""Where and what: some of Python's messages end in "at", which the place goes on.

    >>> _json_problem(json.JSONDecodeError("Invalid control character at", '{"a": "\n"}', 7))
    'Invalid control character at line 1, column 8'
    >>> _json_problem(json.JSONDecodeError("Expecting value", "", 0))
    'Expecting value at line 1, column 1'
    """
    return _("{problem} at line {line}, column {column}").format(
        problem=error.msg.removesuffix(" at"), line=error.lineno, column=error.colno
    )


def _reason(error: Exception) -> str:
    return clause(getattr(error, "strerror", None) or error)
