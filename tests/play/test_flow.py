"""The turn flow without a screen: what each choice at the board does, and what it says.

Every match here has scripted dice: a roll-off of 5 against 3 (White starts), then the
rolls each test names.
"""

from __future__ import annotations

import pytest

from nardy_tui.bot import Evaluation, JudgedPlay, RankedPlay, Stakes, stakes_at
from nardy_tui.engine import OFF, Match, Phase, ScriptedDice, Side, Step, legal_plays
from nardy_tui.options import Level
from nardy_tui.play import (
    COMBINED_GLYPH,
    COMMANDS,
    SINGLE_GLYPH,
    Command,
    Highlight,
    Next,
    Reader,
    Seat,
    TurnFlow,
    against_bot,
    against_friend,
    against_online_player,
    cell_of,
    hot_seat,
    marks_for,
    tray_cell,
    turn_said,
)
from nardy_tui.play.board_marks import last_play
from nardy_tui.storage import Settings, Switch

WHITE_STARTS = [5, 3]


def at_score(flow: TurnFlow) -> Stakes:
    """The stakes of the match's score for the side to move, as the hint ranks at."""
    turn = flow.match.turn
    assert turn is not None
    return stakes_at(flow.match, turn.mover)


def flow_for(
    *rolls: int, seats: dict[Side, Seat] | None = None, settings: Settings | None = None
) -> TurnFlow:
    """A match to one point, rolled off (White starts), with ``rolls`` to come; hot-seat
    unless ``seats`` says otherwise."""
    match = Match(length=1, dice=ScriptedDice([*WHITE_STARTS, *rolls]))
    flow = TurnFlow(match, seats or hot_seat(), settings or Settings())
    assert flow.roll() is not None
    return flow


def rolled(*rolls: int, **kwargs: object) -> TurnFlow:
    """The same, with the first of ``rolls`` rolled (by the bot, if it plays White)."""
    flow = flow_for(*rolls, **kwargs)  # type: ignore[arg-type]
    assert flow.roll(by_key=False) is not None
    return flow


def white(point: int) -> int:
    return cell_of(Side.WHITE, point)


def black(point: int) -> int:
    return cell_of(Side.BLACK, point)


def test_a_roll_is_said_and_saved_and_moves_the_match_on() -> None:
    flow = flow_for(5, 3)
    outcome = flow.roll()
    assert outcome is not None
    assert outcome.said == "White rolled 5-3." and outcome.changed and outcome.moves_on
    assert flow.match.phase is Phase.MOVE


def test_choosing_a_checker_selects_it_and_marks_where_it_may_go() -> None:
    flow = rolled(5, 3)
    outcome = flow.choose(white(24))
    assert flow.selected == 24 and not outcome.changed
    assert outcome.said.startswith("Checker on 24 selected")
    marks = marks_for(flow)
    assert marks.cells[Highlight.SELECTED] == {white(24)}
    assert marks.cells[Highlight.DEST_SINGLE] == {white(21), white(19)}
    assert marks.cells[Highlight.DEST_COMBINED] == {white(16)}
    assert marks.glyphs[white(16)] == COMBINED_GLYPH and marks.glyphs[white(19)] == SINGLE_GLYPH


def test_choosing_the_selected_checker_again_drops_the_selection() -> None:
    flow = rolled(5, 3)
    flow.choose(white(24))
    assert flow.choose(white(24)).said == "Selection dropped: choose a checker to move."
    assert flow.selected is None and flow.cancel() is None


def test_a_checker_that_may_not_move_is_refused_with_the_engines_reason() -> None:
    flow = rolled(5, 3)
    outcome = flow.choose(white(5))
    assert outcome.said == "White: You have no checker on point 5."  # hot-seat: named
    assert not outcome.redraw and not outcome.changed and flow.selected is None


def test_the_opponents_tray_is_never_a_place_to_move_to() -> None:
    flow = rolled(5, 3)
    outcome = flow.choose(tray_cell(Side.BLACK))
    assert "opponent's tray" in outcome.said and not outcome.changed


