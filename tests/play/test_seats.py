"""Who plays each side: the turn flow asks a seat only whether its play is built at this
keyboard and what the screen calls it."""

from __future__ import annotations

import pytest

from nardy_tui.engine import Match, ScriptedDice, Side, legal_plays
from nardy_tui.options import Level
from nardy_tui.play import (
    AtKeyboard,
    BotSeat,
    Next,
    Seat,
    TurnFlow,
    Viewpoint,
    against_bot,
    away_thinking_said,
    hot_seat,
)
from nardy_tui.storage import Settings


def test_a_person_at_the_keyboard_is_you_and_a_bot_is_named_by_its_level() -> None:
    assert AtKeyboard().at_keyboard and AtKeyboard().name() == "You"
    assert not BotSeat(Level.HARD).at_keyboard and BotSeat(Level.HARD).name() == "Hard bot"


def test_the_seat_kind_itself_names_no_player() -> None:
    for words in (Seat().name, Seat().wait_to_roll, Seat().wait_to_move):
        with pytest.raises(NotImplementedError):
            words()


def test_a_key_pressed_while_another_player_is_to_play_is_told_whom_it_waits_for() -> None:
    assert BotSeat(Level.EASY).wait_to_roll() == "Wait for the bot."
    assert BotSeat(Level.EASY).wait_to_move() == "Wait: the bot is moving."
    assert AtKeyboard().wait_to_roll() == "Roll the dice first: press r."
    assert AtKeyboard().wait_to_move() == "Choose a checker to move."


def test_hot_seat_names_the_colours_and_a_bot_match_names_you_and_the_bot() -> None:
    both_here = Viewpoint(hot_seat(), Settings())
    assert both_here.hot_seat and both_here.names == {Side.WHITE: "White", Side.BLACK: "Black"}
    with_bot = Viewpoint(against_bot(Side.BLACK, Level.EASY), Settings())
    assert not with_bot.hot_seat and with_bot.human_side is Side.BLACK
    assert with_bot.names == {Side.WHITE: "Easy bot", Side.BLACK: "You"}


def test_the_side_away_from_the_keyboard_is_asked_for_its_play() -> None:
    match = Match(length=1, dice=ScriptedDice([5, 3, 6, 5]))
    flow = TurnFlow(match, against_bot(Side.BLACK, Level.EASY), Settings())
    flow.roll()
    assert match.mover is Side.WHITE and not flow.human_to_move
    assert flow.roll() is None, "no key rolls for the bot"
    assert flow.what_next() is Next.ROLL, "the bot's dice roll by themselves"
    flow.roll(by_key=False)
    assert flow.what_next() is Next.AWAY_MOVES


def test_when_the_bot_wins_the_roll_off_its_result_stays_in_the_words_of_its_first_turn() -> None:
    """The bot rolls at once after winning the roll-off: the result must not flash by."""
    match = Match(length=1, dice=ScriptedDice([5, 3, 6, 5, 4, 2, 3, 1]))
    flow = TurnFlow(match, against_bot(Side.BLACK, Level.EASY), Settings())
    flow.roll()
    rolled = flow.roll(by_key=False)
    assert rolled is not None and rolled.said.startswith("Roll-off: White 5, Black 3.")
    assert away_thinking_said(match, flow.viewpoint.names).startswith("Roll-off: White 5, Black 3.")
    play = legal_plays(match.position, (6, 5))[0]
    chose = flow.away_chose(play, turn_number=0)
    assert chose is not None and "White starts" in chose.said
    flow.skip()
    assert flow.roll() is not None and match.game.turns[-1].side is not Side.BLACK
    match.play(legal_plays(match.position, (4, 2))[0])
    flow.roll(by_key=False)
    thinking = away_thinking_said(match, flow.viewpoint.names)
    assert thinking == "Easy bot is thinking…", "the roll-off is long past"
