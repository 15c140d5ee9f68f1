"""The messages of the network protocol: what ``encode`` writes, ``decode`` reads back, and
anything else that arrives is a ``ProtocolError``, never another exception."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nardy_tui.engine import Step
from nardy_tui.net import (
    Bye,
    Commit,
    Message,
    NextGame,
    Ping,
    PlayMade,
    ProtocolError,
    Reveal,
    Sync,
)
from nardy_tui.net.messages import MOST_GAMES, MOST_THROWS, MOST_TURNS, decode, encode

HEX_A = "0123456789abcdef" * 4
HEX_B = "fedcba9876543210" * 4

WELL_FORMED: list[Message] = [
    Commit(1, HEX_A),
    Commit(MOST_THROWS, HEX_B),
    Reveal(1, HEX_A),
    Reveal(MOST_THROWS, HEX_B),
    PlayMade(0, ()),
    PlayMade(17, (Step(24, 18, 6),)),
    PlayMade(MOST_TURNS, (Step(24, 20, 4), Step(24, 20, 4), Step(20, 16, 4), Step(4, 0, 4))),
    PlayMade(3, (Step(1, 0, 1), Step(6, 0, 6))),
    NextGame(2),
    NextGame(MOST_GAMES),
    Sync(0, HEX_A, HEX_B),
    Sync(4 * MOST_TURNS, HEX_B, HEX_A),
    Bye(),
    Ping(),
]


def _line(fields: object) -> bytes:
    return json.dumps(fields).encode()


def _valid_fields(kind: str) -> dict[str, Any]:
    """A well-formed message of type ``kind`` as JSON fields, to spoil one at a time."""
    fields: dict[str, dict[str, Any]] = {
        "commit": {"t": "commit", "throw": 1, "hash": HEX_A},
        "reveal": {"t": "reveal", "throw": 1, "secret": HEX_A},
        "play": {"t": "play", "turn": 0, "steps": [[24, 18, 6]]},
        "next": {"t": "next", "game": 2},
        "sync": {"t": "sync", "events": 0, "digest": HEX_A, "before_last": HEX_B},
        "bye": {"t": "bye"},
        "ping": {"t": "ping"},
    }
    return fields[kind]


def _with(kind: str, **changes: Any) -> bytes:
    return _line(_valid_fields(kind) | changes)


def _is_refused(data: bytes) -> None:
    with pytest.raises(ProtocolError):
        decode(data)


# Well-formed messages.


@pytest.mark.parametrize("message", WELL_FORMED, ids=repr)
def test_every_message_reads_back_as_it_was_written(message: Message) -> None:
    assert decode(encode(message)) == message


@pytest.mark.parametrize("message", WELL_FORMED, ids=repr)
def test_a_message_is_one_compact_line_of_json_with_its_type(message: Message) -> None:
    data = encode(message)
    assert b"\n" not in data and b" " not in data
    assert isinstance(json.loads(data)["t"], str)


@pytest.mark.parametrize("kind", ["commit", "reveal", "play", "next", "sync", "bye", "ping"])
def test_the_fields_of_every_type_are_read(kind: str) -> None:
    assert isinstance(decode(_with(kind)), Message)


def test_the_order_of_the_fields_does_not_matter() -> None:
    assert decode(b'{"hash":"' + HEX_A.encode() + b'","throw":5,"t":"commit"}') == Commit(5, HEX_A)


def test_a_play_keeps_its_steps_in_order() -> None:
    play = decode(_with("play", steps=[[13, 7, 6], [24, 18, 6]]))
    assert play == PlayMade(0, (Step(13, 7, 6), Step(24, 18, 6)))


# Not a JSON object.


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"   ",
        b"{",
        b"commit",
        b"{'t': 'ping'}",
        b'{"t":"ping"',
        b'{"t":"ping"}x',
        b"\xff\xfe\xfd",
        b"\xc3\x28",
        b"\x00",
        b'{"t":"ping",}',
    ],
    ids=repr,
)
def test_what_is_not_json_is_refused(data: bytes) -> None:
    _is_refused(data)


@pytest.mark.parametrize(
    "data",
    [
        b"[]",
        b'[{"t":"ping"}]',
        b"0",
        b"42",
        b"-1.5",
        b'"ping"',
        b"null",
        b"true",
        b"false",
    ],
    ids=repr,
)
def test_json_that_is_not_an_object_is_refused(data: bytes) -> None:
    _is_refused(data)


# The type and the set of fields.


@pytest.mark.parametrize(
    "kind",
    [
        "hello",
        "Commit",
        "COMMIT",
        " commit",
        "",
        "welcome",
        "__class__",
        "get",
        5,
        None,
        True,
        ["commit"],
        {"t": "commit"},
    ],
    ids=repr,
)
def test_a_message_of_an_unknown_type_is_refused(kind: object) -> None:
    _is_refused(_line({"t": kind, "throw": 1, "hash": HEX_A}))


def test_a_message_without_a_type_is_refused() -> None:
    _is_refused(_line({"throw": 1, "hash": HEX_A}))
    _is_refused(b"{}")


@pytest.mark.parametrize(
    ("kind", "missing"),
    [
        ("commit", "throw"),
        ("commit", "hash"),
        ("reveal", "throw"),
        ("reveal", "secret"),
        ("play", "turn"),
        ("play", "steps"),
        ("next", "game"),
        ("sync", "events"),
        ("sync", "digest"),
        ("sync", "before_last"),
    ],
)
def test_a_message_missing_a_field_is_refused(kind: str, missing: str) -> None:
    fields = _valid_fields(kind)
    del fields[missing]
    _is_refused(_line(fields))


@pytest.mark.parametrize(
    ("kind", "extra"),
    [
        (kind, extra)
        for kind in ["commit", "reveal", "play", "next", "sync", "bye", "ping"]
        for extra in ["x", "v", "throw", "secret", "hash", "T", ""]
        if extra not in _valid_fields(kind)
    ],
)
def test_a_message_with_a_field_it_does_not_have_is_refused(kind: str, extra: str) -> None:
    fields = _valid_fields(kind)
    fields[extra] = 1
    _is_refused(_line(fields))


# Numbers.

NUMBER_FIELDS = [
    ("commit", "throw"),
    ("reveal", "throw"),
    ("play", "turn"),
    ("next", "game"),
    ("sync", "events"),
]


@pytest.mark.parametrize(("kind", "key"), NUMBER_FIELDS)
@pytest.mark.parametrize(
    "value", [True, False, 2.0, 2.5, "2", "two", None, [2], {"n": 2}], ids=repr
)
def test_a_number_of_another_json_type_is_refused(kind: str, key: str, value: object) -> None:
    _is_refused(_with(kind, **{key: value}))


@pytest.mark.parametrize(
    ("kind", "key", "value"),
    [
        ("commit", "throw", 0),
        ("commit", "throw", -1),
        ("commit", "throw", MOST_THROWS + 1),
        ("reveal", "throw", 0),
        ("reveal", "throw", MOST_THROWS + 1),
        ("play", "turn", -1),
        ("play", "turn", MOST_TURNS + 1),
        ("next", "game", 1),
        ("next", "game", 0),
        ("next", "game", MOST_GAMES + 1),
        ("sync", "events", -1),
        ("sync", "events", 4 * MOST_TURNS + 1),
    ],
)
def test_a_number_out_of_its_range_is_refused(kind: str, key: str, value: int) -> None:
    _is_refused(_with(kind, **{key: value}))


@pytest.mark.parametrize(("kind", "key"), NUMBER_FIELDS)
@pytest.mark.parametrize("value", [10**30, -(10**30), 2**64, 2**63 - 1], ids=repr)
def test_a_huge_number_is_refused(kind: str, key: str, value: int) -> None:
    _is_refused(_with(kind, **{key: value}))


@pytest.mark.parametrize(
    "number",
    [
        b"9" * 5000,
        b"-" + b"9" * 5000,
        b"1e400",
        b"-1e400",
        b"1e-400",
        b"NaN",
        b"Infinity",
        b"-Infinity",
        b"1" + b"0" * 400 + b".5",
    ],
    ids=lambda number: repr(number[:12]),
)
def test_a_number_too_big_for_its_field_or_for_python_is_refused(number: bytes) -> None:
    _is_refused(b'{"t":"next","game":' + number + b"}")
    _is_refused(b'{"t":"play","turn":0,"steps":[[24,18,' + number + b"]]}")


# Hashes and secrets.

HEX_FIELDS = [("commit", "hash"), ("reveal", "secret"), ("sync", "digest"), ("sync", "before_last")]


@pytest.mark.parametrize(("kind", "key"), HEX_FIELDS)
@pytest.mark.parametrize(
    "value",
    [
        HEX_A.upper(),
        "A" + HEX_A[1:],
        HEX_A[:63],
        HEX_A + "0",
        "",
        "g" * 64,
        "z" + HEX_A[1:],
        " " + HEX_A[1:],
        HEX_A[:63] + " ",
        "0x" + HEX_A[2:],
        "é" + HEX_A[1:],
        "٣" + HEX_A[1:],
        None,
        0,
        int(HEX_A, 16),
        True,
        [HEX_A],
        {"hex": HEX_A},
    ],
    ids=lambda value: repr(value)[:20],
)
def test_a_hash_or_secret_that_is_not_64_lowercase_hex_digits_is_refused(
    kind: str, key: str, value: object
) -> None:
    _is_refused(_with(kind, **{key: value}))


@pytest.mark.parametrize(("kind", "key"), HEX_FIELDS)
def test_a_hash_or_secret_with_a_newline_after_its_64_digits_is_refused(
    kind: str, key: str
) -> None:
    _is_refused(_with(kind, **{key: HEX_A + "\n"}))


# Steps.


@pytest.mark.parametrize(
    "steps",
    [
        None,
        5,
        "24/18",
        "[[24,18,6]]",
        {"src": 24, "dst": 18, "die": 6},
        True,
    ],
    ids=repr,
)
def test_steps_that_are_not_a_list_are_refused(steps: object) -> None:
    _is_refused(_with("play", steps=steps))


def test_a_play_of_more_than_four_steps_is_refused() -> None:
    _is_refused(_with("play", steps=[[24, 20, 4]] * 5))


def test_four_steps_are_a_whole_double() -> None:
    assert decode(_with("play", steps=[[24, 20, 4]] * 4)) == PlayMade(0, (Step(24, 20, 4),) * 4)


@pytest.mark.parametrize(
    "step",
    [
        [],
        [24],
        [24, 18],
        [24, 18, 6, 1],
        [24, 18, 6, 6],
        "24/18",
        24,
        None,
        {"src": 24, "dst": 18, "die": 6},
        [[24, 18, 6]],
    ],
    ids=repr,
)
def test_a_step_that_is_not_three_numbers_is_refused(step: object) -> None:
    _is_refused(_with("play", steps=[step]))
    _is_refused(_with("play", steps=[[13, 7, 6], step]))


@pytest.mark.parametrize(
    "step",
    [
        [True, 18, 6],
        [24, True, 6],
        [24, 18, True],
        [24, False, 6],
        [24.0, 18, 6],
        [24, 18, 6.0],
        ["24", 18, 6],
        [24, None, 6],
        [24, 18, "6"],
    ],
    ids=repr,
)
def test_a_step_with_a_number_of_another_json_type_is_refused(step: object) -> None:
    _is_refused(_with("play", steps=[step]))


@pytest.mark.parametrize(
    "step",
    [
        [0, 0, 6],
        [25, 19, 6],
        [-1, 0, 1],
        [24, 25, 1],
        [24, -1, 6],
        [24, 18, 0],
        [24, 18, 7],
        [24, 18, -6],
        [10**30, 18, 6],
        [24, 18, 2**64],
    ],
    ids=repr,
)
def test_a_step_off_the_board_or_with_no_die_is_refused(step: list[int]) -> None:
    _is_refused(_with("play", steps=[step]))


def test_a_step_may_bear_a_checker_off() -> None:
    assert decode(_with("play", steps=[[3, 0, 5]])) == PlayMade(0, (Step(3, 0, 5),))


# Whatever arrives.


@pytest.mark.parametrize(
    "data",
    [
        b"[" * 100_000,
        b"{" * 100_000,
        b'{"a":' * 100_000,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"t":"play","turn":0,"steps":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b'{"t":"ping","x":' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    ],
    ids=lambda data: repr(data[:30]),
)
def test_deeply_nested_json_is_refused(data: bytes) -> None:
    _is_refused(data)


def _refused_or_read(data: bytes) -> None:
    """The one property of ``decode``: a message, or ``ProtocolError``; and what it reads
    is written back the same."""
    try:
        message = decode(data)
    except ProtocolError:
        return
    assert isinstance(message, Message)
    assert decode(encode(message)) == message


def test_random_bytes_are_refused_or_read_never_anything_else() -> None:
    rng = random.Random(20240601)
    alphabet = b'{}[]",:0123456789-.etrufalsn \\'
    for _ in range(2000):
        length = rng.randrange(0, 80)
        if rng.random() < 0.5:
            data = bytes(rng.randrange(256) for _ in range(length))
        else:
            data = bytes(rng.choice(alphabet) for _ in range(length))
        _refused_or_read(data)


def test_changed_bytes_of_real_messages_are_refused_or_read_never_anything_else() -> None:
    rng = random.Random(7)
    lines = [encode(message) for message in WELL_FORMED]
    for _ in range(2000):
        data = bytearray(rng.choice(lines))
        for _change in range(rng.randrange(1, 4)):
            at = rng.randrange(len(data))
            what = rng.randrange(3)
            if what == 0:
                data[at] = rng.randrange(256)
            elif what == 1:
                del data[at]
            else:
                data.insert(at, rng.choice(b'{}[]",:0123456789-.e'))
        _refused_or_read(bytes(data))


KEYS = [
    "t",
    "throw",
    "hash",
    "secret",
    "turn",
    "steps",
    "game",
    "events",
    "digest",
    "before_last",
    "x",
    "",
    "T",
    "v",
]
KINDS = ["commit", "reveal", "play", "next", "sync", "bye", "ping", "hello", ""]
FIELDS_OF = {
    kind: sorted(set(_valid_fields(kind)) - {"t"})
    for kind in ["commit", "reveal", "play", "next", "sync", "bye", "ping"]
}


def _random_value(rng: random.Random, depth: int = 0) -> object:
    choice = rng.randrange(12 if depth < 3 else 8)
    if choice == 0:
        return rng.choice(
            [
                0,
                1,
                2,
                6,
                7,
                13,
                14,
                24,
                25,
                -1,
                MOST_THROWS,
                MOST_THROWS + 1,
                MOST_TURNS,
                4 * MOST_TURNS,
                10**30,
                -(10**30),
            ]
        )
    if choice == 1:
        return rng.randrange(-50, 50)
    if choice == 2:
        return rng.choice([True, False, None])
    if choice == 3:
        return rng.choice([0.0, 1.0, 2.5, -3.0, 1e300, float("nan"), float("inf")])
    if choice == 4:
        return rng.choice([HEX_A, HEX_B, HEX_A.upper(), HEX_A[:63], HEX_A + "0", "", "é"])
    if choice == 5:
        return rng.choice(KINDS)
    if choice == 6:
        return "".join(
            rng.choice('0123456789abcdefgXYZ "\\é\u0000') for _ in range(rng.randrange(0, 70))
        )
    if choice == 7:
        return [rng.randrange(-2, 27), rng.randrange(-2, 27), rng.randrange(-1, 8)]
    if choice in (8, 9):
        steps: list[object] = []
        for _ in range(rng.randrange(0, 6)):
            if rng.random() < 0.8:
                steps.append([rng.randrange(-1, 26), rng.randrange(-1, 26), rng.randrange(0, 8)])
            else:
                steps.append(_random_value(rng, depth + 1))
        return steps
    if choice == 10:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {rng.choice(KEYS): _random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))}


def _value_for(rng: random.Random, key: str) -> object:
    """Mostly a value of the kind ``key`` holds (near its range), else anything."""
    if rng.random() < 0.4:
        return _random_value(rng)
    if key in ("hash", "secret", "digest", "before_last"):
        return rng.choice([HEX_A, HEX_B, f"{rng.getrandbits(256):064x}"])
    if key == "steps":
        return (
            _random_value(rng, 3)
            if rng.random() < 0.3
            else [
                [rng.randrange(0, 26), rng.randrange(-1, 26), rng.randrange(0, 8)]
                for _ in range(rng.randrange(0, 5))
            ]
        )
    return rng.randrange(-1, 16)


def _random_object(rng: random.Random) -> dict[str, object]:
    fields: dict[str, object] = {}
    if rng.random() < 0.7:  # the right keys for a type, with random values
        kind = rng.choice(sorted(FIELDS_OF))
        fields = {"t": kind} | {key: _value_for(rng, key) for key in FIELDS_OF[kind]}
        if rng.random() < 0.2:
            fields[rng.choice(KEYS)] = _random_value(rng)
        if rng.random() < 0.2 and len(fields) > 1:
            del fields[rng.choice(sorted(fields))]
    else:  # random keys and values
        for _ in range(rng.randrange(0, 6)):
            fields[rng.choice(KEYS)] = _random_value(rng)
    return fields


def test_random_json_objects_are_refused_or_read_never_anything_else() -> None:
    rng = random.Random(1234)
    read: set[type] = set()
    for _ in range(2000):
        data = json.dumps(_random_object(rng)).encode()
        try:
            message = decode(data)
        except ProtocolError:
            continue
        assert isinstance(message, Message)
        assert decode(encode(message)) == message
        read.add(type(message))
    assert len(read) == 7  # the loop reaches every reader, not only the type check


def test_a_protocol_error_is_a_value_error_with_a_reason() -> None:
    with pytest.raises(ValueError, match=r"\w") as refused:
        decode(b"[]")
    assert isinstance(refused.value, ProtocolError)
