"""Each of ``ui/textual_patches``'s uses of Textual's private API, checked against the
Textual installed: a test fails if Textual removed or renamed what a patch overrides or
reads (run these before lifting the ``textual<8.3`` pin), and each patch still does what it
is for."""

from __future__ import annotations

import asyncio
import inspect
from typing import ClassVar

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.command import CommandList, CommandPalette
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList, RadioButton, RadioSet, Select
from textual.widgets.option_list import Option

from nardy_tui.ui import textual_patches
from nardy_tui.ui.textual_patches import (
    ClickedList,
    ExceptionHook,
    PageSafeSelect,
    SearchingPalette,
    StyledOnceWhenShown,
    SubmittingInput,
    footer_ready,
    highlight_button,
    node_bindings,
)
from tests.textual_seams import crash_of


def assert_overrides(patched: type, textual_class: type, name: str) -> None:
    """``patched.name`` overrides a method ``textual_class`` still has, with the same
    parameters."""
    theirs = getattr(textual_class, name, None)
    assert callable(theirs), f"Textual's {textual_class.__name__} has no {name} any more"
    ours = vars(patched)[name]
    assert list(inspect.signature(ours).parameters) == list(inspect.signature(theirs).parameters), (
        f"{textual_class.__name__}.{name} takes other parameters now"
    )


class OneWidgetApp(App[None]):
    def __init__(self, *widgets: Widget) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self.widgets


# -- the app's uncaught exceptions -----------------------------------------------------------


async def test_an_uncaught_exception_goes_to_the_apps_hook_first() -> None:
    assert_overrides(ExceptionHook, App, "_handle_exception")

    seen: list[Exception] = []

    class FailingApp(ExceptionHook, App[int]):
        def handle_uncaught(self, error: Exception) -> bool:
            seen.append(error)
            self.exit(return_code=3)
            return True

        def key_x(self) -> None:
            raise LookupError("a part went missing")

    app = FailingApp()
    async with app.run_test():
        app.post_message(events.Key("x", "x"))
        for _ in range(200):
            if app.return_code is not None:
                break
            await asyncio.sleep(0.01)
    assert [type(error) for error in seen] == [LookupError]
    assert app.return_code == 3 and crash_of(app) is None


# -- screens ---------------------------------------------------------------------------------


async def test_a_screen_first_shown_is_not_restyled_and_later_as_textual_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert_overrides(StyledOnceWhenShown, Screen, "_on_screen_resume")
    restyled: list[bool] = []
    textuals = Screen._on_screen_resume

    def handled(screen: Screen[None], event: events.ScreenResume) -> None:
        if isinstance(screen, Shown):
            restyled.append(event.refresh_styles)
        textuals(screen, event)

    monkeypatch.setattr(Screen, "_on_screen_resume", handled)

    class Shown(StyledOnceWhenShown, Screen[None]):
        pass

    app = OneWidgetApp()
    async with app.run_test() as pilot:
        shown = Shown()
        await app.push_screen(shown)
        await pilot.pause()
        shown.post_message(events.ScreenResume(refresh_styles=True))  # as switch_mode does
        await pilot.pause()
    assert restyled == [False, True]


# -- bindings --------------------------------------------------------------------------------


def test_a_nodes_own_bindings_are_its_copy_of_the_classes() -> None:
    class Keyed(Widget):
        BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "roll", "Roll")]

    node = Keyed()
    bindings = node_bindings(node)
    assert isinstance(bindings, BindingsMap)
    assert [binding.description for binding in bindings.key_to_bindings["r"]] == ["Roll"]
    assert node_bindings(Keyed()) is not bindings


async def test_the_footer_says_when_it_has_read_the_bindings() -> None:
    assert footer_ready(Footer()) is False
    app = OneWidgetApp(Footer())
    async with app.run_test() as pilot:
        await pilot.pause()
        assert footer_ready(app.query_one(Footer)) is True


# -- the command palette ---------------------------------------------------------------------


def test_the_palettes_list_still_pages_and_takes_clicks_where_it_is_patched() -> None:
    assert_overrides(ClickedList, OptionList, "_move_page")
    assert_overrides(ClickedList, OptionList, "_on_click")
    assert OptionList()._index_to_line == {}


