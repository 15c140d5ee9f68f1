"""The words of the game-over and match-over dialogs: grammar, and each player named once."""

from __future__ import annotations

from nardy_tui.engine import Side
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog
from nardy_tui.ui.game import bot_name
from tests.ui.scenes import nearly_won


def white_won_game_1():  # type: ignore[no-untyped-def]
    match = nearly_won(1, length=3)
    match.commit()
    assert match.game.winner is Side.WHITE and match.game.points == 1
    return match


def test_you_score_and_the_bot_scores() -> None:
    match = white_won_game_1()
    you_white = {Side.WHITE: "You", Side.BLACK: bot_name("easy")}
    body = GameOverDialog(match, you_white).body
    assert body.startswith("You (White) score 1 point.")
    assert "You (White) 1 - 0 Easy bot (Black), match to 3" in body
    bot_white = {Side.WHITE: bot_name("hard"), Side.BLACK: "You"}
    assert GameOverDialog(match, bot_white).body.startswith("Hard bot (White) scores 1 point.")
    hot_seat = {side: side.label for side in Side}
    assert GameOverDialog(match, hot_seat).body.startswith("White scores 1 point.")


def test_no_name_has_double_parentheses() -> None:
    match = white_won_game_1()
    for level in ("easy", "medium", "hard"):
        names = {Side.WHITE: "You", Side.BLACK: bot_name(level)}
        body = GameOverDialog(match, names).body
        assert "((" not in body and ") (" not in body and "))" not in body


def test_you_win_the_match() -> None:
    match = nearly_won(1, length=1)
    match.commit()
    names = {Side.WHITE: "You", Side.BLACK: bot_name("easy")}
    assert MatchOverDialog(match, names, "Record written").title_text == (
        "You (White) win the match")
    names = {Side.WHITE: bot_name("easy"), Side.BLACK: "You"}
    assert MatchOverDialog(match, names, "Record written").title_text == (
        "Easy bot (White) wins the match")
