"""The words on screen in the player's language: gettext catalogs and the language choice.

Every user-facing message is written in English in the code and looked up at the moment it
is shown, so a language chosen while the game runs applies to what is drawn next:

- ``_("Roll the dice first: press r.")`` for a message, ``.format(...)`` after it for its
  placeholders (never an f-string: the catalog holds the template);
- ``ngettext("{count} point", "{count} points", count)`` where a number changes the words;
- ``N_("Roll")`` marks a message kept in a constant (a table of commands, a binding), to be
  passed through ``_()`` where it is shown.

The catalogs are gettext ``.po`` files in ``nardy_tui/locale/<code>/LC_MESSAGES/nardy.po``,
compiled to the ``.mo`` files read here (see ``docs/contributing.md``, "Translations").
English is the source language and needs no catalog.

Hebrew and Arabic read right to left. Textual lays every cell out left to right, and
terminals differ in whether they reorder such text themselves, so by default the game puts
each translated line into visual order (python-bidi) before it is drawn; a setting turns
that off for terminals that reorder by themselves. A ``Translated`` template applies that
order after its placeholders are filled, so a bracket is never mirrored inside one, and
each message remembers its reading order (``Shown``) for when it fills another's
placeholder: a line is put into visual order once, as a whole.

Arabic letters are also given their joining forms (arabic-reshaper) when the game orders the
lines, since a terminal cannot shape letters it receives already reversed.

This module is a leaf: standard library only (python-bidi and arabic-reshaper are imported
when first needed), so every layer, the engine included, may use it.
"""

from __future__ import annotations

import gettext
import os
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import SupportsIndex

DOMAIN = "nardy"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "hy": "Հայերեն",
    "el": "Ελληνικά",
    "ro": "Română",
    "he": "עברית",
    "ar": "العربية",
}
"""The languages the game speaks, each named in itself, English (the default) first."""

RIGHT_TO_LEFT = frozenset({"he", "ar"})
NAMES_IN_VISUAL_ORDER = {
    "he": "\u05ea\u05d9\u05e8\u05d1\u05e2",
    "ar": "\ufe94\ufef4\ufe91\ufeae\ufecc\ufedf\ufe8d",
}
"""The right-to-left languages' names as visual order draws them (what ``_ordered`` makes
of them, Arabic's letters joined; ``tests/test_i18n.py`` checks): the new-match screen
lists them at every start, and ordering them then would import the bidi algorithm and the
Arabic reshaper, a fiftieth of the time to the first frame."""
DEFAULT_LANGUAGE = "en"
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the language is looked for when none is chosen, in gettext's order."""


class UnknownLanguage(ValueError):
    """A language code the game has no catalog for; the message lists the available ones."""

    def __init__(self, code: str) -> None:
        wrong = f"unknown language {code!r}" if code else "a language code is missing"
        super().__init__(f"{wrong}; available: {available_languages()}")


