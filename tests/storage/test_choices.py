"""A file holds each choice by its word (an enum's value); reading one back is strict."""

from __future__ import annotations

import pytest

from nardy_tui.engine import Side
from nardy_tui.options import Level, Mode
from nardy_tui.storage.choices import COLORS, LEVELS, MODES, POINTS, FileChoices


def test_an_enum_is_held_by_its_value_as_a_plain_word() -> None:
    assert MODES.read("hot-seat") is Mode.HOT_SEAT
    assert LEVELS.read("expert") is Level.EXPERT
    written = MODES.written(Mode.BOT)
    assert written == "bot" and type(written) is str


def test_a_random_colour_is_none_and_is_written_random() -> None:
    assert COLORS.read("random") is None
    assert COLORS.written(None) == "random"
    assert COLORS.read("black") is Side.BLACK and COLORS.written(Side.WHITE) == "white"


def test_the_file_holds_no_network_mode_nor_the_arenas_level() -> None:
    with pytest.raises(ValueError):
        MODES.read("network")
    with pytest.raises(ValueError):
        LEVELS.read("random")


def test_a_value_of_another_type_is_refused_though_python_finds_it_equal() -> None:
    for held in (True, 3.0, "3"):
        with pytest.raises(ValueError):
            POINTS.read(held)
    assert POINTS.read(3) == 3
    assert FileChoices.of((True, False)).read(False) is False


def test_the_choices_name_their_words_in_order() -> None:
    assert str(COLORS) == "white, black, random"
    assert str(LEVELS) == "easy, medium, hard, expert"
