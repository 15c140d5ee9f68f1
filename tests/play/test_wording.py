"""Words that need no turn in progress."""

from __future__ import annotations

from nardy_tui.engine import Side, TurnRecord
from nardy_tui.i18n import use_language
from nardy_tui.play import turn_line


def test_a_pass_is_said_in_the_players_language_and_written_in_english_in_the_record(
        ) -> None:
    passed = TurnRecord(Side.BLACK, (5, 5), (), "(no move)")
    assert turn_line(passed, Side.WHITE) == "Black 5-5: (no move)"
    use_language("ru")
    try:
        assert turn_line(passed, Side.WHITE) == "Чёрные 5-5: (нет хода)"
    finally:
        use_language("en")
    assert passed.notation == "(no move)"