def available_languages() -> str:
    """The codes with their names, for a message: "en (English), ru (Русский), …"."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


class _State:
    """The language in use: its catalog and whether its lines are put into visual order."""

    code = DEFAULT_LANGUAGE
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    reorder = False
    terminal_needs_order = True
    """The setting: whether right-to-left text must be put into visual order for this
    terminal (whatever the language in use, for the languages' own names)."""


def use_language(code: str, *, reorder_rtl: bool = True) -> None:
    """Speak ``code`` from now on (``UnknownLanguage`` if there is no such catalog).

    ``reorder_rtl``: put right-to-left lines into visual order (off for a terminal that
    reorders them itself).
    """
    if code not in LANGUAGES:
        raise UnknownLanguage(code)
    _State.code = code
    _State.catalog = (
        gettext.NullTranslations()
        if code == DEFAULT_LANGUAGE
        else gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    )
    _State.reorder = reorder_rtl and code in RIGHT_TO_LEFT
    _State.terminal_needs_order = reorder_rtl


def language_name(code: str) -> str:
    """A language's name in itself, as the screen draws it: a Hebrew or Arabic name is put
    into visual order wherever the terminal needs that, in whatever language the game is,
    so its readers recognise it in the list of languages."""
    name = LANGUAGES[code]
    if code not in RIGHT_TO_LEFT or not _State.terminal_needs_order:
        return name
    shown = Shown(NAMES_IN_VISUAL_ORDER[code])
    shown.reading = name
    return shown


def current_language() -> str:
    return _State.code


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first language the environment asks for that the game speaks, else English.

    >>> language_from_environment({"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> language_from_environment({"LANGUAGE": "fr:he", "LANG": "ru_RU.UTF-8"})
    'he'
    >>> language_from_environment({"LC_ALL": "C"})
    'en'
    """
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT_VARIABLES:
        value = environ.get(name, "")
        if not value:
            continue
        for wanted in value.split(":"):
            code = wanted.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":  # the first set locale variable decides (as gettext does)
            break
    return DEFAULT_LANGUAGE


class Shown(str):
    """Text ready to be drawn (in visual order) that remembers its reading order, so that
    it can fill a placeholder of another message, which is then ordered as a whole once."""

    reading: str

    @classmethod
    def of(cls, reading: str) -> Shown:
        shown = cls(visual(reading))
        shown.reading = reading
        return shown


class Translated(str):
    """A translated message with placeholders; ``format`` fills them (with other messages
    in their reading order), then orders the whole line for display."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        filled = str.format(
            self, *map(_reading, args), **{name: _reading(value) for name, value in kwargs.items()}
        )
        return Shown.of(filled)


def _reading(value: object) -> object:
    """A message in its reading order, for a placeholder of a line to be reordered as a
    whole; any other value (or any value when lines are not reordered) as it is shown."""
    return value.reading if isinstance(value, Shown) and _State.reorder else value


def reading_of(text: str) -> str:
    """A message in its reading order (as the catalog has it), whatever is shown."""
    return text.reading if isinstance(text, Shown) else text


def _(message: str) -> str:
    """``message`` in the language in use (the English itself when there is none)."""
    return _shown(_State.catalog.gettext(message))


def ngettext(singular: str, plural: str, count: SupportsIndex) -> str:
    """The form of a message for ``count``, in the language's own plural rules."""
    return _shown(_State.catalog.ngettext(singular, plural, int(count)))


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (see the module)."""
    return message


def _shown(text: str) -> str:
    """A template waits for its placeholders before it is ordered; other text is ordered
    at once."""
    return Translated(text) if "{" in text else Shown.of(text)


def terminal_reorders_itself(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal is known to put right-to-left text into visual order by itself:
    VTE-based terminals from VTE 0.58 (GNOME Terminal, Tilix, Terminator…) and Konsole,
    which say so in the environment. Most others (xterm, kitty, Alacritty, Windows Terminal,
    tmux's own screen) draw cells as given, so the game orders the lines itself.

    >>> terminal_reorders_itself({"VTE_VERSION": "7600"}), terminal_reorders_itself({})
    (True, False)
    """
    environ = os.environ if environ is None else environ
    vte = environ.get("VTE_VERSION", "")
    return (vte.isdigit() and int(vte) >= 5800) or "KONSOLE_VERSION" in environ


def reordering() -> bool:
    """Whether lines are being put into visual order (a right-to-left language, the setting
    on)."""
    return _State.reorder


def broken_into_lines(text: str, width: int) -> str:
    """``text`` broken into lines of at most ``width`` columns, then each line put into
    visual order, when reordering: a right-to-left paragraph must be broken before it is
    reordered (line by line), or a widget that wraps it would show its last words first.
    Other text (no reordering, or not a message) is returned as it is, for the widget to
    wrap.
    """
    if not _State.reorder or not isinstance(text, Shown):
        return text
    width = max(width, 10)
    lines = [
        line
        for paragraph in text.reading.split("\n")
        for line in textwrap.wrap(paragraph, width, break_long_words=False) or [""]
    ]
    return "\n".join(visual(line) for line in lines)


_NUMBER = r"[+\-]?\d(?:[\w+\-./:\u00d7]*\w)?(?:\(\d+\))?"
NOTATION = re.compile(rf"\({_NUMBER}\)|{_NUMBER}")
"""Numbers and notation inside a right-to-left line ("24/16(2)", "(+0.68)", "5-3", "24/off"),
in brackets of their own or not: each is kept as one left-to-right piece while the line is
reordered (``KEPT``). A bare number needs no keeping: the bidi algorithm keeps its digits in
order by itself."""
RIGHT_TO_LEFT_LETTER = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
"""A Hebrew or Arabic letter: a line without one is left as it is."""
ARABIC_LETTER = re.compile("[\u0600-\u06ff\u0750-\u08ff]")
KEPT = 0x1D7CE
"""Mathematical digits (U+1D7CE on: fifty of them) stand for the kept pieces while a line is
reordered: the bidi algorithm treats them as numbers, as it would the pieces themselves
(pieces side by side in a right-to-left line then read from the right, each whole), and no
message contains them."""
KEPT_LAST = 0x1D7FF


def visual(text: str) -> str:
    """``text`` in the order a left-to-right terminal must draw it, line by line (right-to-
    left languages with reordering on; otherwise unchanged).

    Numbers and notation stay as they are written (``NOTATION``). The bidi algorithm is
    python-bidi's own Python one: it mirrors a bracket that right-to-left words turn
    around, "(r)" included (its faster default leaves brackets as they are).
    """
    if not _State.reorder:
        return text
    return _ordered(text)


def _ordered(text: str) -> str:
    """``text`` put into visual order (see ``visual``), its Arabic letters joined."""
    from bidi.algorithm import get_display

    kept: list[str] = []

    def keep(piece: re.Match[str]) -> str:
        if piece.group().isdigit():  # a bare number is a number to the bidi algorithm too
            return piece.group()
        kept.append(piece.group())
        return chr(KEPT + len(kept) - 1)

    if not RIGHT_TO_LEFT_LETTER.search(text):  # key names, notation: nothing to turn
        return text
    held = NOTATION.sub(keep, text)
    if ARABIC_LETTER.search(held):
        held = _joined_letters(held)
    lines = (get_display(line, base_dir="R") for line in held.split("\n"))
    shown = "\n".join(lines)
    return re.sub(
        f"[{chr(KEPT)}-{chr(KEPT_LAST)}]", lambda token: kept[ord(token.group()) - KEPT], shown
    )


def sentences(*parts: str) -> str:
    """Messages one after another on one line, the whole ordered once for display: joined
    as shown, a right-to-left line would read its last sentence first.

    >>> sentences("Hint: 24/18.", "Equity in points for you.")
    'Hint: 24/18. Equity in points for you.'
    """
    reading = " ".join(reading_of(part) for part in parts if part)
    return Shown.of(reading) if any(isinstance(part, Shown) for part in parts) else reading


def continued(text: str) -> str:
    """A message that continues a sentence after a colon: its first letter in lower case
    (its reading order kept, for the line it goes into).

    >>> continued("Point 12 is held by the opponent.")
    'point 12 is held by the opponent.'
    """
    reading = reading_of(text)
    lowered = reading[:1].lower() + reading[1:]
    return Shown.of(lowered) if isinstance(text, Shown) else lowered


def ended(text: str) -> str:
    """A reason that ends its sentence, with a full stop if it has none, so that the next
    sentence does not run on from it.

    >>> ended("a message's seal does not match")
    "a message's seal does not match."
    >>> ended("The other side played out of turn.")
    'The other side played out of turn.'
    """
    stripped = text.rstrip()
    return stripped if stripped.endswith((".", "!", "?", "…")) else f"{stripped}."


def clause(reason: object) -> str:
    """A reason (an error's words, often a sentence of its own) as a part of a sentence of
    ours, in parentheses or before a semicolon: without the full stop it may end with, so
    that it never reads "(Connection refused.)." or "refused.; trying again".

    >>> clause(ConnectionRefusedError("Connection was refused by other side: 111: Refused. "))
    'Connection was refused by other side: 111: Refused'
    >>> clause("no answer"), clause("is the host's game open?")
    ('no answer', "is the host's game open?")
    """
    return str(reason).rstrip().rstrip(".").rstrip()


def _joined_letters(text: str) -> str:
    """Arabic letters in the forms that join them (initial, medial, final): a terminal that
    gets them already in visual order cannot shape them itself."""
    import arabic_reshaper

    return str(arabic_reshaper.reshape(text))
