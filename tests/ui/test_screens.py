"""Start-up, the new-match screen, resuming, dialogs, help, the size guard, the palette."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import pytest
from textual.widgets import Button, Static
from textual.widgets._footer import FooterKey

from nardy_tui.engine import Match, Phase
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.storage import load_saved, records_dir, save_match
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import GiveUpSavedDialog, NoticeDialog, QuitDialog, ResumeDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.help import HelpScreen, help_markdown
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.textual_seams import crash_of, notifications
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, resize, roll_off

SIZE = (120, 40)


async def test_new_match_screen_starts_a_hot_seat_match() -> None:
    app = NardyApp(LaunchOptions(seed=4, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.click("#mode > RadioButton")  # the first choice: hot-seat
        await burst(pilot, "s")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.options.mode is Mode.HOT_SEAT and screen.options.seed == 4
        assert screen.flow.hot_seat and screen.match.length == 3


async def test_an_unfinished_match_is_offered_for_resuming() -> None:
    options = MatchOptions(mode=Mode.HOT_SEAT, points=5, seed=9)
    match = Match(length=5, seed=9)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    match.roll()
    save_match(match, options)
    app = NardyApp(LaunchOptions(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ResumeDialog)
        await burst(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match.length == 5 and screen.match.phase is Phase.MOVE
        assert screen.match.dice == match.dice


async def test_a_new_match_in_place_of_the_saved_one_is_asked_once_more() -> None:
    """n, then Escape (or n, or Enter) on "Give up the saved match?" goes back to the
    question, the match untouched."""
    options = MatchOptions(mode=Mode.HOT_SEAT, points=5, seed=9)
    match = Match(length=5, seed=9)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    save_match(match, options)
    app = NardyApp(LaunchOptions(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        assert isinstance(app.screen, GiveUpSavedDialog)
        await burst(pilot, "escape")
        assert isinstance(app.screen, ResumeDialog), "the saved match is offered again"
        await burst(pilot, "n")
        await burst(pilot, "enter")
        assert isinstance(app.screen, ResumeDialog), "Enter is Back: nothing given up"
        await burst(pilot, "r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match.length == 5 and screen.match.position == match.position


async def test_a_saved_match_given_up_for_a_new_one_is_kept_as_a_record() -> None:
    match = Match(length=5, seed=9)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    save_match(match, MatchOptions(mode=Mode.HOT_SEAT, points=5, seed=9))
    app = NardyApp(LaunchOptions(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        await burst(pilot, "y")
        assert isinstance(app.screen, NewMatchScreen)
        assert not app.screen.check_action("back", ()), "nothing is saved to go back to"
        [record] = records_dir().iterdir()
        await burst(pilot, "s")
        assert isinstance(app.screen, GameScreen)
    assert "Match to 5 points" in record.read_text()
    saved = load_saved()
    assert saved is not None and saved.match.length == 3, "the new match is the one saved"


async def test_escape_on_the_first_new_match_screen_leads_nowhere() -> None:
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "escape")
        assert isinstance(app.screen, NewMatchScreen)
        assert not app.screen.check_action("back", ()), "nothing to go back to"


async def test_every_step_is_saved_and_resume_true_skips_the_question() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = await roll_off(pilot)
        await burst(pilot, "r")
        saved = load_saved()
        assert saved is not None and saved.match.dice == match.dice
    again = NardyApp(LaunchOptions(resume=True), pace=0)
    async with again.run_test(size=SIZE):
        screen = again.screen
        assert isinstance(screen, GameScreen) and screen.match.dice == match.dice


def _size(width: int, height: int) -> str:
    return f"{width}\N{MULTIPLICATION SIGN}{height}"


@pytest.mark.parametrize(
    ("size", "minimum"),
    [
        ((70, 20), _size(40, 26)),
        ((39, 50), _size(40, 26)),
        ((85, 22), _size(80, 24)),
        ((100, 18), _size(90, 20)),
    ],
    ids=["narrow and short", "too narrow", "too short", "short and wide"],
)
async def test_a_small_terminal_asks_to_be_enlarged_to_the_nearest_layout_and_recovers(
    size: tuple[int, int], minimum: str
) -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        enlarge = screen.query_one("#enlarge")
        assert enlarge.display and f"enlarge the terminal to at least {minimum}" in str(
            enlarge.content
        )
        assert not screen.query_one("#main").display
        await resize(pilot, *SIZE)
        assert not enlarge.display and screen.query_one("#main").display
        assert app.focused is screen.query_one("#board")


async def test_help_opens_and_closes() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_quitting_mid_match_asks_first() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("right", "enter")  # "Keep playing", beside the focused Quit
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q", "enter")
    assert app.return_value == 0


async def test_quitting_in_a_browser_says_the_page_goes_on_with_the_match_not_a_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(NardyApp, "is_web", property(lambda _app: True))
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        words = " ".join(str(widget.content) for widget in app.screen.query(Static))
        assert "open this page again in this browser" in words and "--resume" not in words


async def test_the_command_palette_offers_the_game_actions_that_apply() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {
            "Roll the dice",
            "Flip the board",
            "Export the match record",
            "Toggle automatic rolling",
            "Help",
            "New match",
            "Quit",
            "Theme",
            "Keys",
        } <= titles
        assert not titles & {"Confirm the turn", "Undo one step", "Hint", "Maximize", "Screenshot"}
        await roll_off(pilot)
        await burst(pilot, "r")
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Hint", "Flip the board"} <= titles and "Roll the dice" not in titles
        quit_help = {
            command.title: command.help for command in app.get_system_commands(app.screen)
        }["Quit"]
        assert "as soon as possible" not in quit_help


async def test_game_keys_do_nothing_while_the_terminal_is_too_small() -> None:
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = app.screen.match  # type: ignore[attr-defined]
        await roll_off(pilot)
        board = app.screen.board  # type: ignore[attr-defined]
        view = board.view
        await resize(pilot, 80, 20)
        assert app.screen.query_one("#enlarge").display
        await burst(pilot, "r", "2", "4", "f", "c")
        assert match.phase is Phase.ROLL and match.dice is None
        assert board.view is view
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Roll the dice" not in titles and "Flip the board" not in titles
        app.action_help()  # a screen above closes: Textual gives the board focus again
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        await burst(pilot, "r", "f")
        assert match.phase is Phase.ROLL and board.view is view
        await resize(pilot, *SIZE)
        await burst(pilot, "r")
        assert match.phase is Phase.MOVE


async def test_in_the_smallest_full_layout_the_panels_fit_and_turns_do_not_wrap() -> None:
    """Both panels keep their right border, and a turn's line stays on one line."""
    from nardy_tui.ui.sized import FULL_LAYOUT
    from tests.ui.driver import turn_keys

    MIN_WIDTH, MIN_HEIGHT = FULL_LAYOUT
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        screen = app.screen
        assert not screen.query_one("#enlarge").display
        match = screen.match  # type: ignore[attr-defined]
        await roll_off(pilot)
        await burst(pilot, "r")
        await burst(pilot, *turn_keys(match), "c")
        for panel in ("#info", "#history"):
            assert screen.query_one(panel).region.right <= MIN_WIDTH
        text = screen.query_one("#history-text")
        lines = str(text.content).splitlines()
        assert f"  1. {screen.flow.reader.turn(match.game.turns[0])}" in lines
        throw = match.game.roll_offs[-1]
        assert f"  roll-off: White {throw.white}, Black {throw.black}" in lines
        assert text.virtual_size.height == len(lines)


