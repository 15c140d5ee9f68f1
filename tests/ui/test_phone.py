"""The game on a phone's screen: upright (43 by 46, the served page on a 390-pixel phone),
a narrow pane (60 by 30) and on its side (93 by 21). The board turns a quarter below 80
columns and shortens its stacks below 24 rows; everything is done by taps, never a key."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from nardy_tui.engine import Phase, Side
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.play import Highlight, cell_of, layout
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.board import SHORT_STACK_ROWS, STACK_ROWS, BoardView
from nardy_tui.ui.board_looks import PointLook
from nardy_tui.ui.board_portrait import PointColumns
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.help import HelpScreen
from nardy_tui.ui.network_friend import FriendScreen
from nardy_tui.ui.newmatch import NewMatchScreen
from nardy_tui.ui.replay import ReplayApp
from nardy_tui.ui.review import ReviewScreen
from tests.storage.test_replay_viewer import short_match_record
from tests.ui.driver import burst, game_screen, roll_off
from tests.ui.scenes import NARROW, PHONE, SIDEWAYS, nearly_won, practice_reviewed
from tests.ui.taps import buttons_offered, play_turn_by_taps, tap_button, tap_cells, tap_choice

SIZES = [PHONE, NARROW, SIDEWAYS]
IDS = ["upright", "narrow", "sideways"]
HOT_SEAT = MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=3)


def hot_seat_app() -> NardyApp:
    return NardyApp(LaunchOptions(match=HOT_SEAT, seed=3, resume=False), pace=0)


def all_in_view(screen: GameScreen) -> None:
    """Every part the player needs lies whole inside the terminal."""
    size = screen.app.size
    for part in (screen.board, screen.query_one("#status"), screen.query_one("#compact-info")):
        region = part.region
        assert region.right <= size.width and region.bottom <= size.height, part


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=IDS[:2])
async def test_upright_the_board_turns_a_quarter_its_top_row_the_right_column(
    size: tuple[int, int],
) -> None:
    app = hot_seat_app()
    async with app.run_test(size=size) as pilot:
        await roll_off(pilot)
        screen = game_screen(pilot)
        board = screen.board
        assert board.portrait and board.query_one(PointColumns).display
        columns = board.query_one(PointColumns)
        top, bottom = layout(board.view)
        assert [look.cell for look in columns.right] == top[:12]
        assert [look.cell for look in columns.left] == bottom[:12]
        assert [look.cell for look in columns.trays] == [bottom[12], top[12]]
        # The board seen from the side to move: its head (its 24, fifteen checkers) at the
        # foot of the right column, where the landscape board has it at the top right.
        head = columns.right[-1]
        assert isinstance(head, PointLook) and (head.label, abs(head.count)) == ("24", 15)
        all_in_view(screen)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_tap_on_any_point_or_tray_chooses_that_cell(size: tuple[int, int]) -> None:
    app = hot_seat_app()
    async with app.run_test(size=size) as pilot:
        await roll_off(pilot)
        board = game_screen(pilot).board
        chosen: list[int] = []
        board.listener.chosen = chosen.append  # type: ignore[method-assign, union-attr]
        cells = [look.cell for look in board.looks()]
        assert len(cells) == 26
        await tap_cells(pilot, *cells)  # in one quick run: chosen in the order tapped
        assert chosen == cells
        assert board.cursor == cells[-1]


async def test_sideways_the_stacks_are_shorter_and_the_buttons_stand_beside_the_board() -> None:
    app = hot_seat_app()
    async with app.run_test(size=SIDEWAYS) as pilot:
        await roll_off(pilot)
        screen = game_screen(pilot)
        board = screen.board
        assert not board.portrait
        assert SHORT_STACK_ROWS <= board.stack_rows < STACK_ROWS
        bar = screen.query_one("#tap-bar")
        assert bar.region.x >= board.region.right
        all_in_view(screen)


async def test_the_buttons_offer_what_the_keys_do_now_and_do_it() -> None:
    app = hot_seat_app()
    async with app.run_test(size=PHONE) as pilot:
        screen = game_screen(pilot)

        assert await buttons_offered(pilot) == ["roll", "menu"]
        while screen.match.phase is Phase.ROLL_OFF:
            await tap_button(pilot, "tap-roll")
        await tap_button(pilot, "tap-roll")
        assert screen.match.phase is Phase.MOVE
        assert await buttons_offered(pilot) == ["hint", "menu"]
        assert app.focused is screen.board  # a tap takes no focus from the board
        turn = screen.match.turn
        assert turn is not None and screen.match.mover is not None
        src = max(turn.sources())
        await tap_cells(pilot, cell_of(screen.match.mover, src))
        dst = min(route.dst for route in turn.routes(src))
        await tap_cells(pilot, cell_of(screen.match.mover, dst))
        assert "undo" in await buttons_offered(pilot) and "roll" not in await buttons_offered(pilot)
        await tap_button(pilot, "tap-undo")
        while turn.steps:  # a checker moved with both dice took two steps
            await tap_button(pilot, "tap-undo")
        assert await buttons_offered(pilot) == ["hint", "menu"]
        await tap_button(pilot, "tap-hint")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.board.marked(Highlight.HINT)
        await tap_button(pilot, "tap-menu")
        assert app.screen is not screen  # the command palette, with every other command


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_whole_hot_seat_game_is_played_by_taps_alone(size: tuple[int, int]) -> None:
    """From the new match's screen to the game's end, with the roll and the confirmation
    made automatic there (by taps too: a phone's player would; their buttons are tapped in
    the tests above and below), so that the game costs its moves' taps only."""
    app = NardyApp(LaunchOptions(seed=3, resume=False), pace=0)
    async with app.run_test(size=size) as pilot:
        assert isinstance(app.screen, NewMatchScreen)
        for label in (
            "Hot-seat",
            "1 point",
            "Roll the dice automatically",
            "Confirm a complete turn automatically",
        ):
            await tap_choice(pilot, label)
        await tap_button(pilot, "start")
        screen = game_screen(pilot)
        match = screen.match
        assert screen.options.mode is Mode.HOT_SEAT and match.length == 1
        assert app.settings.auto_roll and app.settings.auto_confirm
        for _turn in range(400):
            if match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                break
            if match.phase is Phase.ROLL_OFF:
                await tap_button(pilot, "tap-roll")
            elif match.phase is Phase.MOVE:
                await play_turn_by_taps(pilot, match)
            else:
                await pilot.pause()
        else:
            raise AssertionError(
                f"the game did not end: {match.phase}, {len(match.game.turns)} turns"
            )
        assert match.winner in Side


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_game_over_dialogs_buttons_fit_and_take_a_tap(size: tuple[int, int]) -> None:
    app = hot_seat_app()
    async with app.run_test(size=size) as pilot:
        await the_last_checker_off(pilot, app, points=3)
        dialog = app.screen
        assert isinstance(dialog, GameOverDialog)
        for button in dialog.query(Button):
            region = button.region
            assert region.right <= size[0] and region.bottom <= size[1], button
            assert region.height >= 1 and region.width >= len(str(button.label))
        await tap_button(pilot, "next")
        assert game_screen(pilot).match.phase is Phase.ROLL_OFF


