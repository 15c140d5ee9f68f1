"""The whole game at 80 by 24, the terminal most people open: the board alone with two lines of
news under it, the side panel a key away, and the layout following every resize."""

from __future__ import annotations

from nardy_tui.engine import Phase, Side
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import MatchOverDialog
from nardy_tui.ui.game import GameScreen
from tests.textual_seams import notifications
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import (
    burst,
    first_roll,
    game_screen,
    play_game,
    resize,
    roll_off,
    settle,
    status,
    turn_keys,
)
from tests.ui.scenes import in_the_bear_off, no_move_for

SMALLEST = (80, 24)
SIZES = ((80, 24), (100, 30), (110, 28), (160, 50), (80, 24))


def hot_seat(seed: int) -> NardyApp:
    return NardyApp(
        LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=seed), resume=False),
        pace=0,
    )


def fits(screen: GameScreen) -> list[str]:
    """Widgets shown that reach past the screen's edge."""
    width, height = screen.size
    return [
        str(widget)
        for widget in screen.query("*")
        if widget.display
        and widget.region.area
        and (widget.region.right > width or widget.region.bottom > height)
    ]


async def test_at_80x24_the_board_shows_every_point_both_heads_and_the_news() -> None:
    app = hot_seat(seed=1)
    async with app.run_test(size=SMALLEST) as pilot:
        screen, match = await first_roll(pilot)
        assert screen.has_class("-compact") and not fits(screen)
        labels = {look.label for look in screen.board.looks() if hasattr(look, "label")}
        assert labels == {str(point) for point in range(1, 25)}
        heads = [look for look in screen.board.looks() if abs(getattr(look, "count", 0)) >= 14]
        assert len(heads) == 2, "both heads, with their counts"
        news = str(screen.query_one("#compact-info").render())
        assert "Match to 1" in news and "pips" in news and "to move" in news
        assert str(match.dice[0]) in news  # type: ignore[index]
        assert not screen.query_one("#side-panel").display


async def test_i_shows_the_panel_with_the_history_in_the_boards_place_and_back() -> None:
    app = hot_seat(seed=1)
    async with app.run_test(size=SMALLEST) as pilot:
        screen, _ = await first_roll(pilot)
        await burst(pilot, "i")
        assert screen.query_one("#side-panel").display and not screen.board.display
        assert "roll-off" in str(screen.query_one("#history-text").render())
        info, history = screen.query_one("#info").region, screen.query_one("#history").region
        assert history.x >= info.right, "the history beside the match, not under it"
        assert history.height >= 15 and not fits(screen)
        await burst(pilot, "i")
        assert screen.board.display and app.focused is screen.board


async def test_the_hidden_history_is_written_when_shown_not_after_every_step() -> None:
    """At 80x24 the history is a key away: reading the whole match again after each step
    for a panel nobody sees cost every step; it is written once the panel shows."""
    app = hot_seat(seed=1)
    async with app.run_test(size=SMALLEST) as pilot:
        screen, match = await first_roll(pilot)
        history = screen.query_one("#history-text")
        await burst(pilot, *turn_keys(match), "c")
        played = match.game.turns[-1]
        assert f"{played.dice}:" not in str(history.render())  # hidden: not written
        await burst(pilot, "i")
        assert f"{played.dice}:" in str(history.render())


async def test_a_whole_hot_seat_game_at_80x24_to_the_match_over_dialog() -> None:
    app = hot_seat(seed=2)
    async with app.run_test(size=SMALLEST) as pilot:
        match = in_the_bear_off(seed=2)
        app.start_match(MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=2), match)
        await settle(pilot)
        screen = game_screen(pilot)
        await play_game(pilot)
        assert match.phase is Phase.MATCH_OVER
        assert isinstance(app.screen, MatchOverDialog) and not fits(screen)


async def test_a_game_against_the_bot_at_80x24() -> None:
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.BLACK, points=1, seed=2)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)
    app.settings.auto_roll = app.settings.auto_confirm = True
    async with app.run_test(size=SMALLEST) as pilot:
        app.start_match(options, in_the_bear_off(seed=2))
        await settle(pilot)
        screen = game_screen(pilot)
        await play_game(pilot)
        match = screen.match
        assert match.phase is Phase.MATCH_OVER
        assert {record.side for record in match.game.turns} == {Side.WHITE, Side.BLACK}