async def test_paging_the_palette_list_before_it_is_laid_out_does_nothing() -> None:
    """ctrl+p then PageUp in one burst pages a list with no lines yet (a KeyError once)."""

    class ListApp(App[None]):
        CSS = "ClickedList { display: none; }"

        def compose(self) -> ComposeResult:
            yield ClickedList(Option("Roll"), Option("Hint"))

    app = ListApp()
    async with app.run_test() as pilot:
        commands = app.query_one(ClickedList)
        commands.highlighted = 1
        commands.action_page_up()
        commands.action_page_down()
        await pilot.pause()
        assert commands.highlighted == 1


async def test_the_palette_gathers_commands_where_it_is_patched_with_the_patched_list() -> None:
    assert_overrides(SearchingPalette, CommandPalette, "_gather_commands")
    app = App[None]()
    async with app.run_test() as pilot:
        app.push_screen(SearchingPalette())
        await pilot.pause()
        assert [type(found) for found in app.screen.query(CommandList)] == [ClickedList]


# -- the new-match screen's fields -----------------------------------------------------------


async def test_the_page_safe_select_is_laid_out_as_textuals_own() -> None:
    from textual.widgets._select import SelectCurrent, SelectOverlay

    assert_overrides(vars(textual_patches)["_PageSafeOverlay"], OptionList, "_move_page")
    options = [("English", "en"), ("Русский", "ru")]
    app = OneWidgetApp(Select(options, id="theirs"), PageSafeSelect(options, id="ours"))
    async with app.run_test() as pilot:
        await pilot.pause()
        theirs = [type(child) for child in app.query_one("#theirs").children]
        ours = [type(child) for child in app.query_one("#ours").children]
    assert theirs == [SelectCurrent, SelectOverlay]
    assert ours == [SelectCurrent, vars(textual_patches)["_PageSafeOverlay"]]
    assert Select(options, type_to_search=False)._type_to_search is False


async def test_enter_in_the_submitting_input_submits_what_is_typed_so_far() -> None:
    assert_overrides(SubmittingInput, Input, "_on_key")
    submitted: list[str] = []

    class FieldApp(OneWidgetApp):
        def on_input_submitted(self, event: Input.Submitted) -> None:
            submitted.append(event.value)

    app = FieldApp(SubmittingInput())
    async with app.run_test() as pilot:
        await pilot.press("a", "b", "enter")
        await pilot.pause()
    assert submitted == ["ab"]


async def test_a_radio_sets_highlight_is_put_on_the_button_asked_for() -> None:
    buttons = [RadioButton("Hot-seat"), RadioButton("Against the bot", value=True)]
    app = OneWidgetApp(RadioSet(*buttons))
    async with app.run_test() as pilot:
        radio_set = app.query_one(RadioSet)
        highlight_button(radio_set, 1)
        await pilot.pause()
        assert [button.has_class("-selected") for button in buttons] == [False, True]


# -- drawing ---------------------------------------------------------------------------------


def test_textual_still_asks_its_styles_cache_for_the_backgrounds_by_two_colours() -> None:
    from textual._styles_cache import StylesCache

    assert "self.get_inner_outer(base_background, background)" in inspect.getsource(
        StylesCache.render_line
    )
    assert StylesCache.get_inner_outer is textual_patches._inner_outer  # type: ignore[comparison-overlap]


async def test_a_widget_drawn_is_not_kept_by_the_backgrounds_cache_once_its_app_is_gone() -> None:
    import gc
    import weakref

    from textual._styles_cache import StylesCache

    class DrawnApp(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(value="drawn")

    async def draw() -> weakref.ref[StylesCache]:
        """The app runs in a task of its own, whose copy of the context (which names the
        active app) is let go with it."""
        app = DrawnApp()
        async with app.run_test(size=(30, 5)) as pilot:
            await pilot.pause()
            return weakref.ref(app.query_one(Input)._styles_cache)

    drawn = await asyncio.create_task(draw())
    gc.collect()
    assert drawn() is None
    assert textual_patches._backgrounds.cache_info().currsize > 0  # it was drawn
