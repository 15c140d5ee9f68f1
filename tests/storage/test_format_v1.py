"""Save files of format version 1, as the first release wrote them, keep loading.

The files in ``tests/data`` were written by that release and must never be regenerated: a
later release that changes the format migrates them instead, and these tests say so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from nardy_tui.engine import Phase, Side, Step
from nardy_tui.options import Level, MatchOptions, Mode
from nardy_tui.storage import load_saved
from nardy_tui.storage.document import match_document

DATA = Path(__file__).parent.parent / "data"


def load_v1(name: str, home: Path):  # type: ignore[no-untyped-def]
    home.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DATA / name, home / "match.json")
    assert json.loads((home / "match.json").read_text())["version"] == 1
    saved = load_saved()
    assert saved is not None
    return saved


def test_a_version_1_save_between_games(home: Path) -> None:
    saved = load_v1("match-v1-game-over.json", home)
    assert saved.options == MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=1)
    assert saved.options.mode is Mode.HOT_SEAT and saved.options.color is Side.WHITE
    match = saved.match
    assert match.phase is Phase.GAME_OVER and len(match.games) == 1
    assert match.score == {Side.WHITE: 1, Side.BLACK: 0}
    match.next_game()
    match.roll_off()
    assert match.game.number == 2


def test_a_version_1_save_in_the_middle_of_a_turn(home: Path) -> None:
    saved = load_v1("match-v1-mid-turn.json", home)
    assert saved.options == MatchOptions(
        mode=Mode.BOT, bot_level=Level.HARD, color=Side.BLACK, points=3, seed=1
    )
    assert saved.options.mode is Mode.BOT and saved.options.bot_level is Level.HARD
    match = saved.match
    assert match.phase is Phase.MOVE and match.game.number == 2
    assert match.dice == (4, 1) and match.position.turn is Side.BLACK
    assert match.turn is not None and match.turn.steps == (Step(24, 20, 4),)
    assert match.started.isoformat() == "2026-01-02T10:00:00+01:00"


@pytest.mark.parametrize("name", ["match-v1-game-over.json", "match-v1-mid-turn.json"])
def test_a_save_written_now_holds_the_options_in_the_words_of_version_1(
    name: str, home: Path
) -> None:
    saved = load_v1(name, home)
    written = match_document(saved.match, saved.options)["options"]
    original = json.loads((DATA / name).read_text())["options"]
    assert written == original
    assert [type(value) for value in written.values()] == [
        type(value) for value in original.values()
    ]


@pytest.mark.parametrize("name", ["match-v1-game-over.json", "match-v1-mid-turn.json"])
def test_the_version_1_files_are_left_as_written(name: str) -> None:
    """Guard against regenerating them with a newer writer by mistake."""
    doc = json.loads((DATA / name).read_text())
    assert doc["format"] == "nardy-match" and doc["version"] == 1
    assert doc["started"] == "2026-01-02T10:00:00+01:00"
