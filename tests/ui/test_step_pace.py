"""A step's time on the board (``StepPace``): the normal pace scaled by the animation
setting, read at each step; with no animation the next step comes at once, after the event
at hand."""

from __future__ import annotations

from collections.abc import Callable

from nardy_tui.storage import Animation, Settings
from nardy_tui.ui.game.pace import StepPace


class Timers:
    """The screen's timers, as a list of what was asked of them."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, float]] = []

    def set_timer(self, delay: float, callback: Callable[[], None]) -> None:
        self.asked.append(("timer", delay))

    def call_later(self, callback: Callable[[], None]) -> None:
        self.asked.append(("after this event", 0.0))


def step() -> None:
    """The next step."""


def test_the_animation_setting_scales_the_pace_at_each_step() -> None:
    settings = Settings(animation=Animation.NORMAL)
    timers = Timers()
    pace = StepPace(timers, 2.0, settings)  # type: ignore[arg-type]
    pace.after_step(step)
    settings.animation = Animation.FAST
    pace.after_step(step)
    assert timers.asked == [("timer", 2.0), ("timer", 0.6)]


def test_with_no_animation_the_next_step_comes_after_the_event_at_hand() -> None:
    timers = Timers()
    pace = StepPace(timers, 2.0, Settings(animation=Animation.NONE))  # type: ignore[arg-type]
    pace.after_step(step)
    assert pace.seconds == 0 and timers.asked == [("after this event", 0.0)]
