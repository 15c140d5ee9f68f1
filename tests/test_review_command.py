"""``nardy review RECORD``: the report of a recorded match, as text and as JSON."""

from __future__ import annotations

import functools
import io
import json
import re
import subprocess
import sys
from contextlib import redirect_stdout
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from nardy_tui.bot import MatchScore, Stakes, get_bot
from nardy_tui.cli import review as review_cli
from nardy_tui.cli.review import review_main
from nardy_tui.engine import SINGLE_GAME, Match, Phase, Position, Side
from nardy_tui.options import Level, MatchOptions, Mode
from nardy_tui.storage import format_record, parse_record


def bots_record(folder: Path, turns: int | None = None) -> Path:
    """A one-point match of the medium bot against the easy one, as the game writes it:
    to its end, or only its first ``turns`` turns (a match still being played)."""
    match = Match(length=1, seed=21)
    players = {"white": get_bot(Level.MEDIUM, seed=1), "black": get_bot(Level.EASY, seed=2)}
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    while match.phase is Phase.ROLL and (turns is None or len(match.game.turns) < turns):
        dice = match.roll()
        match.play(players[match.position.turn.value].choose(match.position, dice))
    path = folder / "match.txt"
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=1)
    path.write_text(format_record(match, options, datetime(2026, 12, 1, 10, 0)))
    return path


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bots' whole match."""
    return bots_record(tmp_path_factory.mktemp("records"))


@dataclass(frozen=True)
class Said:
    """What the command says of the bots' match: its JSON, and its text for Black."""

    report: dict[str, object]
    black_text: str


def said_by_command(*argv: str) -> str:
    """What ``nardy review`` prints with ``argv``."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert review_main(list(argv)) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def said(record: Path) -> Said:
    """The command run twice on the record, the expert's review made once: the review of
    100 turns takes seconds, and the command says the same review either way."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review_cli, "review_record", functools.cache(review_cli.review_record))
        report = json.loads(said_by_command(str(record), "--json"))
        return Said(report, said_by_command(str(record), "--player", "black"))


@pytest.fixture
def report(said: Said) -> dict[str, object]:
    return said.report


@pytest.fixture
def black_text(said: Said) -> str:
    return said.black_text


@pytest.mark.slow
def test_the_json_review_has_every_decision_and_a_summary_per_player(
    report: dict[str, object], record: Path
) -> None:
    [game] = report["games"]  # type: ignore[misc]
    turns = game["turns"]
    assert turns and {turn["player"] for turn in turns} == {"white", "black"}
    for turn in turns:
        # The play made is searched as deep as the best (deeper than the hint looks at it,
        # where it says so), so it may even come out ahead.
        assert turn["loss"] == pytest.approx(
            max(turn["best_equity"] - turn["played_equity"], 0), abs=1e-3
        )
        assert isinstance(turn["played_deepened"], bool)
        assert turn["mark"] in (None, "doubtful", "error", "blunder")
        for chances, equity in (
            (turn["played_chances"], turn["played_equity"]),
            (turn["best_chances"], turn["best_equity"]),
        ):
            assert 0 <= chances["win_mars"] <= chances["win"] <= 1
            # A one-point match: at 1-away against 1-away only winning counts, and the
            # equity on a single game's scale is 2 win - 1.
            assert 2 * chances["win"] - 1 == pytest.approx(equity, abs=1e-3)
        assert turn["match_chance_lost"] == pytest.approx(turn["loss"] / 2, abs=1e-3)
        assert Position.from_id(turn["id"]) is not None
    assert len(game["luck"]) == len(parse_record(record.read_text()).games[0].turns)
    summary = report["summary"]
    assert set(summary) == {"white", "black"}  # type: ignore[arg-type]
    white_luck = sum(
        roll["luck"] if roll["player"] == "white" else -roll["luck"] for roll in game["luck"]
    )
    assert summary["white"]["luck"] == pytest.approx(white_luck, abs=1e-3)  # type: ignore[index]
    assert summary["white"]["luck"] == pytest.approx(  # type: ignore[index]
        -summary["black"]["luck"], abs=1e-3
    )  # type: ignore[index]
    for side in ("white", "black"):
        mine = [turn for turn in turns if turn["player"] == side]
        assert summary[side]["decisions"] == len(mine)  # type: ignore[index]
        marks = summary[side]["marks"]  # type: ignore[index]
        assert marks["blunder"] == sum(turn["mark"] == "blunder" for turn in mine)


