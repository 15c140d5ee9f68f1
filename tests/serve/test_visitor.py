"""A visitor is known by their token, read in one strict form only, and their save folder
is named by it without ever being it."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_tui.serve.visitor import Visitor


def test_a_new_visitor_gets_a_token_of_the_accepted_form_and_a_different_one_each_time() -> None:
    first, second = Visitor.new(), Visitor.new()
    assert Visitor.parse(first.token) == first
    assert first != second


@pytest.mark.parametrize(
    "text",
    ["", "short", "a" * 65, "../../etc/passwd", "a" * 15 + "/", "a" * 16 + "\n", "ä" * 16],
    ids=["empty", "too short", "too long", "a path", "a slash", "a newline", "not ascii"],
)
def test_anything_but_a_tokens_form_is_no_visitor(text: str) -> None:
    assert Visitor.parse(text) is None


def test_the_same_token_is_the_same_folder_and_two_tokens_two_folders(tmp_path: Path) -> None:
    token = "A" * 16
    one, again, other = Visitor(token), Visitor(token), Visitor("B" * 16)
    assert one.folder(tmp_path) == again.folder(tmp_path)
    assert one.folder(tmp_path) != other.folder(tmp_path)


def test_the_folder_lies_in_the_root_and_does_not_show_the_token(tmp_path: Path) -> None:
    visitor = Visitor.new()
    folder = visitor.folder(tmp_path)
    assert folder.parent == tmp_path.resolve()
    assert visitor.token not in folder.name
