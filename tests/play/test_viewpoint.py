"""Who is who at a screen: the board's side, the numbering and the players' names."""

from __future__ import annotations

from nardy_tui.engine import Side
from nardy_tui.options import Level
from nardy_tui.play import Reader, Viewpoint, against_bot, hot_seat
from nardy_tui.storage import Settings


def test_against_the_bot_everything_is_the_players_side_and_the_bot_is_named() -> None:
    viewpoint = Viewpoint(against_bot(Side.BLACK, Level.EASY), Settings())
    assert not viewpoint.hot_seat
    assert viewpoint.human_side is viewpoint.view is Side.BLACK
    viewpoint.view = Side.WHITE  # the player flipped the board (f)
    assert viewpoint.reader == Reader(Side.BLACK), "the numbering stays the player's"
    assert viewpoint.names == {Side.WHITE: "Easy bot", Side.BLACK: "You"}
    viewpoint.follow(Side.WHITE)
    assert viewpoint.view is Side.WHITE, "only hot-seat turns to the mover"


def test_in_hot_seat_the_board_and_the_numbering_turn_to_each_mover_once() -> None:
    viewpoint = Viewpoint(hot_seat(), Settings())
    assert viewpoint.view is Side.WHITE and viewpoint.names[Side.BLACK] == "Black"
    viewpoint.follow(Side.BLACK)
    assert viewpoint.view is Side.BLACK and viewpoint.reader == Reader(Side.BLACK)
    viewpoint.view = Side.WHITE  # flipped back by the player
    viewpoint.follow(Side.BLACK)
    assert viewpoint.view is Side.WHITE, "the player's own flip holds for the turn"


def test_without_turning_the_board_stays_where_the_players_put_it() -> None:
    viewpoint = Viewpoint(hot_seat(), Settings(auto_flip=False))
    viewpoint.follow(Side.BLACK)
    assert viewpoint.view is Side.WHITE


def test_in_hot_seat_words_for_the_player_are_led_by_the_movers_name() -> None:
    assert Viewpoint(hot_seat(), Settings()).addressed(Side.BLACK, "No.") == "Black: No."
    alone = Viewpoint(against_bot(Side.WHITE, Level.EASY), Settings())
    assert alone.addressed(Side.WHITE, "No.") == "No."
