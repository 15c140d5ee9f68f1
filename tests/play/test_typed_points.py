"""Typing a point's number: a 1 or 2 waits for a second digit only while it can begin a
point that means something, and then as long as the player takes (no clock is asked: a
pause changes nothing); Enter takes the digit typed and never drops it; any other key takes
a waiting digit first, Escape forgets it; nothing typed is used up unseen."""

from __future__ import annotations

from nardy_tui.engine import OFF, Side
from nardy_tui.play import Highlight, Marks, PointTyping, cell_of, choosable_points, tray_cell


def typed(*digits: int, choosable: frozenset[int]) -> tuple[PointTyping, tuple[int, ...]]:
    """``digits`` typed one after another, ``choosable`` the points that mean something:
    the typing, and every point chosen."""
    typing = PointTyping()
    chosen: tuple[int, ...] = ()
    for digit in digits:
        chosen += typing.digit(digit, choosable)
    return typing, chosen


def test_a_one_waits_only_while_a_point_from_10_to_19_can_be_chosen() -> None:
    waiting, chosen = typed(1, choosable=frozenset({1, 13}))
    assert waiting.waiting == 1 and chosen == ()
    alone, chosen = typed(1, choosable=frozenset({1, 5, 24}))
    assert alone.waiting is None and chosen == (1,)


def test_a_two_waits_only_while_a_point_from_20_to_24_can_be_chosen() -> None:
    assert typed(2, choosable=frozenset({24}))[1] == ()
    assert typed(2, choosable=frozenset({2, 19}))[1] == (2,)


def test_the_second_digit_makes_the_point_however_late_it_comes() -> None:
    """2 then 4 is point 24, never 2 and then 4 (no clock: a pause changes nothing)."""
    assert typed(2, 4, choosable=frozenset({2, 4, 24}))[1] == (24,)
    assert typed(1, 0, choosable=frozenset({10}))[1] == (10,)


def test_a_second_digit_that_makes_a_point_makes_it_even_if_it_cannot_be_chosen() -> None:
    """1 (13 may move) then 5: point 15, whose refusal names it, not 1 and then 5."""
    assert typed(1, 5, choosable=frozenset({1, 5, 13}))[1] == (15,)


def test_two_digits_that_make_no_point_are_each_a_point() -> None:
    typing, chosen = typed(2, 7, choosable=frozenset({24}))
    assert chosen == (2, 7) and typing.waiting is None
    assert typed(2, 5, choosable=frozenset({24, 5}))[1] == (2, 5)


def test_three_to_nine_and_nought_are_their_point_at_once() -> None:
    for digit in (3, 9):
        assert typed(digit, choosable=frozenset({digit, 13, 24}))[1] == (digit,)
    assert typed(0, choosable=frozenset({OFF, 5, 13}))[1] == (OFF,)


def test_enter_takes_the_waiting_digit_as_its_point() -> None:
    typing, _ = typed(1, choosable=frozenset({1, 13}))
    assert typing.enter() == (1,)
    assert typing.waiting is None
    assert typing.enter() is None, "a second Enter chooses the point under the cursor"


def test_enter_right_after_a_typed_point_adds_nothing_and_never_drops_it() -> None:
    """1 chose point 1 at once (nothing from 10 to 19 can be chosen): an Enter after it,
    as the habit of a command line has it, must not choose point 1 again (a drop)."""
    typing, chosen = typed(1, choosable=frozenset({1, 5}))
    assert chosen == (1,)
    assert typing.enter() == ()
    assert typing.enter() is None
    typing, chosen = typed(1, 3, choosable=frozenset({13}))
    assert chosen == (13,) and typing.enter() == ()


def test_enter_with_nothing_typed_chooses_the_cursor() -> None:
    assert PointTyping().enter() is None


def test_another_key_takes_the_waiting_digit_first() -> None:
    typing, _ = typed(2, choosable=frozenset({2, 24}))
    assert typing.take() == (2,)
    assert typing.take() == ()
    assert typing.enter() is None, "the key between was no digit"


def test_escape_forgets_the_waiting_digit_and_chooses_nothing() -> None:
    typing, _ = typed(1, choosable=frozenset({1, 13}))
    assert typing.forget() == 1
    assert typing.take() == () and typing.enter() is None
    assert PointTyping().forget() is None


def test_the_points_that_mean_something_are_those_marked_as_a_choice() -> None:
    """A checker that may move, the one chosen, where it may go (the own tray included);
    not the last play, the hint alone, or the opponent's tray."""
    white = Side.WHITE
    marks = Marks(
        cells={
            Highlight.SOURCE: {cell_of(white, 13), cell_of(white, 6)},
            Highlight.SELECTED: {cell_of(white, 6)},
            Highlight.DEST_SINGLE: {cell_of(white, 1), tray_cell(white)},
            Highlight.DEST_COMBINED: {cell_of(white, 2)},
            Highlight.LAST_FROM: {cell_of(white, 20)},
            Highlight.LAST_TO: {cell_of(white, 21)},
            Highlight.HINT: {cell_of(white, 22)},
        }
    )
    assert choosable_points(marks, white) == {13, 6, 1, 2, OFF}
    assert choosable_points(marks, Side.BLACK) == {1, 18, 13, 14}, "White's tray is none"
    assert choosable_points(Marks(), white) == frozenset()
