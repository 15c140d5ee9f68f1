"""Who is who on a lobby server, without passwords or e-mail: a key pair on the player's
machine, and a name that a server gives to the first key that asks for it.

The first time, the client makes an Ed25519 key pair and keeps its private half in the
player's data folder (``lobby-key``, readable by the player alone). To register a name, and
at every later login, the server sends a fresh random challenge and the client signs it;
the server keeps the name's public key and checks each signature against it. The signed
bytes name the server's address and what the signature is for, so a signature made for one
server (or for a login) is worth nothing to another server (or for registering): a server
cannot pass another's challenge on to a player and log in as them there.

>>> from nardy_tui.online import Identity, Purpose, login_signature_is_right, new_challenge
>>> identity, challenge = Identity.generate(), new_challenge()
>>> signature = identity.sign_login(challenge, "wss://lobby.example", Purpose.LOGIN)
>>> login_signature_is_right(
...     identity.public_key_hex, signature, challenge, "wss://lobby.example", Purpose.LOGIN
... )
True

A name is 3 to 16 letters, digits, ``-`` and ``_``, compared without regard to case.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import tempfile
from enum import Enum
from pathlib import Path

import nacl.exceptions
import nacl.signing

from nardy_tui.i18n import _, clause

KEY_FILE = "lobby-key"
KEY_FILE_HEADER = "nardy-lobby-key 1"
"""The key file's first line: what the file is, and the version of its form. The second is
the private key's seed, 32 bytes as 64 lowercase hex digits."""
LONGEST_KEY_FILE = 200
"""More bytes than a key file holds: a longer file is not one, and is not read whole."""

CHALLENGE_BYTES = 32
SIGNED_PREFIX = b"nardy-lobby 1 "
"""The start of every signed message: what it is, and the version of its form."""
HEX_32 = re.compile(r"[0-9a-f]{64}")
"""A challenge, a public key or a seed: 32 bytes as 64 lowercase hex digits."""
HEX_64 = re.compile(r"[0-9a-f]{128}")
"""A signature: 64 bytes as 128 lowercase hex digits."""

SHORTEST_NAME, LONGEST_NAME = 3, 16
NAME = re.compile(r"[A-Za-z0-9_-]+")


class Purpose(Enum):
    """What a signature of a server's challenge is for."""

    REGISTER = "register"
    LOGIN = "login"


class IdentityError(Exception):
    """The player's key cannot be read or saved: words for the player, one paragraph."""


class Identity:
    """The player's key pair: the private half signs, the public half is who they are."""

    __slots__ = ("_key",)

    def __init__(self, key: nacl.signing.SigningKey) -> None:
        self._key = key

    @classmethod
    def generate(cls) -> Identity:
        """A new key pair, kept nowhere."""
        return cls(nacl.signing.SigningKey.generate())

    @classmethod
    def load_or_create(cls, folder: Path) -> Identity:
        """The key pair kept in ``folder``, made and kept there the first time.

        A key file that cannot be read or is damaged is an ``IdentityError`` and is left as
        it is: the player's name on every server belongs to that key, so a new key would
        lose them all. Two games started at the same moment get the same key: the file is
        never replaced once there.
        """
        path = folder / KEY_FILE
        try:
            with path.open("rb") as file:
                kept = file.read(LONGEST_KEY_FILE + 1)
        except FileNotFoundError:
            return cls._create(path)
        except OSError as error:
            raise IdentityError(
                _(
                    "Your key for playing online, {path}, cannot be read ({reason}). Your "
                    "name on every lobby server belongs to it: set it right (its "
                    "permissions, its disk) rather than remove it."
                ).format(path=path, reason=clause(error.strerror or error))
            ) from error
        seed = _seed_in(kept)
        if seed is None:
            raise IdentityError(
                _(
                    "Your key for playing online, {path}, is damaged. Your name on every "
                    "lobby server belongs to it: put a good copy back if you have one. If you "
                    "move it away, a new key is made, and you will need new names."
                ).format(path=path)
            )
        return cls(nacl.signing.SigningKey(seed))

    @classmethod
    def _create(cls, path: Path) -> Identity:
        """A new key pair, written to ``path`` whole (readable by the player alone) or not
        at all; the one already there if another game wrote it first."""
        identity = cls.generate()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{KEY_FILE}.", suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="ascii") as file:
                    file.write(f"{KEY_FILE_HEADER}\n{bytes(identity._key).hex()}\n")
                    file.flush()
                    os.fsync(file.fileno())
                os.link(temp, path)  # unlike a rename, never over a key that is there
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
        except FileExistsError:
            return cls.load_or_create(path.parent)
        except OSError as error:
            raise IdentityError(
                _("Your key for playing online cannot be saved in {folder} ({reason}).").format(
                    folder=path.parent, reason=clause(error.strerror or error)
                )
            ) from error
        _sync_folder(path.parent)
        return identity

    @property
    def public_key_hex(self) -> str:
        """Who the player is on every server: the public key, 64 lowercase hex digits."""
        return self._key.verify_key.encode().hex()

    def sign_login(self, challenge_hex: str, server_url: str, purpose: Purpose) -> str:
        """The signature (128 lowercase hex digits) of the challenge ``server_url`` sent,
        for ``purpose``; ValueError if the challenge is not 32 bytes in lowercase hex."""
        message = _login_message(challenge_hex, server_url, purpose)
        if message is None:
            raise ValueError(f"a challenge is 32 bytes in lowercase hex, not {challenge_hex!r}")
        return self._key.sign(message).signature.hex()


