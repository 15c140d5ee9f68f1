"""Hot-seat games played through the keyboard, phase by phase."""

from __future__ import annotations

from collections.abc import Sequence

from nardy_tui.engine import Phase, Side, checker_moves, legal_plays
from nardy_tui.options import LaunchOptions, MatchOptions, Mode
from nardy_tui.play import Highlight, cell_of, layout, move_numbers
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.board import BoardView
from nardy_tui.ui.dialogs import GameOverDialog, MatchOverDialog
from tests.ui.driver import (
    burst,
    first_roll,
    game_screen,
    keys_for,
    play_game,
    play_turn,
    roll_off,
    status,
    turn_keys,
)
from tests.ui.scenes import in_the_bear_off, no_move_for
from tests.ui.taps import tap

SIZE = (120, 40)


def hot_seat(points: int, seed: int) -> NardyApp:
    launch = LaunchOptions(
        match=MatchOptions(mode=Mode.HOT_SEAT, points=points, seed=seed), resume=False
    )
    return NardyApp(launch, pace=0)


async def test_a_one_point_match_by_keys_from_the_roll_off_through_the_bear_off() -> None:
    """Roll-off, a turn with undo and a whole turn by keys; then, the middle of the game
    played by the engine, every turn of the bear-off by keys to match over. (The whole
    match through the same turn flow, without a screen: tests/play/test_flow.py.)"""
    app = hot_seat(points=1, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        assert match.phase is Phase.ROLL_OFF
        await burst(pilot, "r")
        await roll_off(pilot)
        starter = match.position.turn
        assert "starts" in str(screen.board.query_one("#banner").content)

        await burst(pilot, "r")
        assert match.phase is Phase.MOVE and match.turn is not None
        turn = match.turn
        before = turn.position_now()
        src = turn.sources()[0]
        route = turn.routes(src)[0]
        await burst(pilot, *keys_for(src))
        assert screen.flow.selected == src
        dest = screen.board.marked(Highlight.DEST_SINGLE) | screen.board.marked(
            Highlight.DEST_COMBINED
        )
        assert dest == {cell_of(starter, r.dst) for r in turn.routes(src)}
        await burst(pilot, *keys_for(route.dst))
        assert turn.steps == route.steps
        await burst(pilot, "u")
        assert turn.steps == route.steps[:-1], "u takes back the last step alone"
        await burst(pilot, "U")
        assert turn.steps == () and turn.position_now() == before

        app.settings.auto_roll = app.settings.auto_confirm = True
        await play_turn(pilot)
        assert match.games[0].turns[0].side is starter

        match = in_the_bear_off(seed=1)
        app.start_match(MatchOptions(mode=Mode.HOT_SEAT, points=1, seed=1), match)
        await pilot.pause()
        screen = game_screen(pilot)
        await play_game(pilot)

        assert match.phase is Phase.MATCH_OVER
        final = match.games[0]
        assert final.winner is not None and match.position.borne_off(final.winner) == 15
        assert any(step.dst == 0 for turn_record in final.turns for step in turn_record.play)
        assert isinstance(app.screen, MatchOverDialog)
        history = str(screen.query_one("#history-text").content)
        # One number a move (both players' turns): the last turn under its move's number.
        assert f"{move_numbers(len(final.turns))[-1]} {final.turns[-1]}" in history


async def test_next_game_starts_with_its_own_roll_off() -> None:
    """A 3-point match: the end of game 1 by keys, the game-over dialog, game 2's roll-off."""
    app = hot_seat(points=3, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        match = game_screen(pilot).match
        await roll_off(pilot)
        while match.position.pip_count(match.position.turn) > 40:
            dice = match.roll()
            match.play(
                max(
                    legal_plays(match.position, dice),
                    key=lambda play: sum(step.src - step.dst for step in play),
                )
            )
        game_screen(pilot).refresh_view()
        app.settings.auto_roll = app.settings.auto_confirm = True
        await play_game(pilot)
        assert match.phase is Phase.GAME_OVER
        dialog = app.screen
        assert isinstance(dialog, GameOverDialog)
        text = " ".join(str(w.content) for w in dialog.query(".dialog-body"))
        assert ("mars" in text) == match.game.is_mars
        assert "match to 3" in text
        app.settings.auto_roll = False
        await burst(pilot, "enter")
        screen = game_screen(pilot)
        assert match.phase is Phase.ROLL_OFF and match.game.number == 2
        assert "Game 2" in str(screen.board.query_one("#banner").content)
        await burst(pilot, "r")
        assert len(match.game.roll_offs) == 1


async def test_a_turn_without_a_legal_move_is_announced_and_passes() -> None:
    app = hot_seat(points=1, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        mover = match.position.turn
        match.position = no_move_for(mover)
        await burst(pilot, "r")
        game = match.game
        assert game.turns[-1].notation == "(no move)"
        assert game.turns[-1].side is mover and match.position.turn is mover.opponent
        assert "cannot move" in status(app.screen)
        assert "(no move)" in str(screen.query_one("#history-text").content)
        # The dice that could not be played stay on the dice panel until the next roll.
        die = game.turns[-1].dice[0]
        assert f"✗{die}✗" in str(screen.query_one("#info").content)


async def test_an_illegal_target_is_refused_with_the_engines_reason() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        turn = match.turn
        assert turn is not None
        await burst(pilot, "2", "4")
        targets = {route.dst for route in turn.routes(24)}
        wrong = next(point for point in range(23, 0, -1) if point not in targets)
        await burst(pilot, *keys_for(wrong))
        assert turn.steps == ()
        mover = screen.flow.viewpoint.names[turn.mover]
        assert status(app.screen) == f"{mover}: {turn.why_not(24, wrong)}"
        await burst(pilot, "3")
        assert "no checker" in status(app.screen).lower() or turn.steps == ()


async def test_cursor_keys_enter_and_a_fast_burst_act_on_the_right_points() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        turn = match.turn
        assert turn is not None
        mover = turn.position.turn
        board = screen.board
        board.move_cursor_to(cell_of(mover, 24))
        route = turn.routes(24)[0]
        distance = 24 - route.dst
        # Seen from the mover's side the head is top right; its path runs leftwards.
        board.view = mover
        await burst(pilot, "enter", *["left"] * distance, "enter")
        assert turn.steps == route.steps
        assert board.cursor == cell_of(mover, route.dst)


async def test_flip_shows_the_board_from_blacks_side() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        board = game_screen(pilot).query_one(BoardView)
        top_left = board.looks()[0]
        assert top_left.cell == cell_of(Side.WHITE, 13)
        await burst(pilot, "f")
        assert board.view is Side.BLACK
        assert board.looks()[0].cell == cell_of(Side.BLACK, 13)


class Chosen:
    """A board listener that keeps the cells chosen."""

    def __init__(self, cells: list[int]) -> None:
        self.cells = cells

    def chosen(self, cell: int) -> None:
        self.cells.append(cell)

    def cancelled(self) -> None:
        """Not asked of the test."""

    def digit_waiting(self, digit: int, points: Sequence[int]) -> None:
        """Not asked of the test."""

    def digit_forgotten(self, digit: int) -> None:
        """Not asked of the test."""


async def test_a_click_chooses_the_point_or_tray_under_it_and_the_bar_chooses_nothing() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        board = game_screen(pilot).board
        chosen: list[int] = []
        board.listener = Chosen(chosen)
        top, bottom = layout(board.view)
        width = board.point_width
        top_row, bottom_row = board.query_one("#top-row"), board.query_one("#bottom-row")
        await tap(pilot, top_row, (0, 2))  # the first point
        await tap(pilot, top_row, (6 * width + 1, 2))  # the bar
        await tap(pilot, top_row, (6 * width + 3 + width - 1, 2))  # after the bar
        await tap(pilot, bottom_row, (12 * width + 3 + 1 + 4, 2))  # the tray
        assert chosen == [top[0], top[6], bottom[12]]
        assert board.cursor == bottom[12] and board.has_focus


async def test_a_burst_of_points_then_confirm_plays_the_whole_turn_in_order() -> None:
    app = hot_seat(points=3, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        match = game_screen(pilot).match
        await roll_off(pilot)
        mover = match.position.turn
        await burst(pilot, "r", *turn_keys_after_roll(match), "c")
        assert match.game.turns and match.game.turns[-1].side is mover
        assert match.phase is Phase.ROLL and match.position.turn is mover.opponent


def turn_keys_after_roll(match):  # type: ignore[no-untyped-def]
    """Roll on a copy of the dice source to know the keys before the burst sends "r"."""
    import copy

    from nardy_tui.engine import Match
    from tests.ui.driver import turn_keys

    ahead: Match = copy.deepcopy(match)
    ahead.roll()
    return turn_keys(ahead)


async def test_escape_says_the_selection_was_dropped() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        await roll_off(pilot)
        await burst(pilot, "r", "2", "4")
        assert screen.flow.selected == 24 and "selected" in status(app.screen)
        await burst(pilot, "escape")
        assert screen.flow.selected is None
        assert "selected" not in status(app.screen) and "dropped" in status(app.screen)


async def test_the_history_says_whose_roll_off_die_is_whose() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        history = str(screen.query_one("#history-text").content)
        for throw in match.game.roll_offs:
            assert f"roll-off: White {throw.white}, Black {throw.black}" in history


async def test_the_banner_names_a_hot_seat_player_once() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        mover = match.position.turn.label
        banner = str(screen.board.query_one("#banner").content)
        assert banner.startswith(f"{mover} rolled ") and f"{mover} · " not in banner
        await burst(pilot, *turn_keys(match), "c")
        banner = str(screen.board.query_one("#banner").content)
        assert banner == f"{match.position.turn.label} to roll"


# -- no stale marks or messages once the turn moves on ----------------------------------------


async def test_choosing_the_selected_checker_again_says_the_selection_was_dropped() -> None:
    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen, _ = await first_roll(pilot)
        await burst(pilot, "2", "4")
        assert screen.flow.selected == 24 and "selected" in status(app.screen)
        await burst(pilot, "2", "4")
        assert screen.flow.selected is None
        assert "selected" not in status(app.screen) and "dropped" in status(app.screen)


async def test_the_hint_stars_go_once_another_play_is_begun_and_come_back_on_undo() -> None:
    from tests.ui.conftest import FirstPlayBot

    launch = LaunchOptions(match=MatchOptions(mode=Mode.HOT_SEAT, points=3, seed=1), resume=False)
    app = NardyApp(launch, bot_factory=FirstPlayBot, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        turn = match.turn
        assert turn is not None
        await burst(pilot, "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hint = screen.flow.hint
        assert hint is not None
        stars = {
            look.cell: look.marker for look in screen.board.looks() if Highlight.HINT in look.marks
        }
        moves = checker_moves(hint)
        # ☆ where a checker leaves, ★ where it arrives.
        assert stars == {
            **{cell_of(turn.mover, src): "☆" for src, _ in moves},
            **{cell_of(turn.mover, dst): "★" for _, dst in moves},
        }
        other = next(step for step in turn.allowed_steps() if step != hint[0])
        await burst(pilot, *keys_for(other.src), *keys_for(other.dst))
        assert turn.steps[0] == other
        assert not screen.board.marked(Highlight.HINT)
        assert not {"★", "☆"} & {look.marker for look in screen.board.looks()}
        await burst(pilot, "U")
        assert screen.board.marked(Highlight.HINT)


async def test_a_struck_out_die_is_explained() -> None:
    from tests.engine.boards import position

    app = hot_seat(points=3, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        mover = match.position.turn
        # Only one die can be played, so it must be the higher (RULES.md section 6).
        match.position = position({24: 14, 13: 1}, {7: 1, 6: 1, 14: 1, 24: 12}, mover)
        dice = iter((5, 6))
        match.dice_roller.die = lambda: next(dice)  # type: ignore[method-assign]
        screen.refresh_view()
        await burst(pilot, "r")
        assert match.turn is not None and match.turn.unplayable_dice() == (5,)
        info = str(screen.query_one("#info").content)
        assert "✗5✗" in info and "✗ one die only: the higher" in info
        assert (
            "Only one die can be played, so it must be the higher: the 5 is struck out"
            in status(app.screen)
        )


async def test_the_hint_stays_when_its_moves_are_played_in_another_order() -> None:
    from nardy_tui.engine import checker_moves

    app = hot_seat(points=3, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await first_roll(pilot)
        # a few racing turns, until two checkers can move with a play of two single steps
        while True:
            turn = match.turn
            assert turn is not None
            plays = [
                play
                for play in legal_plays(turn.position, turn.dice)
                if len(play) == 2 and play[0].src != play[1].src and play[1] in turn.allowed_steps()
            ]
            if plays:
                break
            await burst(pilot, *turn_keys(match), "c")
            await burst(pilot, "r")
        hint = plays[0]
        screen.flow.hint = hint
        screen.refresh_view()
        await burst(pilot, *keys_for(hint[1].src), *keys_for(hint[1].dst))
        assert turn.steps == (hint[1],)
        starred = screen.board.marked(Highlight.HINT)
        mover = turn.position.turn
        assert starred == {
            cell_of(mover, point) for move in checker_moves(hint[:1]) for point in move
        }
