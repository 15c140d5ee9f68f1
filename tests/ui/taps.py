"""Playing by taps alone, as on a phone: clicks on the board's cells, the screen's buttons and
the dialogs' buttons, never a key."""

from __future__ import annotations

from textual import events
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button
from textual.widgets._toggle_button import ToggleButton

from nardy_tui.engine import Match, Phase, TurnBuilder
from nardy_tui.play import cell_of
from nardy_tui.ui.board import BoardView, PointRow
from nardy_tui.ui.board_portrait import PointColumns
from tests.ui.driver import drain, game_screen, racing_move

SHOWN_WITHIN_PAUSES = 20


def where_drawn(board: BoardView, cell: int) -> tuple[Widget, tuple[int, int]]:
    """The part of ``board`` that draws ``cell``, and a spot inside it on that cell."""
    if board.portrait:
        columns = board.query_one(PointColumns)
        width, height = columns.size
        for y in range(height):
            for x in range(width):
                if columns.cell_at(x, y) == cell:
                    return columns, (x, y)
    else:
        for row in board.query(PointRow):
            for x in range(row.size.width):
                if row.cell_at(x) == cell:
                    return row, (x, row.size.height // 2)
    raise AssertionError(f"cell {cell} is drawn nowhere on the board")


async def spot(pilot: Pilot[int], widget: Widget, offset: tuple[int, int] | None = None) -> Offset:
    """Where on the screen a tap lands on ``widget`` (at ``offset`` in it, else its middle),
    which must be on top there; a button still to show (the screen works out which apply
    after its next frame) is waited for."""
    for _ in range(SHOWN_WITHIN_PAUSES):
        if widget.region:
            break
        await pilot.pause()
    region = widget.region
    assert region, f"{widget} is not in view"
    dx, dy = offset if offset is not None else (region.width // 2, region.height // 2)
    where = Offset(region.x + dx, region.y + dy)
    on_top, _ = pilot.app.get_widget_at(*where)
    assert on_top is widget, f"a tap on {widget} would land on {on_top}"
    return where


def post_tap(pilot: Pilot[int], where: Offset) -> None:
    """A tap as a terminal sends one: a press and a release posted to the app, which makes
    the click of them after its input guards. (``Pilot.click`` hands each event to the
    screen and waits for the app to go idle three times a tap, which made a game by taps
    cost half a minute.)"""
    app = pilot.app
    x, y = where
    for kind in (events.MouseDown, events.MouseUp):
        event = kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
        event.set_sender(app)
        app.post_message(event)


async def tap(pilot: Pilot[int], widget: Widget, offset: tuple[int, int] | None = None) -> None:
    """A tap on ``widget``, then a wait until the app has handled what it set off."""
    post_tap(pilot, await spot(pilot, widget, offset))
    await drain(pilot)


async def tap_cells(pilot: Pilot[int], *cells: int) -> None:
    """Taps on the board's ``cells`` in one quick run, as a fast thumb makes them, then a
    wait until the app has handled them all."""
    board = game_screen(pilot).board
    for cell in cells:
        post_tap(pilot, await spot(pilot, *where_drawn(board, cell)))
    await drain(pilot)


async def tap_button(pilot: Pilot[int], button_id: str) -> None:
    """A tap on the button ``button_id`` of the screen on top (a dialog's too)."""
    await tap(pilot, pilot.app.screen.query_one(f"#{button_id}", Button))


async def tap_choice(pilot: Pilot[int], label: str) -> None:
    """A tap on the radio button or switch that reads ``label``."""
    [button] = [
        toggle for toggle in pilot.app.screen.query(ToggleButton) if str(toggle.label) == label
    ]
    await tap(pilot, button)


async def play_turn_by_taps(pilot: Pilot[int], match: Match) -> None:
    """Roll, the racing moves (a checker, then where it goes, the turn's taps in one quick
    run), confirm: each by a tap (the roll and the confirmation only where the player has
    not made them automatic)."""
    if match.phase is Phase.ROLL:
        await tap_button(pilot, "tap-roll")
    if match.phase is not Phase.MOVE or match.turn is None:
        return
    numbering = match.mover
    assert numbering is not None
    assert match.dice is not None
    turn = TurnBuilder(match.turn.position, match.dice)
    cells: list[int] = []
    while not turn.is_complete:
        src, dst = racing_move(turn)
        turn.move(src, dst)
        cells += [cell_of(numbering, src), cell_of(numbering, dst)]
    await tap_cells(pilot, *cells)
    if match.phase is Phase.MOVE and not pilot.app.settings.auto_confirm:  # type: ignore[attr-defined]
        await tap_button(pilot, "tap-confirm")


async def buttons_offered(pilot: Pilot[int]) -> list[str]:
    """The commands whose buttons the tap bar shows, once the screen has caught up with the
    last tap (it works out what applies after the next frame, as for the footer)."""

    def now() -> list[str]:
        bar = pilot.app.screen.query_one("#tap-bar")
        return [
            str(button.id).removeprefix("tap-") for button in bar.query(Button) if button.display
        ]

    shown = now()
    for _ in range(SHOWN_WITHIN_PAUSES):
        await pilot.pause()
        if now() == shown:
            break
        shown = now()
    return shown
