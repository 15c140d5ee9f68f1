"""A friend in a browser (``nardy serve``) is invited by a link, not by a command: the link
opens the friend's game on the friend screen with the code filled in, the host's screen
shows (and copies) that link, and no screen for a friend names a command to type or a
variable to set, which a browser has neither of."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from nardy_tui.engine import Match
from nardy_tui.options import MatchOptions, Mode, Rendezvous
from nardy_tui.storage import save_match
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import ResumeDialog
from nardy_tui.ui.network_friend import FriendScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.ui.driver import burst
from tests.ui.two_apps import SIZE, quick_retries, until

__all__ = ["quick_retries"]
"""The fixture, for pytest to find in this module."""

PAGE = "https://nardy.example/play/"


@pytest.fixture
def in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app as ``nardy serve`` runs it: under the web driver, told its page's address."""
    monkeypatch.setattr(NardyApp, "is_web", property(lambda app: True))
    monkeypatch.setenv("NARDY_PAGE_URL", PAGE)


def words_on(app: NardyApp) -> str:
    return " ".join(str(widget.content) for widget in app.screen.query(Static))


async def test_a_friends_link_opens_the_friend_screen_with_the_code_filled_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NARDY_JOIN_CODE", "7-Crossover-Clockwork")
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, FriendScreen), pilot, what="friend screen")
        assert app.screen.query_one("#code", Input).value == "7-crossover-clockwork"
        await burst(pilot, "enter")
        await until(lambda: app.network is not None, pilot, what="joining")
        assert app.network is not None and app.network.launch.code == "7-crossover-clockwork"


async def test_escape_from_a_friends_link_leads_to_the_match_saved_here_not_past_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_match(Match(3, seed=2), MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=2))
    monkeypatch.setenv("NARDY_JOIN_CODE", "12-tiger-lamp")
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, FriendScreen), pilot, what="friend screen")
        await burst(pilot, "escape")
        assert isinstance(app.screen, NewMatchScreen)
        await burst(pilot, "escape")
        assert isinstance(app.screen, ResumeDialog)


@pytest.mark.usefixtures("in_a_browser")
async def test_the_friend_screen_in_a_browser_names_no_command_and_no_variable() -> None:
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f")
        assert isinstance(app.screen, FriendScreen)
        words = words_on(app)
    assert "nardy join" not in words and "NARDY_" not in words
    assert "your screen shows a link to send your friend" in words
    assert "A link from your friend opens this screen with their code filled in" in words


@pytest.mark.usefixtures("in_a_browser")
async def test_a_host_in_a_browser_is_shown_the_link_for_the_friend_and_it_is_copied(
    monkeypatch: pytest.MonkeyPatch, rendezvous: Rendezvous
) -> None:
    monkeypatch.setenv("NARDY_MAILBOX", rendezvous.mailbox)
    monkeypatch.setenv("NARDY_TRANSIT", rendezvous.transit)
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f")
        await burst(pilot, "down", "down")  # from the field, past Join, to Host
        await burst(pilot, "enter")
        await until(
            lambda: app.network is not None and app.network.code != "", pilot, what="a code"
        )
        assert app.network is not None
        link = f"{PAGE}?join={app.network.code}"
        assert app.clipboard == link
        await until(lambda: link in words_on(app), pilot, what="the link shown")
        assert "nardy join" not in words_on(app)
