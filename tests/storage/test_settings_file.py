"""The settings file keeps the words and keys it always had, whatever types hold them."""

from __future__ import annotations

import json
from dataclasses import fields

from nardy_tui.engine import Side
from nardy_tui.options import Level, MatchOptions, Mode
from nardy_tui.storage import (
    Animation,
    Settings,
    Switch,
    Tutor,
    load_settings,
    save_settings,
    settings_path,
)

WRITTEN_BEFORE = """{
  "auto_roll": true,
  "auto_confirm": false,
  "auto_forced": false,
  "auto_flip": true,
  "reorder_rtl": false,
  "language": "ru",
  "mode": "bot",
  "bot_level": "hard",
  "color": "random",
  "points": 5,
  "animation": "fast",
  "tutor": "error"
}
"""
"""A settings file as the release before typed options wrote it."""


def write(text: str) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(text, encoding="utf-8")


def test_a_file_written_before_loads_with_the_last_match_typed() -> None:
    write(WRITTEN_BEFORE)
    settings = load_settings()
    last = settings.last_match
    assert last.mode is Mode.BOT and last.bot_level is Level.HARD
    assert last.color is None and last.points == 5 and last.seed is None
    assert settings.is_on(Switch.AUTO_ROLL) and not settings.is_on(Switch.REORDER_RTL)
    assert settings.language == "ru"
    assert settings.animation is Animation.FAST and settings.tutor is Tutor.ERROR


def test_saving_writes_the_same_file_again() -> None:
    write(WRITTEN_BEFORE)
    save_settings(load_settings())
    assert settings_path().read_text(encoding="utf-8") == WRITTEN_BEFORE


def test_a_wrong_match_choice_is_its_default_and_the_others_are_kept() -> None:
    stored = json.loads(WRITTEN_BEFORE)
    for name, wrong in (("mode", "network"), ("bot_level", "random"), ("color", "purple")):
        write(json.dumps({**stored, name: wrong}))
        last = load_settings().last_match
        default = getattr(MatchOptions(), name)
        assert getattr(last, name) == default
        assert last.points == 5


def test_a_points_value_of_another_type_is_the_default() -> None:
    for wrong in ("true", "5.0", '"5"'):
        write(f'{{"points": {wrong}}}')
        assert load_settings().last_match.points == MatchOptions().points


def test_against_the_bot_every_choice_is_remembered_but_the_seed() -> None:
    settings = Settings()
    settings.remember(MatchOptions(Mode.BOT, Level.EXPERT, Side.BLACK, points=7, seed=12))
    assert settings.last_match == MatchOptions(Mode.BOT, Level.EXPERT, Side.BLACK, points=7)


def test_a_hot_seat_match_keeps_the_bots_level_and_colour_as_they_were() -> None:
    settings = Settings(last_match=MatchOptions(Mode.BOT, Level.HARD, None, points=5))
    settings.remember(MatchOptions(Mode.HOT_SEAT, points=1))
    assert settings.last_match == MatchOptions(Mode.HOT_SEAT, Level.HARD, None, points=1)


def test_every_switch_is_a_setting_that_is_on_or_off() -> None:
    kinds = {field.name: field.type for field in fields(Settings)}
    assert all(kinds[switch.value] == "bool" for switch in Switch)
    settings = Settings()
    for switch in Switch:
        settings.turn(switch, True)
        assert settings.is_on(switch)