def test_a_move_plays_its_steps_and_a_complete_turn_waits_for_confirmation() -> None:
    flow = rolled(5, 3)
    flow.choose(white(24))
    moved = flow.choose(white(21))
    assert moved.said == "Moved 24/21." and moved.changed and not moved.moves_on
    assert flow.allows(Command.UNDO) and not flow.allows(Command.CONFIRM)
    flow.choose(white(21))
    complete = flow.choose(white(16))
    assert complete.said == "The turn is complete: confirm it (c) or undo (u)."
    assert flow.allows(Command.CONFIRM) and not flow.allows(Command.HINT)
    confirmed = flow.confirm()
    assert confirmed is not None and confirmed.moves_on
    assert confirmed.said == "White 5-3: 12/4", "said to Black, next to move, in their numbering"
    assert flow.match.phase is Phase.ROLL and flow.match.mover is Side.BLACK


def test_automatic_confirming_ends_the_turn_with_its_last_step() -> None:
    flow = rolled(5, 3, settings=Settings(auto_confirm=True, auto_flip=False))
    flow.choose(white(24))
    outcome = flow.choose(white(16))
    assert outcome.moves_on and outcome.said == "White 5-3: 24/16"


def test_a_destination_out_of_reach_is_refused_in_the_readers_numbering() -> None:
    flow = rolled(5, 3)
    flow.choose(white(24))
    assert flow.choose(white(22)).said.startswith("White: No die or sum of dice")


def test_undo_takes_back_one_step_and_undo_turn_all_of_them() -> None:
    flow = rolled(5, 3)
    assert flow.undo() is None and flow.undo_turn() is None
    flow.choose(white(24))
    flow.choose(white(16))
    undone = flow.undo()
    assert undone is not None and undone.said == "Step taken back." and undone.changed
    assert flow.match.turn is not None and len(flow.match.turn.steps) == 1
    whole = flow.undo_turn()
    assert whole is not None and not flow.match.turn.steps


def test_an_undo_with_nothing_to_take_back_says_why() -> None:
    before_a_step = rolled(5, 3).nothing_to_undo()
    assert before_a_step.said == "Nothing to undo: no step of this turn has been played yet."
    assert not before_a_step.changed
    before_the_roll = flow_for(5, 3).nothing_to_undo()
    assert before_the_roll.said == (
        "Nothing to undo: only the steps of a turn being played can be taken back."
    )


def test_the_only_legal_play_is_made_for_the_player_only_if_they_asked() -> None:
    assert rolled(6, 5).play_forced() is None
    flow = rolled(6, 5, settings=Settings(auto_forced=True))
    outcome = flow.play_forced()
    assert outcome is not None and outcome.said == (
        "The only legal play was played for you: confirm it (c) or undo (u)."
    )
    assert flow.match.turn is not None and flow.match.turn.is_complete


def test_what_comes_next_by_itself() -> None:
    match = Match(length=1, dice=ScriptedDice([*WHITE_STARTS, 5, 3]))
    assert TurnFlow(match, hot_seat(), Settings()).what_next() is Next.WAIT
    assert TurnFlow(match, hot_seat(), Settings(auto_roll=True)).what_next() is Next.ROLL
    against_white_bot = TurnFlow(match, against_bot(Side.BLACK, Level.EASY), Settings())
    against_white_bot.roll()
    assert against_white_bot.what_next() is Next.ROLL, "the bot rolls its own dice"
    against_white_bot.roll(by_key=False)
    assert against_white_bot.what_next() is Next.AWAY_MOVES
    assert TurnFlow(match, hot_seat(), Settings()).what_next() is Next.PLAYER_MOVES


