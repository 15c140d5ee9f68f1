"""A friend on another machine from inside the app, as a visitor of ``nardy serve`` with no
command line plays one: the new-match screen's "A friend" asks for the code (checked as
``nardy join`` checks it) or hosts; what cannot start is told and the new-match screen
comes back, the app going on; the app started again (a page reloaded) offers the match
with the friend, and takes it up under the code of later meetings."""

from __future__ import annotations

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from nardy_tui.engine import Phase, Side
from nardy_tui.net import (
    Role,
    network_document,
    new_network_match,
    read_network_match,
    write_network_match,
)
from nardy_tui.options import LaunchOptions, Rendezvous
from nardy_tui.storage import records_dir
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.connecting import ConnectingScreen
from nardy_tui.ui.dialogs import GiveUpFriendDialog, QuitDialog, ResumeDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.network_friend import FriendScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.rendezvous_servers import free_port
from tests.textual_seams import notifications
from tests.ui.driver import burst
from tests.ui.two_apps import (
    SIZE,
    Friends,
    code_host_app,
    connected,
    hosting_by_code,
    match_of,
    play_until,
    quick_retries,
    until,
)

__all__ = ["quick_retries"]
"""The fixture, for pytest to find in this module."""

pytestmark = pytest.mark.usefixtures("quick_retries")


def meet_at(monkeypatch: pytest.MonkeyPatch, rendezvous: Rendezvous) -> None:
    """The servers the app meets at, named as a visitor's game is given them."""
    monkeypatch.setenv("NARDY_MAILBOX", rendezvous.mailbox)
    monkeypatch.setenv("NARDY_TRANSIT", rendezvous.transit)


def friends_app() -> NardyApp:
    """A friend's app as ``nardy --new`` (the host's app saves into the same folder, and
    its save is not this app's to offer)."""
    return NardyApp(LaunchOptions(resume=False), pace=0)


def screen_words(app: NardyApp) -> str:
    """Everything the app's screen says."""
    return " ".join(str(widget.content) for widget in app.screen.query(Static))


def notices(app: NardyApp) -> str:
    """The notices' words as the player reads them (their markup drawn)."""
    return " ".join(
        Content.from_markup(notice.message).plain if notice.markup else notice.message
        for notice in notifications(app)
    )


async def type_code(pilot: Pilot[int], code: str) -> None:
    """From the new-match screen: "A friend", then the code and Enter."""
    await burst(pilot, "f")
    assert isinstance(pilot.app.screen, FriendScreen)
    await burst(pilot, *code, "enter")


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("k7m2-x9qp", "k7m2-x9qp is not a code: it is a number and words"),
        ("", "type the code your friend's screen shows, like: 7-crossover-clockwork"),
        ("[b]7-x[/b", "[b]7-x[/b is not a code"),
    ],
    ids=["a direct match's code", "nothing", "what looks like markup"],
)
async def test_what_cannot_be_a_code_is_told_and_the_code_asked_again(
    typed: str, words: str
) -> None:
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await type_code(pilot, typed)
        assert isinstance(app.screen, FriendScreen) and app.network is None
        assert words in notices(app)


async def test_escape_goes_back_to_the_new_match_screen() -> None:
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f")
        await burst(pilot, "escape")
        assert isinstance(app.screen, NewMatchScreen)


async def test_a_mistyped_server_in_the_environment_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NARDY_MAILBOX", "relay.example.org")
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await type_code(pilot, "7-crossover-clockwork")
        assert "is not a mailbox server" in notices(app) and app.network is None


async def test_a_mailbox_that_cannot_be_reached_brings_back_the_new_match_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nobody = f"127.0.0.1:{free_port()}"
    meet_at(monkeypatch, Rendezvous(f"ws://{nobody}/v1", nobody))
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await type_code(pilot, "7-crossover-clockwork")
        await until(
            lambda: "cannot reach the mailbox server" in notices(app), pilot, what="told why"
        )
        await until(
            lambda: isinstance(app.screen, NewMatchScreen), pilot, what="the new-match screen"
        )
        assert app.return_code is None and app.network is None


async def test_a_code_nobody_hosts_can_be_given_up_with_escape(
    monkeypatch: pytest.MonkeyPatch, rendezvous: Rendezvous
) -> None:
    meet_at(monkeypatch, rendezvous)
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await type_code(pilot, "99-nobody-here")
        await until(lambda: isinstance(app.screen, ConnectingScreen), pilot, what="joining")
        await burst(pilot, "escape")
        assert isinstance(app.screen, NewMatchScreen) and app.network is None


async def test_hosting_from_the_app_shows_the_code_to_give(
    monkeypatch: pytest.MonkeyPatch, rendezvous: Rendezvous
) -> None:
    meet_at(monkeypatch, rendezvous)
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f")
        await burst(pilot, "down", "down")  # from the field, past Join, to Host
        assert app.focused is not None and app.focused.id == "host"
        await burst(pilot, "enter")
        await until(
            lambda: app.network is not None and app.network.code != "", pilot, what="a code"
        )
        assert app.clipboard == f"nardy join {app.network.code}"
        assert match_of(app).length == 3  # the new-match screen's length
        app._ask_new_match()  # the palette's "New match": the friend never came
        await until(lambda: isinstance(app.screen, NewMatchScreen), pilot, what="new match")
        await until(lambda: read_network_match(Role.HOST) is None, pilot, what="forgotten")
        assert app.network is None


