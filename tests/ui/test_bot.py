"""Against the bot: a whole game, the bot's turns in a worker, the hint."""

from __future__ import annotations

from nardy_tui.engine import Phase, Side, checker_moves
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.play import BotSeat, Highlight, cell_of
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.dialogs import MatchOverDialog
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, game_screen, play_game, roll_off, settle, status, type_turn
from tests.ui.scenes import in_the_bear_off

SIZE = (120, 40)


def against_bot(color: Side, seed: int) -> NardyApp:
    options = MatchOptions(
        mode=Mode.BOT,
        bot_level=Level.EASY,
        color=color,
        points=1,
        seed=seed,
    )
    return NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=0)


async def test_the_end_of_a_game_against_the_bot() -> None:
    """The bot and the player take turns through the bear-off to the match-over dialog."""
    app = against_bot(Side.BLACK, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        options = MatchOptions(
            mode=Mode.BOT, bot_level=Level.EASY, color=Side.BLACK, points=1, seed=2
        )
        app.start_match(options, in_the_bear_off(seed=2))
        await settle(pilot)
        screen = game_screen(pilot)
        assert screen.flow.seats[Side.WHITE] == BotSeat(Level.EASY)
        app.settings.auto_roll = app.settings.auto_confirm = True
        await play_game(pilot)
        match = screen.match
        assert match.phase is Phase.MATCH_OVER
        sides = {record.side for record in match.game.turns}
        assert sides == {Side.WHITE, Side.BLACK}
        assert isinstance(app.screen, MatchOverDialog)
        title = app.screen.title_text
        assert title in ("You (Black) win the match", "Easy bot (White) wins the match")


async def test_the_bot_moves_after_the_human_without_a_key() -> None:
    app = against_bot(Side.WHITE, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        match = game_screen(pilot).match
        await roll_off(pilot)
        await settle(pilot)
        assert match.position.turn is Side.WHITE
        if match.game.turns:
            assert match.game.turns[0].side is Side.BLACK


async def test_the_bots_steps_are_paced_and_s_skips_them() -> None:
    app = NardyApp(
        LaunchOptions(
            match=MatchOptions(mode=Mode.BOT, color=Side.WHITE, points=1, seed=7), resume=False
        ),
        bot_factory=FirstPlayBot,
        pace=30,
    )
    app.settings.auto_confirm = True
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        if match.position.turn is Side.WHITE:
            await type_turn(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert match.phase is Phase.MOVE and match.position.turn is Side.BLACK
        assert match.turn is not None and match.turn.steps == ()
        assert screen.flow.away_steps, "the bot's play waits for its first paced step"
        assert "skips" in status(screen)
        await burst(pilot, "s")
        assert match.game.turns[-1].side is Side.BLACK
        assert match.position.turn is Side.WHITE and match.phase is Phase.ROLL


async def test_hint_stars_the_best_play() -> None:
    app = against_bot(Side.WHITE, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        await settle(pilot)
        await burst(pilot, "r")
        assert match.turn is not None
        await burst(pilot, "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        best = FirstPlayBot(Level.HARD, 0).rank(match.turn.position, match.turn.dice)[0][0]
        starred = screen.board.marked(Highlight.HINT)
        mover = match.position.turn
        # each hinted checker's start and end (a point it only passes through is not starred)
        assert starred == {cell_of(mover, p) for move in checker_moves(best) for p in move}
        said = status(screen)
        ranked = FirstPlayBot(Level.HARD, 0).rank(match.turn.position, match.turn.dice)
        named = [match.turn.position.notation(play, match.turn.dice) for play, _ in ranked[:3]]
        assert said.startswith(f"Hint: {named[0]} (+0.000), starred on the board")
        if len(named) == 3:  # the next best two are named with their equities
            assert f"next best {named[1]} (+0.000), {named[2]} (+0.000)" in said


async def test_playing_black_the_board_is_seen_from_blacks_side_from_the_start() -> None:
    app = against_bot(Side.BLACK, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        board = game_screen(pilot).board
        assert game_screen(pilot).match.phase is Phase.ROLL_OFF
        top_left = board.looks()[0]
        assert board.view is Side.BLACK and board.numbering is Side.BLACK
        assert top_left.cell == cell_of(Side.BLACK, 13) and top_left.label == "13"
        await burst(pilot, "r")
        assert board.view is Side.BLACK


async def test_the_bots_box_is_hidden_with_its_words_so_it_never_shows_empty() -> None:
    from textual.widgets import Static

    app = against_bot(Side.BLACK, seed=5)  # White, the bot, starts
    async with app.run_test(size=SIZE) as pilot:
        await roll_off(pilot)
        await settle(pilot)
        screen = game_screen(pilot)
        box = screen.query_one("#bot-activity", Static)
        assert screen.match.game.turns and not box.has_class("-active")
        assert str(box.content).strip(), "hidden, not emptied"
