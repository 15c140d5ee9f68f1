"""What a lobby server sends is read as strictly as what a client sends: every frame the
protocol page names, typed, and anything else refused with ``WireError``."""

from __future__ import annotations

import json

import pytest

from nardy_tui.engine import Side
from nardy_tui.net import Sync
from nardy_tui.online import (
    MAX_NEWS_BYTES,
    Challenged,
    ClockRule,
    ClockTimes,
    Declined,
    Ending,
    ErrorCode,
    Hello,
    ListedPlayer,
    MatchBegins,
    MatchesChanged,
    MatchesInPlay,
    MatchInPlay,
    MatchResult,
    OpenSeek,
    OpenSeeks,
    PlayerOnline,
    PlayersChanged,
    PlayersOnline,
    Pong,
    RatingList,
    Refusal,
    Relayed,
    SeeksChanged,
    Welcome,
    WireError,
    read_news,
)

CHALLENGE = "ab" * 32


def frame(**fields: object) -> str:
    return json.dumps(fields)


def refused(data: str | bytes) -> str:
    with pytest.raises(WireError) as caught:
        read_news(data)
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    return caught.value.text


def test_the_server_says_hello_then_welcome_or_an_error() -> None:
    assert read_news(frame(t="hello", version=1, challenge=CHALLENGE)) == Hello(1, CHALLENGE)
    welcome = frame(t="welcome", name="anna", rating=1500.0, experience=0, bot=False)
    assert read_news(welcome) == Welcome("anna", 1500.0, 0, False)
    error = frame(t="error", code="not_allowed", text="that name is taken")
    assert read_news(error) == Refusal(ErrorCode.NOT_ALLOWED, "that name is taken")
    assert read_news(frame(t="pong")) == Pong()


def test_the_lobby_lists_are_read_whole() -> None:
    player = {"name": "anna", "rating": 1510.5, "experience": 1, "bot": False, "playing": True}
    assert read_news(frame(t="players", players=[player])) == PlayersOnline(
        (PlayerOnline("anna", 1510.5, 1, False, True),)
    )
    seek = {"id": "s4", "name": "bot_1", "rating": 1500, "bot": True, "points": 3}
    assert read_news(
        frame(t="seeks", seeks=[{**seek, "clock": {"delay": 10, "reserve": 60}}])
    ) == OpenSeeks((OpenSeek("s4", "bot_1", 1500.0, True, 3, ClockRule(10, 60)),))
    match = {"id": "m1", "white": "anna", "black": "boris", "points": 5, "clock": None}
    assert read_news(frame(t="matches", matches=[{**match, "score": [2, 0]}])) == (
        MatchesInPlay((MatchInPlay("m1", "anna", "boris", 5, (2, 0), None),))
    )


def test_a_match_begins_for_a_side_or_a_watcher_and_its_messages_say_who_sent_them() -> None:
    match = {"id": "m1", "white": "anna", "black": "boris", "points": 1, "clock": None}
    assert read_news(frame(t="match", **match, you="black")) == MatchBegins(
        "m1", "anna", "boris", 1, None, Side.BLACK
    )
    watched = read_news(frame(t="match", **match, you=None))
    assert isinstance(watched, MatchBegins) and watched.you is None
    sync = {"t": "sync", "events": 0, "digest": "0" * 64, "before_last": "0" * 64}
    relayed = read_news(frame(t="m", id="m1", msg=sync, **{"from": "white"}))
    assert relayed == Relayed("m1", Side.WHITE, Sync(0, "0" * 64, "0" * 64))
    answer = read_news(frame(t="m", id="m1", msg=sync))  # the server's own
    assert isinstance(answer, Relayed) and answer.sender is None
    assert "from" in refused(frame(t="m", id="m1", msg=sync, **{"from": "green"}))


def test_a_clock_a_result_and_the_rating_list() -> None:
    clock = frame(t="clock", id="m1", white=173000, black=180000, running="white", delay=7300)
    assert read_news(clock) == ClockTimes("m1", 173000, 180000, Side.WHITE, 7300)
    result = frame(
        t="result",
        id="m1",
        winner="black",
        score=[0, 1],
        reason="time",
        ratings={"anna": [1500.0, 1490.0], "boris": [1500.0, 1510.0]},
    )
    assert read_news(result) == MatchResult(
        "m1",
        Side.BLACK,
        (0, 1),
        Ending.TIME,
        (("anna", 1500.0, 1490.0), ("boris", 1500.0, 1510.0)),
    )
    listed = {"name": "anna", "rating": 1510.0, "experience": 1, "matches": 1, "bot": False}
    page = RatingList(0, (ListedPlayer("anna", 1510.0, 1, 1, False),))
    assert read_news(frame(t="ratings", first=0, players=[listed])) == page


def test_a_list_changes_by_its_entries_new_or_changed_and_the_keys_of_those_gone() -> None:
    player = {"name": "anna", "rating": 1510.5, "experience": 1, "bot": False, "playing": True}
    assert read_news(frame(t="players_changed", players=[player], gone=["boris"])) == (
        PlayersChanged((PlayerOnline("anna", 1510.5, 1, False, True),), ("boris",))
    )
    assert read_news(frame(t="seeks_changed", seeks=[], gone=["s4"])) == SeeksChanged((), ("s4",))
    assert read_news(frame(t="matches_changed", matches=[], gone=[])) == MatchesChanged((), ())
    assert "gone" in refused(frame(t="seeks_changed", seeks=[], gone=["not an id!"]))


def test_a_challenge_comes_with_who_offers_which_match_and_a_no_says_who_declined() -> None:
    challenged = frame(
        t="challenged",
        id="c3",
        by="boris",
        rating=1532.25,
        points=5,
        clock={"delay": 8, "reserve": 20},
    )
    assert read_news(challenged) == Challenged("c3", "boris", 1532.25, 5, ClockRule(8, 20))
    assert read_news(frame(t="declined", id="c3", by="anna")) == Declined("c3", "anna")
    assert "points" in refused(
        frame(t="challenged", id="c3", by="boris", rating=1500, points=2, clock=None)
    )


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (frame(t="challenge", id="c1"), "unknown type"),
        (frame(t="challenged", id="c1"), "wrong fields"),
        (frame(t="pong", extra=1), "wrong fields"),
        (frame(t="error", code="sorry", text="x"), "unknown code"),
        (frame(t="clock", id="m1", white=-1, black=0, running=None, delay=0), "white"),
        (frame(t="result", id="m1", winner="red", score=[1, 0], reason="points", ratings={}), ""),
        (frame(t="welcome", name="anna", rating=True, experience=0, bot=False), "rating"),
        (frame(t="players", players=[{"name": "anna"}]), "an entry of players"),
        ("[1, 2]", "not a JSON object"),
        ("{", "not JSON"),
    ],
)
def test_a_frame_that_is_not_the_protocol_is_refused(data: str, why: str) -> None:
    assert why in refused(data)


def test_a_server_frame_over_256_kib_is_refused_unread() -> None:
    players = [
        {"name": f"p{n:05}", "rating": 1500.0, "experience": 0, "bot": False, "playing": False}
        for n in range(4000)
    ]
    big = frame(t="players", players=players)
    assert len(big) > MAX_NEWS_BYTES
    assert "over 262144 bytes" in refused(big)
    half = read_news(frame(t="players", players=players[:2000]))
    assert isinstance(half, PlayersOnline) and len(half.players) == 2000
