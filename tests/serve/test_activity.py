"""A game's idle time counts from the visitor's own doing: a key, a paste, a click, a wheel
turn, a resize to a new size. What the page and its terminal send by themselves does not
count: an empty input, the pointer passing over the page, focus changes, the terminal's
answers to the game's questions, and the page saying its size again."""

from __future__ import annotations

import pytest

from nardy_tui.serve.activity import TerminalSize, by_the_visitor

ESC = "\x1b"


@pytest.mark.parametrize(
    "keys",
    [
        "a",
        "\r",
        "\x7f",
        ESC,  # the Escape key
        f"{ESC}[A",  # an arrow
        f"{ESC}OP",  # F1
        f"{ESC}[1;5C",  # Ctrl+Right
        f"{ESC}x",  # Alt+x
        f"{ESC}[200~pasted{ESC}[201~",
        f"{ESC}[<0;12;7M",  # the left button pressed
        f"{ESC}[<0;12;7m",  # and let go
        f"{ESC}[<64;12;7M",  # the wheel turned
        f"{ESC}[<35;12;7M{ESC}[<0;12;7M",  # a motion, then a click
        f"{ESC}[Ia",  # focus, then a key
    ],
)
def test_a_key_a_paste_a_click_or_a_wheel_turn_is_the_visitor(keys: str) -> None:
    assert by_the_visitor(keys)


@pytest.mark.parametrize(
    "keys",
    [
        "",
        f"{ESC}[<35;12;7M",  # the pointer passing, no button
        f"{ESC}[<32;12;7M{ESC}[<32;13;7M",  # a drag: motion with the button held
        f"{ESC}[I",  # focus in
        f"{ESC}[O",  # focus out
        f"{ESC}[?2026;2$y",  # a mode's report
        f"{ESC}[?1;2c",  # the terminal's attributes
        f"{ESC}]11;rgb:0f0f/1414/1717{ESC}\\",  # a colour, answered
        f"{ESC}P>|xterm.js(5.5.0){ESC}\\",  # the terminal's version
    ],
)
def test_what_the_terminal_sends_by_itself_is_not_the_visitor(keys: str) -> None:
    assert not by_the_visitor(keys)


def test_a_resize_is_the_visitor_only_if_it_changes_the_size() -> None:
    size = TerminalSize(100, 32)
    assert not size.changes_to(100, 32)
    assert size.changes_to(100, 40)
    assert not size.changes_to(100, 40)
    assert size.changes_to(100, 32)
