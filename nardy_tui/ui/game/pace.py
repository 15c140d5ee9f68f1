"""How long a shown step stays in view: the away side's steps and a last play shown again
go at one pace, which the animation setting scales."""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump

from nardy_tui.storage import Animation, Settings

PACE_FACTORS = {Animation.NORMAL: 1.0, Animation.FAST: 0.3, Animation.NONE: 0.0}
"""The pace under each animation setting, against the normal one."""


class StepPace:
    """Waits a step's time on ``timers`` (the game screen), then goes on."""

    def __init__(self, timers: MessagePump, normal: float, settings: Settings) -> None:
        """``normal``: seconds a step stays in view at the normal animation setting;
        ``settings``: the player's, read at each step (a change counts at once)."""
        self._timers = timers
        self._normal = normal
        self._settings = settings

    @property
    def seconds(self) -> float:
        """Seconds a step stays in view now."""
        return self._normal * PACE_FACTORS[self._settings.animation]

    def after_step(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once a step has been in view long enough: with no animation at
        once, but after the event at hand (a step is drawn before the next is taken)."""
        seconds = self.seconds
        if seconds > 0:
            self._timers.set_timer(seconds, callback)
        else:
            self._timers.call_later(callback)
