"""``nardy analyze ID``: a position named by its ID, every play ranked as the hint ranks
them, the chances of each, and one clear line for an ID or dice that are wrong."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nardy_tui.bot import exact_chances, get_bot
from nardy_tui.cli.analyze import analyze_main
from nardy_tui.engine import (
    Dice,
    Position,
    Side,
    legal_plays,
    legal_results,
)
from nardy_tui.options import Level

LATE = Position.from_id("AH97AoAA29wxQAA")
"""Both sides nearly home, still in contact: a rollout of it is a few turns a trial."""


def some_positions(count: int, seed: int = 7) -> list[tuple[Position, Dice]]:
    """Positions of a random game with a real choice (more than three distinct plays),
    each with the dice then thrown."""
    chooser = random.Random(seed)
    found: list[tuple[Position, Dice]] = []
    position = Position.initial()
    for turn in itertools.count():
        dice = Dice(chooser.randint(1, 6), chooser.randint(1, 6))
        if turn % 5 == 4 and len(legal_results(position, dice)) > 3:
            found.append((position, dice))
        if len(found) == count or position.winner is not None:
            return found
        position = position.apply(chooser.choice(legal_plays(position, dice)), dice)
    raise AssertionError("unreachable")


def analysed(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert analyze_main([*args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("position, dice", some_positions(4))
def test_the_best_play_is_the_hints(
    capsys: pytest.CaptureFixture[str], position: Position, dice: Dice
) -> None:
    data = analysed(capsys, position.to_id(), "--dice", str(dice))
    plays = data["plays"]
    assert isinstance(plays, list)
    hint = get_bot(Level.EXPERT).rank(position, dice)
    assert plays[0]["play"] == position.notation(hint[0][0], dice)
    assert len(plays) == len(legal_results(position, dice))  # every distinct play, once
    # The plays searched two rolls deep come first, then those searched one roll deep,
    # each group best first.
    for deep in (True, False):
        equities = [
            play["equity"] for play in plays if play["searched"] and play["two_rolls"] is deep
        ]
        assert equities == sorted(equities, reverse=True)
    depths = [play["two_rolls"] for play in plays]
    assert depths == sorted(depths, reverse=True)


def test_each_play_has_its_chances_and_its_equity_follows_from_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    position, dice = some_positions(1, seed=11)[0]
    for play in analysed(capsys, position.to_id(dice))["plays"]:  # type: ignore[union-attr]
        assert 0 <= play["win_mars"] <= play["win"] <= 1
        assert 0 <= play["lose_mars"] <= 1 - play["win"] + 1e-4
        equity = 2 * play["win"] - 1 + play["win_mars"] - play["lose_mars"]
        assert play["equity"] == pytest.approx(equity, abs=1e-3)


def test_without_dice_it_gives_the_chances_before_the_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = analysed(capsys, Position.initial().to_id())
    assert data["dice"] is None and data["turn"] == "white"
    chances = data["chances"]
    assert isinstance(chances, dict)
    assert 0.5 < chances["win"] < 0.7  # the first to move is ahead, not far ahead


def test_the_text_report_ranks_the_plays_in_the_movers_numbering(
    capsys: pytest.CaptureFixture[str],
) -> None:
    black_to_move = Position.initial(Side.BLACK)
    assert analyze_main([black_to_move.to_id(), "--dice", "6-5"]) == 0
    out = capsys.readouterr().out
    assert "Black to move, dice 6-5" in out
    assert "  1. 24/13" in out


def test_depth_one_is_the_network_alone(capsys: pytest.CaptureFixture[str]) -> None:
    position, dice = some_positions(1, seed=3)[0]
    data = analysed(capsys, position.to_id(), "--dice", str(dice), "--depth", "1")
    assert not any(play["searched"] for play in data["plays"])  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "args, said",
    [
        (["not-an-id"], "is not a position ID"),
        (["AAAAAAAAAAAAAAA"], "both sides have borne off every checker"),
        ([Position.initial().to_id(), "--dice", "7-2"], "'7-2' is not a roll"),
        ([Position.initial().to_id(), "--dice", "five"], "is not a roll"),
    ],
)
def test_a_wrong_id_or_roll_is_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as exit_status:
        analyze_main(args)
    assert exit_status.value.code == 2  # a mistake of the command line
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1 and error.startswith("nardy analyze: ")


def test_a_rollout_ranks_the_best_plays_by_their_played_out_equity(
    capsys: pytest.CaptureFixture[str],
) -> None:
    position, dice = LATE, Dice(3, 1)
    data = analysed(capsys, position.to_id(dice), "--rollout", "36", "--candidates", "3")
    rolled = data["rollout"]
    assert isinstance(rolled, list) and len(rolled) == min(3, len(legal_results(position, dice)))
    assert [entry["equity"] for entry in rolled] == sorted(
        (entry["equity"] for entry in rolled), reverse=True
    )
    for entry in rolled:
        assert entry["trials"] == 36 and entry["standard_error"] >= 0


def test_a_rollout_without_dice_is_the_positions_own(capsys: pytest.CaptureFixture[str]) -> None:
    data = analysed(capsys, LATE.to_id(), "--rollout", "36")
    assert data["rollout"]["trials"] == 36  # type: ignore[index]


def test_a_rollout_of_no_trials_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_status:
        analyze_main([Position.initial().to_id(), "--rollout", "0"])
    assert exit_status.value.code == 2
    assert "a rollout is 1 to 100000 trials" in capsys.readouterr().err


@pytest.mark.parametrize("count", ["0", "-1", "some"])
def test_a_rollout_of_no_candidate_plays_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], count: str
) -> None:
    with pytest.raises(SystemExit) as exit_status:
        analyze_main([Position.initial().to_id((6, 5)), "--rollout", "36", "--candidates", count])
    assert exit_status.value.code == 2
    error = capsys.readouterr().err
    assert (
        f"argument --candidates: a rollout takes 1 or more of the best plays, not '{count}'"
        in error
        and error.count("\n") == 1
    )


def test_in_a_small_race_the_analysis_gives_the_exact_chances(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = [0] * 24
    board[1], board[0] = 1, 2  # White: 2 1 1 left, to move
    board[12 + 4] = -1  # Black: one checker on its 5-point
    position = Position.from_points(board, Side.WHITE)
    data = analysed(capsys, position.to_id((6, 5)))
    for play in data["plays"]:  # type: ignore[union-attr]
        assert play["exact"] and play["win_mars"] == play["lose_mars"] == 0
    best = data["plays"][0]  # type: ignore[index]
    assert best["play"] == "2/off 1/off"  # two off; Black's 5 then needs one roll
    after = position.apply(position.parse_play("2/off 1/off", Dice(6, 5)), Dice(6, 5))
    assert best["win"] == pytest.approx(round(1 - exact_chances(after).win, 4))
    chances = analysed(capsys, position.to_id())["chances"]
    assert chances["win"] == pytest.approx(round(exact_chances(position).win, 4))  # type: ignore[index]


@pytest.mark.slow
def test_the_bear_off_database_is_kept_in_the_data_folder_once_solved(tmp_path: Path) -> None:
    # Run as a user would: the first race both home solves the database and keeps it
    # beside the settings; the next run reads it, and a damaged file is solved again.
    board = [0] * 24
    board[5], board[0] = 6, 9  # White: all home, too many for the exact table
    board[12 + 2] = -15  # Black: all fifteen on its 3-point
    position_id = Position.from_points(board, Side.WHITE).to_id()
    home = tmp_path / "home"
    kept = home / "bearoff.npz"

    def analyze() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "nardy_tui", "analyze", position_id, "--json"],
            capture_output=True,
            text=True,
            env={**os.environ, "NARDY_HOME": str(home)},
            timeout=120,
            check=True,
        )
        return done.stdout

    first = analyze()
    assert kept.is_file()
    written = kept.stat().st_mtime_ns
    assert analyze() == first and kept.stat().st_mtime_ns == written
    kept.write_bytes(b"damaged")
    assert analyze() == first and kept.stat().st_size > 1000