def lies_within_the_width(app: NardyApp) -> None:
    """Nothing the screen shows reaches past the terminal's right edge (what scrolls may
    reach past its bottom)."""
    width = app.size.width
    for widget in app.screen.query("Button, Input, Static, OptionList, ToggleButton"):
        if widget.display and widget.region:
            assert widget.region.right <= width, widget


async def test_upright_the_friend_screen_and_the_help_fit() -> None:
    app = NardyApp(LaunchOptions(seed=1, resume=False), pace=0)
    async with app.run_test(size=PHONE) as pilot:
        lies_within_the_width(app)  # the new match's screen
        await burst(pilot, "f")
        assert isinstance(app.screen, FriendScreen)
        lies_within_the_width(app)
        await burst(pilot, "escape")
        await burst(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        lies_within_the_width(app)


async def test_upright_the_reviews_list_takes_the_boards_place_and_fits() -> None:
    app = hot_seat_app()
    async with app.run_test(size=PHONE) as pilot:
        await practice_reviewed(pilot)
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.query_one(BoardView).portrait
        await burst(pilot, "i")
        turns = review.query_one("#review-turns", OptionList)
        assert turns.region and not review.query_one("#review-board").region
        lies_within_the_width(app)
        assert turns.region.bottom <= PHONE[1]


async def test_upright_the_replay_viewer_turns_its_board_and_fits() -> None:
    app = ReplayApp(short_match_record())
    async with app.run_test(size=PHONE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardView)
        assert board.portrait
        assert board.region.right <= PHONE[0] and board.region.bottom <= PHONE[1]


async def the_last_checker_off(pilot: Pilot[int], app: NardyApp, points: int) -> None:
    """A seeded game at its winner's last turn, played out by a tap on Confirm."""
    match = nearly_won(seed=3, length=points)
    app.start_match(MatchOptions(mode=Mode.HOT_SEAT, points=points, seed=3), match)
    while getattr(app.screen, "match", None) is not match or app.focused is None:
        await pilot.pause()
    await tap_button(pilot, "tap-confirm")


async def test_upright_the_match_over_dialog_lets_a_tap_see_the_board_and_bring_it_back() -> None:
    """A phone has no Escape key: upright, the dialog has a button for the final board, and
    the board's buttons bring the dialog back or start a new match."""
    app = hot_seat_app()
    async with app.run_test(size=PHONE) as pilot:
        await the_last_checker_off(pilot, app, points=1)
        assert isinstance(app.screen, MatchOverDialog)
        await tap_button(pilot, "look")
        assert isinstance(app.screen, GameScreen)
        assert await buttons_offered(pilot) == ["new_match", "match_result", "menu"]
        await tap_button(pilot, "tap-match_result")
        assert isinstance(app.screen, MatchOverDialog)


async def test_in_landscape_the_match_over_dialog_keeps_its_three_buttons() -> None:
    app = hot_seat_app()
    async with app.run_test(size=SIDEWAYS) as pilot:
        await the_last_checker_off(pilot, app, points=1)
        dialog = app.screen
        assert isinstance(dialog, MatchOverDialog)
        shown = [button.id for button in dialog.query(Button) if button.display]
        assert shown == ["new", "review", "quit"]
