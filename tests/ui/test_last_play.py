"""The opponent's last play on the board.

Its sources and destinations keep a style of their own (teal, in every theme, with ◌ and an
arrow for terminals without colour) from the end of that turn until the next roll, and ``l``
shows the play again, step by step.
"""

from __future__ import annotations

from textual.color import Color

from nardy_tui.engine import Match, Phase, Position, Side, TurnBuilder, checker_moves
from nardy_tui.options import LaunchOptions, Level, MatchOptions, Mode
from nardy_tui.play import (
    LAST_FROM_GLYPH,
    LAST_TO_GLYPHS,
    Highlight,
    cell_of,
    layout,
    position_before_last,
)
from nardy_tui.ui.app import NardyApp
from nardy_tui.ui.board import BAR_WIDTH, PointLook, PointRow
from nardy_tui.ui.game import GameScreen
from nardy_tui.ui.game.pace import StepPace
from tests.ui.conftest import FirstPlayBot
from tests.ui.driver import burst, game_screen, keys_for, roll_off, settle, turn_keys, type_turn

SIZE = (120, 40)


def against_bot(pace: float = 0) -> NardyApp:
    options = MatchOptions(mode=Mode.BOT, bot_level=Level.EASY, color=Side.WHITE, points=3, seed=7)
    return NardyApp(LaunchOptions(match=options, resume=False), bot_factory=FirstPlayBot, pace=pace)


def marked(screen: GameScreen, mark: Highlight) -> set[int]:
    return screen.board.marked(mark)


def expected(side: Side, play: tuple) -> tuple[set[int], set[int]]:  # type: ignore[type-arg]
    moves = checker_moves(play)
    return ({cell_of(side, src) for src, _ in moves}, {cell_of(side, dst) for _, dst in moves})


async def bot_has_moved(pilot) -> tuple[GameScreen, Match]:  # type: ignore[no-untyped-def]
    """Roll off and play until the bot's turn has just ended: the human is to roll."""
    screen = game_screen(pilot)
    match = screen.match
    await roll_off(pilot)
    await settle(pilot)
    if not match.game.turns:
        await burst(pilot, "r")
        await burst(pilot, *turn_keys(match), "c")
        await settle(pilot)
    assert match.phase is Phase.ROLL and match.position.turn is Side.WHITE
    assert match.game.turns[-1].side is Side.BLACK
    return screen, match


async def test_the_bots_play_is_marked_until_the_next_roll() -> None:
    async with against_bot().run_test(size=SIZE) as pilot:
        screen, match = await bot_has_moved(pilot)
        record = match.game.turns[-1]
        sources, destinations = expected(Side.BLACK, record.play)
        assert marked(screen, Highlight.LAST_FROM) == sources
        assert marked(screen, Highlight.LAST_TO) == destinations
        points = {look.cell: look for look in screen.board.looks() if isinstance(look, PointLook)}
        top_row = set(layout(screen.board.view)[0])
        for cell in destinations:
            if cell in points:
                assert points[cell].marker == LAST_TO_GLYPHS[cell in top_row]
        for cell in sources - destinations:
            assert points[cell].marker == LAST_FROM_GLYPH
        await burst(pilot, "r")
        assert marked(screen, Highlight.LAST_FROM) == marked(screen, Highlight.LAST_TO) == set()


async def test_with_automatic_rolling_the_marks_stay_until_the_first_step() -> None:
    app = against_bot()
    app.settings.auto_roll = True
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await settle(pilot)
        if match.position.turn is Side.WHITE and not match.game.turns:
            await burst(pilot, *turn_keys(match), "c")
            await settle(pilot)
        assert match.phase is Phase.MOVE and match.position.turn is Side.WHITE
        sources, destinations = expected(Side.BLACK, match.game.turns[-1].play)
        assert marked(screen, Highlight.LAST_TO) == destinations and sources
        turn = match.turn
        assert turn is not None
        src = turn.sources()[0]
        await burst(pilot, *keys_for(src), *keys_for(turn.routes(src)[0].dst))
        assert turn.steps and marked(screen, Highlight.LAST_TO) == set()