def login_signature_is_right(
    public_key_hex: str,
    signature_hex: str,
    challenge_hex: str,
    server_url: str,
    purpose: Purpose,
) -> bool:
    """Whether ``signature_hex`` is the signature, by the key ``public_key_hex``, of the
    challenge that ``server_url`` (this server, as its players reach it) sent for
    ``purpose``. Anything that is not (not hex, a wrong length, not even a string) is
    False, never an exception: it all comes from the other side."""
    message = _login_message(challenge_hex, server_url, purpose)
    if (
        message is None
        or not isinstance(public_key_hex, str)
        or not isinstance(signature_hex, str)
        or HEX_32.fullmatch(public_key_hex) is None
        or HEX_64.fullmatch(signature_hex) is None
    ):
        return False
    try:
        nacl.signing.VerifyKey(bytes.fromhex(public_key_hex)).verify(
            message, bytes.fromhex(signature_hex)
        )
    except nacl.exceptions.CryptoError:
        return False
    return True


def new_challenge() -> str:
    """A challenge for one registration or login: 32 random bytes, in hex."""
    return secrets.token_hex(CHALLENGE_BYTES)


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a player's name, in the player's words; None if
    nothing is.

    >>> name_problem("Anna_7") is None, name_problem("Анна") is None
    (True, False)
    """
    if not SHORTEST_NAME <= len(name) <= LONGEST_NAME:
        return _("A name has {shortest} to {longest} characters.").format(
            shortest=SHORTEST_NAME, longest=LONGEST_NAME
        )
    if NAME.fullmatch(name) is None:
        return _("A name is made of the letters A to Z, digits, - and _.")
    return None


def name_key(name: str) -> str:
    """The form of a name that a server compares, so that one name is one player whatever
    the case it is written in.

    >>> name_key("Anna") == name_key("anna")
    True
    """
    return name.casefold()


def _login_message(challenge_hex: object, server_url: object, purpose: Purpose) -> bytes | None:
    """The bytes a login signature signs; None if the challenge or the address is not one.

    The challenge has a fixed length at the end, so the address before it is read back
    unambiguously whatever it holds."""
    if not isinstance(challenge_hex, str) or HEX_32.fullmatch(challenge_hex) is None:
        return None
    if not isinstance(server_url, str):
        return None
    try:
        address = server_url.encode()
    except UnicodeEncodeError:  # a lone surrogate
        return None
    return (
        SIGNED_PREFIX
        + purpose.value.encode()
        + b"\n"
        + address
        + b"\n"
        + bytes.fromhex(challenge_hex)
    )


def _seed_in(kept: bytes) -> bytes | None:
    """The private key's seed in a key file's bytes; None if they are not a key file."""
    if len(kept) > LONGEST_KEY_FILE:
        return None
    try:
        lines = kept.decode("ascii").splitlines()
    except UnicodeDecodeError:
        return None
    if [line.strip() for line in lines[:1]] != [KEY_FILE_HEADER] or len(lines) != 2:
        return None
    seed = lines[1].strip()
    return bytes.fromhex(seed) if HEX_32.fullmatch(seed) else None


def _sync_folder(folder: Path) -> None:
    """Make the new key's name in its folder survive a power cut, where a folder can be
    opened (not on every system)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
