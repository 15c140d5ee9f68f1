"""``nardy analyze ID --match LENGTH --score A-B``: the plays ranked by the chance to win
the match at that score (the mover's points first), shown beside the equity, rolled out
at the score with ``--rollout``; ``--money`` and no ``--match`` keep a single game's
equity."""

from __future__ import annotations

import json
import re

import pytest

from nardy_tui.bot import MatchScore, Stakes
from nardy_tui.cli.analyze import analyze_main
from nardy_tui.engine import Dice, Position
from tests.test_analyze_command import some_positions

FAR_AHEAD = "kX_4AAFg1bcCKgA"
"""Black to move with 4-2, nearly sure to win, a mars likely: by points, 6/2 17/15 plays
for the mars; at 1-away against 1-away, 16/12 17/15 plays to win."""


def analysed(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert analyze_main([*args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("position, dice", some_positions(3, seed=5))
def test_at_one_away_against_one_away_the_ranking_is_by_the_chance_to_win(
    capsys: pytest.CaptureFixture[str], position: Position, dice: Dice
) -> None:
    data = analysed(capsys, position.to_id(dice), "--match", "5", "--score", "4-4")
    assert data["match"] == 5 and data["score"] == [4, 4]
    plays = data["plays"]
    assert isinstance(plays, list)
    for play in plays:
        assert play["match_winning_chance"] == play["win"]
    ranked = [(play["depth"], play["win"]) for play in plays if not play["exact"]]
    assert ranked == sorted(ranked, reverse=True)


def test_the_score_changes_the_best_play(capsys: pytest.CaptureFixture[str]) -> None:
    money = analysed(capsys, FAR_AHEAD, "--money")["plays"]
    at_the_end = analysed(capsys, FAR_AHEAD, "--match", "5", "--score", "4-4")["plays"]
    assert money[0]["play"] == "6/2 17/15"  # type: ignore[index]
    assert at_the_end[0]["play"] == "16/12 17/15"  # type: ignore[index]
    assert "match_winning_chance" not in money[0]  # type: ignore[index]


def test_the_table_shows_the_match_winning_chance_and_what_each_play_gives_away(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert analyze_main([FAR_AHEAD, "--match", "5", "--score", "3-4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Match to 5, Black 3-4: ranked by the chance to win the match."
    assert lines[3].split()[:4] == ["play", "match", "equity", "behind"]
    # The second play's loss, in per cent of the chance to win the match:
    assert re.search(r"%\s+[+-]\d+\.\d{3}\s+[+-]\d+\.\d%\s", lines[5])


def test_without_dice_the_position_has_its_chance_to_win_the_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    start = "gH_4AAFg1bcCKgA"
    chances = analysed(capsys, start, "--match", "7", "--score", "0-0")["chances"]
    assert 0.5 < chances["match_winning_chance"] < chances["win"]  # type: ignore[index]


def test_without_dice_there_are_no_plays_and_no_ranking_is_promised(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert analyze_main(["gH_4AAFg1bcCKgA", "--match", "7", "--score", "3-3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Match to 7, Black 3-3."
    assert not any("ranked" in line for line in lines)


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--score", "1-2"], "--score needs --match"),
        (["--match", "5", "--score", "5-2"], "5-2 is no score of a 5-point match going on"),
        (["--match", "5", "--score", "two"], "a score is two numbers of points, like 2-1"),
        (["--match", "5", "--money"], "not allowed with argument --match"),
        (["--match", "4"], "invalid choice: 4"),
    ],
)
def test_a_score_that_is_no_match_score_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as exit_status:
        analyze_main([FAR_AHEAD, *arguments])
    assert exit_status.value.code == 2
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1


@pytest.mark.slow
def test_a_rollout_at_double_match_point_counts_a_mars_as_a_single_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rollout = ["--rollout", "36", "--candidates", "3"]
    money = analysed(capsys, FAR_AHEAD, *rollout, "--money")
    data = analysed(capsys, FAR_AHEAD, *rollout, "--match", "5", "--score", "4-4")
    assert money["match"] is None and (data["match"], data["score"]) == (5, [4, 4])
    # By points Black's likely mars makes its best plays worth nearly 2, the estimate too;
    # at 1-away against 1-away only winning counts: a single game's +1 at most.
    best_by_points = money["rollout"][0]  # type: ignore[index]
    assert best_by_points["equity"] > 1.5 and best_by_points["estimate"] > 1.5
    assert "match_winning_chance" not in best_by_points
    rolled = data["rollout"]
    assert isinstance(rolled, list) and len(rolled) == 3
    for entry in rolled:
        assert entry["equity"] < 1.05 and entry["estimate"] <= 1.0
        # The match is won as the game is: the chance is (1 + equity) / 2, its error half.
        assert entry["match_winning_chance"] == pytest.approx((1 + entry["equity"]) / 2, abs=1e-4)
        assert entry["match_winning_chance_error"] == pytest.approx(
            entry["standard_error"] / 2, abs=1e-4
        )
    chances = [entry["match_winning_chance"] for entry in rolled]
    assert chances == sorted(chances, reverse=True)


@pytest.mark.slow
def test_a_rollouts_table_at_a_score_ranks_by_the_match_winning_chance_beside_the_equity(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rollout = ["--rollout", "36", "--candidates", "3"]
    assert analyze_main([FAR_AHEAD, *rollout, "--match", "5", "--score", "3-4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "rolled out 36 times" in lines[0]
    assert lines[1] == "Match to 5, Black 3-4: ranked by the chance to win the match."
    assert " ".join(lines[3].split()) == "play match ± error equity win mars lose mars estimate"
    stakes = Stakes(MatchScore(length=5, mover=3, opponent=4))
    chances = []
    for row in lines[4:]:
        match, error, equity = row.split()[-7:-4]
        chances.append(float(match.rstrip("%")) / 100)
        assert chances[-1] == pytest.approx(stakes.match_chance(float(equity)), abs=1e-3)
        assert error.endswith("%")
    assert len(chances) == 3 and chances == sorted(chances, reverse=True)


def test_a_rollout_without_dice_gives_the_movers_chance_to_win_the_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Black to roll, nearly sure to win with a mars, 2-away against 3-away: a mars wins
    # the match. The rollout is made for White, who moved last, at White's stakes, and
    # told for Black.
    start, score = "gH_4AAFg1bcCKgA", ["--match", "5", "--score", "3-2"]
    stakes = Stakes(MatchScore(length=5, mover=3, opponent=2))
    data = analysed(capsys, start, "--rollout", "36", *score)
    assert (data["match"], data["score"]) == (5, [3, 2])
    rolled = data["rollout"]
    chance = rolled["match_winning_chance"]  # type: ignore[index]
    assert 0.9 < chance <= 1.0
    assert chance == pytest.approx(stakes.match_chance(rolled["equity"]), abs=1e-4)  # type: ignore[index]
    assert analyze_main([start, "--rollout", "36", *score]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    assert re.fullmatch(r"Black: chance to win the match \d+\.\d% \(± \d\.\d%\)", said)
