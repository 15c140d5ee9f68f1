"""The join code, the proof that both sides know it, and the seal on every later line."""

from __future__ import annotations

import re

import pytest

from nardy_tui.net import Role, code_key, new_code, normalised
from nardy_tui.net.auth import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Seal,
    SealBroken,
    new_nonce,
    proof,
    proof_is_right,
    session_key,
)

CODE = "k7m2-x9qp"
OTHER_CODE = "k7m2-x9qr"
CODE_SHAPE = re.compile(f"^[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}$")


@pytest.fixture(scope="module")
def key() -> bytes:
    return code_key(CODE)


@pytest.fixture(scope="module")
def other_key() -> bytes:
    return code_key(OTHER_CODE)


# The code.


def test_the_alphabet_has_no_letters_that_look_alike() -> None:
    assert not set("01ilo") & set(CODE_ALPHABET)
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) == 31
    assert CODE_ALPHABET.lower() == CODE_ALPHABET


def test_a_new_code_is_two_groups_of_four_from_the_alphabet() -> None:
    for _ in range(200):
        code = new_code()
        assert len(code) == CODE_LENGTH + 1
        assert CODE_SHAPE.match(code), code
        assert normalised(code) == code


def test_new_codes_differ() -> None:
    assert len({new_code() for _ in range(200)}) == 200


@pytest.mark.parametrize(
    "typed",
    [
        "k7m2-x9qp",
        "K7M2-X9QP",
        "k7M2-x9Qp",
        "k7m2x9qp",
        "K7M2X9QP",
        "  k7m2-x9qp  ",
        "\tk7m2x9qp\n",
        " K7M2X9QP ",
    ],
)
def test_a_code_is_read_in_any_case_with_or_without_its_dash(typed: str) -> None:
    assert normalised(typed) == CODE


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "-",
        "k7m2-x9q",
        "k7m2x9q",
        "k7m2-x9qpp",
        "k7m2x9qpp",
        "k7m2-x9qp-k7m2",
        "k7m0-x9qp",
        "k7m1-x9qp",
        "k7mi-x9qp",
        "k7ml-x9qp",
        "k7mo-x9qp",
        "K7MO-X9QP",
        "K7MI-X9QP",
        "K7ML-X9QP",
        "k7m2_x9qp",
        "k7m2 x9qp",
        "k7m2-x9q!",
        "k7m2-x9qé",
    ],
)
def test_what_cannot_be_a_code_is_not_read_as_one(typed: str) -> None:
    assert normalised(typed) is None


# The proof.


def test_the_key_stretched_from_a_code_is_32_bytes_and_another_code_gives_another(
    key: bytes, other_key: bytes
) -> None:
    assert len(key) == len(other_key) == 32
    assert key != other_key


def test_a_nonce_is_fresh_hex() -> None:
    nonces = {new_nonce() for _ in range(100)}
    assert len(nonces) == 100
    assert all(re.fullmatch("[0-9a-f]{32}", nonce) for nonce in nonces)


@pytest.mark.parametrize("role", list(Role))
def test_the_proof_made_with_the_code_is_right(key: bytes, role: Role) -> None:
    host_nonce, joiner_nonce = new_nonce(), new_nonce()
    claimed = proof(key, role, host_nonce, joiner_nonce)
    assert proof_is_right(key, role, host_nonce, joiner_nonce, claimed)


@pytest.mark.parametrize("role", list(Role))
def test_a_proof_made_with_another_code_is_wrong(key: bytes, other_key: bytes, role: Role) -> None:
    host_nonce, joiner_nonce = new_nonce(), new_nonce()
    claimed = proof(other_key, role, host_nonce, joiner_nonce)
    assert not proof_is_right(key, role, host_nonce, joiner_nonce, claimed)


@pytest.mark.parametrize("role", list(Role))
def test_the_other_sides_proof_sent_back_is_wrong(key: bytes, role: Role) -> None:
    host_nonce, joiner_nonce = new_nonce(), new_nonce()
    claimed = proof(key, role.other, host_nonce, joiner_nonce)
    assert not proof_is_right(key, role, host_nonce, joiner_nonce, claimed)


