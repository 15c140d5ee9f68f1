"""A visitor's browser picks the game's language by its Accept-Language header: the one
it prefers most of those the game speaks; a header not of the standard's form, or naming
none of them, picks nothing."""

from __future__ import annotations

import pytest

from nardy_tui.i18n import LANGUAGES
from nardy_tui.serve.language import LONGEST, browser_language


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("en-GB", "en"),
        ("HY", "hy"),
        ("de-DE, ro;q=0.5, el;q=0.4", "ro"),
        ("ar;q=0.5, he;q=0.8", "he"),
        ("el;q=0.5, ro;q=0.5", "el"),
        ("*, ru;q=0.1", "ru"),
        ("zh-Hant-TW, en;Q=1.000", "en"),
        (" ru , ,en ", "ru"),
    ],
)
def test_the_browsers_most_wanted_language_of_the_games_is_picked(
    header: str, language: str
) -> None:
    assert browser_language(header) == language


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        "de, fr;q=0.9",
        "ru;q=0",
        "*",
        "ru;q=2",
        "ru;q=0.5;q=0.4",
        "ru;level=1",
        "ru_RU",
        "../ru",
        "ru\r\nX: y",
        pytest.param("ru," * (LONGEST // 3 + 1), id="longer than a browser's"),
    ],
)
def test_a_header_of_another_form_or_without_the_games_languages_picks_nothing(
    header: str | None,
) -> None:
    assert browser_language(header) is None


def test_what_is_picked_is_always_one_of_the_games_codes() -> None:
    for code in LANGUAGES:
        assert browser_language(f"{code.upper()}-XX") in LANGUAGES
