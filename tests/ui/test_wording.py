"""The words of the game-over and match-over dialogs: grammar, and each player named once."""

from __future__ import annotations

from nardy_tui.engine import Side
from nardy_tui.options import Level, Mode
from nardy_tui.play import bot_name
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog
from tests.ui.scenes import nearly_won


def white_won_game_1():  # type: ignore[no-untyped-def]
    match = nearly_won(1, length=3)
    match.commit()
    assert match.game.winner is Side.WHITE and match.game.points == 1
    return match


def test_you_score_and_the_bot_scores() -> None:
    match = white_won_game_1()
    you_white = {Side.WHITE: "You", Side.BLACK: bot_name(Level.EASY)}
    body = GameOverDialog(match, you_white).body
    assert body.startswith("You (White) score 1 point.")
    assert "You (White) 1 - 0 Easy bot (Black), match to 3" in body
    bot_white = {Side.WHITE: bot_name(Level.HARD), Side.BLACK: "You"}
    assert GameOverDialog(match, bot_white).body.startswith("Hard bot (White) scores 1 point.")
    hot_seat = {side: side.label for side in Side}
    assert GameOverDialog(match, hot_seat).body.startswith("White scores 1 point.")


def test_no_name_has_double_parentheses() -> None:
    match = white_won_game_1()
    for level in (Level.EASY, Level.MEDIUM, Level.HARD):
        names = {Side.WHITE: "You", Side.BLACK: bot_name(level)}
        body = GameOverDialog(match, names).body
        assert "((" not in body and ") (" not in body and "))" not in body


def test_you_win_the_match() -> None:
    match = nearly_won(1, length=1)
    match.commit()
    names = {Side.WHITE: "You", Side.BLACK: bot_name(Level.EASY)}
    assert MatchOverDialog(match, names, "Record written").title_text == (
        "You (White) win the match"
    )
    names = {Side.WHITE: bot_name(Level.EASY), Side.BLACK: "You"}
    assert MatchOverDialog(match, names, "Record written").title_text == (
        "Easy bot (White) wins the match"
    )


# -- small wording: points, names alike everywhere, the last choices offered again ---------


def test_the_history_says_points() -> None:
    from nardy_tui.play import result_line

    match = white_won_game_1()
    assert result_line(match.game) == "White wins 1 point"
    match.game.points = 2
    assert result_line(match.game) == "White wins 2 points (mars)"


async def test_the_side_panel_names_the_players_alike_in_the_score_and_the_pips() -> None:
    from nardy_tui.options import LaunchOptions, MatchOptions
    from nardy_tui.ui.app import NardyApp
    from tests.ui.conftest import FirstPlayBot

    options = MatchOptions(mode=Mode.BOT, bot_level=Level.MEDIUM, color=Side.BLACK, seed=3)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=(110, 28)):
        lines = str(app.screen.query_one("#info").content).splitlines()
        you = [line for line in lines if line.startswith("● You ")]
        bot = [line for line in lines if line.startswith("○ Medium bot ")]
        assert len(you) == len(bot) == 2  # the score and the pip table
        assert not any(line.startswith(("○ White", "● Black")) for line in lines)
        header = next(line for line in lines if "pips" in line)
        pips = you[1]
        assert header.index("pips") + 4 == pips.index("360") + 3  # the numbers under it


async def test_a_name_longer_than_medium_bot_keeps_the_side_panels_columns_in_line() -> None:
    """In Arabic the Medium bot's name ("البوت المتوسط") is two letters longer than the
    English: its score, pips and borne-off count stay under those of "You"."""
    from nardy_tui.i18n import use_language
    from nardy_tui.options import LaunchOptions, MatchOptions
    from nardy_tui.ui.app import NardyApp
    from tests.ui.conftest import FirstPlayBot

    use_language("ar", reorder_rtl=True)
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.MEDIUM, color=Side.WHITE, seed=3)
    app = NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=(110, 28)):
        lines = str(app.screen.query_one("#info").content).splitlines()
        score_rows = [line for line in lines if line.endswith(("○", "●"))][:2]
        pip_rows = [line for line in lines if line.endswith(("○", "●"))][2:]
        assert len({len(row) for row in score_rows}) == 1, score_rows
        assert len({len(row) for row in pip_rows}) == 1, pip_rows


async def test_the_new_match_screen_offers_the_choices_made_last_time() -> None:
    from textual.widgets import RadioSet

    from nardy_tui.options import LaunchOptions
    from nardy_tui.ui.app import NardyApp
    from nardy_tui.ui.newmatch import NewMatchScreen

    app = NardyApp(LaunchOptions(resume=False), pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("#mode > RadioButton")  # hot-seat
        await pilot.click("#length > RadioButton:last-of-type")  # 7 points
        await pilot.press("s")
        await pilot.pause()
    again = NardyApp(LaunchOptions(resume=False), pace=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, NewMatchScreen)
        assert screen.query_one("#mode", RadioSet).pressed_index == 0
        assert screen.query_one("#length", RadioSet).pressed_index == 3
        assert screen.query_one("#level", RadioSet).disabled  # only for a match against it
        await pilot.press("s")
        await pilot.pause()
        assert again.screen.options.mode is Mode.HOT_SEAT  # type: ignore[attr-defined]
        assert again.screen.options.points == 7  # type: ignore[attr-defined]


async def test_a_hot_seat_match_leaves_the_bots_level_and_colour_as_they_were() -> None:
    from nardy_tui.options import LaunchOptions, MatchOptions
    from nardy_tui.storage import load_settings
    from nardy_tui.ui.app import NardyApp

    against_hard = MatchOptions(mode=Mode.BOT, bot_level=Level.HARD, color=Side.BLACK, points=5)
    hot_seat = MatchOptions(mode=Mode.HOT_SEAT, points=1)  # as nardy --hot-seat --points 1
    for options in (against_hard, hot_seat):
        app = NardyApp(LaunchOptions(match=options, resume=False), pace=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
    remembered = load_settings().last_match
    assert (remembered.mode, remembered.points) == (Mode.HOT_SEAT, 1)
    assert (remembered.bot_level, remembered.color) == (Level.HARD, Side.BLACK)