async def test_the_history_stays_at_the_latest_turn_after_a_resize() -> None:
    """A long game (its first turns played by the engine), a turn by keys, then a resize."""
    from tests.ui.driver import play_turn
    from tests.ui.scenes import in_the_bear_off

    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1)
    app = NardyApp(LaunchOptions(match=options, resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(options, in_the_bear_off(seed=1))
        await pilot.pause()
        history = app.screen.query_one("#history")
        await play_turn(pilot)
        await pilot.pause()
        assert history.max_scroll_y >= 4 and history.scroll_y == history.max_scroll_y
        await resize(pilot, SIZE[0], SIZE[1] - 8)
        assert history.max_scroll_y > 4 and history.scroll_y == history.max_scroll_y


async def test_a_screen_replaced_before_it_finished_mounting_stays_quiet() -> None:
    """A burst can open a screen and another over it before the first has mounted."""
    from textual.screen import Screen

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for opened in (app.action_new_match, partial(app.start_match, launch.match)):
            opened()
            app.switch_screen(Screen())
            await pilot.pause()
            assert crash_of(app) is None
            assert type(app.screen) is Screen


async def test_a_mouse_press_on_a_widget_removed_since_the_last_frame_is_dropped() -> None:
    """Textual would start a text selection in the widget and fail on its missing parent."""
    from textual import events
    from textual.widgets import Static

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        status = app.screen.query_one("#status", Static)
        x, y = status.region.offset
        await status.remove()
        app.post_message(
            events.MouseDown(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
        )
        await pilot.pause()
        assert crash_of(app) is None


async def test_a_click_on_a_command_no_longer_listed_is_ignored() -> None:
    """A burst can refill the palette's list between the frame clicked on and the click."""
    from rich.style import Style
    from textual import events
    from textual.command import CommandList

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "ctrl+p")
        commands = app.screen.query_one(CommandList)
        for _ in range(100):  # the palette fills its list in a worker: wait for it (slow CI)
            if commands.option_count:
                break
            await pilot.pause(0.05)
        x, y = commands.region.offset
        stale = events.Click(
            commands,
            0,
            0,
            0,
            0,
            1,
            False,
            False,
            False,
            screen_x=x,
            screen_y=y,
            style=Style(meta={"option": commands.option_count}),
        )
        commands.post_message(stale)
        await pilot.pause()
        assert crash_of(app) is None
        assert app.screen.query_one(CommandList) is commands


async def test_a_resumed_turn_that_is_complete_can_be_confirmed() -> None:
    """Every step is saved, so a player may quit with a complete, unconfirmed turn."""
    from tests.ui.scenes import HOT_SEAT, nearly_won

    match = nearly_won(HOT_SEAT.seed or 0)
    save_match(match, HOT_SEAT)
    app = NardyApp(LaunchOptions(resume=True), pace=0)
    app.settings.auto_forced = True
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "c")
        assert app.screen.__class__.__name__ == "GameOverDialog"


async def match_over_text(home: Path) -> str:
    """Confirm the winning turn of a one-point match: the match-over dialog's text."""
    from nardy_tui.ui.dialogs import MatchOverDialog
    from tests.ui.scenes import nearly_won

    save_match(nearly_won(7, length=1), MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=7))
    app = NardyApp(LaunchOptions(resume=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "c")
        dialog = app.screen
        assert isinstance(dialog, MatchOverDialog) and crash_of(app) is None
        return str(dialog.query_one(".dialog-body", Static).content)


async def test_n_means_a_new_match_on_the_dialogs_button_and_on_the_final_board(
    private_home: Path,
) -> None:
    from nardy_tui.ui.dialogs import MatchOverDialog
    from tests.ui.scenes import nearly_won

    save_match(nearly_won(7, length=1), MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=7))
    app = NardyApp(LaunchOptions(resume=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "c")
        buttons = [str(button.label) for button in app.screen.query(Button)]
        assert "New match (n)" in buttons
        await burst(pilot, "escape")
        footer = {key.key: key.description for key in app.screen.query(FooterKey)}
        assert footer["n"] == "New match" and footer["m"] == "Match result"
        await burst(pilot, "m")
        assert isinstance(app.screen, MatchOverDialog)
        await burst(pilot, "escape")
        await burst(pilot, "n")
        assert isinstance(app.screen, NewMatchScreen)


async def test_a_finished_match_leaves_its_record(private_home: Path) -> None:
    text = await match_over_text(private_home)
    records = list((private_home / "records").glob("*.txt"))
    assert len(records) == 1
    assert "Match result: " in records[0].read_text(encoding="utf-8")
    # The folder and the file's name on lines of their own: the name is never broken.
    assert f"Record written to:\n{records[0].parent}{os.sep}\n{records[0].name}" in text
    assert not (private_home / "match.json").exists()


async def test_a_record_that_cannot_be_written_is_reported_in_the_dialog(
    private_home: Path,
) -> None:
    (private_home / "records").write_text("a file where the folder should be")
    text = await match_over_text(private_home)
    assert "Could not write the record" in text
    # Nothing is lost: the finished match stays saved, to be shown (and written) again.
    assert "stays saved" in text
    saved = load_saved()
    assert saved is not None and saved.match.phase is Phase.MATCH_OVER


async def test_the_theme_chooser_closes_once_leaving_the_game_under_it() -> None:
    """The palette's Theme command opens a chooser; two quick closes must not pop the game."""
    from nardy_tui.ui.closing import Palette

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.search_themes()
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, Palette)
        chooser.dismiss()
        chooser.dismiss()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_palette_survives_a_terminal_only_a_few_columns_wide() -> None:
    """The fuzz test once shrank the terminal to 4 columns under the open palette: its list
    wrapped the commands' words to no columns at all, and Rich 15 raised a ValueError."""
    from nardy_tui.ui.closing import Palette

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "ctrl+p")
        for width in range(10, 0, -1):
            await resize(pilot, width, 17)
            assert crash_of(app) is None, f"{width} columns: {crash_of(app)!r}"
        await resize(pilot, *SIZE)
        assert isinstance(app.screen, Palette)
        await burst(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_after_a_too_small_terminal_grows_again_the_board_has_the_keys() -> None:
    """Issue 10: after 'Please enlarge', digits, arrows and Enter did nothing and the footer
    lost Choose and Flip view, until Tab."""
    from tests.ui.driver import first_roll, keys_for

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        board = screen.query_one("#board")
        assert app.focused is board
        await resize(pilot, 70, 20)
        assert screen.query_one("#enlarge").display and app.focused is not board
        await resize(pilot, *SIZE)
        assert app.focused is board
        shown = {binding.binding.description for binding in app.active_bindings.values()}
        assert {"Choose", "Flip view"} <= shown
        turn = match.turn
        assert turn is not None
        src = turn.sources()[0]
        await burst(pilot, *keys_for(src))
        assert screen.flow.selected == src  # type: ignore[attr-defined]


async def test_quitting_before_the_first_roll_keeps_the_match_and_its_options() -> None:
    """Issue 10: the quit dialog said "It is saved" during the first roll-off, but nothing
    was, and the next start forgot the options."""
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#mode > RadioButton")  # hot-seat
        await pilot.click("#length > RadioButton:last-of-type")  # 7 points
        await burst(pilot, "s")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        assert "It is saved" in str(app.screen.query_one(".dialog-body", Static).content)
        await pilot.press("q")
    saved = load_saved()
    assert saved is not None and saved.match.phase is Phase.ROLL_OFF
    assert saved.options.mode is Mode.HOT_SEAT and saved.options.points == 7
    again = NardyApp(LaunchOptions(), pace=0)
    async with again.run_test(size=SIZE) as pilot:
        assert isinstance(again.screen, ResumeDialog)
        await pilot.press("r")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, GameScreen) and screen.match.length == 7


