"""The save file: round trips at every phase, and every kind of bad file refused and kept."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nardy_tui.engine import Match, Phase, Side, TurnKey
from nardy_tui.options import Level, MatchOptions, Mode
from nardy_tui.storage import SaveFileError, discard_saved, load_saved, save_match
from nardy_tui.storage.paths import save_path

from .play import act, fingerprint, states

OPTIONS = MatchOptions(mode=Mode.BOT, bot_level=Level.HARD, color=Side.BLACK, points=1, seed=11)


def reload(match: Match, options: MatchOptions = OPTIONS) -> Match:
    """Save, load, and check the loaded match is the same state with the same options."""
    save_match(match, options)
    saved = load_saved()
    assert saved is not None
    assert saved.options == options
    assert fingerprint(saved.match) == fingerprint(match)
    return saved.match


def test_no_save_file_means_none() -> None:
    assert load_saved() is None


def test_round_trip_at_every_phase_including_mid_turn() -> None:
    match = Match(1, seed=11)
    reload(match)
    seen = {"roll-off"}
    for index, state in enumerate(states(match, random.Random(1))):
        turn = state.turn
        kind = state.phase.value + (" mid-turn" if turn and turn.steps else "")
        if index < 40 or index % 60 == 0 or kind not in seen:
            reload(state)
        seen.add(kind)
    reload(match)
    assert seen >= {"roll-off", "roll", "move", "move mid-turn", "match over"}


def test_round_trip_after_a_tied_roll_off() -> None:
    match = next(match for match in map(tied_roll_off, range(100)) if match is not None)
    assert reload(match).phase is Phase.ROLL_OFF


def tied_roll_off(seed: int) -> Match | None:
    """A match whose first roll-off was a tie, if this seed gives one."""
    match = Match(1, seed=seed)
    return match if match.roll_off().winner is None else None


def test_round_trip_between_games() -> None:
    options = MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=4)
    match = Match(3, seed=4)
    rng = random.Random(2)
    while match.phase is not Phase.GAME_OVER:
        act(match, rng)
    reload(match, options)
    match.next_game()
    reload(match, options)
    act(match, rng)
    assert len(reload(match, options).games) == 2


def test_loaded_match_goes_on_with_the_same_dice() -> None:
    match = Match(1, seed=5)
    rng = random.Random(3)
    for _ in range(30):
        act(match, rng)
    loaded = reload(match)
    first, second = random.Random(9), random.Random(9)
    for _ in range(40):
        act(match, first)
        act(loaded, second)
    assert fingerprint(loaded) == fingerprint(match)


def test_match_without_a_chosen_seed_keeps_its_drawn_seed() -> None:
    match = Match(1)
    act(match, random.Random(0))
    loaded = reload(match, MatchOptions(points=1))
    assert loaded.seed == match.seed


def test_nardy_home_is_respected(home: Path) -> None:
    save_match(Match(1, seed=1), OPTIONS)
    assert save_path() == home / "match.json"
    assert json.loads((home / "match.json").read_text())["format"] == "nardy-match"


def test_discard_removes_the_save_and_tolerates_none(home: Path) -> None:
    save_match(Match(1, seed=1), OPTIONS)
    discard_saved()
    assert load_saved() is None
    discard_saved()


def test_no_temporary_files_are_left_behind(home: Path) -> None:
    match, rng = Match(1, seed=1), random.Random(7)
    for _ in range(20):
        act(match, rng)
        save_match(match, OPTIONS)
    assert sorted(path.name for path in home.iterdir()) == ["match.json"]


def test_stale_temporary_files_of_a_killed_writer_are_cleared(home: Path) -> None:
    save_match(Match(1, seed=1), OPTIONS)
    stale, fresh = home / ".match.json.old.tmp", home / ".match.json.new.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert load_saved() is not None
    assert not stale.exists() and fresh.exists()


def test_a_failed_write_keeps_the_previous_save(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match(1, seed=1)
    save_match(match, OPTIONS)
    before = save_path().read_bytes()
    act(match, random.Random(1))

    def disk_full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        save_match(match, OPTIONS)
    assert save_path().read_bytes() == before
    assert sorted(path.name for path in home.iterdir()) == ["match.json"]


# -- bad files ---------------------------------------------------------------------------------


def saved_document(turns: int = 6) -> dict[str, Any]:
    """A save file a few turns into a match (one turn in progress), as parsed JSON."""
    match = Match(1, seed=11)
    rng = random.Random(4)
    while len(match.game.turns) < turns or match.phase is not Phase.MOVE:
        act(match, rng)
    save_match(match, OPTIONS)
    document: dict[str, Any] = json.loads(save_path().read_text())
    return document


def write_raw(content: bytes) -> None:
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_bytes(content)


def refused(content: bytes, *expected: str) -> str:
    """Load ``content`` and check it is refused in one line, moved aside and kept intact."""
    write_raw(content)
    with pytest.raises(SaveFileError) as caught:
        load_saved()
    message = str(caught.value)
    assert "\n" not in message
    for words in expected:
        assert words in message
    assert not save_path().exists()
    aside = list(save_path().parent.glob("match.rejected-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert str(aside[0]) in message
    assert load_saved() is None
    return message


def tampered(change: Callable[[dict[str, Any]], object]) -> bytes:
    document = saved_document()
    change(document)
    return json.dumps(document).encode()


def test_corrupt_json_is_refused() -> None:
    refused(b"{this is not json", "not valid JSON")


def test_truncated_file_is_refused() -> None:
    saved_document()
    whole = save_path().read_bytes()
    refused(whole[: len(whole) // 2], "not valid JSON", "cut short")


def test_empty_file_is_refused() -> None:
    refused(b"", "not valid JSON")


def test_a_control_character_is_named_once_with_its_place() -> None:
    """Issue 10: "Invalid control character at at line 1"."""
    message = refused(b'{"format": "nardy-match\x01"}', "Invalid control character at line 1,")
    assert "at at" not in message


def test_binary_garbage_is_refused() -> None:
    refused(b"\xff\xfe\x00garbage", "could not be read")


def test_other_json_is_refused() -> None:
    refused(b"[1, 2, 3]", "not an object")
    for path in save_path().parent.glob("match.rejected-*"):
        path.unlink()
    refused(b'{"format": "something-else", "version": 1}', "not a nardy save file")


def test_newer_version_is_refused_saying_so() -> None:
    refused(tampered(lambda doc: doc.update(version=2)), "newer version", "version 2")


def test_older_version_is_refused_saying_so() -> None:
    refused(tampered(lambda doc: doc.update(version=0)), "older version", "version 0")


def test_unknown_version_is_refused_saying_so() -> None:
    refused(tampered(lambda doc: doc.update(version="1.0")), "unknown format version")


def test_illegal_turn_is_refused_with_game_turn_and_reason() -> None:
    def cheat(doc: dict[str, Any]) -> None:
        doc["games"][0]["turns"][3]["steps"] = [[24, 1, 6]]

    refused(tampered(cheat), "game 1, turn 4:", "24/1: there is no 6 left to play")


def test_a_step_its_die_does_not_make_is_refused_for_that_reason() -> None:
    """Issue 10: a step whose die does not reach its point was refused as "... is allowed"
    (the two dice together reach it)."""

    def cheat(doc: dict[str, Any]) -> None:
        turn = doc["games"][0]["turns"][1]
        high, low = turn["dice"]
        turn["steps"] = [[24, 24 - high - low, low]] if high != low else [[24, 24 - 2 * low, low]]

    message = refused(tampered(cheat), "game 1, turn 2:", "takes a checker from point 24")
    assert "is allowed" not in message


def test_an_extra_head_checker_is_refused() -> None:
    def cheat(doc: dict[str, Any]) -> None:
        turn = doc["games"][0]["turns"][2]
        turn["steps"] = [[24, 24 - die, die] for die in turn["dice"]]

    message = refused(tampered(cheat), "game 1, turn 3:")
    assert "head" in message.lower() or "die" in message.lower()


def test_dice_the_seed_does_not_roll_are_refused() -> None:
    def loaded_dice(doc: dict[str, Any]) -> None:
        turn = doc["games"][0]["turns"][1]
        turn["dice"] = [7 - turn["dice"][0], 7 - turn["dice"][1]]

    refused(tampered(loaded_dice), "game 1, turn 2:", "not what the seed rolls")


def test_a_different_roll_off_is_refused() -> None:
    refused(tampered(lambda doc: doc["games"][0]["roll_offs"].insert(0, [3, 3])), "game 1 roll-off")


def test_an_illegal_step_in_the_turn_in_progress_is_refused() -> None:
    def cheat(doc: dict[str, Any]) -> None:
        doc["turn_in_progress"]["steps"] = [[5, 0, 6]]

    refused(tampered(cheat), "turn 7 (in progress)")


def test_notation_that_disagrees_with_the_steps_is_refused() -> None:
    refused(
        tampered(lambda doc: doc["games"][0]["turns"][0].update(notation="24/1")),
        "game 1, turn 1:",
        "notation",
    )


def test_a_missing_part_is_refused() -> None:
    refused(tampered(lambda doc: doc.pop("games")), "games is missing")


def test_bad_options_are_refused() -> None:
    refused(tampered(lambda doc: doc["options"].update(bot_level="godlike")), "options.bot_level")


def test_a_turn_cut_from_the_history_is_refused() -> None:
    refused(tampered(lambda doc: doc["games"][0]["turns"].pop(2)), "game 1, turn 3:")


def test_a_second_rejection_keeps_the_first_file(home: Path) -> None:
    refused(b"{", "not valid JSON")
    write_raw(b"[")
    with pytest.raises(SaveFileError):
        load_saved()
    assert len(list(home.glob("match.rejected-*.json"))) == 2


def played_a_turn() -> Match:
    match = Match(1, seed=11)
    rng = random.Random(4)
    while not match.game.turns:
        act(match, rng)
    return match


def test_the_plays_made_against_the_tutors_warning_are_saved_with_the_match() -> None:
    match = played_a_turn()
    save_match(match, OPTIONS, warned={TurnKey(game=1, turn=1)})
    assert json.loads(save_path().read_text())["tutor_overridden"] == [[1, 1]]
    saved = load_saved()
    assert saved is not None and saved.warned == {TurnKey(game=1, turn=1)}
    assert all(isinstance(key, TurnKey) for key in saved.warned)


@pytest.mark.parametrize(
    "warned, words",
    [
        ([[1, 9]], "game 1 has no turn 9"),
        ([[2, 1]], "game 2 has no turn 1"),
        ([[1]], "each entry is a game and a turn"),
        ("all", "tutor_overridden"),
    ],
)
def test_a_warning_for_a_turn_the_match_does_not_have_is_refused(
    warned: object, words: str
) -> None:
    save_match(played_a_turn(), OPTIONS)
    document = json.loads(save_path().read_text())
    document["tutor_overridden"] = warned
    save_path().write_text(json.dumps(document))
    with pytest.raises(SaveFileError, match=words):
        load_saved()
