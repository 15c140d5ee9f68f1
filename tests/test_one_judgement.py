"""One judgement per decision: the hint, the tutor, the review and ``nardy analyze`` ask the
expert the same question and give the same answer, each through its own entry point."""

from __future__ import annotations

import json

import pytest

from nardy_tui.bot import MONEY, Evaluation, get_bot, known_chances, review_game
from nardy_tui.cli.analyze import analyze_main
from nardy_tui.engine import (
    Dice,
    Play,
    Position,
    Side,
    TurnRecord,
    legal_results,
    read_position_id,
)
from nardy_tui.options import Level
from nardy_tui.play import tutor_verdict
from tests.test_analyze_command import some_positions

ISSUE_POSITION = "EYREENT-BASKafw"
"""White to move with 4-3: the position where four tools once gave four answers."""


def race(white: dict[int, int], black: dict[int, int], turn: Side = Side.WHITE) -> Position:
    """A bear-off race, White to move unless ``turn`` says: each side's checkers by point,
    in its own numbering."""
    board = [0] * 24
    for point, count in white.items():
        board[point - 1] = count
    for point, count in black.items():
        board[12 + point - 1] = -count
    return Position.from_points(board, turn)


def analysed(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert analyze_main([*args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def answers(
    capsys: pytest.CaptureFixture[str], position: Position, dice: Dice, played: Play
) -> dict[str, tuple[str, float]]:
    """Each tool's best play and its equity (to the analysis's four decimals), a player
    having made ``played``."""
    expert = get_bot(Level.EXPERT)
    after = position.apply(played, dice)
    hint = expert.rank_with_chances(position, dice, None, MONEY)[0]
    verdict = tutor_verdict(
        expert.rank_with_chances(position, dice, after, MONEY),
        dict(legal_results(position, dice)),
        position,
        dice,
        played,
        after,
        MONEY,
    )
    record = TurnRecord(position.turn, dice, played, position.notation(played, dice))
    [reviewed] = review_game(position, [record]).turns
    best = analysed(capsys, position.to_id(dice))["plays"][0]  # type: ignore[index]
    said = {
        "hint": (hint.play, hint.score),
        "tutor": (verdict.best, verdict.best_equity),
        "review": (reviewed.best, reviewed.best_equity),
    }
    return {
        "analyze": (best["play"], best["equity"]),
        **{
            tool: (position.notation(play, dice), round(equity, 4))
            for tool, (play, equity) in said.items()
        },
    }


@pytest.mark.parametrize("played", ["24/20 22/19", "20/16 24/21", "21/17 8/5"])
def test_the_four_tools_give_one_best_play_and_equity(
    capsys: pytest.CaptureFixture[str], played: str
) -> None:
    # A play close to the best, one that the ranking searches less deeply than the best,
    # and one far behind: none of them changes what the best play is or what it is worth.
    position, dice = read_position_id(ISSUE_POSITION)
    assert dice is not None
    said = answers(capsys, position, dice, position.parse_play(played, dice))
    assert len(set(said.values())) == 1, said


@pytest.mark.parametrize("position, dice", some_positions(3, seed=5))
def test_the_four_tools_agree_whatever_was_played(
    capsys: pytest.CaptureFixture[str], position: Position, dice: Dice
) -> None:
    results = legal_results(position, dice)
    for played in (results[0][0], results[-1][0]):
        said = answers(capsys, position, dice, played)
        assert len(set(said.values())) == 1, said


def test_a_play_under_review_is_searched_as_deep_as_the_best_and_moves_nothing() -> None:
    expert = get_bot(Level.EXPERT)
    position, dice = read_position_id(ISSUE_POSITION)
    assert dice is not None
    ranking = expert.judge(position, dice)
    shallow = next(entry for entry in ranking if entry.depth < ranking[0].depth)
    judged = expert.judge(position, dice, played=shallow.after)
    assert [entry.play for entry in judged] == [entry.play for entry in ranking]
    made = next(entry for entry in judged if entry.after == shallow.after)
    assert made.deepened and made.depth == ranking[0].depth
    assert [entry for entry in judged if entry is not made] == [
        entry for entry in ranking if entry.after != shallow.after
    ]


def test_the_analysis_shows_each_plays_depth_and_says_how_the_plays_are_ranked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert analyze_main([ISSUE_POSITION]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (
        "Plays are ranked by the depth of their look, deepest first, then by equity."
    )
    assert lines[3].split()[-1] == "depth"
    rows = [line.split() for line in lines[4:]]
    depths = [" ".join(row[-2:]) if row[-1].startswith("roll") else row[-1] for row in rows]
    assert depths[:2] == ["2 rolls", "2 rolls"] and set(depths) == {"2 rolls", "1 roll", "network"}
    plays = analysed(capsys, ISSUE_POSITION)["plays"]
    assert isinstance(plays, list)
    order = [(play["depth"], play["equity"]) for play in plays]
    assert order == sorted(order, reverse=True)  # the deepest first, then by equity
    assert [play["depth"] for play in plays[:2]] == [2, 2]


def test_a_play_that_ends_the_game_shows_the_result_not_network_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # White, on its 2- and 1-points, rolls 2-1: both off wins; 2/1 1/off does not.
    position = race({2: 1, 1: 1}, {5: 1})
    assert analyze_main([position.to_id(Dice(2, 1))]) == 0
    out = capsys.readouterr().out
    assert "network alone" not in out
    best_row = next(line for line in out.splitlines() if line.startswith("  1. "))
    assert best_row.startswith("  1. 2/off 1/off") and best_row.endswith("game won")
    best = analysed(capsys, position.to_id(Dice(2, 1)))["plays"][0]  # type: ignore[index]
    assert best["game_over"] and best["win"] == 1


def test_in_a_small_race_the_reviews_luck_is_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    # White, three checkers on its 1-point, rolls 4-1 against Black's last checker: the
    # roll's luck is the equity after the best play with it less the equity before the
    # roll, both exact, as the analysis gives them.
    position = race({1: 3}, {3: 1})
    dice = Dice(4, 1)
    play = position.parse_play("1/off 1/off", dice)
    record = TurnRecord(Side.WHITE, dice, play, "1/off 1/off")
    [roll] = review_game(position, [record]).luck
    after_best = analysed(capsys, position.to_id(dice))["plays"][0]  # type: ignore[index]
    before = analysed(capsys, position.to_id())["chances"]
    assert roll.luck == pytest.approx(after_best["equity"] - before["equity"], abs=2e-4)
    assert roll.luck == pytest.approx(-1 / 3, abs=1e-3)


def test_in_a_race_both_home_every_tool_judges_by_the_bear_off_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Too many checkers for the exact table, all of them home: the four tools give the
    # database's best play and figure, and the analysis its chances before the roll.
    position = race({6: 3, 5: 2, 3: 2, 1: 1}, {6: 4, 4: 3, 2: 2})
    dice = Dice(5, 2)
    by_database = {
        position.notation(play, dice): known(after).mirrored().equity
        for play, after in legal_results(position, dice)
    }
    best = max(by_database, key=by_database.__getitem__)
    said = answers(capsys, position, dice, position.parse_play("6/1 6/4", dice))
    assert set(said.values()) == {(best, round(by_database[best], 4))}
    chances = analysed(capsys, position.to_id())["chances"]
    assert chances["win"] == pytest.approx(round(known(position).win, 4))  # type: ignore[index]


def known(position: Position) -> Evaluation:
    chances = known_chances(position)
    assert chances is not None
    return chances
