"""Two game apps met by a short code, through the tests' own mailbox server and transit
relay on loopback: a match, a wrong code refused on both sides, a cut line and a
relay gone mid-turn picked up again without a new code, and a match taken up again after
both sides quit."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from nardy_tui.engine import Side
from nardy_tui.net import Role, read_network_match
from nardy_tui.options import Rendezvous
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import QuitDialog
from nardy_tui.ui.game import GameScreen
from tests.rendezvous_servers import Servers
from tests.textual_seams import exit_words
from tests.ui.driver import burst, turn_keys
from tests.ui.test_network_match import mid_turn, not_playing
from tests.ui.two_apps import (
    SIZE,
    Friends,
    code_host_app,
    code_joiner_app,
    code_of,
    connected,
    friends_by_code,
    hosting_by_code,
    match_of,
    play_until,
    quick_retries,
    status_of,
    until,
)

__all__ = ["quick_retries"]
"""The fixture, for pytest to find in this module."""

pytestmark = pytest.mark.usefixtures("quick_retries")


async def three_more_turns_the_same_on_both(two: Friends) -> None:
    """The match goes on: three more turns (or to its end), the same on both sides."""
    host, joiner = two.host, two.joiner
    turns = len(match_of(host).game.turns)
    await play_until(
        two.pilots, lambda: len(match_of(host).game.turns) >= turns + 3 or not_playing(host)
    )
    assert match_of(host).game.record_lines() == match_of(joiner).game.record_lines()


async def test_a_match_met_by_a_code_is_the_same_match_on_both(rendezvous: Rendezvous) -> None:
    # A few turns: how a match goes on to its end and its records is the same whichever
    # way the friends met (tests/ui/test_network_match.py plays a whole one).
    async with friends_by_code(rendezvous) as two:
        shown = " ".join(str(widget.content) for widget in two.host.screen.query("Static"))
        await play_until(two.pilots, lambda: len(match_of(two.host).game.turns) >= 6)
        assert match_of(two.host).game.record_lines() == match_of(two.joiner).game.record_lines()
    assert "Your friend is here" in shown


async def test_the_host_shows_the_line_to_type_and_copies_it(rendezvous: Rendezvous) -> None:
    host = code_host_app(rendezvous)
    async with hosting_by_code(host) as (_pilot, code):
        assert f"nardy join {code}" in status_of(host) or any(
            f"nardy join {code}" in str(widget.content) for widget in host.screen.query("Static")
        )
        assert host.clipboard == f"nardy join {code}"


async def test_a_wrong_code_is_refused_on_both_sides_and_the_host_keeps_its_code(
    rendezvous: Rendezvous,
) -> None:
    host = code_host_app(rendezvous)
    async with hosting_by_code(host) as (host_pilot, code):
        wrong = code_joiner_app(rendezvous, code + "-wrong")
        async with wrong.run_test(size=SIZE) as wrong_pilot:
            await until(
                lambda: wrong.return_code is not None and "different codes" in words_of(host),
                host_pilot,
                wrong_pilot,
                what="the wrong code is refused on both sides",
            )
            [said] = exit_words(wrong)
        assert wrong.return_code == 1
        assert "different codes" in said and "\n" not in said.strip()
        assert code_of(host) == code and f"nardy join {code}" in words_of(host)
        assert "1 try by someone else did not get in" in words_of(host)
        right = code_joiner_app(rendezvous, code)
        async with right.run_test(size=SIZE) as right_pilot:
            await until(
                lambda: connected(host, right), host_pilot, right_pilot, what="the code works"
            )


def words_of(app: NardyApp) -> str:
    """Everything the app's screen says."""
    return " ".join(str(widget.content) for widget in app.screen.query("Static"))


async def test_a_cut_line_comes_back_by_itself_without_a_new_code(
    rendezvous: Rendezvous,
) -> None:
    async with friends_by_code(rendezvous, points=3) as two:
        host, joiner = two.host, two.joiner
        await play_until(two.pilots, lambda: mid_turn(joiner) and mid_turn(host))
        assert joiner.network is not None and joiner.network.session.line is not None
        joiner.network.session.line.close()  # the line is cut
        await until(lambda: not connected(host), *two.both, what="the host sees the line down")
        await until(lambda: connected(host, joiner), *two.both, what="the line is back")
        await three_more_turns_the_same_on_both(two)


