"""The Textual user interface: the new-match screen, the game, dialogs, help and the replay
viewer. The command line starts it through ``run_app`` and ``run_replay``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.ui.app import run_app

if TYPE_CHECKING:
    from nardy_tui.bot import GameReview
    from nardy_tui.storage import Record


def run_replay(record: Record, reviews: list[GameReview] | None = None) -> None:
    """Step through ``record`` on the board until the player quits (``nardy replay``), with
    the review's marks if ``reviews`` (one per game) are given.

    The viewer is imported only here: the game's first frame does not need it.
    """
    from nardy_tui.ui.replay import ReplayApp

    ReplayApp(record, reviews).run()


__all__ = ["run_app", "run_replay"]
