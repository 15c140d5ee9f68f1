"""A network match's events read and write themselves as the save has always kept them, and
their digest is the one both machines have always compared."""

from __future__ import annotations

import hashlib
import json

import pytest

from nardy_tui.engine import Side, Step
from nardy_tui.net import (
    NextGameEvent,
    PlayEvent,
    ResignEvent,
    ThrowEvent,
    compared_on_connection,
    digest,
    event_from_json,
)

HISTORY = [
    ThrowEvent.of(1, "1" * 64, "2" * 64),
    ThrowEvent.of(2, "3" * 64, "4" * 64),
    PlayEvent((Step(24, 18, 6), Step(18, 13, 5))),
    PlayEvent(()),
    NextGameEvent(2),
]
AS_SAVED = [
    ["throw", 1, "1" * 64, "2" * 64],
    ["throw", 2, "3" * 64, "4" * 64],
    ["play", [[24, 18, 6], [18, 13, 5]]],
    ["play", []],
    ["next", 2],
]


def test_each_event_is_written_as_the_save_keeps_it_and_read_back() -> None:
    assert [event.as_json() for event in HISTORY] == AS_SAVED
    assert [event_from_json(data) for data in AS_SAVED] == HISTORY


def test_the_digest_is_the_one_every_version_compares() -> None:
    expected = hashlib.sha256(json.dumps(AS_SAVED, separators=(",", ":")).encode()).hexdigest()
    assert digest(HISTORY) == expected


def test_a_throws_commitments_follow_from_its_secrets() -> None:
    throw = ThrowEvent.of(1, "1" * 64, "2" * 64).throw
    assert throw.host_commitment != throw.joiner_commitment and len(throw.host_commitment) == 64


@pytest.mark.parametrize(
    "data",
    [
        "throw",
        [],
        ["throw", 1, "1" * 64],
        ["throw", True, "1" * 64, "2" * 64],
        ["throw", 1, "X" * 64, "2" * 64],
        ["play", [[24, 18]]],
        ["play", [[24, 18, "6"]]],
        ["play", "24/18"],
        ["next", "2"],
        ["next", 2, 3],
        ["pass"],
    ],
)
def test_anything_else_is_no_event(data: object) -> None:
    with pytest.raises(ValueError, match="not one of a match"):
        event_from_json(data)


def test_a_game_given_up_is_an_event_counted_on_a_connection_like_a_play() -> None:
    given_up = ResignEvent(Side.BLACK, 2)
    assert given_up.as_json() == ["resign", "black", 2]
    assert event_from_json(given_up.as_json()) == given_up
    assert compared_on_connection([given_up]) == [given_up]
    for wrong in (["resign", "black", 3], ["resign", "grey", 1], ["resign", "white", True]):
        with pytest.raises(ValueError, match="not one of a match"):
            event_from_json(wrong)