async def test_the_bots_steps_are_marked_as_it_plays_them() -> None:
    async with against_bot(pace=30).run_test(size=SIZE) as pilot:
        screen = game_screen(pilot)
        match = screen.match
        await roll_off(pilot)
        if match.position.turn is Side.WHITE:
            await type_turn(pilot)
        await app_workers_done(pilot)
        assert screen.flow.away_steps and match.turn is not None
        assert marked(screen, Highlight.LAST_TO) == set()  # nothing played yet
        screen.away_step()
        await pilot.pause()
        assert (
            marked(screen, Highlight.LAST_TO) == expected(Side.BLACK, match.turn.steps)[1] != set()
        )


async def app_workers_done(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_l_shows_the_last_play_again_step_by_step() -> None:
    async with against_bot().run_test(size=SIZE) as pilot:
        screen, match = await bot_has_moved(pilot)
        record = match.game.turns[-1]
        before = position_before_last(match.game)
        frames = [before.points]
        turn = TurnBuilder(before, record.dice)
        for step in record.play:
            turn.push(step)
            frames.append(turn.position_now().points)
        board = screen.board
        shown: list[tuple[int, ...]] = []
        original = board.show

        def spy(position: Position) -> None:
            shown.append(position.points)
            original(position)

        board.show = spy  # type: ignore[method-assign]
        await burst(pilot, "l")
        for _ in range(len(frames) + 2):
            await pilot.pause()
        # the position before the turn, one frame per step, then the board as it is
        assert shown[1:-1] == frames and shown[-1] == match.position.points
        assert board.position == match.position
        assert marked(screen, Highlight.LAST_TO) == expected(Side.BLACK, record.play)[1]


async def test_a_roll_during_the_replay_stops_it() -> None:
    app = against_bot()
    async with app.run_test(size=SIZE) as pilot:
        screen, match = await bot_has_moved(pilot)
        screen.pace = StepPace(screen, 30, screen.services.settings)
        await burst(pilot, "l")
        assert screen.board.position == position_before_last(match.game)
        assert "Last play again" in str(screen.board.query_one("#banner").content)
        await burst(pilot, "r")
        assert match.phase is Phase.MOVE and match.turn is not None
        assert screen.board.position == match.turn.position_now()
        assert "Last play again" not in str(screen.board.query_one("#banner").content)


def drawn_backgrounds(screen: GameScreen) -> dict[str, set[str]]:
    """The colours drawn behind the middle of each point's stack, by what marks the point:
    the last play's "last-from" or "last-to", else its plain "light" or "dark" shade."""
    found: dict[str, set[str]] = {}
    for row in screen.board.query(PointRow):
        line = row.render_line(row.size.height // 2)
        for column, look in enumerate(row.points):
            x = column * row.point_width + (BAR_WIDTH if column >= 6 else 0)
            [segment] = list(line.crop(x, x + 1))
            assert segment.style is not None and segment.style.bgcolor is not None
            kind = next(
                (
                    mark.value
                    for mark in (Highlight.LAST_TO, Highlight.LAST_FROM)
                    if mark in look.marks
                ),
                "light" if (column + (not row.upper)) % 2 == 0 else "dark",
            )
            found.setdefault(kind, set()).add(Color.from_rich_color(segment.style.bgcolor).hex)
    return found


async def test_the_marks_have_a_colour_of_their_own_in_every_theme() -> None:
    async with against_bot().run_test(size=SIZE) as pilot:
        screen, _ = await bot_has_moved(pilot)
        app = pilot.app
        others = {"#5D8A3A", "#D4A017", "#3A6EA5", "#7A4FA8", "#B0405A"}  # the other marks
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            drawn = drawn_backgrounds(screen)
            assert set(drawn) == {"last-from", "last-to", "light", "dark"}, theme
            assert all(len(colours) == 1 for colours in drawn.values()), (theme, drawn)
            colours = {kind: colour for kind, (colour,) in drawn.items()}
            assert len(set(colours.values())) == 4, (theme, colours)
            assert not {colours["last-from"], colours["last-to"]} & others, theme
