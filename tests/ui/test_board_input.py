"""The board's input and drawing on their own: the board tells its listener at once of a
choice, an Escape, a digit waiting and a waiting digit forgotten (``BoardListener``), and a
change to any of the board's reactives redraws it once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App, ComposeResult

from nardy_tui.engine import Side
from nardy_tui.play import Highlight, Marks, cell_of
from nardy_tui.ui.board import DRAWN_FROM, BoardView


class Heard:
    """A listener that writes down what the board told it."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def chosen(self, cell: int) -> None:
        self.heard.append(f"chosen {cell}")

    def cancelled(self) -> None:
        self.heard.append("cancelled")

    def digit_waiting(self, digit: int, points: Sequence[int]) -> None:
        self.heard.append(f"waiting on {digit} for {list(points)}")

    def digit_forgotten(self, digit: int) -> None:
        self.heard.append(f"forgot {digit}")


class BoardApp(App[None]):
    CSS_PATH = str(Path(__file__).parents[2] / "nardy_tui" / "ui" / "nardy.tcss")

    def compose(self) -> ComposeResult:
        yield BoardView()

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()


async def test_the_board_tells_its_listener_of_each_choice_at_once() -> None:
    app = BoardApp()
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(BoardView)
        listener = Heard()
        board.listener = listener
        board.set_marks(Marks(cells={Highlight.SOURCE: {cell_of(Side.WHITE, 13)}}))
        await pilot.press("1")
        assert listener.heard == ["waiting on 1 for [13]"]  # 13 alone may be chosen
        await pilot.press("3", "escape", "1", "escape", "5", "1", "left")
        assert listener.heard == [
            "waiting on 1 for [13]",
            f"chosen {cell_of(Side.WHITE, 13)}",
            "cancelled",
            "waiting on 1 for [13]",
            "forgot 1",
            f"chosen {cell_of(Side.WHITE, 5)}",
            "waiting on 1 for [13]",
            f"chosen {cell_of(Side.WHITE, 1)}",  # another key takes the waiting 1 first
        ]
        assert board.cursor == cell_of(Side.WHITE, 2)  # then moves on from point 1


async def test_a_change_to_any_of_the_boards_reactives_redraws_it_once() -> None:
    app = BoardApp()
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(BoardView)
        drawn: list[None] = []
        original = board._redraw_now

        def counted() -> None:
            drawn.append(None)
            original()

        board._redraw_now = counted  # type: ignore[method-assign]
        changed = {
            "view": Side.BLACK,
            "numbering": Side.BLACK,
            "cursor": cell_of(Side.WHITE, 1),
            "stack_rows": board.stack_rows + 1,
            "point_width": board.point_width + 1,
            "portrait": True,
        }
        assert set(changed) == set(DRAWN_FROM)
        for name, value in changed.items():
            setattr(board, name, value)
            await pilot.pause()
            assert len(drawn) == 1, name
            drawn.clear()
        for name, value in changed.items():
            setattr(board, name, value)  # the same value again: nothing to draw
        await pilot.pause()
        assert drawn == []
