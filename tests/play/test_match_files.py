"""The match on disk as the game keeps it: saved after every change, loaded at start,
discarded at the end, written as a record; a file that cannot be written is a problem in
words, never an exception that costs the player the game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nardy_tui.engine import Match
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.play import Saver

OPTIONS = MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=5)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "nardy-home"
    monkeypatch.setenv("NARDY_HOME", str(folder))
    return folder


@pytest.fixture
def unwritable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data folder under a plain file: nothing can be written there."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("NARDY_HOME", str(blocker / "nardy-home"))


def test_a_saved_match_loads_again(home: Path) -> None:
    assert Saver().save(Match(length=3, seed=5), OPTIONS) is None
    saved, problem = Saver().load()
    assert problem is None and saved is not None
    assert saved.match.length == 3 and saved.options == OPTIONS


def test_a_discarded_match_is_not_offered_again(home: Path) -> None:
    Saver().save(Match(length=3, seed=5), OPTIONS)
    Saver().discard()
    assert Saver().load() == (None, None)


def test_a_damaged_save_file_is_a_problem_in_words(home: Path) -> None:
    Saver().save(Match(length=3, seed=5), OPTIONS)
    (home / "match.json").write_text("{not json")
    saved, problem = Saver().load()
    assert saved is None and problem


def test_a_save_that_cannot_be_written_says_so(unwritable: None) -> None:
    problem = Saver().save(Match(length=3, seed=5), OPTIONS)
    assert problem is not None and problem.startswith("Could not save the match")


def test_the_record_says_where_it_went_on_one_line_or_several(home: Path) -> None:
    match = Match(length=3, seed=5)
    said = Saver().export(match, OPTIONS)
    assert said.startswith("Record written to ") and "\n" not in said
    kept, written = Saver().write_record(match, OPTIONS)
    folder, name = written.splitlines()[1:]
    assert kept and folder.endswith(os.sep) and (Path(folder) / name).is_file()


def test_a_record_that_cannot_be_written_says_why(unwritable: None) -> None:
    kept, written = Saver().write_record(Match(length=3, seed=5), OPTIONS)
    assert not kept and written.startswith("Could not write the record")
