"""The line to the other machine as its news tells it (``LineNews``): news is shown once,
and while the line is down, what it does is what the other side's turn says."""

from __future__ import annotations

from nardy_tui.play import LineNews


def test_the_same_news_is_new_once() -> None:
    """The joiner tries the host again every few seconds: each try tells the same news."""
    line = LineNews()
    assert line.heard("Connecting to your friend again…")
    assert not line.heard("Connecting to your friend again…")
    assert line.heard("Your friend is here.")


def test_news_is_kept_for_a_screen_not_yet_shown() -> None:
    line = LineNews()
    line.heard("Your friend is here.")
    assert line.news == "Your friend is here."


def test_a_line_down_says_what_it_does_and_a_line_up_says_nothing() -> None:
    line = LineNews()
    assert line.down == "", "up until its news says otherwise"
    line.heard("Your friend has left.", up=False)
    assert line.down == "Your friend has left."
    line.heard("Your friend has left.", up=True)
    assert line.down == "", "the line came back with no new words"


def test_news_that_does_not_say_whether_the_line_is_up_leaves_it_as_it_was() -> None:
    line = LineNews()
    line.heard("The line went down.", up=False)
    line.heard("Trying again…")
    assert line.down == "Trying again…"