@pytest.mark.parametrize("role", list(Role))
def test_a_proof_for_the_nonces_swapped_is_wrong(key: bytes, role: Role) -> None:
    host_nonce, joiner_nonce = new_nonce(), new_nonce()
    claimed = proof(key, role, joiner_nonce, host_nonce)
    assert not proof_is_right(key, role, host_nonce, joiner_nonce, claimed)


def test_a_proof_for_another_handshake_is_wrong(key: bytes) -> None:
    host_nonce, joiner_nonce = new_nonce(), new_nonce()
    claimed = proof(key, Role.JOINER, new_nonce(), joiner_nonce)
    assert not proof_is_right(key, Role.JOINER, host_nonce, joiner_nonce, claimed)


@pytest.mark.parametrize(
    "claimed", [None, 0, 1.5, True, [], {}, b"", "", "0" * 64, "proof"], ids=repr
)
def test_a_proof_that_is_not_the_right_string_is_wrong(key: bytes, claimed: object) -> None:
    assert not proof_is_right(key, Role.JOINER, new_nonce(), new_nonce(), claimed)


def test_the_right_proof_as_bytes_is_not_a_proof(key: bytes) -> None:
    host_nonce, joiner_nonce = new_nonce(), new_nonce()
    claimed = proof(key, Role.JOINER, host_nonce, joiner_nonce).encode()
    assert not proof_is_right(key, Role.JOINER, host_nonce, joiner_nonce, claimed)


@pytest.mark.parametrize(
    "claimed", ["é" * 64, "ключ", "\u0663" * 64], ids=["accented", "cyrillic", "arabic-digits"]
)
def test_a_proof_with_letters_outside_ascii_is_wrong(key: bytes, claimed: str) -> None:
    assert not proof_is_right(key, Role.JOINER, new_nonce(), new_nonce(), claimed)


# The session key.


def test_the_session_key_is_the_same_for_the_same_handshake() -> None:
    key, host_nonce, joiner_nonce = b"k" * 32, new_nonce(), new_nonce()
    assert session_key(key, host_nonce, joiner_nonce) == session_key(key, host_nonce, joiner_nonce)
    assert len(session_key(key, host_nonce, joiner_nonce)) == 32


def test_the_session_key_differs_with_either_nonce_their_order_and_the_code() -> None:
    key, host_nonce, joiner_nonce = b"k" * 32, new_nonce(), new_nonce()
    keys = {
        session_key(key, host_nonce, joiner_nonce),
        session_key(key, new_nonce(), joiner_nonce),
        session_key(key, host_nonce, new_nonce()),
        session_key(key, joiner_nonce, host_nonce),
        session_key(b"j" * 32, host_nonce, joiner_nonce),
    }
    assert len(keys) == 5


def test_the_session_key_is_not_the_codes_key_nor_a_proof() -> None:
    key, host_nonce, joiner_nonce = b"k" * 32, new_nonce(), new_nonce()
    session = session_key(key, host_nonce, joiner_nonce)
    assert session != key
    assert session.hex() not in {proof(key, role, host_nonce, joiner_nonce) for role in Role}


# The seal.


def _pair(key: bytes = b"s" * 32) -> tuple[Seal, Seal]:
    return Seal(key, Role.HOST), Seal(key, Role.JOINER)


def test_the_roles_are_each_others_other() -> None:
    assert Role.HOST.other is Role.JOINER
    assert Role.JOINER.other is Role.HOST


def test_a_sealed_line_is_opened_by_the_other_side() -> None:
    host, joiner = _pair()
    assert joiner.open(host.close(b'{"t":"ping"}')) == b'{"t":"ping"}'
    assert host.open(joiner.close(b'{"t":"bye"}')) == b'{"t":"bye"}'


def test_lines_both_ways_open_in_order() -> None:
    host, joiner = _pair()
    for number in range(30):
        body = f'{{"n":{number}}}'.encode()
        if number % 3:
            assert joiner.open(host.close(body)) == body
        else:
            assert host.open(joiner.close(body)) == body


def test_a_body_with_spaces_or_nothing_in_it_is_sealed_whole() -> None:
    host, joiner = _pair()
    for body in [b"", b" ", b"a b c", b"x" * 3000, bytes(range(256)).replace(b"\n", b"")]:
        assert joiner.open(host.close(body)) == body


def test_a_line_is_its_seal_a_space_and_the_body() -> None:
    host, _joiner = _pair()
    seal, space, body = host.close(b'{"t":"ping"}').partition(b" ")
    assert re.fullmatch(rb"[0-9a-f]{64}", seal) and space == b" " and body == b'{"t":"ping"}'


