"""Driving a match with seeded random legal actions, one state change at a time.

Shared by the tests and by the kill test's subprocess driver, so both see the same
kinds of change the UI makes: roll-off, roll, one step, commit, next game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from nardy_tui.engine import Match, Phase


def act(match: Match, rng: random.Random) -> None:
    """Make one change to the match, as a player would; the match must not be over."""
    if match.phase is Phase.ROLL_OFF:
        match.roll_off()
    elif match.phase is Phase.ROLL:
        match.roll()
    elif match.phase is Phase.GAME_OVER:
        match.next_game()
    elif match.phase is Phase.MOVE:
        assert match.turn is not None
        if match.turn.is_complete:
            match.commit()
        else:
            match.turn.push(rng.choice(match.turn.allowed_steps()))
    else:
        raise AssertionError("the match is over")


def states(match: Match, rng: random.Random) -> Iterator[Match]:
    """The match after each change, until it is over."""
    while match.phase is not Phase.MATCH_OVER:
        act(match, rng)
        yield match


def fingerprint(match: Match) -> str:
    """Everything that tells two match states apart, as one comparable string."""
    turn = match.turn
    return json.dumps(
        {
            "phase": match.phase.value,
            "drawn": match.dice_roller.rolled,
            "games": [
                [str(t) for t in game.turns] + [str(game.roll_offs), str(game.winner)]
                for game in match.games
            ],
            "points": list(match.position.points),
            "to_move": match.position.turn.value,
            "dice": list(match.dice) if match.dice else None,
            "steps": [str(step) for step in turn.steps] if turn else None,
            "score": sorted((side.value, n) for side, n in match.score.items()),
        }
    )