async def test_an_app_joins_by_the_code_typed_in_and_both_see_the_same_first_dice(
    monkeypatch: pytest.MonkeyPatch, rendezvous: Rendezvous
) -> None:
    host = code_host_app(rendezvous)
    async with hosting_by_code(host) as (host_pilot, code):
        meet_at(monkeypatch, rendezvous)
        joiner = friends_app()
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            await type_code(joiner_pilot, code)
            await until(
                lambda: connected(host, joiner), host_pilot, joiner_pilot, what="both connected"
            )
            two = Friends(host, joiner, {Side.WHITE: host_pilot, Side.BLACK: joiner_pilot}, 0)
            await play_until(
                two.pilots,
                lambda: all(match_of(app).phase is Phase.MOVE for app in (host, joiner)),
            )
            assert match_of(joiner).dice == match_of(host).dice
            assert match_of(joiner).game.record_lines() == match_of(host).game.record_lines()
            await burst(joiner_pilot, "ctrl+q")
            assert isinstance(joiner.screen, QuitDialog)
            words = " ".join(str(widget.content) for widget in joiner.screen.query(Static))
            assert "nardy offers to take it up when it starts again" in words


async def test_the_app_started_again_takes_the_match_with_the_friend_up(
    monkeypatch: pytest.MonkeyPatch, rendezvous: Rendezvous
) -> None:
    host = code_host_app(rendezvous, points=3)
    async with hosting_by_code(host) as (host_pilot, code):
        meet_at(monkeypatch, rendezvous)
        first = friends_app()
        async with first.run_test(size=SIZE) as first_pilot:
            await type_code(first_pilot, code)
            await until(lambda: connected(host, first), host_pilot, first_pilot, what="joined")
        reloaded = NardyApp(pace=0)  # the page reloaded: no command line, the same folder
        async with reloaded.run_test(size=SIZE) as pilot:
            assert isinstance(reloaded.screen, ResumeDialog)
            words = " ".join(str(widget.content) for widget in reloaded.screen.query("Static"))
            assert "with a friend on another machine, you play Black, match to 3" in words
            await burst(pilot, "r")
            await until(lambda: connected(host, reloaded), host_pilot, pilot, what="back")
            assert match_of(reloaded).length == 3


def save_a_joiners_match() -> None:
    saved = new_network_match(Role.JOINER, "12345678-" + "ab" * 16, 3, by_code=True)
    write_network_match(network_document(saved, []))


async def test_a_saved_match_with_a_friend_declined_at_start_is_offered_with_the_code() -> None:
    save_a_joiners_match()
    app = NardyApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ResumeDialog)
        await burst(pilot, "n")
        assert isinstance(app.screen, NewMatchScreen) and app.network is None
        await burst(pilot, "f")
        words = str(app.screen.query_one("#friend-go-on-words", Static).content)
        assert "go on with the unfinished match: with a friend on another machine" in words


async def test_going_on_with_it_where_no_mailbox_answers_waits_for_it_and_keeps_it_saved() -> None:
    save_a_joiners_match()
    app = friends_app()
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f")
        await burst(pilot, "down", "down", "down")  # past Join and Host
        assert app.focused is not None and app.focused.id == "go-on"
        await burst(pilot, "enter")
        await until(
            lambda: (
                "cannot reach the mailbox server" in screen_words(app)
                and "the match waits for it" in screen_words(app)
            ),
            pilot,
            what="told why, and that the match waits",
        )
        assert isinstance(app.screen, GameScreen), "a server away is no end of the match"
        saved = read_network_match(Role.JOINER)
        assert saved is not None and saved.code == "12345678-" + "ab" * 16


def save_a_hosts_match() -> None:
    saved = new_network_match(Role.HOST, "87654321-" + "cd" * 16, 5, by_code=True)
    write_network_match(network_document(saved, []))


async def test_hosting_anew_asks_first_where_a_hosted_match_is_saved_and_back_keeps_it() -> None:
    save_a_hosts_match()
    app = friends_app()
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "f")
        await burst(pilot, "down", "down")  # from the field, past Join, to Host
        assert app.focused is not None and app.focused.id == "host"
        await burst(pilot, "enter")
        assert isinstance(app.screen, GiveUpFriendDialog)
        body = str(app.screen.query_one(".dialog-body", Static).content)
        assert "with a friend on another machine, you play White, match to 5" in body
        await burst(pilot, "escape")
        assert isinstance(app.screen, FriendScreen) and app.network is None
    saved = read_network_match(Role.HOST)
    assert saved is not None and saved.match.length == 5


async def test_joining_a_new_code_gives_up_the_joined_match_only_when_told() -> None:
    save_a_joiners_match()
    app = friends_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_code(pilot, "7-crossover-clockwork")
        assert isinstance(app.screen, GiveUpFriendDialog)
        await burst(pilot, "n")  # start the new one
        await until(lambda: app.network is not None, pilot, what="the new match")
        assert app.network is not None and app.network.launch.code == "7-crossover-clockwork"
        assert not app.network.launch.resume
        [record] = records_dir().iterdir()
        assert record.name.startswith("nardy-network-joiner-"), "the match given up is kept"
        assert f"kept as a record: {record}" in notices(app)