def test_the_same_body_is_sealed_differently_each_time() -> None:
    host, _joiner = _pair()
    assert host.close(b"same") != host.close(b"same")


def test_a_line_with_a_changed_body_is_refused() -> None:
    host, joiner = _pair()
    line = host.close(b'{"t":"next","game":2}')
    with pytest.raises(SealBroken):
        joiner.open(line.replace(b"2}", b"3}"))


def test_a_line_with_a_body_added_to_is_refused() -> None:
    host, joiner = _pair()
    line = host.close(b'{"t":"ping"}')
    with pytest.raises(SealBroken):
        joiner.open(line + b" ")


@pytest.mark.parametrize("at", [0, 31, 63])
def test_a_line_with_a_changed_seal_is_refused(at: int) -> None:
    host, joiner = _pair()
    line = bytearray(host.close(b'{"t":"ping"}'))
    line[at] = ord("0") if line[at] != ord("0") else ord("1")
    with pytest.raises(SealBroken):
        joiner.open(bytes(line))


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b" ",
        b'{"t":"ping"}',
        b" " + b'{"t":"ping"}',
        b"0" * 64 + b' {"t":"ping"}',
        b"0" * 63 + b' {"t":"ping"}',
        b"\xff" * 64 + b" x",
    ],
    ids=repr,
)
def test_a_line_without_a_seal_is_refused(line: bytes) -> None:
    _host, joiner = _pair()
    with pytest.raises(SealBroken):
        joiner.open(line)


def test_the_seal_in_upper_case_is_refused() -> None:
    host, joiner = _pair()
    seal, _space, body = host.close(b'{"t":"ping"}').partition(b" ")
    with pytest.raises(SealBroken):
        joiner.open(seal.upper() + b" " + body)


def test_a_line_sealed_with_another_key_is_refused() -> None:
    host, _joiner = _pair(b"a" * 32)
    _host, joiner = _pair(b"b" * 32)
    with pytest.raises(SealBroken):
        joiner.open(host.close(b'{"t":"ping"}'))


def test_a_replayed_line_is_refused() -> None:
    host, joiner = _pair()
    line = host.close(b'{"t":"ping"}')
    joiner.open(line)
    with pytest.raises(SealBroken):
        joiner.open(line)


def test_a_line_replayed_later_is_refused() -> None:
    host, joiner = _pair()
    first = host.close(b'{"t":"ping"}')
    joiner.open(first)
    joiner.open(host.close(b'{"t":"ping"}'))
    with pytest.raises(SealBroken):
        joiner.open(first)


def test_lines_out_of_order_are_refused() -> None:
    host, joiner = _pair()
    first, second = host.close(b'{"t":"ping"}'), host.close(b'{"t":"bye"}')
    with pytest.raises(SealBroken):
        joiner.open(second)
    assert first != second


def test_a_dropped_line_is_noticed_at_the_next() -> None:
    host, joiner = _pair()
    joiner.open(host.close(b"one"))
    host.close(b"two")  # lost on the way
    with pytest.raises(SealBroken):
        joiner.open(host.close(b"three"))


def test_a_line_sent_back_to_its_sender_is_refused() -> None:
    host, joiner = _pair()
    line = host.close(b'{"t":"ping"}')
    with pytest.raises(SealBroken):
        host.open(line)
    reply = joiner.close(b'{"t":"ping"}')
    with pytest.raises(SealBroken):
        joiner.open(reply)


def test_a_line_sealed_by_the_same_role_is_refused() -> None:
    key = b"s" * 32
    host, another_host = Seal(key, Role.HOST), Seal(key, Role.HOST)
    with pytest.raises(SealBroken):
        another_host.open(host.close(b'{"t":"ping"}'))
    joiner, another_joiner = Seal(key, Role.JOINER), Seal(key, Role.JOINER)
    with pytest.raises(SealBroken):
        another_joiner.open(joiner.close(b'{"t":"ping"}'))


def test_a_seal_broken_is_a_value_error_with_a_reason() -> None:
    _host, joiner = _pair()
    with pytest.raises(ValueError, match="seal") as broken:
        joiner.open(b"nonsense")
    assert isinstance(broken.value, SealBroken)
