"""Why the expert lost the games it lost to ``hard``: each lost game of an arena report is
played again (the arena's bots are deterministic, its dice seeded by pair) and reviewed.

For each lost game it prints what the dice gave the expert (the review's luck: its rolls'
luck less hard's, in points), what hard's own plays cost hard by the expert's judgement,
and the expert's luck-adjusted result. A game the expert lost with its dice worse than
hard's errors is a game the expert's own judgement says it lost to the dice.

    cd training && NARDY_EXPERT_WEIGHTS=expert-400000.npz \\
        python experiments/lost_games.py arena-400000-deep-vs-hard-2039.json
"""

import json
import statistics
import sys
from pathlib import Path

from nardy_tui.bot import get_bot
from nardy_tui.bot.arena import DiceStream
from nardy_tui.bot.players import Bot
from nardy_tui.bot.review import review_game
from nardy_tui.engine import Match, Phase, Position, Side
from nardy_tui.options import Level


def replay(bots: dict[Side, Bot], dice: DiceStream) -> tuple[Position, Match]:
    """The arena's game with these bots and dice, played again to its end; its first
    position (after the roll-off) and the match."""
    match = Match(length=1, dice=dice)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    start = match.position
    while match.mover is not None:
        roll = match.roll()
        match.play(bots[match.mover].choose(match.position, roll))
    return start, match


def main(report_path: Path) -> None:
    report = json.loads(report_path.read_text(encoding="utf-8"))
    seed = report["seed"]
    expert = get_bot(Level.EXPERT, seed=seed)
    hard = get_bot(Level.HARD, seed=seed + 1)
    deficits = []
    for game, points in enumerate(report["a_points_by_game"]):
        if points > 0:
            continue
        pair, second = divmod(game, 2)
        expert_side = Side.WHITE if second == 0 else Side.BLACK
        start, match = replay(
            {expert_side: expert, expert_side.opponent: hard},
            DiceStream(f"arena:{seed}:{pair}", seed),
        )
        record = match.game
        review = review_game(start, record.turns)
        luck = review.luck_of(expert_side)
        hard_errors = review.summary(expert_side.opponent).total_loss
        deficits.append((luck, hard_errors))
        print(
            f"game {game}: {len(record.turns)} turns, expert's luck {luck:+.2f}, "
            f"hard's errors {hard_errors:.2f}, luck-adjusted "
            f"{review.luck_adjusted(expert_side):+.2f}",
            flush=True,
        )
    if deficits:
        lucks = [luck for luck, _ in deficits]
        errors = [error for _, error in deficits]
        to_dice = sum(-luck > error for luck, error in deficits)
        print(
            f"{len(deficits)} lost games: expert's luck median {statistics.median(lucks):+.2f},"
            f" hard's errors median {statistics.median(errors):.2f}; dice worse than hard's"
            f" errors in {to_dice}"
        )


main(Path(sys.argv[1]))
