"""The match on disk as the game keeps it: saved after every change, loaded at start,
discarded at the end, written as a record; a file that cannot be written is a problem in
words, never an exception that costs the player the game. A network match keeps files of
its own, and this side's part of the dice beside its record."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nardy_tui.engine import Match
from nardy_tui.net import Role, kept_parts, new_code, new_network_match, read_network_match
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.play import NetworkSaver, Saver, give_up_network_match

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


CODE = new_code()


def network_saver(role: Role = Role.HOST) -> NetworkSaver:
    return NetworkSaver(new_network_match(role, CODE, 3, port=7520), list)


def test_a_network_match_is_saved_for_its_side_and_read_back(home: Path) -> None:
    saver = network_saver()
    assert saver.save(saver.saved.match, OPTIONS) is None
    again = read_network_match(Role.HOST)
    assert again is not None and (again.code, again.port) == (CODE, 7520)
    assert read_network_match(Role.JOINER) is None


def test_a_discarded_network_match_is_gone_for_its_side_only(home: Path) -> None:
    host, joiner = network_saver(Role.HOST), network_saver(Role.JOINER)
    host.save(host.saved.match, OPTIONS)
    joiner.save(joiner.saved.match, OPTIONS)
    host.discard()
    assert read_network_match(Role.HOST) is None and read_network_match(Role.JOINER) is not None


def test_a_network_save_that_cannot_be_written_says_so(unwritable: None) -> None:
    saver = network_saver()
    problem = saver.save(saver.saved.match, OPTIONS)
    assert problem is not None and problem.startswith("Could not save the match")


def test_a_network_record_is_written_with_this_sides_part_of_the_dice_kept(home: Path) -> None:
    saver = network_saver()
    kept, written = saver.write_record(saver.saved.match, OPTIONS, one_line=True)
    assert kept and written.startswith("Record written to ")
    path = Path(written.removeprefix("Record written to "))
    assert path.name.startswith("nardy-network-host-") and path.is_file()
    assert [part.role for part in kept_parts()] == [Role.HOST]


def test_a_network_record_that_cannot_be_written_says_why(unwritable: None) -> None:
    saver = network_saver()
    kept, written = saver.write_record(saver.saved.match, OPTIONS)
    assert not kept and written.startswith("Could not keep this side's part of the dice")


def test_a_match_given_up_is_kept_as_its_record_then_forgotten(home: Path) -> None:
    match = Match(length=3, seed=5)
    match.roll_off()
    Saver().save(match, OPTIONS)
    given_up, said = Saver().give_up(match, OPTIONS)
    [record] = (home / "records").iterdir()
    assert given_up and said == f"The unfinished match was given up and kept as a record: {record}"
    assert "Match unfinished" in record.read_text()
    assert Saver().load() == (None, None)


def test_a_match_whose_record_cannot_be_written_is_not_given_up(home: Path) -> None:
    Saver().save(Match(length=3, seed=5), OPTIONS)
    (home / "records").write_text("a file where the records' folder should be")
    given_up, said = Saver().give_up(Match(length=3, seed=5), OPTIONS)
    assert not given_up and said.startswith("The unfinished match was not given up: ")
    assert Saver().load()[0] is not None, "still saved"


def test_a_network_match_given_up_is_kept_as_its_record_with_the_dice_proof(home: Path) -> None:
    saver = network_saver(Role.JOINER)
    saver.save(saver.saved.match, OPTIONS)
    given_up, said = give_up_network_match(saver.saved)
    [record] = (home / "records").iterdir()
    assert given_up and said.endswith(str(record))
    assert record.name.startswith("nardy-network-joiner-")
    assert [part.role for part in kept_parts()] == [Role.JOINER], "nardy verify can check it"
    assert read_network_match(Role.JOINER) is None
