"""The game as a player lives it, without a screen: the turn flow, the board's cells and
marks, the words to show, the bots it asks and the files it keeps. The UI renders what it
answers and forwards keys to it; importing it loads no Textual (``tests/test_layers.py``
checks), so all of it is unit-tested directly (``tests/play/``).

The turn flow, the tutor (and its gate), the review's words, the lockstep, the network
game with a friend and the lobby's client (``online``, which needs aiohttp) are imported
when first asked for (``__getattr__``): they bring in the bot's judgement and the network
layer, which the first screen (the new-match screen,
or the question whether to resume) never needs, and importing them would slow every start
(``tests/test_layers.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.imported_when_used import imported_when_used
from nardy_tui.play.beginning import Begun, begin
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
    load_bot,
)
from nardy_tui.play.cells import cell_of, layout, point_of, tray_cell
from nardy_tui.play.commands import COMMANDS, Command, CommandSpec
from nardy_tui.play.last_play import LastPlayShow, ShownAgain
from nardy_tui.play.line_news import LineNews
from nardy_tui.play.marks import (
    COMBINED_GLYPH,
    HINT_FROM_GLYPH,
    HINT_TO_GLYPH,
    LAST_FROM_GLYPH,
    LAST_TO_GLYPHS,
    OWNERS_MARKS,
    SINGLE_GLYPH,
    Highlight,
    Marks,
    judged_marks,
    last_play_marks,
    moved_cells,
)
from nardy_tui.play.match_files import (
    NetworkSaver,
    RecordFile,
    RecordNotMade,
    Saver,
    give_up_network_match,
    record_keeper,
    record_written_said,
)
from nardy_tui.play.network_news import (
    CannotStart,
    CodeGiven,
    GameNews,
    Joining,
    LineReport,
    MatchBroken,
    MatchReady,
    NetworkNews,
    PeerArrived,
    SaveFailed,
)
from nardy_tui.play.panel_words import (
    history_lines,
    move_numbers,
    passed_dice,
    result_line,
    struck_out_why,
    whose_turn_words,
)
from nardy_tui.play.reading import Reader
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
    thinking_said,
    turn_said,
    where_we_are,
)
from nardy_tui.play.typed_points import PointTyping, choosable_points, points_begun_by
from nardy_tui.play.viewpoint import Viewpoint
from nardy_tui.play.wording import bot_name, level_name, roll_off_said

if TYPE_CHECKING:
    from nardy_tui.play.flow import Next, Outcome, TurnFlow
    from nardy_tui.play.lockstep import (
        Lockstep,
        PeerBroke,
        PeerLeft,
        PeerPlayed,
        PeerStartedGame,
        Thrown,
    )
    from nardy_tui.play.network_game import NetworkGame, resumable, side_of
    from nardy_tui.play.online import (
        ClientNews,
        ClientStopped,
        Duty,
        LineDown,
        LobbyClient,
        LobbyMatch,
        MatchJoined,
        MatchNotSaved,
        MatchStopped,
        OpponentSent,
        Registrations,
        match_file,
    )
    from nardy_tui.play.review_words import (
        MARK_GLYPHS,
        TurnFilter,
        figure,
        gap,
        list_line,
        luck_said,
        marks_key,
        roll_luck_said,
        rolled_said,
        summary_line,
        unit_named,
        unit_said,
        verdict_lines,
    )
    from nardy_tui.play.tutor import tutor_question, tutor_verdict, warns
    from nardy_tui.play.tutor_gate import (
        Ask,
        Confirm,
        JudgedTurn,
        TutorDecision,
        TutorGate,
        Wait,
    )

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
    "Ask",
    "AtKeyboard",
    "Begun",
    "BotFactory",
    "BotSeat",
    "CannotStart",
    "Chooser",
    "ClientNews",
    "ClientStopped",
    "CodeGiven",
    "Command",
    "CommandSpec",
    "Confirm",
    "Duty",
    "GameNews",
    "Highlight",
    "Joining",
    "JudgedTurn",
    "LastPlayShow",
    "LineDown",
    "LineNews",
    "LineReport",
    "LobbyClient",
    "LobbyMatch",
    "Lockstep",
    "Marks",
    "MatchBots",
    "MatchBroken",
    "MatchJoined",
    "MatchNotSaved",
    "MatchReady",
    "MatchStopped",
    "NetworkGame",
    "NetworkNews",
    "NetworkSaver",
    "Next",
    "OpponentSent",
    "Outcome",
    "PeerArrived",
    "PeerBroke",
    "PeerLeft",
    "PeerPlayed",
    "PeerStartedGame",
    "PointTyping",
    "Reader",
    "RecordFile",
    "RecordNotMade",
    "Registrations",
    "RemoteSeat",
    "SaveFailed",
    "Saver",
    "Seat",
    "ShownAgain",
    "Thrown",
    "TurnFilter",
    "TurnFlow",
    "TutorDecision",
    "TutorGate",
    "Viewpoint",
    "Wait",
    "against_bot",
    "against_friend",
    "away_thinking_said",
    "banner",
    "begin",
    "bot_name",
    "cell_of",
    "choosable_points",
    "figure",
    "first_source_cell",
    "gap",
    "give_up_network_match",
    "history_lines",
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
    "match_file",
    "move_numbers",
    "moved_cells",
    "pass_said",
    "passed_dice",
    "point_of",
    "points_begun_by",
    "position_before_last",
    "position_id_said",
    "position_now",
    "record_keeper",
    "record_written_said",
    "result_line",
    "resumable",
    "roll_luck_said",
    "roll_off_said",
    "rolled_said",
    "seen_from",
    "side_of",
    "struck_out_why",
    "summary_line",
    "thinking_said",
    "tray_cell",
    "turn_said",
    "tutor_question",
    "tutor_verdict",
    "unit_named",
    "unit_said",
    "verdict_lines",
    "warns",
    "where_we_are",
    "whose_turn_words",
]

_IMPORTED_WHEN_USED = {
    "flow": ("Next", "Outcome", "TurnFlow"),
    "lockstep": ("Lockstep", "PeerBroke", "PeerLeft", "PeerPlayed", "PeerStartedGame", "Thrown"),
    "network_game": ("NetworkGame", "resumable", "side_of"),
    "online": (
        "ClientNews",
        "ClientStopped",
        "Duty",
        "LineDown",
        "LobbyClient",
        "LobbyMatch",
        "MatchJoined",
        "MatchNotSaved",
        "MatchStopped",
        "OpponentSent",
        "Registrations",
        "match_file",
    ),
    "review_words": (
        "MARK_GLYPHS",
        "TurnFilter",
        "figure",
        "gap",
        "list_line",
        "luck_said",
        "marks_key",
        "roll_luck_said",
        "rolled_said",
        "summary_line",
        "unit_named",
        "unit_said",
        "verdict_lines",
    ),
    "tutor": ("tutor_question", "tutor_verdict", "warns"),
    "tutor_gate": ("Ask", "Confirm", "JudgedTurn", "TutorDecision", "TutorGate", "Wait"),
}
"""The names of the face that are imported when first asked for, by their module."""


__getattr__ = imported_when_used(__name__, _IMPORTED_WHEN_USED, globals())
