"""Position IDs: every position, with or without dice, goes to 15 URL-safe characters and
back unchanged; a text that names no position is refused in one line saying why."""

from __future__ import annotations

import base64
import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_tui.engine import (
    CHECKERS,
    HEAD,
    POINTS,
    Dice,
    Position,
    PositionIdError,
    Side,
    board_index,
    legal_plays,
    read_position_id,
)

URL_SAFE = re.compile(r"[A-Za-z0-9_-]{15}")


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any board the rules could hold: up to 15 checkers a side, never both on one point;
    a side still to make its first turn has all 15 on its head."""
    board = [0] * POINTS
    for side in Side:
        free = [index for index in range(POINTS) if board[index] * side.sign >= 0]
        for index in draw(st.lists(st.sampled_from(free), max_size=CHECKERS)):
            board[index] += side.sign
    if not any(board):
        board[board_index(Side.WHITE, 1)] = 1
    first_turns = frozenset(
        side
        for side in Side
        if board[board_index(side, HEAD)] * side.sign == CHECKERS and draw(st.booleans())
    )
    return Position(tuple(board), draw(st.sampled_from(list(Side))), first_turns)


dice = st.none() | st.builds(Dice, st.integers(1, 6), st.integers(1, 6))


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(positions(), dice)
def test_every_position_and_its_dice_come_back_from_its_id(
    position: Position, thrown: Dice | None
) -> None:
    text = position.to_id(thrown)
    assert URL_SAFE.fullmatch(text)
    assert not text.startswith("-"), "a command line would take the ID for an option"
    assert read_position_id(text) == (position, thrown)
    assert Position.from_id(text) == position


def test_positions_of_real_games_come_back_from_their_ids() -> None:
    """Every position of random games with its roll and before it; each side's opening
    with every roll in either order (Black's with a 6 first would begin with "-")."""
    chooser = random.Random(2026)
    for side in [Side.WHITE, Side.BLACK] * 10:
        position = Position.initial(side)
        for first, second in itertools.product(range(1, 7), repeat=2):
            assert_comes_back(position, Dice(first, second))
        while position.winner is None:
            roll = Dice(chooser.randint(1, 6), chooser.randint(1, 6))
            assert_comes_back(position, roll)
            assert_comes_back(position, None)
            position = position.apply(chooser.choice(legal_plays(position, roll)), roll)
        assert_comes_back(position, None)


def assert_comes_back(position: Position, thrown: Dice | None) -> None:
    text = position.to_id(thrown)
    assert not text.startswith("-"), text
    assert read_position_id(text) == (position, thrown)


@pytest.mark.parametrize("second", range(1, 7))
def test_black_first_with_a_6_has_an_id_that_is_no_option(second: int) -> None:
    """Base64url would begin this ID with "-", and "nardy analyze -oAAA..." would fail."""
    text = Position.initial(Side.BLACK).to_id((6, second))
    assert text.startswith("v")
    assert read_position_id(text) == (Position.initial(Side.BLACK), Dice(6, second))


def test_the_opening_has_a_fixed_id() -> None:
    """The format is a contract: IDs pasted from an older nardy keep their meaning."""
    assert Position.initial().to_id() == "YAAAAP_-AAAB__w"
    assert Position.initial(Side.BLACK).to_id((6, 5)) == "voAAAP_-AAAB__w"


def test_surrounding_spaces_are_forgiven() -> None:
    assert Position.from_id("  YAAAAP_-AAAB__w\n") == Position.initial()


def raw_id(
    white: list[int],
    black: list[int],
    first_turns: tuple[int, int] = (0, 0),
    dice: tuple[int, int] = (0, 0),
    black_to_move: bool = False,
) -> str:
    """An ID written bit by bit in base64url as the format says, whatever it holds (and
    with "-" first if base64url has it there): ``white`` and ``black`` are each side's
    checkers on its own points 1 to 24."""
    bits = [int(black_to_move), *first_turns]
    for die in dice:
        bits += [die >> 2 & 1, die >> 1 & 1, die & 1]
    for counts in (white, black):
        for count in counts:
            bits += [1] * count + [0]
    bits += [0] * (88 - len(bits))
    number = int("".join(map(str, bits)), 2)
    return base64.urlsafe_b64encode(number.to_bytes(11, "big")).decode().rstrip("=")


ON_HEAD = [0] * 23 + [15]


def test_the_raw_writer_writes_the_format() -> None:
    assert raw_id(ON_HEAD, ON_HEAD, first_turns=(1, 1)) == Position.initial().to_id()


@pytest.mark.parametrize("second", range(1, 7))
def test_an_id_an_older_nardy_began_with_a_hyphen_still_reads(second: int) -> None:
    """Older IDs stay in records ("Start: ID") and chats: base64url as it is, "-" first."""
    older = raw_id(ON_HEAD, ON_HEAD, first_turns=(1, 1), dice=(6, second), black_to_move=True)
    assert older.startswith("-")
    assert read_position_id(older) == (Position.initial(Side.BLACK), Dice(6, second))
    assert Position.from_id("-oAAAP_-AAAB__w") == Position.initial(Side.BLACK)


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "is not a position ID"),
        ("YAAAAP_-AAAB__", "is not a position ID"),
        ("YAAAAP_-AAAB__w0", "is not a position ID"),
        ("YAAAAP_+AAAB__w", "is not a position ID"),
        ("/" * 15, "is not a position ID"),
        ("YAAAAP_-AAAB__x", "left over"),
        (raw_id([0] * 24, [0] * 24), "both sides have borne off every checker"),
        (raw_id(ON_HEAD, ON_HEAD, dice=(7, 2)), "dice are not two dice from 1 to 6"),
        (raw_id(ON_HEAD, ON_HEAD, dice=(0, 2)), "dice are not two dice from 1 to 6"),
        (raw_id([0] * 23 + [16], ON_HEAD), "White has 16 checkers on the board, at most 15"),
        (raw_id(ON_HEAD, [1] * 15 + [0] * 9), "both sides have checkers on White's point 24"),
        (
            raw_id([1] + [0] * 22 + [14], ON_HEAD, first_turns=(1, 0)),
            "White is still to make its first turn",
        ),
    ],
)
def test_a_text_that_names_no_position_is_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(PositionIdError, match=why) as refused:
        Position.from_id(text)
    assert "\n" not in str(refused.value)
