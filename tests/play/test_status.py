"""The sentences about the match as it stands: the banner, the status for a match opened
where it stands, why a choice does nothing now, whose side and numbering the board is in,
and the words of a roll whose dice cannot all be played."""

from __future__ import annotations

import random
from collections.abc import Callable

from nardy_tui.engine import Match, Phase, ScriptedDice, Side, legal_plays
from nardy_tui.options import Level
from nardy_tui.play import (
    Next,
    Reader,
    TurnFlow,
    against_bot,
    banner,
    cell_of,
    history_title,
    hot_seat,
    level_name,
    pass_said,
    position_id_said,
    seen_from,
    where_we_are,
)
from nardy_tui.play.status import not_now, rolled_said
from nardy_tui.storage import Settings


def rolled_off(*rolls: int, seats: dict[Side, object] | None = None) -> TurnFlow:
    """White wins the roll-off 5-3, then ``rolls`` come."""
    match = Match(length=1, dice=ScriptedDice([5, 3, *rolls]))
    flow = TurnFlow(match, seats or hot_seat(), Settings())  # type: ignore[arg-type]
    flow.roll()
    return flow


def played_until(found: Callable[[TurnFlow], bool], seed: int = 1) -> TurnFlow:
    """Seeded hot-seat matches played by random legal plays (seeded too) until ``found``
    holds just after a roll."""
    choose = random.Random(seed)
    match = Match(length=1, seed=seed)
    flow = TurnFlow(match, hot_seat(), Settings())
    while match.phase is Phase.ROLL_OFF:
        flow.roll()
    for _turn in range(2000):
        flow.roll()
        if found(flow):
            return flow
        turn = match.turn
        assert turn is not None
        match.play(choose.choice(legal_plays(turn.position, turn.dice)))
        if match.phase is not Phase.ROLL:
            seed += 1
            match = Match(length=1, seed=seed)
            flow = TurnFlow(match, hot_seat(), Settings())
            while match.phase is Phase.ROLL_OFF:
                flow.roll()
    raise AssertionError("no such roll found")


def test_the_banner_follows_the_game_from_roll_off_to_winner() -> None:
    match = Match(length=1, dice=ScriptedDice([4, 4, 5, 3, 6, 5]))
    flow = TurnFlow(match, hot_seat(), Settings())
    assert banner(match, flow.viewpoint.names) == "Game 1 · roll-off: each side rolls one die (r)"
    assert where_we_are(match, flow.reader) == "Game 1: roll-off (r)."
    flow.roll()
    assert (
        banner(match, flow.viewpoint.names) == "Roll-off: White 4 · Black 4 · a tie, roll again (r)"
    )
    flow.roll()
    assert banner(match, flow.viewpoint.names) == (
        "Roll-off: White 5 · Black 3 · White starts · White to roll"
    )
    assert where_we_are(match, flow.reader) == "Roll-off: White 5, Black 3. White starts."
    flow.roll()
    assert banner(match, flow.viewpoint.names) == "White rolled 6-5"
    flow.choose(cell_of(Side.WHITE, 24))
    flow.choose(cell_of(Side.WHITE, 13))
    assert banner(match, flow.viewpoint.names) == "White rolled 6-5 · turn complete: confirm (c)"
    assert where_we_are(match, flow.reader) == ("The turn is complete: confirm it (c) or undo (u).")


def test_a_turn_begun_says_what_was_played_so_far() -> None:
    flow = rolled_off(6, 5)
    flow.roll()
    flow.choose(cell_of(Side.WHITE, 24))
    flow.choose(cell_of(Side.WHITE, 18))
    assert where_we_are(flow.match, flow.reader) == (
        "Played so far: 24/18. Choose the next checker to move."
    )


def test_against_the_bot_the_banner_names_colour_and_player() -> None:
    flow = rolled_off(6, 5, seats=against_bot(Side.BLACK, Level.EASY))  # type: ignore[arg-type]
    match = flow.match
    assert banner(match, flow.viewpoint.names).endswith("White starts · Easy bot to roll")
    assert not_now(match, flow.seats) == "Wait for the bot."
    flow.roll(by_key=False)
    assert banner(match, flow.viewpoint.names) == "White · Easy bot rolled 6-5"
    assert not_now(match, flow.seats) == "Wait: the bot is moving."
    assert history_title(flow.reader, flow.hot_seat) == "History, in your numbering"
    assert seen_from(Side.BLACK, flow.reader, flow.hot_seat) == (
        "The board is seen from Black's side, in your numbering."
    )
    assert level_name(Level.EXPERT) == "Expert"


def test_why_a_choice_on_the_board_does_nothing_now() -> None:
    match = Match(length=1, dice=ScriptedDice([5, 3, 6, 5]))
    flow = TurnFlow(match, hot_seat(), Settings())
    assert not_now(match, flow.seats) == "First the roll-off: press r."
    flow.roll()
    assert not_now(match, flow.seats) == "Roll the dice first: press r."
    assert flow.choose(cell_of(Side.WHITE, 24)).said == "Roll the dice first: press r."


def test_in_hot_seat_the_words_name_whose_numbering_it_is() -> None:
    assert history_title(Reader(Side.WHITE), hot_seat=True) == "History, in White's numbering"
    assert seen_from(Side.BLACK, Reader(Side.BLACK), hot_seat=True) == (
        "The board is seen from Black's side, in Black's numbering."
    )


def test_a_roll_with_no_legal_move_passes_and_says_so() -> None:
    flow = played_until(lambda flow: flow.what_next() is Next.PASS)
    turn = flow.match.turn
    assert turn is not None and turn.is_pass
    assert pass_said(flow.match).endswith("the turn passes.")
    passed = flow.finish_turn(passing=True)
    assert passed.said.startswith("Pass: ")
    assert where_we_are(flow.match, flow.reader) == passed.said, "a save opened here says it"


def test_a_turn_with_nothing_to_play_passes_by_itself_saying_why() -> None:
    """The why, not the record's "Pass: ": the status line says it until the next roll."""
    flow = played_until(lambda flow: flow.what_next() is Next.PASS)
    why = pass_said(flow.match)
    passed = flow.pass_turn()
    assert passed.said == why and passed.changed and passed.moves_on


def test_a_die_that_no_legal_turn_can_use_is_named() -> None:
    def one_die_struck(flow: TurnFlow) -> bool:
        turn = flow.match.turn
        return (
            turn is not None
            and bool(turn.unplayable_dice())
            and not turn.is_pass
            and not turn.bears_off_the_last
        )

    flow = played_until(one_die_struck)
    said = rolled_said(flow.match)
    assert "struck out" in said, said


def test_the_position_id_is_said_with_the_dice_once_thrown() -> None:
    flow = rolled_off(6, 5)
    before, _ = position_id_said(flow.match)
    flow.roll()
    text, said = position_id_said(flow.match)
    assert text != before and f"'nardy analyze {text}'" in said
