"""The language a visitor's browser asks for (its ``Accept-Language`` header), among those
the game speaks.

The header is read only in the standard's form (language tags, each with an optional
weight); anything else is as if the browser had said nothing. What comes out is always one
of the game's own codes (``nardy_tui.i18n.LANGUAGES``), never the visitor's text.
"""

from __future__ import annotations

import re

from nardy_tui.i18n import LANGUAGES

LONGEST = 1024
"""The longest header read, in characters: a browser's is well under it."""
_TAG = re.compile(r"(?P<language>[A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*|\*")
_WEIGHT = re.compile(r"[qQ]=(?P<weight>0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)")


def browser_language(header: str | None) -> str | None:
    """The language the game speaks that the browser prefers most, or None if the header
    names none of them (or is not of the standard's form).

    >>> browser_language("fr-CH, fr;q=0.9, ru;q=0.8, en;q=0.7")
    'ru'
    >>> browser_language("he-IL,en;q=0.5")
    'he'
    >>> browser_language("en;q=0.1, el")
    'el'
    >>> browser_language("ru;q=0, de") is None
    True
    >>> browser_language("ru; rm -rf /") is None
    True
    """
    if header is None or len(header) > LONGEST:
        return None
    wanted: list[tuple[float, str]] = []
    for item in header.split(","):
        if not item.strip():
            continue
        tag, *parameters = (part.strip() for part in item.split(";"))
        found = _TAG.fullmatch(tag)
        weights = [_WEIGHT.fullmatch(parameter) for parameter in parameters]
        if found is None or len(weights) > 1 or None in weights:
            return None
        weight = float(weights[0]["weight"]) if weights and weights[0] else 1.0
        code = (found["language"] or "").lower()
        if weight > 0 and code in LANGUAGES:
            wanted.append((weight, code))
    return max(wanted, key=lambda choice: choice[0])[1] if wanted else None
