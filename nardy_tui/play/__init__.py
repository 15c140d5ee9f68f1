"""The game as a player lives it, without a screen: the turn flow, the board's cells and
marks, the words to show, the bots it asks and the files it keeps. The UI renders what it
answers and forwards keys to it; importing it loads no Textual (``tests/test_layers.py``
checks), so all of it is unit-tested directly (``tests/play/``)."""

from __future__ import annotations

from nardy_tui.play.board_marks import (
    first_source_cell,
    last_play_frames,
    marks_for,
    position_before_last,
    position_now,
)
from nardy_tui.play.bots import (
    FALLBACK_LEVEL,
    HINT_LEVEL,
    BotFactory,
    Chooser,
    MatchBots,
    hint_ranking,
    load_bot,
)
from nardy_tui.play.cells import cell_of, layout, point_of, tray_cell
from nardy_tui.play.commands import COMMANDS, Command, CommandSpec
from nardy_tui.play.flow import Next, Outcome, TurnFlow
from nardy_tui.play.lockstep import (
    Lockstep,
    PeerBroke,
    PeerLeft,
    PeerPlayed,
    PeerStartedGame,
    Thrown,
)
from nardy_tui.play.marks import (
    COMBINED_GLYPH,
    HINT_FROM_GLYPH,
    HINT_TO_GLYPH,
    LAST_FROM_GLYPH,
    LAST_TO_GLYPHS,
    OWNERS_MARKS,
    SINGLE_GLYPH,
    Mark,
    Marks,
    judged_marks,
    last_play_marks,
    moved_cells,
)
from nardy_tui.play.match_files import Saver
from nardy_tui.play.reading import Reader
from nardy_tui.play.review_words import (
    MARK_GLYPHS,
    TurnFilter,
    list_line,
    luck_said,
    marks_key,
    roll_luck_said,
    rolled_said,
    summary_line,
    verdict_lines,
)
from nardy_tui.play.seats import (
    AtKeyboard,
    BotSeat,
    RemoteSeat,
    Seat,
    against_bot,
    against_friend,
    hot_seat,
)
from nardy_tui.play.status import (
    TURN_COMPLETE,
    away_thinking_said,
    banner,
    history_title,
    pass_said,
    position_id_said,
    seen_from,
    turn_said,
    where_we_are,
)
from nardy_tui.play.tutor import tutor_question, tutor_verdict, warns
from nardy_tui.play.wording import bot_name, level_name, roll_off_said

__all__ = [
    "COMBINED_GLYPH",
    "COMMANDS",
    "FALLBACK_LEVEL",
    "HINT_FROM_GLYPH",
    "HINT_LEVEL",
    "HINT_TO_GLYPH",
    "LAST_FROM_GLYPH",
    "LAST_TO_GLYPHS",
    "MARK_GLYPHS",
    "OWNERS_MARKS",
    "SINGLE_GLYPH",
    "TURN_COMPLETE",
    "AtKeyboard",
    "BotFactory",
    "BotSeat",
    "Chooser",
    "Command",
    "CommandSpec",
    "Lockstep",
    "Mark",
    "Marks",
    "MatchBots",
    "Next",
    "Outcome",
    "PeerBroke",
    "PeerLeft",
    "PeerPlayed",
    "PeerStartedGame",
    "Reader",
    "RemoteSeat",
    "Saver",
    "Seat",
    "Thrown",
    "TurnFilter",
    "TurnFlow",
    "against_bot",
    "against_friend",
    "away_thinking_said",
    "banner",
    "bot_name",
    "cell_of",
    "first_source_cell",
    "hint_ranking",
    "history_title",
    "hot_seat",
    "judged_marks",
    "last_play_frames",
    "last_play_marks",
    "layout",
    "level_name",
    "list_line",
    "load_bot",
    "luck_said",
    "marks_for",
    "marks_key",
    "moved_cells",
    "pass_said",
    "point_of",
    "position_before_last",
    "position_id_said",
    "position_now",
    "roll_luck_said",
    "roll_off_said",
    "rolled_said",
    "seen_from",
    "summary_line",
    "tray_cell",
    "turn_said",
    "tutor_question",
    "tutor_verdict",
    "verdict_lines",
    "warns",
    "where_we_are",
]