async def test_a_big_terminal_widens_the_points_and_the_board_stays_the_biggest() -> None:
    """Issue 10: at 200x60 the board stayed 76 columns wide and the side panel took the rest."""
    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one("#board")
        panel = screen.query_one("#side-panel")
        assert board.region.width > 2 * panel.region.width
        assert board.region.right <= panel.region.x and panel.region.right <= 200
        row = screen.query_one("#top-row")
        assert board.point_width >= 10 and board.stack_rows == 15  # type: ignore[attr-defined]
        assert row.region.width == 12 * board.point_width + 12  # type: ignore[attr-defined]
        await resize(pilot, 110, 28)
        assert board.region.width == 76 and row.region.width == 72
        assert panel.region.right <= 110
        await resize(pilot, 160, 50)
        assert board.region.width > panel.region.width and row.region.width > 72


def test_the_helps_keys_are_single_words_so_their_column_does_not_break_them() -> None:
    from nardy_tui.ui.help import help_markdown

    rows = [
        line.split("|")[1].strip()
        for line in help_markdown().splitlines()
        if line.startswith("| ") and "---" not in line
    ]
    assert "←→↑↓" in rows and "Enter/Space/click" in rows and "u/U" in rows
    assert not [key for key in rows if " / " in key]


def test_in_hebrew_the_helps_keys_are_lines_broken_before_they_are_reordered() -> None:
    """No table in a right-to-left help: a cell wraps reordered text itself, so a long action
    read its last line first. Each key is a line of its own, broken into the help's width
    and then reordered, its key at the right."""
    from nardy_tui.i18n import _, reading_of, use_language, visual
    from nardy_tui.ui.help import HELP_WIDTH, KEYS, help_markdown

    use_language("he", reorder_rtl=True)
    help_text = help_markdown()
    assert "| " not in help_text
    palette_key, palette_action = next((_(k), _(a)) for k, a in KEYS if k == "ctrl+p")
    first_words = reading_of(palette_action).split()[:3]
    first_line = next(
        line.rstrip("\\")
        for line in help_text.splitlines()
        if line.rstrip("\\").endswith(palette_key)
    )
    assert len(first_line) <= HELP_WIDTH
    assert visual(" ".join(first_words)) in first_line, "the action's first words come first"


