"""The values a field of a JSON file may hold, each with what the file writes for it."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Generic, TypeVar

from nardy_tui.engine import MATCH_LENGTHS
from nardy_tui.options import BOT_LEVELS, COLOR_WORDS, LOCAL_MODES

T = TypeVar("T")

Held = str | int | bool
"""What a field holds in the file: a word, a number or a switch."""


class FileChoices(Generic[T]):
    """The values one field may take, by what the file holds for each.

    A value read must be of the held type as well as equal to it, so that a file's ``true``
    is not the 1 point nor its ``3.0`` the 3.

    >>> from nardy_tui.options import Mode
    >>> modes = FileChoices.of([Mode.HOT_SEAT, Mode.BOT])
    >>> modes.read("hot-seat")
    <Mode.HOT_SEAT: 'hot-seat'>
    >>> modes.written(Mode.BOT), str(modes)
    ('bot', 'hot-seat, bot')
    """

    def __init__(self, held: Iterable[tuple[Held, T]]) -> None:
        self._held = dict(held)

    @classmethod
    def of(cls, values: Iterable[T]) -> FileChoices[T]:
        """Values the file holds as themselves (an enum's member as its value)."""
        return cls((_held(value), value) for value in values)

    def read(self, held: object) -> T:
        """The value the file's ``held`` stands for; ValueError if it is none of them."""
        for word, value in self._held.items():
            if held == word and type(held) is type(word):
                return value
        raise ValueError(f"{held!r} is not one of {self}")

    def written(self, value: T) -> Held:
        """What the file holds for ``value`` (one of the choices)."""
        return next(word for word, known in self._held.items() if known == value)

    def __str__(self) -> str:
        return ", ".join(map(str, self._held))


def _held(value: object) -> Held:
    held = value.value if isinstance(value, Enum) else value
    if not isinstance(held, str | int):  # a bool is an int
        raise TypeError(f"a file cannot hold {value!r}")
    return held


MODES = FileChoices.of(LOCAL_MODES)
LEVELS = FileChoices.of(BOT_LEVELS)
COLORS = FileChoices(COLOR_WORDS.items())
POINTS = FileChoices.of(MATCH_LENGTHS)
"""A match's options as saves and settings hold them (a network match is saved apart)."""