def test_the_text_review_lists_mistakes_and_grades_each_player(
    black_text: str, report: dict[str, object]
) -> None:
    text = black_text
    assert "Game 1" in text and "Black:" in text and "grade:" in text
    assert "White:" not in text
    # Each count is labelled, so none reads "2 blunder".
    assert re.search(r"blunders: \d+, errors: \d+, doubtful: \d+; grade:", text)
    black_turns = [
        t
        for t in report["games"][0]["turns"]  # type: ignore[index]
        if t["player"] == "black" and t["mark"]
    ]
    costs = [float(cost) / 100 for cost in re.findall(r"cost (\d+\.\d)%", text)]
    # A match: the cost is the chance to win it given away, in per cent, and so is every
    # other figure: the heading says so once.
    assert costs == pytest.approx([turn["match_chance_lost"] for turn in black_turns], abs=6e-4)
    assert "(figures in the chance to win the match, in %;" in text.splitlines()[0]
    [summary] = [line for line in text.splitlines() if line.startswith("  Black: ")]
    assert re.search(r"lost \d+\.\d%", summary) and "points" not in summary
    [luck] = [line for line in text.splitlines() if "For Black:" in line]
    assert re.search(r"= [+-]\d+\.\d%\.", luck)


def test_with_money_the_review_costs_a_games_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The match's first turns are enough: the stakes are the same on every turn.
    opening = bots_record(tmp_path, turns=12)
    assert review_main([str(opening), "--player", "black", "--money", "--json"]) == 0
    turns = json.loads(capsys.readouterr().out)["games"][0]["turns"]
    assert turns and all(turn["match_chance_lost"] is None for turn in turns)
    for turn in turns:
        chances = turn["best_chances"]
        equity = 2 * chances["win"] - 1 + chances["win_mars"] - chances["lose_mars"]
        assert turn["best_equity"] == pytest.approx(equity, abs=1e-3)


def test_the_json_result_is_the_start_the_dice_and_both_sides_play(
    report: dict[str, object],
) -> None:
    [game] = report["games"]  # type: ignore[misc]
    other = {"white": "black", "black": "white"}
    for side, totals in (*game["sum"].items(), *report["summary"].items()):  # type: ignore[attr-defined]
        cost = totals["play_cost"]
        assert totals["finished"] and totals["end"] == pytest.approx(totals["result"], abs=1e-3)
        assert totals["end"] == pytest.approx(
            totals["start"] + totals["luck"] - cost[side] + cost[other[side]], abs=1e-3
        )
        assert totals["luck_adjusted"] == pytest.approx(totals["end"] - totals["luck"], abs=1e-3)
    assert game["sum"]["white"]["play_cost"]["black"] > 0  # the easy bot's play is judged


def sums_said(text: str) -> list[tuple[float, list[str], float]]:
    """Each luck sentence's figures in ``text``: the terms of its sum as numbers, their
    names, and the result they add up to."""
    sums = []
    for terms, result in re.findall(r"For \w+: (.*?) = ([+-]\d+\.\d+)%?\.", text):
        found = re.findall(r"([+-]) ?(\d+\.\d+)%? \(([^)]*)\)", terms)
        total = sum(float(number) * (-1 if sign == "-" else 1) for sign, number, _ in found)
        sums.append((total, [name for *_, name in found], float(result)))
    return sums


def test_the_text_review_sums_a_practice_games_result_from_its_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert review_main([str(blunder_record(tmp_path))]) == 0
    [(total, names, result)] = sums_said(capsys.readouterr().out)
    assert names == ["the start", "the dice", "White's play", "Black's play"]
    assert result == -1.0 and total == pytest.approx(result, abs=0.015)


def test_the_text_review_sums_each_game_and_the_match_for_the_player(black_text: str) -> None:
    sums = sums_said(black_text)
    assert sums  # the game's
    for total, names, result in sums:
        assert names == ["the start", "the dice", "Black's play", "White's play"]
        assert total == pytest.approx(result, abs=1e-6)  # as printed


def test_a_record_cut_mid_game_is_said_unfinished_and_its_sum_adds_up_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = blunder_record(tmp_path).read_text().splitlines()
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(whole[:3]) + "\n")  # as ``x`` writes it before Black's turn
    assert review_main([str(cut)]) == 0
    out = capsys.readouterr().out
    assert "The game is unfinished: the sum is of the turns played." in out
    [(total, names, result)] = sums_said(out)
    assert names == ["the start", "the dice", "White's play", "Black's play"]
    assert total == pytest.approx(result, abs=1e-6)
    assert result < -0.5  # White threw its race away: Black is all but sure to win


