"""Dice thrown by both sides together: each die follows from both secrets, uniformly, and a
secret that is not the one committed to is caught."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nardy_tui.engine import Dice
from nardy_tui.net import DishonestThrow, Secret, Throw, check_throw, dice_of, new_master
from nardy_tui.net.fair_dice import check_reveal, commitment_of, is_hex64


def _secrets(rng: random.Random) -> tuple[str, str]:
    return f"{rng.getrandbits(256):064x}", f"{rng.getrandbits(256):064x}"


def _a_secret(number: int = 1) -> Secret:
    return Secret.of(new_master(), number)


def _honest_throw(number: int = 1) -> Throw:
    host, joiner = _a_secret(number), _a_secret(number)
    return Throw(
        number, host.commitment(number), host.value, joiner.commitment(number), joiner.value
    )


# The dice.


def test_the_same_secrets_give_the_same_dice() -> None:
    rng = random.Random(1)
    for throw in range(1, 50):
        host, joiner = _secrets(rng)
        assert dice_of(throw, host, joiner) == dice_of(throw, host, joiner)


def test_every_die_is_from_one_to_six() -> None:
    rng = random.Random(2)
    for throw in range(1, 1001):
        first, second = dice_of(throw, *_secrets(rng))
        assert 1 <= first <= 6 and 1 <= second <= 6
        assert type(first) is int and type(second) is int


def test_the_dice_are_roughly_uniform() -> None:
    rng = random.Random(3)
    faces: Counter[int] = Counter()
    pairs: Counter[Dice] = Counter()
    for throw in range(1, 6001):
        dice = dice_of(throw, *_secrets(rng))
        faces.update(dice)
        pairs[dice] += 1
    assert sum(faces.values()) == 12_000
    for face in range(1, 7):
        assert 0.14 <= faces[face] / 12_000 <= 0.195, faces
    assert len(pairs) == 36  # every roll comes up, doubles and both orders


def test_the_dice_depend_on_both_secrets_and_the_throw_number() -> None:
    rng = random.Random(4)
    host, joiner = _secrets(rng)
    others = [_secrets(rng)[0] for _ in range(30)]
    assert len({dice_of(1, host, other) for other in others}) > 1
    assert len({dice_of(1, other, joiner) for other in others}) > 1
    assert len({dice_of(number, host, joiner) for number in range(1, 31)}) > 1
    assert any(
        dice_of(number, host, joiner) != dice_of(number, joiner, host) for number in range(1, 31)
    )  # whose secret is whose matters


# Secrets and commitments.


def test_a_new_master_is_64_lowercase_hex_digits_and_fresh() -> None:
    masters = {new_master() for _ in range(100)}
    assert len(masters) == 100
    assert all(is_hex64(master) for master in masters)


def test_a_throws_secret_is_64_lowercase_hex_digits_drawn_again_the_same() -> None:
    master = new_master()
    for number in range(1, 21):
        secret = Secret.of(master, number)
        assert is_hex64(secret.value)
        assert Secret.of(master, number) == secret
        assert secret.value != master


def test_every_throw_and_every_master_has_its_own_secret() -> None:
    first, second = new_master(), new_master()
    secrets = {
        Secret.of(master, number).value for master in (first, second) for number in range(1, 51)
    }
    assert len(secrets) == 100


def test_a_commitment_is_64_hex_digits_and_does_not_show_the_secret() -> None:
    secret = _a_secret()
    commitment = secret.commitment(1)
    assert is_hex64(commitment)
    assert commitment != secret.value
    assert commitment == commitment_of(1, secret.value) == secret.commitment(1)


def test_the_commitment_differs_from_throw_to_throw() -> None:
    secret = _a_secret()
    assert len({secret.commitment(number) for number in range(1, 21)}) == 20


@pytest.mark.parametrize(
    "text",
    [
        "0" * 64,
        "f" * 64,
        "0123456789abcdef" * 4,
    ],
)
def test_64_lowercase_hex_digits_are_hex(text: str) -> None:
    assert is_hex64(text)


@pytest.mark.parametrize(
    "text",
    [
        "F" * 64,
        "0" * 63,
        "0" * 65,
        "",
        "g" * 64,
        " " + "0" * 63,
        "0" * 63 + " ",
        "\n" + "0" * 64,
        "\u0663" * 64,
        None,
        0,
        b"0" * 64,
        ["0" * 64],
    ],
    ids=lambda text: repr(text)[:16],
)
def test_anything_else_is_not_hex(text: object) -> None:
    assert not is_hex64(text)


def test_64_hex_digits_and_a_newline_are_not_hex() -> None:
    assert not is_hex64("0" * 64 + "\n")


# Checking a reveal.


def test_the_secret_committed_to_is_honest() -> None:
    secret = _a_secret()
    check_reveal(7, secret.commitment(7), secret.value)


def test_a_reveal_that_does_not_match_its_commitment_is_dishonest() -> None:
    secret = _a_secret()
    with pytest.raises(DishonestThrow):
        check_reveal(1, secret.commitment(1), _a_secret().value)


def test_a_commitment_for_throw_1_does_not_hold_for_throw_2() -> None:
    secret = _a_secret()
    with pytest.raises(DishonestThrow):
        check_reveal(2, secret.commitment(1), secret.value)


def test_a_secret_changed_in_one_digit_is_dishonest() -> None:
    secret = _a_secret()
    changed = ("1" if secret.value[0] == "0" else "0") + secret.value[1:]
    with pytest.raises(DishonestThrow):
        check_reveal(1, secret.commitment(1), changed)


@pytest.mark.parametrize("secret", ["A" * 64, "0" * 63, "", "secret", "ab" * 33])
def test_a_secret_not_written_as_64_lowercase_hex_is_dishonest_even_if_it_was_committed_to(
    secret: str,
) -> None:
    with pytest.raises(DishonestThrow):
        check_reveal(1, commitment_of(1, secret), secret)


def test_a_secret_given_for_its_own_commitment_is_dishonest() -> None:
    secret = _a_secret()
    with pytest.raises(DishonestThrow):
        check_reveal(1, secret.value, secret.value)


def test_a_commitment_with_letters_outside_ascii_is_dishonest() -> None:
    with pytest.raises(DishonestThrow):
        check_reveal(1, "é" * 64, _a_secret().value)


# Checking a whole throw.


def test_an_honest_throw_gives_its_dice() -> None:
    throw = _honest_throw(3)
    assert check_throw(throw) == throw.dice == dice_of(3, throw.host_secret, throw.joiner_secret)


def test_a_throw_with_the_hosts_secret_wrong_is_dishonest() -> None:
    throw = _honest_throw()
    with pytest.raises(DishonestThrow):
        check_throw(
            Throw(
                1,
                throw.host_commitment,
                _a_secret().value,
                throw.joiner_commitment,
                throw.joiner_secret,
            )
        )


def test_a_throw_with_the_joiners_secret_wrong_is_dishonest() -> None:
    throw = _honest_throw()
    with pytest.raises(DishonestThrow):
        check_throw(
            Throw(
                1,
                throw.host_commitment,
                throw.host_secret,
                throw.joiner_commitment,
                _a_secret().value,
            )
        )


def test_a_throw_with_the_secrets_swapped_is_dishonest() -> None:
    throw = _honest_throw()
    with pytest.raises(DishonestThrow):
        check_throw(
            Throw(
                1,
                throw.host_commitment,
                throw.joiner_secret,
                throw.joiner_commitment,
                throw.host_secret,
            )
        )


def test_a_throw_given_another_number_is_dishonest() -> None:
    throw = _honest_throw(1)
    with pytest.raises(DishonestThrow):
        check_throw(
            Throw(
                2,
                throw.host_commitment,
                throw.host_secret,
                throw.joiner_commitment,
                throw.joiner_secret,
            )
        )
