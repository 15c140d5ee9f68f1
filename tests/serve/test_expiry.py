"""Visitor folders that expire: one that holds no saved match and that nobody has used for
a day is removed; one with a saved match, one used lately, and the folder of a game
running now are kept."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from nardy_tui.engine import Match
from nardy_tui.options import MatchOptions
from nardy_tui.serve.expiry import SAVED_MATCH, UNUSED_FOR, expired, remove_expired
from nardy_tui.storage import save_match

NOW = time.time()
LONG_AGO = NOW - UNUSED_FOR - 60


def folder(root: Path, name: str, *files: str, used: float = LONG_AGO) -> Path:
    """A visitor's folder holding ``files``, it and each of them last changed at ``used``."""
    made = root / name
    made.mkdir()
    for file in files:
        (made / file).parent.mkdir(exist_ok=True)
        (made / file).write_text("{}")
        os.utime(made / file, (used, used))
        os.utime((made / file).parent, (used, used))
    os.utime(made, (used, used))
    return made


def test_a_folder_without_a_saved_match_unused_for_a_day_expires(tmp_path: Path) -> None:
    empty = folder(tmp_path, "empty")
    settings_only = folder(tmp_path, "settings", "settings.json")
    assert sorted(expired(tmp_path, NOW, playing=())) == [empty, settings_only]


def test_a_saved_match_a_recent_use_and_a_game_running_keep_a_folder(tmp_path: Path) -> None:
    folder(tmp_path, "saved", SAVED_MATCH)
    folder(tmp_path, "new", used=NOW - 60)
    touched = folder(tmp_path, "touched", "records/old.txt")
    os.utime(touched / "records" / "old.txt", (NOW, NOW))
    playing = folder(tmp_path, "playing")
    assert expired(tmp_path, NOW, playing=[playing.resolve()]) == []


def test_expired_folders_are_removed_and_the_others_left_alone(tmp_path: Path) -> None:
    folder(tmp_path, "empty", "settings.json")
    saved = folder(tmp_path, "saved", SAVED_MATCH)
    remove_expired(tmp_path, playing=())
    assert list(tmp_path.iterdir()) == [saved]


def test_no_visitor_yet_is_nothing_to_remove(tmp_path: Path) -> None:
    assert expired(tmp_path / "visitors", NOW, playing=()) == []


def test_the_saved_match_is_named_as_the_game_names_its_save_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    save_match(Match(length=1, seed=1), MatchOptions(points=1))
    assert [file.name for file in tmp_path.iterdir()] == [SAVED_MATCH]
