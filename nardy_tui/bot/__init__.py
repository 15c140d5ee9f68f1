"""Computer players for Long Nardy, built on the engine's public API only.

>>> from nardy_tui.engine import Position, legal_plays
>>> bot = get_bot("medium", seed=1)
>>> bot.choose(Position.initial(), (6, 5)) in legal_plays(Position.initial(), (6, 5))
True
"""

from nardy_tui.bot.players import Bot, Ranking, build

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""Every level ``get_bot`` accepts; ``random`` is the arena's baseline, not offered to players."""


def get_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``); the same seed and inputs give the same choices."""
    return build(level, seed)


__all__ = ["LEVELS", "Bot", "Ranking", "get_bot"]
