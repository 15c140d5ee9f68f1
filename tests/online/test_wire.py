"""A lobby client's frames are read strictly: what the protocol page allows and nothing
else, refused with the protocol's error code and never with another exception."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from nardy_tui.engine import Play, Step
from nardy_tui.net import PlayMade, ResignAccepted, ResignDeclined, ResignOffer, Reveal
from nardy_tui.online import (
    MAX_REQUEST_BYTES,
    Accept,
    Challenge,
    ClockRule,
    ErrorCode,
    InMatch,
    Login,
    Ratings,
    Register,
    Request,
    Resign,
    Seek,
    WireError,
    read_request,
    request_frame,
)

KEY = "ab" * 32
SIGNATURE = "cd" * 64


def frame(**fields: object) -> bytes:
    return json.dumps(fields).encode()


def refused(data: bytes | str) -> str:
    with pytest.raises(WireError) as caught:
        read_request(data)
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    return caught.value.text


def test_who_is_who_is_a_name_a_key_and_a_signature() -> None:
    assert read_request(
        frame(t="register", name="anna", key=KEY, signature=SIGNATURE, bot=False)
    ) == Register("anna", KEY, SIGNATURE, bot=False)
    assert read_request(frame(t="login", name="anna", signature=SIGNATURE)) == Login(
        "anna", SIGNATURE
    )
    assert "signature" in refused(frame(t="login", name="anna", signature="CD" * 64))
    assert "key" in refused(frame(t="register", name="a", key="ab", signature=SIGNATURE, bot=0))


def test_a_seek_is_to_a_match_length_of_the_rules_with_a_clock_in_seconds() -> None:
    assert read_request(frame(t="seek", points=5, clock=None)) == Seek(5, None)
    assert read_request(frame(t="seek", points=1, clock={"delay": 8, "reserve": 20})) == (
        Seek(1, ClockRule(8, 20))
    )
    for points in (0, 2, 9, True, "3", 3.0):
        assert "points" in refused(frame(t="seek", points=points, clock=None))
    refused(frame(t="seek", points=3, clock={"delay": 8}))
    refused(frame(t="seek", points=3, clock={"delay": 8.5, "reserve": 1}))
    refused(frame(t="seek", points=3, clock={"delay": -1, "reserve": 20}))


def test_a_challenge_names_a_player_and_an_answer_a_challenge() -> None:
    assert read_request(frame(t="challenge", name="boris", points=3, clock=None)) == Challenge(
        "boris", 3, None
    )
    assert read_request(frame(t="accept", id="s-17")) == Accept("s-17")
    refused(frame(t="accept", id="s 17"))
    refused(frame(t="accept", id="x" * 33))
    refused(frame(t="answer", id="c1", yes="yes"))


def test_a_page_of_the_rating_list_is_at_most_a_hundred_long() -> None:
    assert read_request(frame(t="ratings", first=0, count=100)) == Ratings(0, 100)
    refused(frame(t="ratings", first=0, count=101))
    refused(frame(t="ratings", first=-1, count=10))


def test_a_message_of_a_match_is_one_the_two_machine_protocol_reads() -> None:
    play = {"t": "play", "turn": 4, "steps": [[24, 19, 5], [19, 15, 4]]}
    assert read_request(frame(t="m", id="m17", msg=play)) == InMatch(
        "m17", PlayMade(4, Play((Step(24, 19, 5), Step(19, 15, 4))))
    )
    reveal = {"t": "reveal", "throw": 2, "secret": "0f" * 32}
    assert read_request(frame(t="m", id="m17", msg=reveal)) == InMatch("m17", Reveal(2, "0f" * 32))
    assert "step" in refused(
        frame(t="m", id="m17", msg={"t": "play", "turn": 4, "steps": [[25, 1, 9]]})
    )
    refused(frame(t="m", id="m17", msg="play"))


def test_a_resign_frame_gives_up_the_match_and_a_game_is_offered_inside_it() -> None:
    assert read_request(frame(t="resign", id="m1", stake="match")) == Resign("m1")
    assert "resign_offer" in refused(frame(t="resign", id="m1", stake="mars"))
    offer = {"t": "resign_offer", "game": 2, "turn": 31, "points": 2}
    assert read_request(frame(t="m", id="m1", msg=offer)) == InMatch("m1", ResignOffer(2, 31, 2))
    assert "points" in refused(frame(t="m", id="m1", msg={**offer, "points": 3}))


def test_a_frame_with_a_field_too_many_or_too_few_is_refused() -> None:
    refused(frame(t="seek", points=3, clock=None, colour="white"))
    refused(frame(t="seek", points=3))
    refused(frame(t="launch"))
    refused(frame(points=3))
    refused(b"[1, 2]")
    refused(b"not json")


def test_a_huge_or_deep_frame_is_refused_before_it_is_parsed() -> None:
    assert "bytes" in refused(b" " * (MAX_REQUEST_BYTES + 1))
    assert "deeper" in refused(b"[" * 2000 + b"]" * 2000)
    assert "deeper" in refused(frame(t="m", id="m", msg={"t": "ping", "x": [[[[1]]]]}))
    # Brackets inside a string are not nesting.
    assert read_request(frame(t="login", name="[[[[[[", signature=SIGNATURE)).name == "[[[[[["


def test_nothing_a_client_sends_escapes_as_another_error() -> None:
    rng = random.Random(50)
    good = [
        frame(t="seek", points=3, clock={"delay": 8, "reserve": 20}),
        frame(t="m", id="m1", msg={"t": "play", "turn": 1, "steps": [[24, 19, 5]]}),
        frame(t="register", name="anna", key=KEY, signature=SIGNATURE, bot=True),
    ]
    for _ in range(3000):
        data = bytearray(rng.choice(good))
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        with contextlib.suppress(WireError):  # and nothing else
            read_request(bytes(data))


@pytest.mark.parametrize(
    "request_",
    [
        Register("anna", KEY, SIGNATURE, True),
        Login("anna", SIGNATURE),
        Seek(3, ClockRule(10, 60)),
        Seek(1, None),
        Accept("s1"),
        Ratings(0, 100),
        InMatch("m1", PlayMade(0, Play((Step(24, 18, 6), Step(18, 13, 5))))),
        Resign("m1"),
        InMatch("m1", ResignAccepted(3, 1)),
        InMatch("m1", ResignDeclined(3, 40, 2)),
    ],
)
def test_a_request_is_sent_as_the_frame_the_server_reads_back_as_it(request_: Request) -> None:
    assert read_request(request_frame(request_)) == request_
