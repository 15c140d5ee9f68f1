"""A practice game from a position: the match starts there (its dice thrown if the ID has
them), it is saved and resumed at every step, and its record says where it started, which
the record's reader, the replay and the review then play from."""

from __future__ import annotations

import random

import pytest

from nardy_tui.engine import Dice, Match, Phase, Position, Side, legal_plays
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.storage import format_record, load_saved, parse_record, save_match
from nardy_tui.storage.paths import save_path

from .play import fingerprint, states

OPTIONS = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=5)


def a_middle_game_position(seed: int = 4) -> Position:
    chooser = random.Random(seed)
    position = Position.initial()
    for _ in range(16):
        dice = Dice(chooser.randint(1, 6), chooser.randint(1, 6))
        position = position.apply(chooser.choice(legal_plays(position, dice)), dice)
    return position


def test_a_practice_game_starts_at_its_position_without_a_roll_off() -> None:
    start = a_middle_game_position()
    match = Match(1, seed=3, start=start)
    assert match.phase is Phase.ROLL and match.position == start
    assert match.mover is start.turn and match.game.first_position == start
    assert match.game.roll_offs == []


def test_the_dice_in_the_id_are_the_first_turns() -> None:
    start = a_middle_game_position()
    position, dice = start, Dice(3, 5)
    match = Match(1, seed=3, start=position, start_dice=dice)
    assert match.phase is Phase.MOVE and match.dice == Dice(5, 3)
    assert match.dice_roller.rolled == 0  # nothing drawn from the seed for them


@pytest.mark.parametrize("length", [3, 5, 7])
def test_a_practice_game_is_a_one_point_match(length: int) -> None:
    with pytest.raises(ValueError, match="one-point match"):
        Match(length, start=a_middle_game_position())


@pytest.mark.parametrize("dice", [None, Dice(6, 2)])
def test_a_practice_game_round_trips_through_its_save_step_by_step(dice: Dice | None) -> None:
    match = Match(1, seed=8, start=a_middle_game_position(), start_dice=dice)
    for index, state in enumerate(states(match, random.Random(2))):
        if index > 30 and index % 25:
            continue  # the first steps, then a sample: each save is written to disk
        save_match(state, OPTIONS)
        saved = load_saved()
        assert saved is not None and fingerprint(saved.match) == fingerprint(state)
        assert saved.match.game.start == state.game.start
    assert match.phase is Phase.MATCH_OVER


def test_a_save_whose_start_is_not_a_position_is_refused_in_one_line() -> None:
    import json

    match = Match(1, seed=8, start=a_middle_game_position())
    save_match(match, OPTIONS)
    document = json.loads(save_path().read_text())
    document["start"] = "AAAAAAAAAAAAAAA"
    save_path().write_text(json.dumps(document))
    from nardy_tui.storage import SaveFileError

    with pytest.raises(SaveFileError, match="start: not a position"):
        load_saved()


def test_the_record_marks_the_start_and_reads_back_from_it() -> None:
    start = a_middle_game_position()
    match = Match(1, seed=8, start=start, start_dice=Dice(4, 2))
    for _ in states(match, random.Random(3)):
        pass
    text = format_record(match, OPTIONS, match.started)
    assert f"Start: {start.to_id(Dice(4, 2))} (a practice game" in text
    [game] = parse_record(text).games
    assert game.start == start
    assert [str(turn) for turn in game.turns] == match.game.record_lines()
    assert (game.winner, game.points) == (match.game.winner, match.game.points)


def test_a_record_start_after_the_first_turn_is_refused() -> None:
    from nardy_tui.storage import RecordError

    text = "Game 1\nRoll-off: White 5, Black 2\n1. White 5-3: 24/16\nStart: YAAAAP_-AAAB__w"
    with pytest.raises(RecordError, match="a start position comes first in a game"):
        parse_record(text)


def test_the_first_mover_of_a_practice_game_is_the_side_to_move_in_it() -> None:
    start = Position(a_middle_game_position().points, Side.BLACK)
    assert Match(1, start=start).game.first_mover is Side.BLACK


def test_the_last_play_of_a_practice_game_is_shown_from_its_start() -> None:
    from nardy_tui.play import position_before_last

    start = a_middle_game_position()
    match = Match(1, seed=8, start=start)
    rng = random.Random(6)
    before = match.position
    while len(match.game.turns) < 3:
        before = match.position
        match.roll()
        assert match.turn is not None
        match.play(rng.choice(legal_plays(match.position, match.dice)))
    assert position_before_last(match.game) == before