def test_a_record_that_does_not_replay_is_one_line_and_status_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Game 1\nRoll-off: White 5, Black 2\n1. White 5-3: 24/17\n")
    done = subprocess.run(
        [sys.executable, "-m", "nardy_tui", "review", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("nardy review:") and "24/17" in line


def test_a_missing_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert review_main([str(tmp_path / "none.txt")]) == 1
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "none.txt" in line


def blunder_record(tmp_path: Path) -> Path:
    """A practice game of two turns: White, with one checker each on 6 and 5, rolls 6-5
    and plays 6/1 5/off instead of bearing both off; Black then wins."""
    board = [0] * 24
    board[5], board[4] = 1, 1  # White on its 6 and 5
    board[12] = -2  # Black's two on its 1-point
    start = Position.from_points(board, Side.WHITE)
    path = tmp_path / "blunder.txt"
    path.write_text(
        f"Game 1\nStart: {start.to_id()}\n1. White 6-5: 6/1 5/off\n2. Black 2-1: 1/off(2)\n"
    )
    return path


def test_with_rollout_each_marked_turn_is_also_played_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert review_main([str(blunder_record(tmp_path)), "--json", "--rollout", "36"]) == 0
    [turn] = json.loads(capsys.readouterr().out)["games"][0]["turns"]
    assert turn["mark"] == "blunder"
    assert turn["rollout"] == {
        "trials": 36,
        "played_equity": -1.0,
        "played_error": 0.0,
        "best_equity": 1.0,
        "best_error": 0.0,
        "loss": 2.0,
        "played_match_chance": None,
        "played_match_chance_error": None,
        "best_match_chance": None,
        "best_match_chance_error": None,
        "match_chance_lost": None,
    }


def test_the_text_review_gives_the_rolled_out_cost_under_the_estimate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert review_main([str(blunder_record(tmp_path)), "--rollout", "36"]) == 0
    out = capsys.readouterr().out
    assert (
        "rolled out 36 times: the play made -1.000 (± 0.000), the best +1.000 "
        "(± 0.000): cost +2.000"
    ) in out


AT_TWO_THREE = Stakes(MatchScore(length=5, mover=2, opponent=3))
"""White's stakes at 2-3 of a 5-point match: 3-away against 2-away."""


@pytest.fixture
def blunder_at_a_score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The blunder record with its game judged as played at 2-3 of a 5-point match (a
    record's game from a position is a practice game, judged by points)."""
    monkeypatch.setattr("nardy_tui.cli.review.games_stakes", lambda record: [AT_TWO_THREE])
    return blunder_record(tmp_path)


def test_at_a_match_score_the_json_rollout_gives_the_match_winning_chance_lost(
    blunder_at_a_score: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert review_main([str(blunder_at_a_score), "--json", "--rollout", "36"]) == 0
    [turn] = json.loads(capsys.readouterr().out)["games"][0]["turns"]
    rollout = turn["rollout"]
    # White's blunder turns a single win into a single loss: +1 and -1 on a single game's
    # scale, 2-away against 2-away and 3-away against 1-away in the match.
    worth = AT_TWO_THREE.outcomes
    assert (rollout["played_equity"], rollout["best_equity"]) == (-1.0, 1.0)
    assert rollout["played_match_chance"] == pytest.approx(worth.lose, abs=1e-4)
    assert rollout["best_match_chance"] == pytest.approx(worth.win, abs=1e-4)
    assert rollout["played_match_chance_error"] == rollout["best_match_chance_error"] == 0.0
    assert rollout["match_chance_lost"] == pytest.approx(worth.win - worth.lose, abs=1e-4)
    assert rollout["match_chance_lost"] == pytest.approx(turn["match_chance_lost"], abs=1e-4)


def test_at_a_match_score_the_text_review_gives_the_rolled_out_match_winning_chance(
    blunder_at_a_score: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert review_main([str(blunder_at_a_score), "--rollout", "36"]) == 0
    out = capsys.readouterr().out
    worth = AT_TWO_THREE.outcomes
    assert "(figures in the chance to win the match, in %; " in out
    assert (
        f"rolled out 36 times: the match won {worth.lose:.1%} (± 0.0%) after the play made, "
        f"{worth.win:.1%} (± 0.0%) after the best; {worth.win - worth.lose:+.1%} given away"
    ) in out


def test_with_money_the_rollout_is_in_points_at_any_score(
    blunder_at_a_score: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert review_main([str(blunder_at_a_score), "--money", "--rollout", "36"]) == 0
    assert "the play made -1.000 (± 0.000), the best +1.000" in capsys.readouterr().out


@pytest.mark.slow
def test_a_resigned_game_is_reviewed_as_won_by_the_points_agreed(tmp_path: Path) -> None:
    """Black gives the game up after twelve turns at a single game: the review counts White's
    point, and the sum has the resignation's term (the point agreed against what the
    position was worth)."""
    match = Match(length=1, seed=21)
    players = {"white": get_bot(Level.MEDIUM, seed=1), "black": get_bot(Level.EASY, seed=2)}
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    while len(match.game.turns) < 12:
        dice = match.roll()
        match.play(players[match.position.turn.value].choose(match.position, dice))
    match.resign(Side.BLACK, SINGLE_GAME)
    path = tmp_path / "resigned.txt"
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=1)
    path.write_text(format_record(match, options, datetime(2026, 12, 1, 10, 0)))
    white = json.loads(said_by_command(str(path), "--json", "--money"))["summary"]["white"]
    assert white["finished"] and white["result"] == 1
    assert white["end"] == pytest.approx(1.0)
    assert white["resignation"] != 0
    assert white["end"] == pytest.approx(
        white["start"]
        + white["luck"]
        - white["play_cost"]["white"]
        + white["play_cost"]["black"]
        + white["resignation"],
        abs=1e-3,
    )
