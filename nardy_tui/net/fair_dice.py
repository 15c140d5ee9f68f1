"""Dice that both machines throw together, so that neither can choose or foresee them.

Each throw (two dice: a roll-off's pair or a roll) is made of two secrets, one from each
side. Before anything is shown, each side sends the hash of its secret (the commitment);
once a side holds the other's commitment it may reveal its own secret, and the dice follow
from both secrets together. A side that sees the other's secret first cannot change its own
any more (it is committed), and nobody knows the dice before both secrets are out.

The record of a network match keeps every commitment and secret, so anyone can check later
that each die followed from them (``check_throw``, ``nardy verify``).

>>> host, joiner = Secret.of(new_master(), 1), Secret.of(new_master(), 1)
>>> throw = Throw(1, host.commitment(1), host.value, joiner.commitment(1), joiner.value)
>>> check_throw(throw) == throw.dice
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from nardy_tui.engine import Dice

SECRET_BYTES = 32
HEX = re.compile(r"[0-9a-f]{64}")
"""How a secret and a commitment are written: 32 bytes as 64 lowercase hex digits."""


class DishonestThrow(ValueError):
    """A revealed secret that does not match its commitment, or dice that do not follow."""


def is_hex64(text: object) -> bool:
    """Whether ``text`` is 32 bytes written as 64 lowercase hex digits."""
    return isinstance(text, str) and HEX.fullmatch(text) is not None


def commitment_of(throw: int, secret: str) -> str:
    """The commitment to ``secret`` for throw number ``throw`` (numbered from 1).

    The throw's number is hashed in, so a commitment cannot be replayed for another throw.
    """
    return hashlib.sha256(f"nardy-commit:{throw}:{secret}".encode()).hexdigest()


def dice_of(throw: int, host_secret: str, joiner_secret: str) -> Dice:
    """The two dice that follow from both secrets, each uniform on 1 to 6.

    The bytes of a hash are read in order and a byte of 252 or more is skipped, so each die
    is exactly uniform (252 is 42 sixes); a stream of 64 bytes runs out with a chance below
    ten to the power of minus a hundred, and then the hash is taken again.

    >>> dice_of(1, "0" * 64, "1" * 64)
    Dice(first=6, second=2)
    """
    dice: list[int] = []
    stream = f"nardy-dice:{throw}:{host_secret}:{joiner_secret}".encode()
    while len(dice) < 2:
        stream = hashlib.sha512(stream).digest()
        dice += [byte % 6 + 1 for byte in stream if byte < 252][: 2 - len(dice)]
    return Dice(dice[0], dice[1])


def new_master() -> str:
    """A side's master secret for a whole match: each throw's secret is drawn from it."""
    return secrets.token_hex(SECRET_BYTES)


@dataclass(frozen=True, slots=True)
class Secret:
    """One side's secret for a throw, kept until it is revealed.

    Each is an HMAC of the throw's number under the side's master secret, so a side that is
    stopped at any moment has the same secret for the same throw when it comes back, and a
    secret revealed tells nothing of the next one.
    """

    value: str

    @classmethod
    def of(cls, master: str, throw: int) -> Secret:
        return cls(hmac.new(bytes.fromhex(master), str(throw).encode(), hashlib.sha256).hexdigest())

    def commitment(self, throw: int) -> str:
        return commitment_of(throw, self.value)


@dataclass(frozen=True, slots=True)
class Throw:
    """A finished throw: both commitments and both secrets, in the record of the match."""

    number: int
    host_commitment: str
    host_secret: str
    joiner_commitment: str
    joiner_secret: str

    @property
    def dice(self) -> Dice:
        return dice_of(self.number, self.host_secret, self.joiner_secret)


def check_reveal(throw: int, commitment: str, secret: str) -> None:
    """Raise ``DishonestThrow`` unless ``secret`` is the one ``commitment`` promised."""
    if not (
        is_hex64(secret)
        and is_hex64(commitment)
        and hmac.compare_digest(commitment_of(throw, secret), commitment)
    ):
        raise DishonestThrow(f"throw {throw}: the secret revealed is not the one committed to")


def check_throw(throw: Throw) -> Dice:
    """The throw's dice, after checking both secrets against their commitments."""
    check_reveal(throw.number, throw.host_commitment, throw.host_secret)
    check_reveal(throw.number, throw.joiner_commitment, throw.joiner_secret)
    return throw.dice
