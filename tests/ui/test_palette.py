"""The palette's setting commands (``ui/palette``), without an app: each offers a change
only, says what is in use now, and goes through the app's ways of changing a setting."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from textual.app import SystemCommand

from nardy_tui.i18n import use_language
from nardy_tui.storage import Animation, Settings, Switch, Tutor
from nardy_tui.ui.palette import TEXTUAL_COMMANDS, setting_commands, textual_commands


@dataclass
class Host:
    """The app as the setting commands see it, keeping what it was asked."""

    settings: Settings = field(default_factory=Settings)
    said: list[str] = field(default_factory=list)
    remembered: int = 0
    languages: list[str] = field(default_factory=list)

    def change_setting(self, switch: Switch, value: bool) -> None:
        self.settings.turn(switch, value)
        self.remembered += 1

    def change_language(self, code: str) -> None:
        self.languages.append(code)

    def remember_settings(self, said: str | None = None) -> None:
        self.remembered += 1
        if said is not None:
            self.said.append(said)

    def notify(self, message: str) -> None:
        self.said.append(message)


@pytest.fixture(autouse=True)
def in_english() -> Iterator[None]:
    use_language("en")
    yield
    use_language("en")


def commands(host: Host, with_languages: bool = False) -> dict[str, SystemCommand]:
    return {command.title: command for command in setting_commands(host, with_languages)}


def test_a_switch_command_says_its_state_and_turns_it_saying_so() -> None:
    host = Host()
    toggle = commands(host)["Toggle automatic rolling"]
    assert toggle.help == "Now off"
    toggle.callback()
    assert host.settings.auto_roll and host.remembered == 1
    assert host.said == ["Roll the dice automatically: on"]
    assert commands(host)["Toggle automatic rolling"].help == "Now on"


def test_only_the_other_animation_speeds_are_offered_and_one_is_remembered() -> None:
    host = Host()
    offered = [title for title in commands(host) if title.startswith("Bot animation")]
    assert len(offered) == len(Animation) - 1
    assert all(commands(host)[title].help == "Now normal" for title in offered)
    commands(host)["Bot animation: fast"].callback()
    assert host.settings.animation is Animation.FAST
    assert host.remembered == 1 and host.said == ["Bot animation: fast"]


def test_only_the_other_tutor_thresholds_are_offered_and_one_is_remembered() -> None:
    host = Host()
    offered = [title for title in commands(host) if title.startswith("Tutor:")]
    assert len(offered) == len(Tutor) - 1 and "Tutor: off" not in offered
    commands(host)[offered[0]].callback()
    assert host.settings.tutor is not Tutor.OFF and host.said == [offered[0]]


def test_languages_are_offered_only_where_the_screen_is_drawn_again_in_place() -> None:
    host = Host()
    assert not any(title.startswith("Language") for title in commands(host))
    languages = [title for title in commands(host, with_languages=True) if "Language" in title]
    assert "Language: Русский" in languages and "Language: English" not in languages
    commands(host, with_languages=True)["Language: Русский"].callback()
    assert host.languages == ["ru"]


def test_in_another_language_the_language_commands_keep_the_english_word() -> None:
    use_language("ru")
    titles = [title for title in commands(Host(), with_languages=True) if "English" in title]
    assert len(titles) == 1 and titles[0].endswith("English · Language")


def test_of_textuals_commands_only_the_theme_and_the_keys_are_kept() -> None:
    def nothing() -> None:
        pass

    textuals = [SystemCommand(title, "", nothing) for title in ("Theme", "Keys", "Quit")]
    kept = list(textual_commands(textuals))
    assert [command.title for command in kept] == [title for title, _ in TEXTUAL_COMMANDS.values()]
