"""The last play shown again (``LastPlayShow``): one frame per timer from the board before
it, each headed by the steps played so far, then the board as it is; a redraw in between
stops the show, and its leftover timers find it over."""

from __future__ import annotations

from nardy_tui.engine import Match
from nardy_tui.play import LastPlayShow, TurnFlow, hot_seat, last_play_frames
from nardy_tui.storage import Settings
from tests.ui.driver import racing_move


def a_turn_played() -> TurnFlow:
    flow = TurnFlow(Match(length=1, seed=5), hot_seat(), Settings())
    while (turn := flow.human_turn) is None:
        flow.roll()
    while not turn.is_complete:
        turn.move(*racing_move(turn))
    flow.confirm()
    return flow


def test_each_frame_is_shown_from_the_board_before_the_play_then_the_show_ends() -> None:
    flow = a_turn_played()
    game = flow.match.game
    show = LastPlayShow()
    number = show.start(game)
    shown = []
    while show.is_on(number) and (frame := show.next_frame(flow.reader)) is not None:
        shown.append(frame)
    assert [frame.position for frame in shown] == [at for at, _ in last_play_frames(game)]
    assert shown[0].banner.endswith(" · before it")
    assert all(frame.banner.startswith("Last play again · White ") for frame in shown)
    assert shown[-1].banner.endswith(flow.reader.moves(game.turns[-1].play, game.turns[-1].side))


def test_a_stopped_show_is_over_for_its_timers_and_shows_nothing_more() -> None:
    flow = a_turn_played()
    show = LastPlayShow()
    number = show.start(flow.match.game)
    show.stop()  # a redraw: a roll, say
    assert not show.is_on(number) and show.next_frame(flow.reader) is None


def test_a_show_started_again_is_a_new_show() -> None:
    flow = a_turn_played()
    show = LastPlayShow()
    first = show.start(flow.match.game)
    second = show.start(flow.match.game)
    assert not show.is_on(first) and show.is_on(second)
