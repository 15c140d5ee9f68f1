"""What ``NetworkGame`` tells, heard without an app: every piece of news is a plain value
posted (``MatchReady``, ``LineReport``, ...), never a call on a screen; the news of the match
being played goes to its game screen once one follows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy_tui.engine import Side
from nardy_tui.net import (
    Bye,
    Commit,
    Message,
    Ping,
    Role,
    Session,
    Sync,
    Welcome,
    network_document,
    new_code,
    read_network_match,
)
from nardy_tui.options import Mode, NetworkLaunch
from nardy_tui.play import (
    AtKeyboard,
    CannotStart,
    CodeGiven,
    GameNews,
    LineReport,
    MatchBroken,
    MatchReady,
    NetworkGame,
    NetworkNews,
    PeerArrived,
    RemoteSeat,
)
from tests.play.two_machines import Machine

CODE = new_code()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NARDY_HOME", str(tmp_path))
    return tmp_path


def joiner() -> tuple[NetworkGame, list[NetworkNews]]:
    posted: list[NetworkNews] = []
    launch = NetworkLaunch(hosting=False, code=CODE, address="192.168.1.5", port=7520)
    return NetworkGame(launch, None, posted.append), posted


def host() -> tuple[NetworkGame, list[NetworkNews]]:
    posted: list[NetworkNews] = []
    return NetworkGame(NetworkLaunch(hosting=True, code=CODE), None, posted.append), posted


def news(posted: list[NetworkNews]) -> list[tuple[str, bool]]:
    return [(said.text, said.said) for said in posted if isinstance(said, LineReport)]


def test_a_joiner_welcomed_to_a_new_match_saves_it_and_asks_for_its_screen() -> None:
    game, posted = joiner()
    game.connected(Welcome(points=5))
    assert [type(message) for message in posted] == [MatchReady, LineReport]
    assert news(posted) == [("Connected to the host.", True)]
    saved = read_network_match(Role.JOINER)
    assert saved is not None and saved.match.length == 5


def test_the_match_is_begun_as_every_match_is_this_side_at_the_keyboard() -> None:
    game, _posted = joiner()
    game.connected(Welcome(points=5))
    begun = game.begun()
    assert game.saved is not None and begun.match is game.saved.match
    assert (begun.options.mode, begun.options.color) == (Mode.NETWORK, Side.BLACK)
    assert begun.seats == {Side.BLACK: AtKeyboard(), Side.WHITE: RemoteSeat()}


def test_what_the_friend_sends_is_saved_then_left_for_the_game_screen() -> None:
    game, posted = joiner()
    game.connected(Welcome(points=5))
    posted.clear()
    game.arrived(Ping())
    assert posted == [PeerArrived()]


def test_once_a_game_screen_follows_the_game_news_goes_to_it_and_the_rest_to_the_screens() -> None:
    game, posted = host()
    heard: list[GameNews] = []
    game.follow(heard.append)
    game.code_given("7-apple-tree")
    game.arrived(Ping())
    game.broken("a play that is not legal")
    assert [type(news) for news in posted] == [CodeGiven]
    assert [type(news) for news in heard] == [LineReport, MatchBroken]


def test_a_joiner_with_a_match_is_told_once_aloud_that_the_line_is_down() -> None:
    game, posted = joiner()
    game.connected(Welcome(points=5))
    posted.clear()
    game.lost("connection reset")
    game.lost("connection refused")
    [(first, said_first), (second, said_second)] = news(posted)
    assert "down" in first and said_first and "down" in second and not said_second


def test_after_the_friends_goodbye_a_meeting_that_fails_is_still_said() -> None:
    game, posted = joiner()
    game.connected(Welcome(points=5))
    game.arrived(Bye())
    posted.clear()
    game.lost("the connection was closed")  # the closing the goodbye announced: no news
    assert news(posted) == []
    game.lost("cannot reach the mailbox server ws://127.0.0.1:9/v1 (refused)")
    game.lost("cannot reach the transit relay 127.0.0.1:9 (refused)")
    [(mailbox, said_aloud), (relay, said_in_the_panel)] = news(posted)
    assert "left" in mailbox and "cannot reach the mailbox server" in mailbox and said_aloud
    assert "left" in relay and "cannot reach the transit relay" in relay
    assert not said_in_the_panel


def test_a_joiner_still_looking_for_the_host_hears_each_try() -> None:
    game, posted = joiner()
    game.lost("connection refused")
    assert news(posted) == [("connection refused; trying again…", True)]


def test_a_refusal_ends_the_app_in_one_line_and_a_broken_rule_stops_the_match() -> None:
    game, posted = joiner()
    game.refused("the code is wrong")
    game.broken("a play that is not legal")
    assert posted == [CannotStart("the code is wrong"), MatchBroken("a play that is not legal")]


def test_strangers_at_the_hosts_door_are_counted_in_the_waiting_words() -> None:
    game, posted = host()
    game.turned_away("203.0.113.9", "a wrong code")
    game.turned_away("203.0.113.9", "a wrong code")
    *_, (waiting, _said) = news(posted)
    assert "nardy join" in waiting and "2 connections did not get in" in waiting


def test_what_leaves_on_connecting_leaves_once_the_save_holds_it(
    monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    """A joiner's first meeting: when its ``Sync``, and its commitment after the host's,
    leave, its save on disk is the match as it is then; the host's commitment is kept at
    once."""
    game, _posted = joiner()
    sent: list[tuple[Message, object, object]] = []
    saved_file = home / "network-joiner.json"

    def on_the_line(message: Message) -> None:
        on_disk = json.loads(saved_file.read_text(encoding="utf-8"))
        assert game.saved is not None and game.lockstep is not None
        now = json.loads(json.dumps(network_document(game.saved, game.lockstep.events())))
        sent.append((message, on_disk, now))

    monkeypatch.setattr(Session, "send", lambda _session, message: on_the_line(message))
    game.connected(Welcome(points=1))
    host = Machine(Role.HOST, Side.WHITE)
    host.step.connected()
    host.keep()
    host.hear(sent[0][0])
    for message in host.outbox:  # the host's Sync, then its commitment
        game.arrived(message)
    assert [type(message) for message, _, _ in sent] == [Sync, Commit]
    assert all(on_disk == now for _, on_disk, now in sent)
    kept = json.loads(saved_file.read_text(encoding="utf-8"))["pending"]["peer_commitment"]
    assert kept == host.step.exchange.commit().commitment
