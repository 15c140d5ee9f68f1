"""The game in each of its languages: a short hot-seat game to the end, and no word that
overflows its place in the smallest terminal the game accepts (110x28)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import Button, Static
from textual.widgets._footer import FooterKey
from textual.widgets._toggle_button import ToggleButton

from nardy_tui.engine import Dice, Phase
from nardy_tui.i18n import LANGUAGES, _, reading_of, use_language, visual
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import MatchOverDialog
from nardy_tui.ui.sized import MIN_HEIGHT, MIN_WIDTH
from tests.ui.driver import burst, game_screen, keys_for, racing_move, roll_off, turn_keys
from tests.ui.scenes import nearly_won

SMALLEST = (MIN_WIDTH, MIN_HEIGHT)
HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=3)


def screen_under(app: NardyApp) -> Screen[object]:
    """The screen the command palette was opened on."""
    return app.screen_stack[-2]


def overflowing(screen: Screen[object]) -> list[str]:
    """Every word that does not fit its place: a widget reaching past the screen's edge, or
    a text, button or checkbox that needs more lines than it has. Scrolled content (the
    history, the help) is left out: it may be longer than its window."""
    width, height = screen.size
    found = []
    for widget in screen.query("*"):
        if (
            not widget.display
            or not widget.region.area
            or any(isinstance(ancestor, ScrollableContainer) for ancestor in widget.ancestors)
        ):
            continue
        region = widget.region
        if region.right > width or region.bottom > height:
            found.append(f"{widget!r} reaches past the screen: {region}")
        if isinstance(widget, Static | Button | ToggleButton):
            size = widget.content_size
            needed = widget.get_content_height(size, screen.size, size.width)
            if needed > size.height:
                found.append(f"{widget!r} needs {needed} lines, has {size.height}")
    return found + footer_overflowing(screen)


def footer_overflowing(screen: Screen[object]) -> list[str]:
    """The footer's keys that run under the palette's key, docked at its right (the footer
    scrolls, so they would be hidden there)."""
    keys = list(screen.query(FooterKey))
    palette = [key for key in keys if key.has_class("-command-palette")]
    edge = palette[0].region.x if palette else screen.size.width
    return [
        f"footer key {key.description!r} hidden under the palette key"
        for key in keys
        if key not in palette and key.region.right > edge
    ]


@pytest.mark.parametrize("code", list(LANGUAGES))
async def test_a_short_hot_seat_game_in_each_language_fits_the_smallest_terminal(code: str) -> None:
    use_language(code)
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        assert not overflowing(app.screen), "the new-match screen"
        app.start_match(HOT_SEAT)
        await pilot.pause()
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        await burst(pilot, "r")
        turn = match.turn
        assert turn is not None
        src, dst = racing_move(turn)
        await burst(pilot, *keys_for(src))
        assert screen.flow.selected == src
        assert not overflowing(screen), "a checker chosen, its destinations marked"
        await burst(pilot, *keys_for(dst))
        assert not overflowing(screen), "a step played"
        await burst(pilot, *turn_keys(match), "c", "r")
        turn = match.turn
        if turn is not None and not turn.is_pass:  # one step of the next turn
            src = turn.sources()[0]
            await burst(pilot, *keys_for(src), *keys_for(turn.routes(src)[0].dst))
            assert not turn.is_complete
            assert not overflowing(screen), "the most keys: steps to undo, a last play"

        app.start_match(HOT_SEAT, nearly_won(3, length=1))
        await pilot.pause()
        await burst(pilot, "c")
        dialog = app.screen
        assert isinstance(dialog, MatchOverDialog)
        assert not overflowing(dialog), "the match-over dialog"
        footer_words = {_("Roll"), _("Confirm"), _("Hint")}
        if code != "en":
            assert footer_words.isdisjoint({"Roll", "Confirm", "Hint"}), "keys translated"
            assert "wins the match" not in dialog.title_text


def test_a_record_written_in_any_language_is_the_same_and_replays_in_english(
    tmp_path: Path,
) -> None:
    from datetime import datetime

    from nardy_tui.storage import format_record, load_record

    match = nearly_won(3, length=1)
    match.commit()
    when = datetime(2026, 12, 1, 12, 0).astimezone()
    english = format_record(match, HOT_SEAT, when)
    for code in LANGUAGES:
        use_language(code)
        assert format_record(match, HOT_SEAT, when) == english, code
    use_language("en")
    written = tmp_path / "match.txt"
    written.write_text(english, encoding="utf-8")
    record = load_record(written)
    assert len(record.games[0].turns) == len(match.game.turns)


async def test_a_language_chosen_in_the_palette_redraws_the_game_and_is_remembered() -> None:
    from nardy_tui.storage import load_settings

    app = NardyApp(LaunchOptions(match=HOT_SEAT, resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        match = game_screen(pilot).match
        await burst(pilot, "r")
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        titles = {command.title for command in app.get_system_commands(screen_under(app))}
        assert "Language: Русский" in titles and "Language: English" not in titles
        commands = {
            command.title: command for command in app.get_system_commands(screen_under(app))
        }
        palette.dismiss()
        await pilot.pause()
        commands["Language: Русский"].callback()
        await pilot.pause()
        screen = game_screen(pilot)
        assert screen.match is match, "the same match goes on"
        footer = {binding.description for _, binding, *_ in screen.active_bindings.values()}
        assert {_("Roll"), _("Quit")} <= footer and _("Quit") != "Quit"
        app.change_language("he")
        await pilot.pause()
        footer = {
            binding.description for _, binding, *_ in game_screen(pilot).active_bindings.values()
        }
        assert _("Quit") in footer, "the app's own keys follow a second change too"
        assert load_settings().language == "he"


@pytest.mark.parametrize("change", ["language", "right-to-left setting"])
async def test_a_change_on_the_new_match_screen_redraws_it_and_start_still_starts(
    change: str,
) -> None:
    from textual.widgets import Checkbox, Select, Static

    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        if change == "language":
            app.screen.query_one("#language", Select).value = "el"
        else:
            app.screen.query_one("#reorder_rtl", Checkbox).toggle()
        await pilot.pause()
        await pilot.pause()
        title = str(app.screen.query_one("#new-match-title", Static).content)
        assert title == _("nardy · Long Nardy · new match")
        await pilot.press("s")
        await pilot.pause()
        assert game_screen(pilot).match.phase is Phase.ROLL_OFF, "the match starts"


@pytest.mark.parametrize(("code", "align"), [("he", "right"), ("ar", "right"), ("ru", "start")])
async def test_the_side_panels_read_from_the_right_in_hebrew_and_arabic(
    code: str, align: str
) -> None:
    use_language(code, reorder_rtl=True)
    app = NardyApp(LaunchOptions(match=HOT_SEAT, resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = game_screen(pilot)
        for selector in ("#info", "#history-title", "#history-text"):
            assert screen.query_one(selector).styles.text_align == align, selector


@pytest.mark.parametrize("code", ["he", "ar"])
async def test_the_news_under_the_compact_board_runs_from_the_right(code: str) -> None:
    """At 80x24 the score line starts at the right with "Match to 1", each player's name
    beside its own score, and the line is set to the right."""
    use_language(code, reorder_rtl=True)
    app = NardyApp(LaunchOptions(match=HOT_SEAT, resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        info = game_screen(pilot).query_one("#compact-info", Static)
        assert info.styles.text_align == "right"
        score_line = str(info.content).split("\n")[0]
        assert score_line.endswith(_("Match to {length}").format(length=1))
        white_name = visual(f"○ {reading_of(_('White'))} 0")
        assert white_name in score_line
        assert score_line.index(white_name) > score_line.index(_("pips"))


@pytest.mark.parametrize("code", list(LANGUAGES))
async def test_the_new_match_choices_keep_one_line_titles_at_80x24(code: str) -> None:
    """A title that wraps pushes its list a line down, out of step with the others."""
    use_language(code, reorder_rtl=True)
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        titles = list(app.screen.query(".group-title"))
        tops = {widget.region.y for widget in titles[:4]}  # the language is under them
        heights = [widget.region.height for widget in titles]
        assert heights == [1] * len(heights) and len(tops) == 1, (code, heights)


async def test_in_hebrew_the_palette_finds_a_command_typed_in_reading_order() -> None:
    """The titles are drawn in visual order; the player types in reading order."""
    from textual.command import CommandList

    use_language("he", reorder_rtl=True)
    app = NardyApp(LaunchOptions(match=HOT_SEAT, resume=False), pace=0)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        help_word = reading_of(_("Help"))
        await pilot.press(*help_word)
        found = app.screen.query_one(CommandList)
        for _attempt in range(50):
            await pilot.pause(0.05)
            if found.option_count:
                break
        titles = [
            str(found.get_option_at_index(index).prompt) for index in range(found.option_count)
        ]
        assert any(_("Help") in title for title in titles), titles


def test_in_hebrew_the_first_die_is_rightmost() -> None:
    from nardy_tui.ui.panels import dice_text

    assert dice_text(Dice(5, 3), [], ()).plain.split() == ["[5]", "[3]"]
    use_language("he", reorder_rtl=True)
    assert dice_text(Dice(5, 3), [5], ()).plain.split() == ["[3]", "·5·"]
