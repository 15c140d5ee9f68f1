"""The last play shown again on its own (``LastPlayReplay``), with a stand-in for the game
screen whose timers wait in a list until the test runs them: one frame per timer, then the
board as it is; a redraw in between stops it, and its leftover timers do nothing."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from nardy_tui.engine import Dice, Play, Position, Side
from nardy_tui.play import Mark, Marks
from nardy_tui.ui.game.replay import LastPlayReplay

BEFORE = Position.initial()
FRAMES: list[tuple[Position, Play]] = [(BEFORE, ()), (Position.initial(Side.BLACK), ())]


class StandInFlow:
    def last_play_frames(self) -> list[tuple[Position, Play]]:
        return list(FRAMES)

    def moves_read(self, steps: Play, mover: Side) -> str:
        return ""

    def turn_said(self, record: object) -> str:
        return "White 6-5"

    def where_we_are(self) -> str:
        return "Black to roll"


class StandInScreen:
    """What the replay uses of the game screen, and what it did to the board."""

    def __init__(self) -> None:
        self.flow = StandInFlow()
        record = SimpleNamespace(side=Side.WHITE, dice=Dice(6, 5))
        self.match = SimpleNamespace(game=SimpleNamespace(turns=[record]))
        self.is_attached = True
        self.pace = 0.5
        self.board = self
        self.shown: list[Position | str] = []
        self.banners: list[str] = []
        self.said: list[str] = []
        self.timers: list[Callable[[], None]] = []
        self.replay = LastPlayReplay(self)  # type: ignore[arg-type]

    def show(self, position: Position) -> None:
        self.shown.append(position)

    def set_marks(self, marks: Marks) -> None:
        assert marks.of(Mark.LAST_TO) == set()  # nothing moved in these frames

    def set_banner(self, banner: str) -> None:
        self.banners.append(banner)

    def refresh_view(self) -> None:
        self.replay.stop()
        self.shown.append("the board as it is")

    def say(self, text: str) -> None:
        self.said.append(text)

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        self.timers.append(callback)

    def run_timers(self) -> None:
        while self.timers:
            self.timers.pop(0)()


def test_each_frame_is_shown_then_the_board_as_it_is() -> None:
    screen = StandInScreen()
    screen.replay.start()
    screen.run_timers()
    assert screen.shown == ["the board as it is", *(frame for frame, _ in FRAMES),
                            "the board as it is"]
    assert screen.said == ["Again, slowly: White 6-5", "Black to roll"]
    assert all(banner.startswith("Last play again · White 6-5") for banner in screen.banners)


def test_a_redraw_stops_the_replay_and_its_timers_do_nothing() -> None:
    screen = StandInScreen()
    screen.replay.start()
    screen.refresh_view()  # a roll, say
    screen.run_timers()
    assert screen.shown == ["the board as it is", FRAMES[0][0], "the board as it is"]
    assert screen.said == ["Again, slowly: White 6-5"]
