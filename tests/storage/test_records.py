"""Text records: what they say, exporting them, and reading them back through the engine."""

from __future__ import annotations

import doctest
import random
from datetime import datetime
from pathlib import Path

import pytest

from nardy_tui.engine import MARS, SINGLE_GAME, Game, Match, Phase, Position, Side, legal_plays
from nardy_tui.options import Level, MatchOptions, Mode
from nardy_tui.storage import export_record, load_record, load_saved, save_match
from nardy_tui.storage import record as record_module
from nardy_tui.storage.record import RecordError, format_record, parse_record, players_line

from .play import act, states

WHEN = datetime(2025, 3, 2, 14, 5)


def finished_match(length: int = 3, seed: int = 8) -> Match:
    match = Match(length, seed=seed)
    for _ in states(match, random.Random(seed)):
        pass
    return match


def positions_after(game: Game) -> list[Position]:
    """The position after each turn of a game played through the engine."""
    assert game.first_mover is not None
    position, after = Position.initial(game.first_mover), []
    for turn in game.turns:
        position = position.apply(turn.play, turn.dice)
        after.append(position)
    return after


def test_doctests() -> None:
    assert doctest.testmod(record_module).failed == 0


def test_header_names_players_length_date_and_seed() -> None:
    text = format_record(Match(5, seed=42), MatchOptions(bot_level=Level.HARD, points=5), WHEN)
    assert text.splitlines()[:5] == [
        "Long Nardy match record",
        "White: you / Black: bot (hard)",
        "Match to 5 points",
        "Date: 2025-03-02 14:05",
        "Seed: 42",
    ]


@pytest.mark.parametrize(
    ("options", "line"),
    [
        (MatchOptions(color=Side.BLACK, bot_level=Level.EASY), "White: bot (easy) / Black: you"),
        (MatchOptions(mode=Mode.HOT_SEAT), "White: player 1 / Black: player 2 (hot-seat)"),
        (MatchOptions(color=None), "Players: you and bot (medium), colours drawn at random"),
    ],
)
def test_players_line(options: MatchOptions, line: str) -> None:
    assert players_line(options) == line


def test_games_list_roll_off_turns_and_results() -> None:
    match = finished_match()
    lines = format_record(match, MatchOptions(), WHEN).splitlines()
    for game in match.games:
        start = lines.index(f"Game {game.number}")
        assert lines[start + 1].startswith("Roll-off: White ")
        assert lines[start + 2 : start + 2 + len(game.turns)] == game.record_lines()
        result = lines[start + 2 + len(game.turns)]
        assert result.startswith(f"Result: {game.winner.label} wins {game.points} point")
        assert ("(mars)" in result) == game.is_mars
    white, black = match.score[Side.WHITE], match.score[Side.BLACK]
    assert lines[-1] == (
        f"Match result: {match.winner.label} wins the match {white}-{black} (White-Black)"
    )


def test_export_then_import_gives_every_turn_back() -> None:
    match = finished_match()
    path = export_record(match, MatchOptions(), None)
    record = load_record(path)
    assert [game.winner for game in record.games] == [game.winner for game in match.games]
    assert [game.points for game in record.games] == [game.points for game in match.games]
    for read, played in zip(record.games, match.games, strict=True):
        assert [turn.dice for turn in read.turns] == [turn.dice for turn in played.turns]
        assert [turn.after for turn in read.turns] == positions_after(played)
    assert record.header[1] == "White: you / Black: bot (medium)"


def test_unfinished_match_round_trips_and_says_so() -> None:
    match = Match(3, seed=3)
    rng = random.Random(3)
    while len(match.game.turns) < 12:
        act(match, rng)
    text = format_record(match, MatchOptions(), WHEN)
    assert text.rstrip().endswith("Match unfinished: White 0, Black 0")
    game = parse_record(text).games[0]
    assert len(game.turns) == 12 and game.winner is None
    assert match.phase is Phase.ROLL and game.turns[-1].after == match.position


def test_a_record_of_any_moment_reads_back() -> None:
    match = next(match for match in map(tied_roll_off, range(100)) if match is not None)
    moments = 0
    for index, state in enumerate(states(match, random.Random(5))):
        if index < 30 or state.phase in (Phase.ROLL_OFF, Phase.GAME_OVER, Phase.MATCH_OVER):
            games = parse_record(format_record(state, MatchOptions(), WHEN)).games
            assert [len(game.turns) for game in games] == [len(g.turns) for g in state.games]
            moments += 1
    assert moments > 30


def tied_roll_off(seed: int) -> Match | None:
    """A match whose first roll-off was a tie, if this seed gives one."""
    match = Match(3, seed=seed)
    return match if match.roll_off().winner is None else None


def test_a_turn_after_a_tied_roll_off_refused() -> None:
    text = record_with("3. White 2-1: 24/21").replace("White 5, Black 2", "White 2, Black 2")
    refused(text, "game 1, turn 1", "tie")


def test_default_export_path_is_in_the_records_folder(home: Path) -> None:
    match = Match(1, seed=1)
    save_match(match, MatchOptions(points=1))
    path = export_record(match, MatchOptions(points=1))
    assert path.parent == home / "records" and path.read_text().startswith("Long Nardy")
    assert export_record(match, MatchOptions(points=1)) == path


def test_start_date_survives_a_resume() -> None:
    match = Match(1, seed=1)
    save_match(match, MatchOptions(points=1))
    first = export_record(match, MatchOptions(points=1)).name
    saved = load_saved()
    assert saved is not None
    assert export_record(saved.match, saved.options).name == first