def test_auto_roll_turned_on_while_the_player_is_to_roll_rolls_at_once() -> None:
    settings = Settings()
    flow = flow_for(5, 3, settings=settings)
    assert flow.turned_on(Switch.AUTO_ROLL) is None, "not while it is off"
    settings.auto_roll = True
    rolled_now = flow.turned_on(Switch.AUTO_ROLL)
    assert rolled_now is not None and rolled_now.moves_on and flow.match.phase is Phase.MOVE
    assert flow.turned_on(Switch.AUTO_ROLL) is None, "once rolled, nothing is left to roll"


def test_auto_roll_turned_on_during_the_bots_turn_leaves_the_bots_dice_to_it() -> None:
    settings = Settings(auto_roll=True)
    flow = flow_for(5, 3, seats=against_bot(Side.BLACK, Level.EASY), settings=settings)
    assert flow.turned_on(Switch.AUTO_ROLL) is None and flow.match.may_roll


def test_a_forced_play_turned_on_is_played_if_no_step_is_made_yet() -> None:
    settings = Settings()
    flow = rolled(6, 5, settings=settings)
    settings.auto_forced = True
    played = flow.turned_on(Switch.AUTO_FORCED)
    assert played is not None and flow.match.turn is not None and flow.match.turn.is_complete


def test_auto_confirm_turned_on_with_a_complete_turn_asks_for_the_confirmation() -> None:
    """Asks, not confirms: the confirmation goes past the tutor, as the last step's does."""
    settings = Settings()
    flow = rolled(5, 3, settings=settings)
    flow.choose(white(24))
    flow.choose(white(16))
    settings.auto_confirm = True
    asked = flow.turned_on(Switch.AUTO_CONFIRM)
    assert asked is not None and asked.confirm and not asked.changed
    assert flow.allows(Command.CONFIRM), "the turn waits for the screen to confirm it"


def test_auto_confirm_turned_on_before_the_turn_is_complete_waits_for_its_last_step() -> None:
    flow = rolled(5, 3, settings=Settings(auto_confirm=True))
    assert flow.turned_on(Switch.AUTO_CONFIRM) is None


def test_a_setting_that_plays_nothing_does_nothing_when_turned_on() -> None:
    flow = flow_for(5, 3, settings=Settings(auto_flip=True))
    assert flow.turned_on(Switch.AUTO_FLIP) is None and flow.match.may_roll


def test_the_bot_rolls_by_itself_and_its_dice_are_not_the_players_to_roll() -> None:
    flow = flow_for(5, 3, seats=against_bot(Side.BLACK, Level.EASY))
    assert not flow.allows(Command.ROLL) and flow.roll() is None
    assert flow.choose(black(24)).said == "Wait for the bot."
    assert flow.roll(by_key=False) is not None


def test_the_bots_play_is_shown_step_by_step_and_ends_its_turn() -> None:
    flow = rolled(5, 3, seats=against_bot(Side.BLACK, Level.EASY))
    play = (Step(24, 19, 5), Step(19, 16, 3))
    assert flow.away_chose(play, turn_number=5) is None, "a late answer is dropped"
    chosen = flow.away_chose(play, turn_number=0)
    assert chosen is not None and chosen.said.endswith(
        "White starts. Easy bot plays (s skips the animation)"
    ), "the roll-off, not seen yet"
    assert flow.allows(Command.SKIP)
    first = flow.bot_step()
    assert first is not None and first.changed and not first.moves_on
    assert last_play(flow) == (Side.WHITE, (play[0],)), "the board marks the bot's steps"
    last = flow.bot_step()
    assert last is not None and last.moves_on and flow.away_steps == []
    assert last_play(flow) == (Side.WHITE, play), "marked until the player rolls"


def test_a_resumed_bot_turn_keeps_the_steps_its_new_choice_goes_on_from() -> None:
    flow = rolled(5, 3, seats=against_bot(Side.BLACK, Level.EASY))
    turn = flow.match.turn
    assert turn is not None
    turn.push(Step(24, 19, 5))
    flow.away_chose((Step(24, 19, 5), Step(19, 16, 3)), turn_number=0)
    assert flow.away_steps == [Step(19, 16, 3)]
    flow.away_chose((Step(24, 21, 3), Step(21, 16, 5)), turn_number=0)
    assert turn.steps == () and len(flow.away_steps) == 2