async def test_the_relay_gone_mid_turn_and_back_the_match_goes_on_with_the_same_dice(
    servers: Servers, rendezvous: Rendezvous
) -> None:
    async with friends_by_code(rendezvous, points=3) as two:
        host, joiner = two.host, two.joiner
        await play_until(two.pilots, lambda: mid_turn(joiner) and mid_turn(host))
        dice = match_of(joiner).dice
        keys = turn_keys(match_of(joiner))
        await burst(two.pilots[Side.BLACK], *keys[: len(keys) // 2])
        servers.transit.stop()
        await until(
            lambda: "down" in status_of(host) and "down" in status_of(joiner),
            *two.both,
            what="both see the line down",
        )
        servers.transit.start()
        await until(lambda: connected(host, joiner), *two.both, what="the line is back")
        assert match_of(joiner).dice == match_of(host).dice == dice
        await burst(two.pilots[Side.BLACK], *turn_keys(match_of(joiner)), "c")
        await three_more_turns_the_same_on_both(two)


async def test_both_sides_quit_and_start_again_and_the_match_goes_on(
    rendezvous: Rendezvous, tmp_path: Path
) -> None:
    async with friends_by_code(rendezvous, points=3) as two:
        await play_until(two.pilots, lambda: len(match_of(two.host).game.turns) >= 4)
        for pilot in two.both:
            assert isinstance(pilot.app.screen, GameScreen)
    lines = match_of(two.host).game.record_lines()
    for role in Role:
        saved = read_network_match(role)
        assert saved is not None and saved.by_code and saved.code
    host = code_host_app(rendezvous, points=3, resume=True)
    async with host.run_test(size=SIZE) as host_pilot:
        joiner = code_joiner_app(rendezvous, "")  # 'nardy join': the saved match
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            await until(
                lambda: connected(host, joiner), host_pilot, joiner_pilot, what="both are back"
            )
            assert match_of(host).game.record_lines()[: len(lines)] == lines
            assert match_of(joiner).game.record_lines() == match_of(host).game.record_lines()


async def test_quitting_says_each_side_goes_on_with_no_new_code(rendezvous: Rendezvous) -> None:
    async with friends_by_code(rendezvous) as two:
        for pilot, how in (
            (two.pilots[Side.WHITE], "'nardy host --resume'"),
            (two.pilots[Side.BLACK], "'nardy join'"),
        ):
            await burst(pilot, "ctrl+q")
            assert isinstance(pilot.app.screen, QuitDialog)
            words = " ".join(str(widget.content) for widget in pilot.app.screen.query(Static))
            assert how in words and "no new code" in words
            await burst(pilot, "n")


async def test_a_new_matchs_host_keeps_its_code_in_view_through_trouble_and_after_it(
    rendezvous: Rendezvous,
) -> None:
    """The friend may not have the code yet: a relay or mailbox out of reach is said
    under it, and once the mailbox answers again the waiting words come back."""
    host = code_host_app(rendezvous)
    async with hosting_by_code(host) as (pilot, code):
        network = host.network
        assert network is not None
        network.lost("cannot reach the transit relay 127.0.0.1:9 (refused)")
        await until(lambda: "For now: cannot reach" in words_of(host), pilot, what="trouble")
        assert f"nardy join {code}" in words_of(host)
        network.waiting()
        await until(lambda: "For now" not in words_of(host), pilot, what="waiting again")
        assert f"nardy join {code}" in words_of(host)


async def test_a_roll_before_the_friend_came_keeps_the_code_in_the_status_line(
    rendezvous: Rendezvous,
) -> None:
    host = code_host_app(rendezvous)
    async with hosting_by_code(host) as (pilot, code):
        await burst(pilot, "r")
        await until(lambda: f"nardy join {code}" in status_of(host), pilot, what="the code")
        assert "Rolling" not in status_of(host)


async def test_after_the_friends_goodbye_the_mailbox_back_says_the_friend_left(
    rendezvous: Rendezvous,
) -> None:
    host = code_host_app(rendezvous)
    async with hosting_by_code(host) as (pilot, _code):
        network = host.network
        assert network is not None
        network.peer_left = True
        network.waiting()
        await until(lambda: "Your friend has left" in words_of(host), pilot, what="left")
        assert "Waiting for your friend" not in status_of(host)
