"""The game's keys on the keyboard layouts of its languages.

A player whose keyboard is switched to Russian presses the key marked H and the terminal
sends "р". The game's keys are Latin letters, so each letter that a Russian, Greek,
Armenian, Hebrew or Arabic layout puts on a Latin letter's key is read as that letter:
the same key does the same thing whatever layout is on. Text fields (the palette's search)
get what was typed.

The tables are the standard layouts: Russian ЙЦУКЕН, Greek, Armenian phonetic, Hebrew
SI-1452 and Arabic (101). A key whose letter is the same in two of them is not a problem:
each table maps to the letter of the key it sits on, and the tables agree on the keys.

>>> LATIN_KEY["р"], LATIN_KEY["Г"], LATIN_KEY["η"], LATIN_KEY["י"], LATIN_KEY["ا"]
('h', 'U', 'h', 'h', 'h')
"""

from __future__ import annotations

LATIN = "qwertyuiopasdfghjklzxcvbnm"

_LAYOUTS: dict[str, str] = {
    "ru": "йцукенгшщзфывапролдячсмить",
    "el": ";ςερτυθιοπασδφγηξκλζχψωβνμ",
    "hy": "քոերտըւիօպասդֆգհյկլզխցվբնմ",
    "he": "/'קראטוןםפשדגכעיחלךזסבהנמצ",
    "ar": "ضصثقفغعهخحشسيبلاتنمئءؤرلىة",
}
"""Each layout's letter on the keys of ``LATIN``, in that order (Arabic's ``b`` key types
two letters, so the ``g`` key's letter stands in its place and is read as ``g``)."""


def _table() -> dict[str, str]:
    table: dict[str, str] = {}
    for letters in _LAYOUTS.values():
        for latin, letter in zip(LATIN, letters, strict=False):
            if letter not in table and letter.isalpha():
                table[letter] = latin
                if letter.upper().lower() == letter != letter.upper():  # not final ς
                    table[letter.upper()] = latin.upper()
    return table


LATIN_KEY = _table()
"""The Latin letter of the key each non-Latin letter sits on: ``LATIN_KEY["р"] == "h"``."""
