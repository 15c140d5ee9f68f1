"""Who is who on a lobby server (``nardy_tui.online.identity``): a key pair kept in the
player's folder, signatures of a server's challenge, and names."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import nacl.signing
import pytest

from nardy_tui.online import (
    Identity,
    IdentityError,
    Purpose,
    login_signature_is_right,
    name_key,
    name_problem,
    new_challenge,
)

SERVER = "wss://lobby.example/ws"
CHALLENGE = "5a" * 32


def is_right(identity: Identity, signature: str, **changed: object) -> bool:
    """Whether the server at SERVER accepts ``signature`` for a login to CHALLENGE, from
    ``identity`` unless ``changed`` says otherwise."""
    asked: dict[str, object] = {
        "public_key_hex": identity.public_key_hex,
        "signature_hex": signature,
        "challenge_hex": CHALLENGE,
        "server_url": SERVER,
        "purpose": Purpose.LOGIN,
    }
    return login_signature_is_right(**{**asked, **changed})  # type: ignore[arg-type]


def test_the_key_made_the_first_time_is_the_one_found_later(tmp_path: Path) -> None:
    made = Identity.load_or_create(tmp_path / "nardy")
    found = Identity.load_or_create(tmp_path / "nardy")
    assert found.public_key_hex == made.public_key_hex
    assert is_right(made, found.sign_login(CHALLENGE, SERVER, Purpose.LOGIN))


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_the_key_file_is_readable_by_the_player_alone(tmp_path: Path) -> None:
    Identity.load_or_create(tmp_path)
    assert stat.S_IMODE((tmp_path / "lobby-key").stat().st_mode) == 0o600
    assert [path.name for path in tmp_path.iterdir()] == ["lobby-key"]


def test_a_key_another_game_saved_at_the_same_moment_is_the_one_both_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = Identity.load_or_create(tmp_path / "other")
    link = os.link

    def the_other_game_first(source: str, target: Path) -> None:
        (tmp_path / "lobby-key").write_bytes((tmp_path / "other" / "lobby-key").read_bytes())
        link(source, target)

    monkeypatch.setattr(os, "link", the_other_game_first)
    assert Identity.load_or_create(tmp_path).public_key_hex == other.public_key_hex


@pytest.mark.parametrize(
    "kept",
    [b"", b"nardy-lobby-key 1\n" + b"0" * 63 + b"\n", b"\xff" * 10, b"nardy-lobby-key 1\n" * 20],
    ids=["empty", "a digit short", "not text", "too long"],
)
def test_a_damaged_key_file_is_an_error_in_words_and_is_left_as_it_is(
    tmp_path: Path, kept: bytes
) -> None:
    (tmp_path / "lobby-key").write_bytes(kept)
    with pytest.raises(IdentityError, match="is damaged"):
        Identity.load_or_create(tmp_path)
    assert (tmp_path / "lobby-key").read_bytes() == kept


def test_a_key_file_that_cannot_be_read_is_an_error_in_words(tmp_path: Path) -> None:
    (tmp_path / "lobby-key").mkdir()
    with pytest.raises(IdentityError, match="cannot be read"):
        Identity.load_or_create(tmp_path)


def test_a_key_that_cannot_be_saved_is_an_error_in_words_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links_here(source: str, target: Path) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links_here)
    with pytest.raises(IdentityError, match=r"cannot be saved in .* \(Operation not permitted\)"):
        Identity.load_or_create(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_signed_bytes_name_the_version_the_purpose_the_server_and_the_challenge() -> None:
    """As a client written by someone else must sign them."""
    identity = Identity.generate()
    signature = identity.sign_login(CHALLENGE, SERVER, Purpose.REGISTER)
    signed = b"nardy-lobby 1 register\n" + SERVER.encode() + b"\n" + bytes.fromhex(CHALLENGE)
    key = nacl.signing.VerifyKey(bytes.fromhex(identity.public_key_hex))
    key.verify(signed, bytes.fromhex(signature))


@pytest.mark.parametrize(
    "changed",
    [
        {"server_url": "wss://another.example/ws"},
        {"purpose": Purpose.REGISTER},
        {"challenge_hex": "a5" * 32},
        {"public_key_hex": Identity.generate().public_key_hex},
    ],
    ids=["another server", "another purpose", "another challenge", "another key"],
)
def test_a_signature_is_worth_nothing_for_anything_else(changed: dict[str, object]) -> None:
    identity = Identity.generate()
    signature = identity.sign_login(CHALLENGE, SERVER, Purpose.LOGIN)
    assert is_right(identity, signature)
    assert not is_right(identity, signature, **changed)


@pytest.mark.parametrize(
    "changed",
    [
        {"signature_hex": "not hex"},
        {"signature_hex": "ab" * 63},
        {"signature_hex": None},
        {"public_key_hex": "zz" * 32},
        {"public_key_hex": "ab" * 33},
        {"public_key_hex": 12},
        {"challenge_hex": "5A" * 32},
        {"challenge_hex": "5a" * 31},
        {"challenge_hex": ["5a"]},
        {"server_url": "wss://\udc80"},
        {"server_url": None},
    ],
)
def test_what_is_no_signature_key_challenge_or_address_is_false_never_an_error(
    changed: dict[str, object],
) -> None:
    identity = Identity.generate()
    assert not is_right(identity, identity.sign_login(CHALLENGE, SERVER, Purpose.LOGIN), **changed)


def test_a_challenge_that_is_not_one_is_not_signed() -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        Identity.generate().sign_login("5a" * 16, SERVER, Purpose.LOGIN)


def test_each_challenge_is_new_32_bytes_in_hex() -> None:
    first, second = new_challenge(), new_challenge()
    assert first != second
    assert len(bytes.fromhex(first)) == 32
    assert first == first.lower()


@pytest.mark.parametrize("name", ["Ann", "anna_7", "x-Y_z", "a" * 16, "007"])
def test_a_name_is_3_to_16_letters_digits_hyphens_and_underscores(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("an", "3 to 16 characters"),
        ("a" * 17, "3 to 16 characters"),
        ("Анна", "the letters A to Z"),
        ("an na", "the letters A to Z"),
        ("anna!", "the letters A to Z"),
        ("anna\n", "the letters A to Z"),
    ],
)
def test_any_other_name_is_refused_in_words(name: str, words: str) -> None:
    assert words in (name_problem(name) or "")


def test_names_that_differ_only_in_case_are_one_name() -> None:
    assert name_key("Anna") == name_key("anna") == name_key("ANNA")
    assert name_key("anna") != name_key("anna_")
