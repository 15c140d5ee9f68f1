"""The last play shown again on its own (``LastPlayReplay``), with a stand-in for the game
screen whose timers wait in a list until the test runs them: one frame per timer, then the
board as it is; a redraw in between stops it, and its leftover timers do nothing."""

from __future__ import annotations

from collections.abc import Callable

from nardy_tui.engine import Match, Position
from nardy_tui.play import Marks, TurnFlow, hot_seat, last_play_frames
from nardy_tui.storage import Settings
from nardy_tui.ui.game.replay import LastPlayReplay
from tests.ui.driver import racing_move

NOW = "the board as it is"


class StandInScreen:
    """What the replay uses of the game screen (its board too), after one turn played."""

    def __init__(self) -> None:
        self.match = Match(length=1, seed=5)
        self.flow = TurnFlow(self.match, hot_seat(), Settings())
        self.play_a_turn()
        self.is_attached = True
        self.pace = self
        self.board = self
        self.shown: list[Position | str] = []
        self.banners: list[str] = []
        self.said: list[str] = []
        self.timers: list[Callable[[], None]] = []
        self.replay = LastPlayReplay(self)  # type: ignore[arg-type]

    def play_a_turn(self) -> None:
        while (turn := self.flow.human_turn) is None:
            self.flow.roll()
        while not turn.is_complete:
            turn.move(*racing_move(turn))
        self.flow.confirm()

    def show(self, position: Position) -> None:
        self.shown.append(position)

    def set_marks(self, marks: Marks) -> None:
        """The replay's marks are ``last_play_marks``' (tested with them)."""

    def set_banner(self, banner: str) -> None:
        self.banners.append(banner)

    def refresh_view(self) -> None:
        self.replay.stop()
        self.shown.append(NOW)

    def say(self, text: str) -> None:
        self.said.append(text)

    def after_step(self, callback: Callable[[], None]) -> None:
        self.timers.append(callback)

    def run_timers(self) -> None:
        while self.timers:
            self.timers.pop(0)()


def test_each_frame_is_shown_then_the_board_as_it_is() -> None:
    screen = StandInScreen()
    frames = [position for position, _ in last_play_frames(screen.match.game)]
    screen.replay.start()
    screen.run_timers()
    assert screen.shown == [NOW, *frames, NOW]
    assert screen.said[0].startswith("Again, slowly: ") and len(screen.said) == 2
    assert len(screen.banners) == len(frames)
    assert all(banner.startswith("Last play again · ") for banner in screen.banners)


def test_a_redraw_stops_the_replay_and_its_timers_do_nothing() -> None:
    screen = StandInScreen()
    first = last_play_frames(screen.match.game)[0][0]
    screen.replay.start()
    screen.refresh_view()  # a roll, say
    screen.run_timers()
    assert screen.shown == [NOW, first, NOW] and len(screen.said) == 1
