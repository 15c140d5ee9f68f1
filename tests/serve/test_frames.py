"""A frame from a page is read only if it has the page's shape: no more arrays and objects
than the page's own frames hold, so that no frame nests the reader into a RecursionError."""

from __future__ import annotations

from nardy_tui.serve.frames import page_frame


def test_the_pages_own_frames_are_read() -> None:
    assert page_frame('["stdin", "[{x"]') == ["stdin", "[{x"]
    assert page_frame('["resize", {"width": 80, "height": 24}]') == [
        "resize",
        {"width": 80, "height": 24},
    ]
    assert page_frame('["ping", "\\"[["]') == ["ping", '"[[']


def test_a_frame_nested_deeper_than_the_pages_is_dropped_without_an_error() -> None:
    for nested in ("[" * 3000, "[" * 3000 + "]" * 3000, '{"a": ' * 3000, '[[["stdin", "a"]]]'):
        assert page_frame(nested) is None


def test_a_frame_that_is_no_json_is_dropped() -> None:
    assert page_frame('["stdin", "open') is None
    assert page_frame("") is None