def test_a_hint_is_starred_until_a_step_leaves_it() -> None:
    flow = rolled(5, 3)
    best = legal_plays(flow.match.position, (5, 3))[0]
    outcome = flow.show_hint([RankedPlay(best, 0.25)], turn_number=0, stakes=at_score(flow))
    assert outcome is not None and outcome.said.startswith("Hint: 24/16 (+0.250)")
    assert marks_for(flow).cells[Highlight.HINT] == {white(24), white(16)}
    flow.choose(white(24))
    flow.choose(white(21))
    assert marks_for(flow).cells[Highlight.HINT] == set(), "24/21 is not the hinted 24/19 19/16"
    stale = flow.show_hint([RankedPlay(best, 0.25)], turn_number=3, stakes=at_score(flow))
    assert stale is None, "a stale hint is dropped"


def test_a_hint_gives_the_best_plays_chances_and_match_chance_where_the_bot_has_them() -> None:
    flow = rolled(5, 3)
    best = legal_plays(flow.match.position, (5, 3))[0]
    chances = Evaluation(win=0.587, win_mars=0.164, lose_mars=0.079)
    judged = JudgedPlay(best, flow.match.position.apply(best, (5, 3)), chances, True)
    outcome = flow.show_hint([RankedPlay(best, 0.25, judged)], turn_number=0, stakes=at_score(flow))
    assert outcome is not None
    # A one-point match: the chance to win the match is the chance to win the game, and a
    # mars counts no more than a win, so its chances go unsaid.
    said = "Hint: 24/16 (match 58.7%: win 59%)"
    assert outcome.said.startswith(said)
    # One unit: the figures are the match's chance, and the hint says so.
    assert "+0.250" not in outcome.said and "points" not in outcome.said
    assert outcome.said.endswith("Figures in White's chance to win the match.")  # hot-seat


def test_beside_the_best_the_hint_names_only_plays_looked_at_as_deeply() -> None:
    # The expert searched the best and the third two rolls deep, the second one roll
    # deep: its figure does not compare with theirs, so the hint leaves it out.
    flow = mid_game_six_five()
    turn = flow.human_turn
    assert turn is not None
    ranked = ranking(flow, best="16/5")[:3]
    depths = (2, 1, 2)
    judged = [
        RankedPlay(
            play,
            score,
            JudgedPlay(
                play,
                turn.position.apply(play, turn.dice),
                Evaluation(0.5, 0.1, 0.1),
                True,
                two_rolls=depth == 2,
            ),
        )
        for (play, score, _), depth in zip(ranked, depths, strict=True)
    ]
    outcome = flow.show_hint(judged, turn_number=2, stakes=at_score(flow))
    assert outcome is not None
    # Named: the best and the third (each "(match …%"); the second, searched less deeply,
    # is left out.
    assert "; next best " in outcome.said and outcome.said.count("(match ") == 2


def test_in_hot_seat_the_board_and_the_numbering_turn_to_the_mover() -> None:
    flow = rolled(5, 3, 6, 5)
    flow.choose(white(24))
    flow.choose(white(16))
    flow.confirm()
    assert flow.viewpoint.view is Side.BLACK and flow.reader == Reader(Side.BLACK)
    outcome = flow.roll()
    assert outcome is not None and outcome.said == "Black rolled 6-5."
    assert turn_said(flow.match.game.turns[0], flow.reader) == "White 5-3: 12/4", (
        "in Black's numbering"
    )


def test_without_turning_the_board_stays_where_the_players_put_it() -> None:
    flow = rolled(5, 3, settings=Settings(auto_flip=False))
    flow.choose(white(24))
    flow.choose(white(16))
    flow.confirm()
    assert flow.viewpoint.view is Side.WHITE


