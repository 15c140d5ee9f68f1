"""The join code, the proof that both sides know it, and the seal on every later message.

The code is never sent. The host sends a fresh random nonce, the joiner answers with its own
and an HMAC of both under a key stretched from the code, and the host answers in kind: each
side has shown it knows the code without saying it, and a wrong code is refused before
anything else is read. The session key (an HMAC of both nonces under the code's key) then
seals every message with its direction and its number, so a message changed, replayed,
dropped or sent back the other way on the line is refused.

Stretching the code (PBKDF2, about a tenth of a second) makes guessing it from a captured
handshake slow: with 8 characters of 31 there are about 8.5e11 codes.

>>> code = new_code()
>>> len(code), normalised(code.upper()) == code
(9, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from enum import Enum

from nardy_tui.i18n import _

CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Letters and digits that cannot be misread for one another (no 0, 1, i, l, o)."""
CODE_LENGTH = 8
STRETCH_ROUNDS = 200_000
NONCE_BYTES = 16
MAC_HEX = 64


class Role(Enum):
    """Which end of the line a program is: the host opens the match, the joiner joins it."""

    HOST = "host"
    JOINER = "joiner"

    @property
    def other(self) -> Role:
        return Role.JOINER if self is Role.HOST else Role.HOST


def new_code() -> str:
    """A fresh code for one match, written in two groups of four (``k7m2-x9qp``)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def normalised(code: str) -> str | None:
    """The code as ``new_code`` writes it, from what a player typed (any case, with or
    without the dash); None if it cannot be a code."""
    letters = code.strip().lower().replace("-", "")
    if len(letters) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in letters):
        return None
    return f"{letters[:4]}-{letters[4:]}"


def code_key(code: str) -> bytes:
    """The key stretched from the code (slow on purpose: see the module's note)."""
    return hashlib.pbkdf2_hmac("sha256", code.encode(), b"nardy join code", STRETCH_ROUNDS)


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def proof(key: bytes, role: Role, host_nonce: str, joiner_nonce: str) -> str:
    """What ``role`` sends to show it knows the code, for this pair of nonces."""
    return hmac.new(
        key, f"{role.value}:{host_nonce}:{joiner_nonce}".encode(), hashlib.sha256
    ).hexdigest()


def proof_is_right(
    key: bytes, role: Role, host_nonce: str, joiner_nonce: str, claimed: object
) -> bool:
    return (
        isinstance(claimed, str)
        and claimed.isascii()
        and hmac.compare_digest(proof(key, role, host_nonce, joiner_nonce), claimed)
    )


def session_key(key: bytes, host_nonce: str, joiner_nonce: str) -> bytes:
    return hmac.new(key, f"session:{host_nonce}:{joiner_nonce}".encode(), hashlib.sha256).digest()


class SealBroken(ValueError):
    """A line whose seal does not match: changed, replayed, out of order or forged."""


@dataclass
class Seal:
    """Seals the lines one side sends and opens those it receives, counting both ways.

    >>> host, joiner = Seal(b"k" * 32, Role.HOST), Seal(b"k" * 32, Role.JOINER)
    >>> joiner.open(host.close(b'{"t":"ping"}'))
    b'{"t":"ping"}'
    >>> line = host.close(b'{"t":"bye"}')
    >>> first = joiner.open(line); joiner.open(line)
    Traceback (most recent call last):
    ...
    nardy_tui.net.auth.SealBroken: a message's seal does not match
    """

    key: bytes
    role: Role
    sent: int = field(default=0, init=False)
    received: int = field(default=0, init=False)

    def _mac(self, sender: Role, number: int, body: bytes) -> str:
        head = f"{sender.value}:{number}:".encode()
        return hmac.new(self.key, head + body, hashlib.sha256).hexdigest()

    def close(self, body: bytes) -> bytes:
        """``body`` as a line on the wire: its seal, a space, the body."""
        self.sent += 1
        return self._mac(self.role, self.sent, body).encode() + b" " + body

    def open(self, line: bytes) -> bytes:
        """The body of a line from the other side, once its seal is checked."""
        mac, _space, body = line.partition(b" ")
        expected = self._mac(self.role.other, self.received + 1, body)
        if len(mac) != MAC_HEX or not hmac.compare_digest(mac, expected.encode()):
            raise SealBroken(_("a message's seal does not match"))
        self.received += 1
        return body
