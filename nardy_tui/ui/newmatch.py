"""The new-match screen: who plays, the bot's level, your colour, the match length, the
language, and (for practice) a position to start from; or the way to a friend on another
machine (``network_friend``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, RadioButton, RadioSet, Select, Static

from nardy_tui.engine import MATCH_LENGTHS, Position, Side
from nardy_tui.i18n import LANGUAGES, N_, _, current_language, language_name, ngettext
from nardy_tui.options import (
    BOT_LEVELS,
    LOCAL_MODES,
    Level,
    MatchOptions,
    Mode,
    NetworkLaunch,
    OnlineLaunch,
)
from nardy_tui.play import level_name
from nardy_tui.storage import Settings, Switch
from nardy_tui.ui.closing import ClosesOnce
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.setting_labels import SETTING_LABELS
from nardy_tui.ui.sized import MIN_WIDTH, SizedScreenOf
from nardy_tui.ui.startup import saved_with_friend
from nardy_tui.ui.textual_patches import PageSafeSelect, SubmittingInput, highlight_button
from nardy_tui.ui.translated import translate_bindings

MODE_NAMES = {Mode.HOT_SEAT: N_("Hot-seat"), Mode.BOT: N_("Against the bot")}
COLOR_NAMES = {Side.WHITE: N_("White"), Side.BLACK: N_("Black"), None: N_("Random")}
COLORS = tuple(COLOR_NAMES)


class MarkedRadioButton(RadioButton):
    """A radio button whose dot is drawn only when chosen, so it reads without colour.

    Textual's own draws the same dot either way and tells them apart by colour alone.
    """

    MARK = "●"

    def __init__(self, label: str, value: bool = False) -> None:
        super().__init__(label, value)
        self.BUTTON_INNER = self._mark()

    def _mark(self) -> str:
        return self.MARK if self.value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self._mark()
        super().watch_value()


class MarkedCheckbox(Checkbox):
    """A checkbox with a tick only when on (Textual's shows an X either way)."""

    def __init__(self, label: str, value: bool, *, id: str) -> None:
        super().__init__(label, value, id=id, compact=True)
        self.BUTTON_INNER = self._mark()

    def _mark(self) -> str:
        return "✓" if self.value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self._mark()
        super().watch_value()


class ChoiceSet(RadioSet):
    """A radio set whose keyboard highlight starts on the chosen button.

    Textual starts it on the first button, so the first arrow key seemed to do nothing (seen
    in a real terminal). The set sets this up itself once its own mount handling (which
    highlights the first button) is done, so it holds however its screen is mounted.
    """

    def on_mount(self) -> None:
        self.call_later(self._highlight_pressed)

    def _highlight_pressed(self) -> None:
        highlight_button(self, self.pressed_index)


class PositionInput(SubmittingInput):
    """The field for a practice game's position ID: Enter submits the ID as typed so far
    (``SubmittingInput``), never with a key typed after it."""


class LanguageSelect(PageSafeSelect):
    """The language choice, whose page keys never fail (``PageSafeSelect``)."""


def choice_set(set_id: str, labels: list[str], chosen: int) -> RadioSet:
    """A set of ``labels`` to choose one of, ``chosen`` at first."""
    return ChoiceSet(
        *(MarkedRadioButton(label, value=index == chosen) for index, label in enumerate(labels)),
        id=set_id,
    )


def choice_group(title: str, choice: RadioSet | Select[str] | Input) -> Vertical:
    """A choice under its title, as a box of the choices' row."""
    return Vertical(Static(title, classes="group-title"), choice, classes="group")


def _index(choices: Sequence[object], chosen: object) -> int:
    """Where the remembered choice is among ``choices`` (the settings file checked it)."""
    return list(choices).index(chosen) if chosen in choices else 0


@dataclass(frozen=True, slots=True)
class MatchChoice:
    """What the new-match screen starts: a match with ``options`` from the opening, or a
    practice game from the position ID ``start``."""

    options: MatchOptions
    start: str | None = None


WIDE = 110
"""Columns from which the five choices stand side by side."""
NEW_MATCH_WIDTHS: list[tuple[int, str]] = [
    (0, "-portrait"),
    (MIN_WIDTH, "-narrow"),
    (WIDE, "-wide"),
]
"""The screen's breakpoints (Textual's): below ``WIDE`` columns the choices do not fit side
by side with their words whole, so the language goes under the other four and the gaps
shrink (``-narrow``: the whole screen still fits 80 by 24); a narrower terminal (a phone)
gets two choices a row and the buttons one under another (``-portrait``)."""


class NewMatchScreen(ClosesOnce, SizedScreenOf[MatchChoice | NetworkLaunch | OnlineLaunch | None]):
    """Choose how to play; Start (or s) dismisses the screen with the match's options,
    "A friend" (or f) with the match with a friend on another machine chosen there,
    "Someone online" (or o) with the lobby server chosen there.

    Reached from the question whether to resume a saved match, Escape goes back to it (the
    saved match is kept until a new one starts).

    Up and Down move between the settings' checkboxes and the Start button, as they move
    within a radio set (which keeps them for its own buttons); only Tab did.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", N_("Start")),
        Binding("f", "friend", N_("A friend")),
        Binding("o", "online", N_("Online")),
        Binding("escape", "back", N_("Back")),
        Binding("question_mark,f1", "app.help", N_("Help")),
        Binding("down", "app.focus_next", N_("Next"), show=False),
        Binding("up", "app.focus_previous", N_("Previous"), show=False),
    ]
    AUTO_FOCUS = "#mode"
    HORIZONTAL_BREAKPOINTS = NEW_MATCH_WIDTHS

    def __init__(
        self,
        settings: Settings,
        change_setting: Callable[[Switch, bool], None],
        change_language: Callable[[str], None],
        seed: int | None = None,
        back: Callable[[], None] | None = None,
        friend_code: str | None = None,
    ) -> None:
        """``settings`` gives the choices made last and the switches, which a tick changes
        at once through ``change_setting`` (name, value); choosing a language calls
        ``change_language`` (its code), which draws this screen again in it. ``back``, if
        given, is where Escape leads: the screen is dismissed with None and it is called.
        ``friend_code``: a friend's code to join (their link's), on the friend screen
        opened over this one at once."""
        super().__init__()
        translate_bindings(self)
        self.settings = settings
        self._change_setting = change_setting
        self._change_language = change_language
        self.seed = seed
        self.back = back
        self.friend_code = friend_code

    def compose_main(self) -> ComposeResult:
        settings = self.settings
        with Vertical(id="new-match"):
            yield Static(_("nardy · Long Nardy · new match"), id="new-match-title")
            with Horizontal(id="choices"):
                yield choice_group(
                    _("Mode"),
                    choice_set(
                        "mode",
                        [_(MODE_NAMES[mode]) for mode in LOCAL_MODES],
                        _index(LOCAL_MODES, settings.last_match.mode),
                    ),
                )
                yield choice_group(
                    _("Bot level"),
                    choice_set(
                        "level",
                        [level_name(level) for level in BOT_LEVELS],
                        _index(BOT_LEVELS, settings.last_match.bot_level),
                    ),
                )
                yield choice_group(
                    _("Your colour"),
                    choice_set(
                        "color",
                        [_(COLOR_NAMES[color]) for color in COLORS],
                        _index(COLORS, settings.last_match.color),
                    ),
                )
                yield choice_group(
                    _("Match length"),
                    choice_set(
                        "length",
                        [
                            ngettext("{count} point", "{count} points", n).format(count=n)
                            for n in MATCH_LENGTHS
                        ],
                        _index(MATCH_LENGTHS, settings.last_match.points),
                    ),
                )
                yield choice_group(
                    _("Language"),
                    LanguageSelect(
                        [(language_name(code), code) for code in LANGUAGES],
                        value=current_language(),
                        allow_blank=False,
                        id="language",
                    ),
                )
                yield choice_group(
                    _("Practice from"),
                    # In a box as the language's choice beside it is: a compact field's
                    # placeholder read as the second line of its label.
                    PositionInput(placeholder=_("position ID"), max_length=40, id="position"),
                )
            with Vertical(id="settings"):
                for switch, label in SETTING_LABELS.items():
                    yield MarkedCheckbox(_(label), settings.is_on(switch), id=switch.value)
            with Horizontal(id="start-row"):
                yield Button(_("Start the match (s)"), id="start", variant="primary")
                yield Button(_("A friend on another machine (f)"), id="friend")
                yield Button(_("Someone online (o)"), id="online")
        yield KeysFooter()

    def ready(self) -> None:
        self._update_bot_choices()
        if self.friend_code is not None:
            self.action_friend(self.friend_code)

    @on(RadioSet.Changed, "#mode")
    def _update_bot_choices(self) -> None:
        """Level and colour only matter against the bot."""
        against_bot = self._chosen("mode") == 1
        for set_id in ("level", "color"):
            self.query_one(f"#{set_id}", RadioSet).disabled = not against_bot

    @on(Checkbox.Changed)
    def _setting_changed(self, event: Checkbox.Changed) -> None:
        self._change_setting(Switch(str(event.checkbox.id)), event.value)

    @on(Select.Changed, "#language")
    def _language_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != current_language():
            self._change_language(event.value)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape is a key here only when there is somewhere to go back to."""
        if action == "back" and self.back is None:
            return False
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#position")
    def _position_submitted(self, event: Input.Submitted) -> None:
        """Enter in the field starts with the ID as it was then (``PositionInput``)."""
        self.action_start(event.value)

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#friend")
    def _friend_pressed(self) -> None:
        self.action_friend()

    def action_friend(self, code: str = "") -> None:
        """Join a friend's match by its code (``code`` filled in), host one of the length
        chosen here, or go on with the unfinished one. The friend screen is imported
        here, and the network layer with it: the new-match screen's first frame needs
        neither."""
        from nardy_tui.ui.network_friend import FriendScreen

        points = MATCH_LENGTHS[self._chosen("length")]
        unfinished = saved_with_friend(partial(self.notify, severity="warning"))
        self.app.push_screen(FriendScreen(points, unfinished, code), self._friend_chosen)

    def _friend_chosen(self, launch: NetworkLaunch | None) -> None:
        if launch is not None:
            self.dismiss(launch)

    @on(Button.Pressed, "#online")
    def action_online(self) -> None:
        """Play on a lobby server: its address and this player's name there are asked,
        the last ones used filled in. A game served to a browser plays on the lobby its
        server names (``nardy serve --lobby``) and no other: a visitor must not make the
        server connect where they like. The lobby's modules are imported here: the
        new-match screen's first frame needs none of them."""
        from nardy_tui.play import Registrations, served_lobby
        from nardy_tui.storage import data_dir
        from nardy_tui.ui.server_dialog import ServerDialog

        url, name = Registrations(data_dir()).last() or ("", "")
        fixed = served_lobby() if self.app.is_web else None
        if self.app.is_web and fixed is None:
            self.notify(_("This page offers no lobby to play strangers on."), severity="warning")
            return

        def chosen(answer: tuple[str, str] | None) -> None:
            if answer is not None:
                self.dismiss(OnlineLaunch(*answer))

        self.app.push_screen(ServerDialog(fixed or url, name, fixed=fixed is not None), chosen)

    def action_start(self, typed: str | None = None) -> None:
        options = MatchOptions(
            mode=LOCAL_MODES[self._chosen("mode")],
            bot_level=BOT_LEVELS[self._chosen("level")],
            color=COLORS[self._chosen("color")],
            points=MATCH_LENGTHS[self._chosen("length")],
            seed=self.seed,
        )
        if typed is None:
            typed = self.query_one("#position", Input).value
        start = typed.strip() or None
        if start is not None:
            try:
                position = Position.from_id(start)
            except ValueError as error:
                self.notify(str(error), severity="error")
                return
            if position.winner is not None:
                self.notify(
                    _("The game is over in that position: choose another."), severity="error"
                )
                return
            options = replace(options, points=1)
        if options.mode is Mode.BOT and options.bot_level is Level.EXPERT:
            from nardy_tui.bot import expert_problem

            problem = expert_problem()
            if problem is not None:
                self.notify(
                    _("{problem}. Choose another level.").format(problem=problem), severity="error"
                )
                return
        self.dismiss(MatchChoice(options, start))

    def _chosen(self, set_id: str) -> int:
        index = self.query_one(f"#{set_id}", RadioSet).pressed_index
        return max(index, 0)
