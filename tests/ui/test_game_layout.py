"""The game screen's two layouts on their own (``GameLayout``): the side panel beside the
board in a large terminal; in a small one the board alone, a tighter footer without the
keys left to the help, and the panel a key away in the board's place."""

from __future__ import annotations

from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.play import COMMANDS
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.game import GameScreen
from tests.ui.driver import game_screen, resize

ROOMY = {spec.action for spec in COMMANDS if spec.roomy_only}


def hot_seat() -> NardyApp:
    return NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1), resume=False),
        pace=0,
    )


def footer_shows(screen: GameScreen, actions: set[str]) -> set[bool]:
    """Whether the footer lists the screen's keys for ``actions``: {True} for all of
    them, {False} for none."""
    bindings = [b for key in screen._bindings.key_to_bindings.values() for b in key]
    return {binding.show for binding in bindings if binding.action in actions}


async def test_a_large_terminal_gets_the_panel_beside_the_board_and_every_key() -> None:
    async with hot_seat().run_test(size=(120, 40)) as pilot:
        screen = game_screen(pilot)
        assert not screen.arrangement.compact
        assert footer_shows(screen, ROOMY) == {True}
        assert not screen.query_one(KeysFooter).compact


async def test_a_small_terminal_gets_the_board_alone_and_a_tighter_footer() -> None:
    async with hot_seat().run_test(size=(120, 40)) as pilot:
        screen = game_screen(pilot)
        await resize(pilot, 80, 24)
        assert screen.arrangement.compact and not screen.arrangement.panel_shown
        assert screen.query_one(KeysFooter).compact
        assert footer_shows(screen, ROOMY) == {False}


async def test_the_panel_takes_the_boards_place_and_gives_it_back_with_the_keys() -> None:
    async with hot_seat().run_test(size=(80, 24)) as pilot:
        screen = game_screen(pilot)
        screen.arrangement.toggle_panel()
        await pilot.pause()
        assert screen.arrangement.panel_shown and not screen.query_one(BoardView).display
        screen.arrangement.toggle_panel()
        await pilot.pause()
        assert not screen.arrangement.panel_shown and screen.focused is screen.board


async def test_growing_the_terminal_puts_the_panel_back_beside_the_board() -> None:
    async with hot_seat().run_test(size=(80, 24)) as pilot:
        screen = game_screen(pilot)
        screen.arrangement.toggle_panel()
        await resize(pilot, 120, 40)
        assert not screen.arrangement.compact and not screen.arrangement.panel_shown
        assert footer_shows(screen, ROOMY) == {True}
