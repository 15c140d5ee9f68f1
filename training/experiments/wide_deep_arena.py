"""The experiment behind STRENGTH.md's "a much wider two-roll search": the expert searching
every play of its one-roll look-ahead (up to six, within 0.25 points) a second roll deeper,
not only the best two within 0.1, against ``hard`` with the arena's duplicate dice. It asks
whether more search is still a lever against ``hard``.

    cd training && python experiments/wide_deep_arena.py SEED GAMES
"""

import json
import sys
from pathlib import Path

import nardy_tui.bot.arena as arena
from nardy_tui.bot.expert import ExpertBot, network_at
from nardy_tui.bot.levels import get_bot
from nardy_tui.bot.players import Bot
from nardy_tui.options import Level


def wide_bots(level: Level, seed: int = 0, weights: Path | None = None) -> Bot:
    if level is Level.EXPERT:
        assert weights is not None
        return ExpertBot(network_at(weights), seed=seed, deep_width=6, deep_margin=0.25)
    return get_bot(level, seed=seed)


arena.get_bot = wide_bots  # type: ignore[assignment]
seed, games = int(sys.argv[1]), int(sys.argv[2])
data = arena.run(
    Level.EXPERT,
    Level.HARD,
    games,
    seed,
    weights_a=Path("expert-400000.npz"),
    progress=lambda text, _: print(text, file=sys.stderr, flush=True),
)
print(json.dumps(data.as_json()))