def test_bearing_off_is_choosing_ones_own_tray() -> None:
    flow = rolled(5, 3)
    assert cell_of(Side.WHITE, OFF) == tray_cell(Side.WHITE)
    assert flow.choose(tray_cell(Side.WHITE)).said == (
        "White: Choose a checker to bear off first, then its tray."
    )


def test_a_whole_match_through_the_flow_as_the_board_would_play_it() -> None:
    """Every turn of a three-point hot-seat match chosen cell by cell, as the board reports
    the player's keys; each game ends with a bear-off and the next starts with a roll-off."""
    from tests.ui.driver import racing_move

    match = Match(length=3, seed=5)
    flow = TurnFlow(match, hot_seat(), Settings(auto_confirm=True))
    while match.phase is not Phase.MATCH_OVER:
        if match.phase is Phase.GAME_OVER:
            assert flow.what_next() is Next.GAME_OVER and flow.next_game() is not None
        while match.may_roll:
            assert flow.roll() is not None
        if flow.what_next() is Next.PASS:
            flow.finish_turn(passing=True)
            continue
        turn = match.turn
        assert turn is not None and flow.what_next() is Next.PLAYER_MOVES
        while match.turn is turn:
            src, dst = racing_move(turn)
            mover = turn.mover
            assert flow.choose(cell_of(mover, src)).said.startswith("Checker on")
            said = flow.choose(cell_of(mover, dst)).said
            assert said.startswith(("Moved", f"{mover.label} "))
    assert flow.what_next() is Next.MATCH_OVER and match.winner is not None
    assert all(game.winner is not None for game in match.games)
    assert any(step.dst == OFF for turn in match.game.turns for step in turn.play)


def mid_game_six_five() -> TurnFlow:
    """White has 24/16 played, Black 24/16 too; White has rolled 6-5 (hot-seat)."""
    flow = rolled(5, 3, 5, 3, 6, 5)
    flow.choose(white(24))
    flow.choose(white(16))
    flow.confirm()
    flow.roll()
    flow.choose(black(24))
    flow.choose(black(16))
    flow.confirm()
    flow.roll()
    return flow


def test_a_hint_names_the_other_plays_as_the_next_best_not_as_a_next_move() -> None:
    flow = mid_game_six_five()
    outcome = flow.show_hint(ranking(flow, best="16/5"), turn_number=2, stakes=at_score(flow))
    assert outcome is not None
    assert outcome.said.startswith("Hint: 16/5 (+0.300), starred on the board; next best ")
    assert "(-0.100), " in outcome.said and "(-0.200)." in outcome.said  # three decimals,
    # as the tutor, the review and the analysis give them


def ranking(flow: TurnFlow, best: str) -> list[RankedPlay]:
    """Every legal play of the turn, the one that reads ``best`` first (+0.30), the others
    after it, worse and worse."""
    turn = flow.human_turn
    assert turn is not None
    plays = legal_plays(turn.position, turn.dice)
    named = {flow.reader.play(play, turn.position, turn.dice): play for play in plays}
    others = [play for play in plays if play != named[best]]
    return [RankedPlay(named[best], 0.30)] + [
        RankedPlay(play, -0.1 * rank) for rank, play in enumerate(others, 1)
    ]


def test_a_hint_after_a_first_step_names_the_best_way_to_finish_from_there() -> None:
    flow = mid_game_six_five()
    flow.choose(white(24))
    flow.choose(white(18))  # the 6 is played: 24/18
    plays = ranking(flow, best="24/18 16/11")
    outcome = flow.show_hint(plays, turn_number=2, stakes=at_score(flow))
    assert outcome is not None
    assert outcome.said.startswith("Hint: 16/11 (+0.300), starred on the board")
    assert "Undo" not in outcome.said
    assert marks_for(flow).glyphs[white(16)] == "☆" and marks_for(flow).glyphs[white(11)] == "★"


