"""The codes two programs meet by at the mailbox server: reading one a player typed, and
drawing the codes of later meetings and of a first meeting's spare row from a code, so that
both sides find the same ones by themselves. Pure functions, no Twisted."""

from __future__ import annotations

import hashlib
import hmac
import re

from nardy_tui.i18n import _

CODE = re.compile(r"[0-9]{1,9}(-[a-z0-9]{1,40}){1,8}")
"""A code as the mailbox takes it: a nameplate's number, then its words."""
LATER_CODES = 16
"""How many codes a later meeting may walk past as crowded: one is lost each time a side is
killed while it waits, for a quarter of an hour after the walks last touched it."""


def wormhole_code(text: str) -> str | None:
    """The code as the mailbox takes it, from what a player typed; None if it cannot be one.

    >>> wormhole_code(" 7-Crossover-Clockwork "), wormhole_code("k7m2-x9qp")
    ('7-crossover-clockwork', None)
    """
    code = text.strip().lower()
    return code if CODE.fullmatch(code) else None


def not_a_code(text: str) -> str:
    """Why ``text`` cannot be a code (``wormhole_code`` found none in it), in words."""
    return _("{code} is not a code: it is a number and words, like 7-crossover-clockwork").format(
        code=text.strip()
    )


def again_code(key: bytes) -> str:
    """The code of every later introduction, from the first one's agreed key: a nameplate
    far above those the mailbox hands out, and 128 bits that cannot be guessed.

    >>> again_code(bytes(range(32)))
    '10066051-0405060708090a0b0c0d0e0f10111213'
    """
    nameplate = 10_000_000 + int.from_bytes(key[:4], "big") % 90_000_000
    return f"{nameplate}-{key[4:20].hex()}"


def later_codes(again: str) -> list[str]:
    """The row of codes a later meeting walks: ``again`` itself, then codes drawn from it
    (an HMAC keyed by it, so each is as secret as it is, and unrelated to it for anyone
    who does not know it).

    >>> codes = later_codes("10066051-0405060708090a0b0c0d0e0f10111213")
    >>> codes[0], len(codes), len(set(codes)), all(wormhole_code(c) == c for c in codes)
    ('10066051-0405060708090a0b0c0d0e0f10111213', 16, 16, True)
    """
    drawn = (
        again_code(hmac.digest(again.encode(), f"later meeting {step}".encode(), hashlib.sha256))
        for step in range(1, LATER_CODES)
    )
    return [again, *drawn]


def spare_codes(code: str) -> list[str]:
    """The row of codes a first meeting moves on to when its own ``code`` is held by
    others at the mailbox (a stranger who claims every listed number and says nothing;
    a try of the friend's that ended badly): both sides find the same row from the code.
    Each number is drawn from ``code``'s number alone and each code's words from the
    whole code, so a number seen in the mailbox's list tells nothing of the words, and
    guessing them is guessing the code.

    >>> codes = spare_codes("7-crossover-clockwork")
    >>> len(codes), len(set(codes)), all(wormhole_code(c) == c for c in codes)
    (16, 16, True)
    >>> [c.split("-")[0] for c in codes] == [
    ...     c.split("-")[0] for c in spare_codes("7-other-words")]
    True
    """
    nameplate = code.split("-", 1)[0]
    return [
        again_code(
            hashlib.sha256(f"nardy spare {nameplate} {step}".encode()).digest()[:4]
            + hmac.digest(code.encode(), f"nardy spare words {step}".encode(), hashlib.sha256)
        )
        for step in range(LATER_CODES)
    ]