async def test_the_help_says_how_to_close_it_and_shows_only_its_own_keys() -> None:
    launch = LaunchOptions(resume=False)
    app = NardyApp(launch, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "Escape, q or ? closes this help." in help_markdown()
        keys = [key.description for key in help_screen.query(FooterKey)]
        assert "Close help" in keys and "Start" not in keys


async def test_the_help_gives_way_to_enlarge_in_too_small_a_terminal() -> None:
    app = NardyApp(LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT), resume=False), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        help_screen = app.screen
        await resize(pilot, 70, 20)
        assert help_screen.query_one("#enlarge").display
        assert not help_screen.query_one("#main").display
        await resize(pilot, 80, 24)
        assert help_screen.query_one("#main").display


async def test_ctrl_c_says_how_to_quit_in_the_games_own_words() -> None:
    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        [notice] = notifications(app)
        assert (notice.title, notice.message) == ("Do you want to quit?", "Press ctrl+q to quit.")
        assert isinstance(app.screen, NewMatchScreen)


async def test_a_save_that_cannot_be_read_is_told_until_the_player_closes_it(
    private_home: Path,
) -> None:
    """Moved aside with the reason: said in a dialog that waits for Enter, not in a notice
    that is gone before it is read."""
    (private_home / "match.json").write_text('{"format": "nardy-match", cut short')
    app = NardyApp(LaunchOptions(), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = app.screen
        assert isinstance(dialog, NoticeDialog)
        words = " ".join(str(dialog.query_one(".dialog-body", Static).content).split())
        assert "The saved match cannot be resumed" in words and "match.rejected-" in words
        assert not notifications(app)
        await burst(pilot, "enter")
        assert isinstance(app.screen, NewMatchScreen)
    assert len(list(private_home.glob("match.rejected-*.json"))) == 1


def test_the_help_names_the_key_of_every_command_of_the_game_screen() -> None:
    from nardy_tui.play import COMMANDS
    from nardy_tui.ui.help import KEYS

    shown = {"number_sign": "#", "question_mark": "?", "f1": "F1"}
    helped = {key for keys, _action in KEYS for key in keys.split(" / ")}
    missing = [
        spec.keys
        for spec in COMMANDS
        if not {shown.get(key, key) for key in spec.keys.split(",")} <= helped
    ]
    assert not missing, f"keys the help does not name: {missing}"
