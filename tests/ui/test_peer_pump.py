"""The glue to the other machine on its own (``PeerPump``), with a stand-in for the game
screen: the line's news waits for the board, is shown once, and without a lockstep
(a match at one machine) nothing is asked of the other side."""

from __future__ import annotations

from nardy_tui.ui.game.peer import PeerPump


class StandInScreen:
    def __init__(self) -> None:
        self.board_shown = False
        self.is_attached = True
        self.bot_activity = ""
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


def pump() -> tuple[StandInScreen, PeerPump]:
    screen = StandInScreen()
    return screen, PeerPump(screen, None, None)  # type: ignore[arg-type]


def test_news_before_the_board_is_up_is_kept_for_it() -> None:
    screen, peer = pump()
    peer.line_news("Your friend is here.")
    assert peer.news == "Your friend is here." and screen.said == []


def test_the_same_news_is_shown_once() -> None:
    screen, peer = pump()
    screen.board_shown = True
    for _ in range(3):
        peer.line_news("Connecting to your friend again…")
    assert screen.said == ["Connecting to your friend again…"]
    assert screen.bot_activity == "Connecting to your friend again…"


def test_news_not_said_is_shown_in_the_panel_only() -> None:
    screen, peer = pump()
    screen.board_shown = True
    peer.line_news("The line is up.", said=False)
    assert screen.said == [] and screen.bot_activity == "The line is up."


def test_without_a_lockstep_nothing_is_taken_or_observed() -> None:
    screen, peer = pump()
    peer.observe()
    peer.take()
    assert screen.said == []
