"""The command palette's commands that are not the game's own: Textual's theme and keys,
and the settings (the switches, the bot's animation, the tutor, the language).

The app offers them from ``get_system_commands``, Textual's documented hook for the
palette; the game screen adds the game's commands (``GameScreen.palette_commands``).
Each setting command offers only a change: the speeds, thresholds and languages other
than the one in use, each saying what is in use now.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Protocol, TypeVar

from textual.app import SystemCommand

from nardy_tui.i18n import LANGUAGES, N_, _, current_language, language_name
from nardy_tui.storage import Animation, Settings, Switch, Tutor
from nardy_tui.ui.setting_labels import ANIMATION_NAMES, SETTING_LABELS, TUTOR_NAMES

if TYPE_CHECKING:
    from textual.screen import Screen

    from nardy_tui.ui.game import GameScreen

TEXTUAL_COMMANDS = {
    "Theme": (N_("Theme"), N_("Change the colour theme")),
    "Keys": (N_("Keys"), N_("Show or hide the panel of keys")),
}
"""Textual's own palette commands worth keeping (the colour theme and the keys panel), with
our words for them, so they are translated too. Its others do not fit here: its quit skips
the question asked during a match, and maximizing or a screenshot mean nothing to a
player."""
Choice = TypeVar("Choice", bound=Enum)
"""A setting chosen among an enum's values (the animation's speed, the tutor's threshold)."""
SETTING_COMMANDS = (
    (Switch.AUTO_ROLL, N_("Toggle automatic rolling")),
    (Switch.AUTO_CONFIRM, N_("Toggle automatic confirming")),
    (Switch.AUTO_FORCED, N_("Toggle automatic forced plays")),
    (Switch.AUTO_FLIP, N_("Toggle turning the board to the mover (hot-seat)")),
    (Switch.REORDER_RTL, N_("Toggle putting right-to-left lines in reading order")),
)


class SettingsHost(Protocol):
    """What the setting commands change the settings through: the app."""

    settings: Settings

    def change_setting(self, switch: Switch, value: bool) -> None: ...

    def change_language(self, code: str) -> None: ...

    def remember_settings(self, said: str | None = None) -> None:
        """Write the settings for the next run, then say ``said``."""

    def notify(self, message: str) -> None: ...


def textual_commands(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Of Textual's own ``commands``, those worth keeping, in the player's language."""
    for command in commands:
        if command.title in TEXTUAL_COMMANDS:
            title, help_text = TEXTUAL_COMMANDS[command.title]
            yield SystemCommand(_(title), _(help_text), command.callback)


def setting_commands(host: SettingsHost, with_languages: bool) -> Iterator[SystemCommand]:
    """The switches, the bot's animation and the tutor; the languages too if
    ``with_languages`` (on a screen drawn again in place, ``redrawn_in_place``)."""
    settings = host.settings
    yield from _switch_commands(host)
    yield from _other_choices(  # the bot's animation speeds (remembered)
        settings.animation,
        _animation_said,
        _("Now {speed}").format(speed=_(ANIMATION_NAMES[settings.animation])),
        partial(_set_animation, host),
    )
    yield from _other_choices(  # the tutor's thresholds (remembered)
        settings.tutor,
        _tutor_said,
        _("Before a turn counts, the expert judges it. Now: {threshold}").format(
            threshold=_(TUTOR_NAMES[settings.tutor])
        ),
        partial(_set_tutor, host),
    )
    if with_languages:
        yield from _language_commands(host)


def game_commands_apply(
    stack: Sequence[Screen[object]], game: GameScreen, screen: Screen[object]
) -> bool:
    """Whether the palette opened on ``screen`` offers ``game``'s commands: on the game
    itself, and on the game-over dialog right on top of it (the next game)."""
    from nardy_tui.ui.dialogs import GameOverDialog

    if screen is game:
        return True
    return (
        isinstance(screen, GameOverDialog)
        and screen in stack
        and stack.index(screen) == stack.index(game) + 1
    )


def redrawn_in_place(screen: Screen[object]) -> bool:
    """Whether ``screen`` can be drawn again in another language at once: the game and
    the new-match screen (a dialog or the help first closes)."""
    from nardy_tui.ui.lazy import game_screen_type
    from nardy_tui.ui.newmatch import NewMatchScreen

    return isinstance(screen, (game_screen_type(), NewMatchScreen))


def _switch_commands(host: SettingsHost) -> Iterator[SystemCommand]:
    for switch, title in SETTING_COMMANDS:
        state = _("Now on") if host.settings.is_on(switch) else _("Now off")
        yield SystemCommand(_(title), state, partial(_toggle, host, switch))


def _toggle(host: SettingsHost, switch: Switch) -> None:
    host.change_setting(switch, not host.settings.is_on(switch))
    label = _(SETTING_LABELS[switch])
    said = _("{setting}: on") if host.settings.is_on(switch) else _("{setting}: off")
    host.notify(said.format(setting=label))


def _set_animation(host: SettingsHost, animation: Animation) -> None:
    host.settings.animation = animation
    host.remember_settings(_animation_said(animation))


def _animation_said(animation: Animation) -> str:
    return _("Bot animation: {speed}").format(speed=_(ANIMATION_NAMES[animation]))


def _set_tutor(host: SettingsHost, tutor: Tutor) -> None:
    host.settings.tutor = tutor
    host.remember_settings(_tutor_said(tutor))


def _tutor_said(tutor: Tutor) -> str:
    return _("Tutor: {threshold}").format(threshold=_(TUTOR_NAMES[tutor]))


def _other_choices(
    chosen: Choice, title: Callable[[Choice], str], now: str, choose: Callable[[Choice], None]
) -> Iterator[SystemCommand]:
    """A command for each value of ``chosen``'s enum but ``chosen``, saying what is ``now``."""
    for choice in type(chosen):
        if choice is not chosen:
            yield SystemCommand(title(choice), now, partial(choose, choice))


def _language_commands(host: SettingsHost) -> Iterator[SystemCommand]:
    """One command per other language, each named in itself, under "Language" (and the
    English word too, so that a player lost in a language they cannot read finds the
    way back by typing "lang")."""
    in_english = "" if current_language() == "en" else " · Language"
    for code in LANGUAGES:
        if code != current_language():
            name = language_name(code)
            yield SystemCommand(
                _("Language: {name}").format(name=name) + in_english,
                _("Play in {name} from now on").format(name=name),
                partial(host.change_language, code),
            )