async def test_resizing_in_every_phase_keeps_the_match_and_the_focus() -> None:
    app = hot_seat(seed=3)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        for phase_keys in ((), ("r",), ("r", "r")):
            await burst(pilot, *phase_keys)
            for width, height in SIZES:
                await resize(pilot, width, height)
                assert game_screen(pilot) is screen and screen.match is match
                compact = width < 110 or height < 28
                assert screen.has_class("-compact") is compact, (width, height)
                assert screen.query_one("#side-panel").display is not compact
                assert app.focused is screen.board and not fits(screen)
        await burst(pilot, "i")
        await resize(pilot, 160, 50)
        assert screen.board.display and screen.query_one("#side-panel").display


async def test_resizing_while_the_bot_moves_or_a_dialog_is_open_keeps_the_match() -> None:
    from nardy_tui.ui.dialogs import GameOverDialog
    from tests.ui.scenes import nearly_won

    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.BLACK, points=3, seed=5)
    app = NardyApp(
        LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=30
    )  # the bot's steps wait: it is moving while the terminal changes
    async with app.run_test(size=SMALLEST) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await burst(pilot, "r")
        while match.phase is Phase.ROLL_OFF:
            await burst(pilot, "r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.flow.away_steps, "the bot is moving"
        for width, height in SIZES:
            await resize(pilot, width, height)
            assert game_screen(pilot) is screen and screen.flow.away_steps
        await burst(pilot, "s")
        assert match.game.turns and match.game.turns[-1].side is Side.WHITE
        hot = NardyApp(
            LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, seed=7), resume=False), pace=0
        )
    async with hot.run_test(size=SMALLEST) as pilot:
        won = nearly_won(7)
        hot.start_match(MatchOptions(mode=Mode.HOT_SEAT, seed=7), won)
        await settle(pilot)
        await burst(pilot, "c")
        assert isinstance(hot.screen, GameOverDialog)
        for width, height in SIZES:
            await resize(pilot, width, height)
            assert isinstance(hot.screen, GameOverDialog) and won.phase is Phase.GAME_OVER
        await burst(pilot, "n")
        assert won.game.number == 2


async def test_a_long_message_at_80x24_takes_a_banner_row_a_line_until_the_next_one() -> None:
    """A Russian hint of three plays needs three lines of 78 columns: none of it is cut
    off, and the news under the board (the score, the dice left) stays in view; the board's
    banner gives up one of its spare rows for the third line until a shorter message comes."""
    app = hot_seat(seed=1)
    async with app.run_test(size=SMALLEST) as pilot:
        screen, match = await first_roll(pilot)
        status, news = screen.query_one("#status"), screen.query_one("#compact-info")
        board_rows = screen.board.region.height
        hint = (
            "Подсказка: 24/19 23/18 23/13 (-0.18), отмечено звёздами на доске; затем "
            "23/18(2) 23/13 (-0.21), 24/19 23/18(3) (-0.23). Эквити — в очках в пользу "
            "Белых."
        )
        screen.say(hint)
        await pilot.pause()
        needed = status.get_content_height(
            status.content_size, screen.size, status.content_size.width
        )
        assert needed == 3 == status.content_size.height, "the whole hint, no empty row"
        assert screen.board.region.height == board_rows - 1, "one row given up, not two"
        assert news.display and news.region.height == 2 and not fits(screen)
        assert not news.region.overlaps(status.region)
        shown = str(news.render())
        assert "Match to 1" in shown and str(match.dice[0]) in shown  # type: ignore[index]
        screen.say("Ход сделан.")
        await pilot.pause()
        assert news.display and status.region.height == 2


async def test_at_80x24_a_pass_is_said_in_the_status_line_and_gone_after_the_next_roll() -> None:
    """No toast over the news under the board: the pass is said where the player reads
    everything else, and the next roll's words take its place."""
    app = hot_seat(seed=3)
    async with app.run_test(size=SMALLEST) as pilot:
        await roll_off(pilot)
        screen = game_screen(pilot)
        match = screen.match
        match.position = no_move_for(match.position.turn)
        await burst(pilot, "r")
        assert match.game.turns[-1].notation == "(no move)"
        assert "cannot move" in status(screen)
        assert not notifications(app)
        await burst(pilot, "r")
        assert match.phase is Phase.MOVE
        assert "cannot move" not in status(screen)
        assert not notifications(app)