def record_with(turn_line: str, number: int = 3) -> str:
    """A short valid record whose turn ``number`` is replaced by ``turn_line``."""
    turns = [
        "1. White 5-3: 24/16",
        "2. Black 6-6: 24/18(2)",
        "3. White 2-1: 24/21",
        "4. Black 4-1: 24/20 18/17",
    ]
    turns[number - 1] = turn_line
    return (
        "\n".join(
            [
                "Long Nardy match record",
                "",
                "Game 1",
                "Roll-off: White 5, Black 2 (White moves first)",
                *turns,
            ]
        )
        + "\n"
    )


def refused(text: str, *expected: str) -> str:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    message = str(caught.value)
    assert "\n" not in message
    for words in expected:
        assert words in message
    return message


def test_the_sample_record_is_legal() -> None:
    game = parse_record(record_with("3. White 2-1: 24/21")).games[0]
    assert [turn.side for turn in game.turns] == [Side.WHITE, Side.BLACK] * 2


def test_illegal_move_refused_with_game_turn_and_reason() -> None:
    refused(
        record_with("3. White 2-1: 24/20"), "game 1, turn 3 (White 2-1: 24/20)", "24 to point 20"
    )


def test_second_head_checker_refused() -> None:
    refused(record_with("3. White 2-1: 24/22 24/23"), "game 1, turn 3", "head")


def test_unplayed_dice_refused() -> None:
    refused(record_with("3. White 2-1: 24/22"), "game 1, turn 3", "unplayed")


def test_wrong_side_refused() -> None:
    refused(record_with("3. Black 2-1: 24/21"), "game 1, turn 3", "White's turn")


def test_impossible_dice_refused() -> None:
    refused(record_with("3. White 7-1: 24/16"), "game 1, turn 3", "1 to 6")


def test_false_pass_refused() -> None:
    refused(record_with("3. White 2-1: (no move)"), "game 1, turn 3", "can be played")


def test_garbage_line_refused_with_its_line_number() -> None:
    refused(record_with("3. White 2-1: 24/21") + "hello there\n", "line 9", "not a turn")


def test_first_mover_must_match_the_roll_off() -> None:
    text = record_with("3. White 2-1: 24/21").replace("White 5, Black 2", "White 2, Black 5")
    refused(text, "game 1, turn 1", "Black's turn")


def test_wrong_result_refused() -> None:
    refused(
        record_with("3. White 2-1: 24/21") + "Result: White wins 1 point\n",
        "game 1:",
        "no winner yet",
    )


def test_unfinished_game_followed_by_another_refused() -> None:
    refused(record_with("3. White 2-1: 24/21") + "\nGame 2\n", "game 1 is not over")


def test_a_file_without_games_refused() -> None:
    refused("just some text\n", "no game found")


def test_unreadable_file_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.txt")


def test_a_game_written_without_a_roll_off_starts_with_the_side_of_its_first_turn() -> None:
    game = parse_record("Game 1\n1. Black 5-3: 24/16\n2. White 6-6: 24/18(2)\n").games[0]
    assert game.start == Position.initial(Side.BLACK)
    assert [turn.side for turn in game.turns] == [Side.BLACK, Side.WHITE]


def test_a_second_roll_off_line_in_one_game_refused() -> None:
    text = record_with("3. White 2-1: 24/21").replace(
        "Game 1\n", "Game 1\nRoll-off: White 3, Black 1\n"
    )
    refused(text, "game 1", "roll-off")


def test_a_very_long_line_is_quoted_only_in_part() -> None:
    message = refused(record_with("3. White 2-1: " + "24/21 " * 5000), "game 1, turn 3")
    assert len(message) < 400 and "…" in message


# -- a game given up -----------------------------------------------------------------------


def resigned_match() -> Match:
    """A match to 3: game 1 given up by White as a mars with Black's dice thrown and not
    played, game 2 given up by Black as a single game before its roll-off."""
    match = Match(3, seed=5)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    match.play(legal_plays(match.position, match.roll())[0])
    match.roll()
    match.resign(match.position.turn.opponent, MARS)
    match.next_game()
    match.resign(match.position.turn.opponent, SINGLE_GAME)
    return match


def test_a_resigned_game_says_who_resigned_and_what_the_other_wins() -> None:
    lines = format_record(resigned_match(), MatchOptions(points=3), WHEN).splitlines()
    game_1 = lines.index("Game 1")
    assert lines[game_1 + 3] == "White resigns: Black wins a mars (Black threw 6-6, not played)"
    assert lines[game_1 + 4] == "Result: Black wins 2 points (mars); score White 0, Black 2"
    assert "Black resigns: White wins a single game" in lines
    assert lines[-1] == "Match unfinished: White 1, Black 2"


def test_a_resigned_game_reads_back_with_its_resignation_and_result() -> None:
    match = resigned_match()
    games = parse_record(format_record(match, MatchOptions(points=3), WHEN)).games
    assert [game.resignation for game in games] == [game.resignation for game in match.games]
    assert [(game.winner, game.points) for game in games] == [(Side.BLACK, 2), (Side.WHITE, 1)]


def test_a_resignation_read_back_is_checked_like_a_turn() -> None:
    record = record_with("3. White 2-1: 24/21")
    refused(record + "White resigns: White wins a mars\n", "resignation", "does not win")
    refused(
        record + "White resigns: Black wins a mars (Black threw 6-6, not played)\n",
        "resignation",
        "side to roll",
    )
    refused(
        record + "White resigns: Black wins a mars\nBlack resigns: White wins a mars\n",
        "resignation",
        "No game is in play",
    )
    said_otherwise = record + "Black resigns: White wins a mars\nResult: White wins 1 point\n"
    refused(said_otherwise, "the record says White wins 1 point", "White 2 points")
