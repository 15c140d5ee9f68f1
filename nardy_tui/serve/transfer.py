"""Moving a visitor to another device: a short code, given in the game on request, that
makes the browser which opens it that visitor.

A code is the visitor's identity for a short while, so it is treated as one: it is drawn
at random from the server, works once, ends after ``CODE_LIFE`` seconds, and a visitor
has one code at a time (asking again ends the earlier one). Made-up codes are answered
alike whether they were never given, used or expired, and an address that tries too many
wrong ones is stopped for a while: ten characters of thirty-two kinds are not found by
trying.

A code moves the match, it does not share it: the browser that opens it becomes a new
visitor who inherits the folder (``successor``), and the token of the browser that asked
names an empty one from then on. Otherwise a code would be a link to hand a stranger:
someone who got another to open their code would then see everything that person played.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from nardy_tui.serve.table import Table
from nardy_tui.serve.visitor import Visitor

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""The characters of a code: no 0 and O, no 1 and I, so that one read aloud or copied
by hand is not misread; any case is taken."""
CODE_LENGTH = 10
"""Characters in a code: 50 bits."""
CODE_FORM = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
CODE_LIFE = 600.0
"""Seconds a code works for once given."""
LIVE_CODES = 10_000
"""The most codes kept at once (the oldest give way): the memory a flood can take."""
WRONG_TRIES = 20
"""Wrong codes one address may try in ``CODE_LIFE`` seconds before it is stopped."""
TRIERS = 10_000
"""The most addresses whose wrong tries are counted at once."""


class Refused(Enum):
    """Why a code moved nobody."""

    NO_SUCH_CODE = "no such code"
    """Never given, used already, or expired: told alike, so trying tells nothing."""
    TOO_MANY_TRIES = "too many tries"
    """The address tried too many wrong codes lately."""


@dataclass(frozen=True)
class _Given:
    visitor: Visitor
    until: float


class Transfers:
    """The codes given and not yet used, on the clock ``clock`` (seconds)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._given: dict[str, _Given] = {}
        self._wrong: dict[Hashable, list[float]] = {}
        """Each address's wrong tries lately, by when."""

    def give(self, visitor: Visitor) -> str:
        """A new code for ``visitor``, the only one that now moves them."""
        now = self._clock()
        self._given = {
            code: given
            for code, given in self._given.items()
            if given.visitor != visitor and given.until > now
        }
        while len(self._given) >= LIVE_CODES:
            del self._given[next(iter(self._given))]
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self._given[code] = _Given(visitor, now + CODE_LIFE)
        return code

    def take(self, code: str, address: Hashable) -> Visitor | Refused:
        """The visitor ``code`` moves, tried from ``address`` (whom wrong tries count
        against); the code is used up.

        >>> transfers = Transfers()
        >>> code = transfers.give(Visitor("a" * 32))
        >>> transfers.take(code.lower(), "192.0.2.1")
        Visitor(token='aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
        >>> transfers.take(code, "192.0.2.1")
        <Refused.NO_SUCH_CODE: 'no such code'>
        """
        now = self._clock()
        tries = [when for when in self._wrong.get(address, []) if when > now - CODE_LIFE]
        if len(tries) >= WRONG_TRIES:
            return Refused.TOO_MANY_TRIES
        code = code.strip().upper()
        given = self._given.pop(code, None) if CODE_FORM.fullmatch(code) else None
        if given is not None and given.until > now:
            return given.visitor
        if address not in self._wrong and len(self._wrong) >= TRIERS:
            del self._wrong[next(iter(self._wrong))]
        self._wrong[address] = [*tries, now]
        return Refused.NO_SUCH_CODE


async def successor(visitor: Visitor, table: Table, root: Path) -> Visitor:
    """A new visitor in ``visitor``'s place, with their folder under ``root``, once their
    game (if any) has ended."""
    await table.vacate(visitor)
    # Nothing is awaited from here on, so no game of theirs starts before the folder moves.
    heir = Visitor.new()
    with contextlib.suppress(FileNotFoundError):  # they never started a game
        visitor.folder(root).rename(heir.folder(root))
    return heir
