"""Two game apps on one machine, a host and a joiner over loopback, each driven by its own
Pilot: a whole match, a line cut mid-turn and picked up again, and a wrong code refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from nardy_tui.engine import Phase, Side
from nardy_tui.net import (
    PlayMade,
    Role,
    kept_parts,
    new_code,
    read_network_match,
    verify_record,
)
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.storage import records_dir
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import QuitDialog
from nardy_tui.ui.game import GameScreen
from tests.textual_seams import exit_words
from tests.ui.driver import burst, turn_keys
from tests.ui.two_apps import (
    SIZE,
    connected,
    friends,
    host_app,
    hosting,
    joiner_app,
    match_of,
    match_over,
    play_until,
    status_of,
    until,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


async def test_a_whole_match_between_two_machines_is_the_same_match_on_both() -> None:
    async with friends(new_code()) as two:
        host_started = match_of(two.host).started
        assert match_of(two.joiner).started == host_started.replace(microsecond=0)
        await play_until(two.pilots, match_over(two.host, two.joiner))
        assert match_of(two.host).game.record_lines() == match_of(two.joiner).game.record_lines()
        assert match_of(two.host).winner is match_of(two.joiner).winner
    records = sorted(records_dir().glob("nardy-network-*.txt"))
    assert len(records) == 2, records
    for record in records:  # both sides played on this machine: both kept their part
        verdict = verify_record(record.read_text(), kept_parts())
        assert verdict.holds and set(verdict.mine) == {Side.WHITE, Side.BLACK}
    # Both keep the host's start of the match: the records are named alike but for the side.
    host_record, joiner_record = (record.name for record in records)
    assert host_record.replace("-host-", "-") == joiner_record.replace("-joiner-", "-")


async def test_each_side_plays_a_network_match_as_its_own_colour_at_its_keyboard() -> None:
    async with friends(new_code()) as two:
        for app, side in ((two.host, Side.WHITE), (two.joiner, Side.BLACK)):
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.options == MatchOptions(Mode.NETWORK, color=side, points=1)
            assert not screen.flow.hot_seat and screen.flow.reader.side is side


async def test_quitting_says_how_each_side_takes_the_match_up_again() -> None:
    code = new_code()
    async with friends(code) as two:
        for pilot, how in (
            (two.pilots[Side.WHITE], "'nardy host --resume'"),
            (two.pilots[Side.BLACK], f"'nardy join 127.0.0.1:{two.port} {code}'"),
        ):
            await burst(pilot, "ctrl+q")
            assert isinstance(pilot.app.screen, QuitDialog)
            words = " ".join(str(widget.content) for widget in pilot.app.screen.query(Static))
            assert how in words and "saved on both machines" in words
            await burst(pilot, "n")
            assert isinstance(pilot.app.screen, GameScreen)


def mid_turn(app: NardyApp) -> bool:
    match = match_of(app)
    return (
        match.phase is Phase.MOVE
        and match.mover is Side.BLACK
        and len(match.game.turns) > 2
        and match.turn is not None
        and not match.turn.is_pass
    )


def not_playing(app: NardyApp) -> bool:
    return match_of(app).phase not in (Phase.MOVE, Phase.ROLL)


async def test_a_line_cut_mid_turn_is_picked_up_and_the_turn_goes_on() -> None:
    async with friends(new_code(), points=3) as two:
        host, joiner = two.host, two.joiner
        await play_until(two.pilots, lambda: mid_turn(joiner) and mid_turn(host))
        keys = turn_keys(match_of(joiner))
        await burst(two.pilots[Side.BLACK], *keys[: len(keys) // 2])  # half the turn typed
        assert joiner.network is not None and joiner.network.session.line is not None
        joiner.network.session.line.close()  # the line is cut
        await until(lambda: not connected(host), *two.both, what="the host sees the line down")
        assert "down" in status_of(host)
        await until(lambda: connected(host, joiner), *two.both, what="the joiner is back")
        turns = len(match_of(host).game.turns)
        await burst(two.pilots[Side.BLACK], *turn_keys(match_of(joiner)), "c")
        await play_until(
            two.pilots, lambda: len(match_of(host).game.turns) >= turns + 4 or not_playing(host)
        )
        assert len(match_of(host).game.turns) > turns
        assert match_of(host).game.record_lines() == match_of(joiner).game.record_lines()


async def test_a_friend_who_quits_and_joins_again_goes_on_from_the_saved_match() -> None:
    code = new_code()
    async with hosting(host_app(code, points=3)) as (host_pilot, port):
        host = host_pilot.app
        assert isinstance(host, NardyApp)
        joiner = joiner_app(code, port)
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            await until(
                lambda: connected(host, joiner), host_pilot, joiner_pilot, what="both connected"
            )
            pilots = {Side.WHITE: host_pilot, Side.BLACK: joiner_pilot}
            await play_until(pilots, lambda: len(match_of(host).game.turns) >= 4)
            lines = match_of(joiner).game.record_lines()
        await until(
            lambda: "left" in status_of(host), host_pilot, what="the host hears the friend has left"
        )
        saved = read_network_match(Role.JOINER)
        assert saved is not None and saved.match.game.record_lines() == lines
        again = joiner_app(code, port)
        async with again.run_test(size=SIZE) as again_pilot:
            await until(
                lambda: connected(host, again), host_pilot, again_pilot, what="the friend is back"
            )
            assert match_of(again).game.record_lines() == lines
            pilots = {Side.WHITE: host_pilot, Side.BLACK: again_pilot}
            await play_until(
                pilots, lambda: len(match_of(host).game.turns) >= 8 or not_playing(host)
            )
            assert match_of(host).game.record_lines() == match_of(again).game.record_lines()


async def test_a_wrong_code_is_refused_in_one_line_and_the_host_waits_on() -> None:
    code = new_code()
    host = host_app(code)
    async with hosting(host) as (host_pilot, port):
        wrong = joiner_app("2222-2222" if code != "2222-2222" else "3333-3333", port)
        async with wrong.run_test(size=SIZE) as wrong_pilot:
            await until(
                lambda: wrong.return_code is not None,
                host_pilot,
                wrong_pilot,
                what="the wrong code is refused",
            )
        assert wrong.return_code == 1
        assert isinstance(host.screen, GameScreen) and host.network is not None
        assert not host.network.session.is_connected
        right = joiner_app(code, port)
        async with right.run_test(size=SIZE) as right_pilot:
            await until(
                lambda: connected(host, right),
                host_pilot,
                right_pilot,
                what="the friend with the right code gets in",
            )


async def test_a_message_the_match_cannot_take_stops_it_in_one_line_and_saved() -> None:
    async with friends(new_code()) as two:
        host = two.host
        assert two.joiner.network is not None
        two.joiner.network.session.send(PlayMade(0, ()))  # a play in the roll-off
        await until(
            lambda: host.return_code is not None,
            two.pilots[Side.BLACK],
            what="the host stops the match",
        )
        assert host.return_code == 1
        message = (exit_words(host) or [""])[0]
        assert "played out of turn" in message and "The match is saved" in message
        assert "\n" not in message.strip()
        assert read_network_match(Role.HOST) is not None


# -- a bad line, a stopped match, the news of the line -----------------------------------


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    from nardy_tui.net import session

    monkeypatch.setattr(session, "RETRY_SECONDS", 0.05)


@pytest.mark.usefixtures("quick_retries")
async def test_a_line_without_the_friends_seal_drops_the_connection_and_the_match_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nardy_tui.play import NetworkGame

    lost: list[tuple[Role, str]] = []
    hear_lost = NetworkGame.lost

    def heard_lost(game: NetworkGame, reason: str) -> None:
        lost.append((game.role, reason))
        hear_lost(game, reason)

    monkeypatch.setattr(NetworkGame, "lost", heard_lost)
    async with friends(new_code()) as two:
        host, joiner = two.host, two.joiner
        assert joiner.network is not None and joiner.network.session.line is not None
        joiner.network.session.line._carrier.send(b"0" * 64 + b' {"t":"ping"}')
        await until(
            lambda: any(role is Role.HOST for role, _ in lost),
            *two.both,
            what="the host drops the connection",
        )
        assert "seal" in next(reason for role, reason in lost if role is Role.HOST)
        await until(lambda: connected(host, joiner), *two.both, what="the joiner is back")
        await play_until(
            two.pilots, lambda: len(match_of(host).game.turns) >= 2 or not_playing(host)
        )
        assert host.return_code is None and joiner.return_code is None
        assert match_of(host).game.record_lines() == match_of(joiner).game.record_lines()


async def test_a_stopped_match_says_its_reason_as_a_sentence_and_exits_non_zero() -> None:
    async with friends(new_code()) as two:
        host = two.host
        assert two.joiner.network is not None and two.joiner.network.session.line is not None
        line = two.joiner.network.session.line
        line._carrier.send(line._seal.close(b"ping"))  # sealed, but not a message
        await until(
            lambda: host.return_code is not None, *two.both, what="the host stops the match"
        )
        [message] = exit_words(host)
    assert host.return_code == 1
    assert "is not JSON. The match is saved" in message, message


def test_the_app_exits_once_for_its_first_reason() -> None:
    app = host_app(new_code())
    app.exit(return_code=1, message="nardy: the first reason")
    app.exit(0, message="nardy: a second one")
    assert app.return_code == 1
    assert exit_words(app) == ["nardy: the first reason"]


def test_the_shell_hears_the_apps_status(monkeypatch: pytest.MonkeyPatch) -> None:
    from nardy_tui.options import LaunchOptions
    from nardy_tui.ui import run_app

    def run_and_fail(app: NardyApp) -> None:
        app.exit(return_code=1, message="nardy: stopped")

    monkeypatch.setattr(NardyApp, "run", run_and_fail)
    assert run_app(LaunchOptions()) == 1


@pytest.mark.usefixtures("quick_retries")
async def test_a_line_down_is_said_once_and_leaves_the_players_own_news_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nardy_tui.play import NetworkGame

    tries: list[str] = []
    hear_lost = NetworkGame.lost

    def lost(game: NetworkGame, reason: str) -> None:
        tries.append(reason)
        hear_lost(game, reason)

    monkeypatch.setattr(NetworkGame, "lost", lost)
    code = new_code()
    host = host_app(code)
    async with hosting(host) as (host_pilot, port):
        joiner = joiner_app(code, port)
        async with joiner.run_test(size=SIZE) as joiner_pilot:
            await until(
                lambda: connected(host, joiner), host_pilot, joiner_pilot, what="both connected"
            )
            assert host.network is not None
            await host.network.session.close()  # the host's game is gone
            await until(
                lambda: "down" in status_of(joiner),
                joiner_pilot,
                what="the joiner hears the line is down",
            )
            said = status_of(joiner)
            assert "((" not in said and "))" not in said
            screen = joiner.screen
            assert isinstance(screen, GameScreen)
            screen.say("What the player's last key did")
            heard = len(tries)
            await until(lambda: len(tries) >= heard + 3, joiner_pilot, what="three more tries")
            assert status_of(joiner) == "What the player's last key did"
