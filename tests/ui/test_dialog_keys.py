"""Every dialog answers to keys, written on its buttons."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from nardy_tui.engine import Match, Phase
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.storage import records_dir, save_match
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import (
    AbandonDialog,
    GameOverDialog,
    GiveUpSavedDialog,
    QuitDialog,
    ResumeDialog,
)
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from tests.ui.driver import burst, game_screen, status
from tests.ui.scenes import HOT_SEAT, nearly_won

SIZE = (120, 40)


def hot_seat() -> NardyApp:
    return NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=1), resume=False), pace=0
    )


def button_labels(app: NardyApp) -> list[str]:
    """The words of the buttons shown (the match-over dialog has one more upright)."""
    return [str(button.label) for button in app.screen.query("Button") if button.display]


async def test_the_quit_dialog_fits_a_small_terminal_and_keeps_the_palette_off() -> None:
    app = hot_seat()
    async with app.run_test(size=(60, 20)) as pilot:
        await burst(pilot, "ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        box = app.screen.query_one(".dialog").region
        assert box.x >= 0 and box.right <= 60
        await burst(pilot, "ctrl+p")
        assert isinstance(app.screen, QuitDialog)


@pytest.mark.parametrize("keys", [("ctrl+q",), ("q",), ("y",), ("enter",)])
async def test_ctrl_q_then_a_key_quits(keys: tuple[str, ...]) -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        assert button_labels(app) == ["Quit (q, y)", "Keep playing (Esc, n)"]
        await pilot.press(*keys)
        await pilot.pause()
    assert app.return_value == 0


@pytest.mark.parametrize("key", ["enter", "y", "q"])
async def test_a_key_typed_just_before_ctrl_q_is_no_answer_to_the_quit_dialog(key: str) -> None:
    """Read in one burst, the key reaches the board; it used to come back up to the app
    after the dialog had opened and answer it (seen in a real terminal)."""
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, key, "ctrl+q")
        assert isinstance(app.screen, QuitDialog) and app.return_value is None
        await burst(pilot, key)
    assert app.return_value == 0


@pytest.mark.parametrize("key", ["escape", "n"])
async def test_escape_or_n_keeps_playing(key: str) -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        await pilot.press(key)
        assert isinstance(app.screen, GameScreen)
        assert app.focused is app.screen.query_one("#board")
        await burst(pilot, "r")  # the board has the keys again
        assert app.screen.match.game.roll_offs  # type: ignore[attr-defined]
        assert app.return_value is None


async def test_the_new_match_question_has_keys_and_escape_keeps_the_match() -> None:
    app = hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        app._ask_new_match()
        await pilot.pause()
        assert isinstance(app.screen, AbandonDialog)
        assert button_labels(app) == ["Keep playing (Esc, n)", "New match (y)"]
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert not records_dir().exists()
        app._ask_new_match()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        [record] = records_dir().iterdir()
        assert "Match unfinished" in record.read_text(), "the match given up is kept"


@pytest.mark.parametrize(("key", "screen_type"), [("r", GameScreen), ("n", GiveUpSavedDialog)])
async def test_the_resume_question_has_keys(key: str, screen_type: type) -> None:
    match = Match(length=3, seed=9)
    match.roll_off()
    save_match(match, MatchOptions(mode=Mode.HOT_SEAT, seed=9))
    app = NardyApp(LaunchOptions(), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ResumeDialog)
        assert button_labels(app) == ["Resume (r)", "New match (n)"]
        await pilot.press("escape")  # nothing to go back to: it stays
        assert isinstance(app.screen, ResumeDialog)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen_type)


async def test_escape_closes_the_game_over_dialog_to_see_the_board_and_n_goes_on() -> None:
    app = NardyApp(LaunchOptions(match=HOT_SEAT, seed=HOT_SEAT.seed, resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = nearly_won(HOT_SEAT.seed or 0)
        app.start_match(HOT_SEAT, match)
        while getattr(app.screen, "match", None) is not match or app.focused is None:
            await pilot.pause()
        await burst(pilot, "c")
        assert isinstance(app.screen, GameOverDialog)
        assert button_labels(app) == ["Next game (n)", "Review (v)", "See the board (Esc)"]
        await pilot.press("escape")
        screen = game_screen(pilot)
        assert match.phase is Phase.GAME_OVER
        assert "n starts the next game" in status(screen)
        await burst(pilot, "n")
        assert match.phase is Phase.ROLL_OFF and match.game.number == 2


@pytest.mark.parametrize(("key", "quits"), [("q", True), ("n", False), ("escape", None)])
async def test_the_match_over_dialog_has_keys(key: str, quits: bool | None) -> None:
    from nardy_tui.ui.dialogs import MatchOverDialog

    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1)
    app = NardyApp(LaunchOptions(match=options, seed=1, resume=False), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        match = nearly_won(1, length=1)
        app.start_match(options, match)
        while getattr(app.screen, "match", None) is not match or app.focused is None:
            await pilot.pause()
        await burst(pilot, "c")
        assert isinstance(app.screen, MatchOverDialog)
        assert button_labels(app) == ["New match (n)", "Review (v)", "Quit (q)"]
        await pilot.press(key)
        await pilot.pause()
        if quits is None:  # Escape: the final board, until m brings the dialog back
            screen = game_screen(pilot)
            assert "m shows its result again, n starts a new match" in status(screen)
            assert match.phase is Phase.MATCH_OVER
            await burst(pilot, "m")
            assert isinstance(app.screen, MatchOverDialog)
        elif not quits:
            assert isinstance(app.screen, NewMatchScreen)
    assert (app.return_value == 0) is bool(quits)


async def test_a_mars_that_wins_a_one_point_match_says_why_the_score_passes_its_length() -> None:
    from nardy_tui.ui.dialogs import MatchOverDialog

    options = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=19)
    app = NardyApp(LaunchOptions(match=options, seed=19, resume=False), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        match = nearly_won(19, length=1)  # Black bears off the last checker: a mars
        app.start_match(options, match)
        while getattr(app.screen, "match", None) is not match or app.focused is None:
            await pilot.pause()
        await burst(pilot, "c")
        dialog = app.screen
        assert isinstance(dialog, MatchOverDialog) and match.game.is_mars
        body = str(dialog.query_one(".dialog-body", Static).content).replace("\n", " ")
        assert "White 0 - 2 Black, match to 1" in body
        assert "a mars 2, though the match needed fewer" in body
        box = dialog.query_one(".dialog").region
        assert box.bottom <= 24, "the whole dialog, its buttons too, at 80x24"