def test_a_hint_after_a_step_off_the_best_play_says_to_undo_for_it() -> None:
    flow = mid_game_six_five()
    flow.choose(white(24))
    flow.choose(white(18))  # 24/18 uses the 6 that the best play, 16/5, needs
    outcome = flow.show_hint(ranking(flow, best="16/5"), turn_number=2, stakes=at_score(flow))
    assert outcome is not None
    finish = outcome.said.split(",")[0]
    assert finish in ("Hint: 18/13 (-0.100)", "Hint: 24/19 (-0.100)", "Hint: 16/11 (-0.100)")
    assert "Undo to follow the best play, 16/5 (+0.300)." in outcome.said
    assert outcome.said.endswith("Equity in points for White.")


def test_a_die_left_over_by_the_last_checker_is_struck_out_for_that_reason() -> None:
    from nardy_tui.engine import Position, TurnBuilder
    from nardy_tui.play import struck_out_why

    last = Position.from_points([0, 1] + [0] * 9 + [-15] + [0] * 12, Side.WHITE)
    turn = TurnBuilder(last, (6, 3))
    assert turn.unplayable_dice() and turn.must_play_higher
    assert struck_out_why(turn) == "✗ nothing left to move"


def test_in_russian_the_hint_says_in_whose_favour_its_figures_are() -> None:
    from nardy_tui.i18n import use_language

    use_language("ru")
    try:
        flow = mid_game_six_five()
        outcome = flow.show_hint(ranking(flow, best="16/5"), turn_number=2, stakes=at_score(flow))
        assert outcome is not None and outcome.said.endswith("в пользу белых.")
    finally:
        use_language("en")


def test_in_hebrew_the_hint_reads_its_sentences_in_order() -> None:
    from nardy_tui.i18n import _, reading_of, use_language

    use_language("he", reorder_rtl=True)
    try:
        flow = mid_game_six_five()
        flow.choose(white(24))
        flow.choose(white(18))
        outcome = flow.show_hint(ranking(flow, best="16/5"), turn_number=2, stakes=at_score(flow))
        assert outcome is not None
        reading = reading_of(outcome.said)
        hint, undo, equity = (
            _(text)
            for text in (
                "Hint: {best}, starred on the board.",
                "Undo to follow the best play, {best} ({value}).",
                "Equity in points for White.",
            )
        )
        first = reading_of(hint).split("{")[0]
        assert reading.startswith(first), "the hint comes first in reading order"
        assert reading.index(reading_of(undo).split("{")[0]) < reading.index(
            reading_of(equity).split("{")[0]
        )
    finally:
        use_language("en")


def test_every_command_has_an_answer_and_anything_else_is_an_error() -> None:
    flow = flow_for(5, 3)
    answers = {spec.command: flow.allows(spec.command) for spec in COMMANDS}
    assert set(answers) == set(Command), "every command is declared once in the table"
    assert answers[Command.ROLL] and not answers[Command.CONFIRM]
    with pytest.raises(ValueError):
        flow.allows("roll")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Command("nonsense")


def test_resigning_applies_against_a_lobbys_player_in_a_game_in_play_between_turns() -> None:
    match = Match(3, dice=ScriptedDice([5, 2, 3, 1]))
    online = TurnFlow(match, against_online_player(Side.WHITE, "boris"), Settings())
    assert online.allows(Command.RESIGN)  # the roll-off
    assert not TurnFlow(match, hot_seat(), Settings()).allows(Command.RESIGN)
    assert not TurnFlow(match, against_friend(Side.WHITE), Settings()).allows(Command.RESIGN)
    match.roll_off()
    match.roll()
    assert not online.allows(Command.RESIGN)  # White builds a turn: play it first
    match.play(legal_plays(match.position, (3, 1))[0])
    assert online.allows(Command.RESIGN)  # Black's roll
    match.resign(Side.WHITE, 1)
    assert not online.allows(Command.RESIGN)  # the game is over
