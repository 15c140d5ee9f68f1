"""A match set up from the player's options (``begin``): the colour drawn from the seed when
left to chance, the seats by the mode, a practice game from a position ID, and a match taken
up kept as it is."""

from __future__ import annotations

import pytest

from nardy_tui.engine import Dice, Match, Position, PositionIdError, Side
from nardy_tui.options import Level, MatchOptions, Mode
from nardy_tui.play import AtKeyboard, BotSeat, RemoteSeat, begin


def test_a_colour_left_to_chance_is_drawn_from_the_seed_and_both_colours_come_up() -> None:
    drawn = {seed: begin(MatchOptions(color=None, seed=seed)).options.color for seed in range(20)}
    assert set(drawn.values()) == set(Side)
    assert all(begin(MatchOptions(color=None, seed=s)).options.color is c for s, c in drawn.items())


def test_the_seats_follow_the_mode() -> None:
    against = begin(MatchOptions(mode=Mode.BOT, bot_level=Level.HARD, color=Side.BLACK))
    assert against.seats == {Side.BLACK: AtKeyboard(), Side.WHITE: BotSeat(Level.HARD)}
    friend = begin(MatchOptions(mode=Mode.NETWORK, color=Side.WHITE))
    assert friend.seats == {Side.WHITE: AtKeyboard(), Side.BLACK: RemoteSeat()}
    assert set(begin(MatchOptions(mode=Mode.HOT_SEAT)).seats.values()) == {AtKeyboard()}


def test_a_new_match_has_the_length_asked_for_and_a_practice_game_one_point() -> None:
    assert begin(MatchOptions(points=7, seed=3)).match.length == 7
    start = Position.initial().to_id(Dice(3, 1))
    practice = begin(MatchOptions(points=7, seed=3), start=start).match
    assert practice.length == 1 and practice.dice == Dice(3, 1)
    with pytest.raises(PositionIdError):
        begin(MatchOptions(), start="not an id")


def test_a_match_taken_up_is_played_as_it_is() -> None:
    taken_up = Match(length=5, seed=9)
    assert begin(MatchOptions(points=1), taken_up).match is taken_up
