"""The README's first steps work for a new player who has only the README: where the source
comes from, an environment pip may install into, and what the first screen starts and how
to move on it, as the code has it."""

from __future__ import annotations

from pathlib import Path

from nardy_tui.options import MatchOptions, Mode

QUICK_START = (
    (Path(__file__).parents[1] / "README.md")
    .read_text(encoding="utf-8")
    .split("## Quick start", 1)[1]
    .split("\n## ", 1)[0]
)
QUICK_START_WORDS = " ".join(QUICK_START.split())
"""The same, one space between words, whatever the line breaks."""


def test_the_first_steps_clone_enter_the_folder_and_use_a_virtual_environment() -> None:
    assert "git clone URL nardy && cd nardy" in QUICK_START
    assert "python3 -m venv .venv" in QUICK_START and ". .venv/bin/activate" in QUICK_START
    assert QUICK_START.index("venv") < QUICK_START.index("pip install .")


def test_the_first_screen_is_told_as_the_code_starts_it() -> None:
    default, said = MatchOptions(), QUICK_START_WORDS
    assert default.mode is Mode.BOT and "against the bot" in said
    assert f"at *{default.bot_level.value.capitalize()}* (the default level" in said
    assert f"{default.points}-point match" in said
    assert "Tab and Shift+Tab move between the groups" in said
    assert "↑ and ↓ move and Enter or Space chooses" in said
