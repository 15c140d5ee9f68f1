"""The line to a friend's machine as its news last told it: whether it is up, and what it
did last. The game screen shows news only when it is new, and while the line is down the
other side's turn says what the line does, not that the friend is thinking (their program
may not even be running)."""

from __future__ import annotations


class LineNews:
    """What the line to the other machine did last, and whether it is up after it."""

    def __init__(self) -> None:
        self.news = ""
        """The last news of the line ("" before any), kept for a screen not yet shown."""
        self.up = True
        """Whether the line is up, as its news last said."""

    def heard(self, news: str, up: bool | None = None) -> bool:
        """Take the line's news (``up``: whether the line is up after it; None: as it was);
        whether it is new, to be shown.

        News already had is not shown again: the joiner tries the host again every few
        seconds, and each try would overwrite what the status line says of the player's
        own moves."""
        if up is not None:
            self.up = up
        if news == self.news:
            return False
        self.news = news
        return True

    @property
    def down(self) -> str:
        """What the line does while it is down ("" while it is up)."""
        return "" if self.up else self.news
