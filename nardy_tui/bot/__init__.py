"""Computer players for Long Nardy, built on the engine's public API only.

>>> from nardy_tui.engine import Position, legal_plays
>>> from nardy_tui.options import Level
>>> bot = get_bot(Level.MEDIUM, seed=1)
>>> bot.choose(Position.initial(), (6, 5)) in legal_plays(Position.initial(), (6, 5))
True

The ``expert`` level's network needs numpy; it is imported only when that level is built,
so the other levels (and the game's first frame) never pay for it; so does training
(``train_network``), only when a run starts.

The arena, the match arena and training are imported when first asked for
(``__getattr__``): they are commands of their own, which a game never needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy_tui.bot.bearoff_file import keep_tables_in
from nardy_tui.bot.chances import (
    Evaluation,
    JudgedPlay,
    RankedPlay,
    RolledOut,
    WeightsError,
    comparable,
)
from nardy_tui.bot.exact import exact_chances, is_small_race
from nardy_tui.bot.home_race import is_home_race, known_chances
from nardy_tui.bot.levels import expert_problem, get_bot
from nardy_tui.bot.match_equity import MatchEquityTable, MatchScore
from nardy_tui.bot.players import Bot, Ranking, RankingWithChances
from nardy_tui.bot.review import (
    MARK_NAMES,
    GameReview,
    PlayerSummary,
    RolledVerdict,
    RollLuck,
    TurnReview,
    Verdict,
    mark_for,
    review_game,
    roll_out_turn,
    summarise,
)
from nardy_tui.bot.stakes import MONEY, Stakes, game_stakes, stakes_at
from nardy_tui.imported_when_used import imported_when_used

if TYPE_CHECKING:
    from nardy_tui.bot.arena import DiceStream, play_game, wilson
    from nardy_tui.bot.arena import format_report as format_arena_report
    from nardy_tui.bot.arena import run as run_arena
    from nardy_tui.bot.match_arena import MatchRun, run_matches
    from nardy_tui.bot.training import (
        MAX_PARALLEL_GAMES,
        TrainingRun,
        TrainingSettings,
        train_network,
    )

__all__ = [
    "MARK_NAMES",
    "MAX_PARALLEL_GAMES",
    "MONEY",
    "Bot",
    "DiceStream",
    "Evaluation",
    "GameReview",
    "JudgedPlay",
    "MatchEquityTable",
    "MatchRun",
    "MatchScore",
    "PlayerSummary",
    "RankedPlay",
    "Ranking",
    "RankingWithChances",
    "RollLuck",
    "RolledOut",
    "RolledVerdict",
    "Stakes",
    "TrainingRun",
    "TrainingSettings",
    "TurnReview",
    "Verdict",
    "WeightsError",
    "comparable",
    "exact_chances",
    "expert_problem",
    "format_arena_report",
    "game_stakes",
    "get_bot",
    "is_home_race",
    "is_small_race",
    "keep_tables_in",
    "known_chances",
    "mark_for",
    "play_game",
    "review_game",
    "roll_out_turn",
    "run_arena",
    "run_matches",
    "stakes_at",
    "summarise",
    "train_network",
    "wilson",
]

_IMPORTED_WHEN_USED = {
    "arena": ("DiceStream", "format_arena_report", "play_game", "run_arena", "wilson"),
    "match_arena": ("MatchRun", "run_matches"),
    "training": ("MAX_PARALLEL_GAMES", "TrainingRun", "TrainingSettings", "train_network"),
}
"""The names of the face that are imported when first asked for, by their module."""
_NAMED_THERE = {"format_arena_report": "format_report", "run_arena": "run"}
"""The names the face gives that their module names otherwise."""


__getattr__ = imported_when_used(__name__, _IMPORTED_WHEN_USED, globals(), _NAMED_THERE)
