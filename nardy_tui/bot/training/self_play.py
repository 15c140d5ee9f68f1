"""Self-play for training: many games of the network against itself, played side by side.

Every turn of every game in play is searched, encoded and evaluated in one numpy batch
(``batch_moves.legal_ends``, ``encoding.encode_sides``, one pass of the network), which is
what makes training fast: per game, Python only keeps the record. The network plays both
sides greedily on its one-ply equity, as before.

A game is kept in the form the search works on, each side's checkers on its own points,
so no ``Position`` is built after the roll-off; colours do not matter to the network
(its inputs are the same for a position and its colour-swapped twin), so a game's record
names its sides as the first mover and the other.

A finished game is handed to ``on_finished`` at once, so the games still in play go on with
the weights it taught. Which game finishes when depends only on the seed, the games'
numbers and the weights, so a run over the same games from the same weights repeats itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice

import numpy as np

from nardy_tui.bot.arena import DiceStream
from nardy_tui.bot.batch_moves import legal_ends
from nardy_tui.bot.encoding import encode_sides
from nardy_tui.bot.network import Array, Network, equities
from nardy_tui.engine import CHECKERS, HEAD, POINTS, Match, Phase

MAX_TURNS = 2000


@dataclass
class GameRecord:
    """One self-play game: the inputs of every position a side was to move in, whether the
    first mover was that side, and the outcome from the first mover's side (win, win
    mars, lose mars)."""

    number: int
    dice: DiceStream
    inputs: list[Array] = field(default_factory=list)
    first_mover_moves: list[bool] = field(default_factory=list)
    outcome: Array | None = None


def opening_dice(number: int, seed: int) -> DiceStream:
    """Game ``number``'s dice, with the roll-off already rolled: the next two dice are the
    first turn's."""
    dice = DiceStream(f"train:{seed}:{number}", seed)
    match = Match(length=1, dice=dice)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    return dice


def _start_board() -> np.ndarray:
    board = np.zeros(POINTS + 1, dtype=np.int64)
    board[HEAD] = CHECKERS
    return board


class SelfPlay:
    """Games ``first`` to ``end - 1`` played ``parallel`` at a time (``run``)."""

    def __init__(self, network: Network, seed: int, parallel: int) -> None:
        self.network = network
        self.seed = seed
        self.parallel = parallel

    def run(self, first: int, end: int, on_finished: Callable[[GameRecord], None]) -> None:
        """Play games ``first`` to ``end - 1``, calling ``on_finished`` as each one ends;
        a new game takes the place of a finished one until all have been started."""
        waiting = iter(range(first, end))
        games = [self._new_game(number) for number in islice(waiting, self.parallel)]
        count = len(games)
        own = np.tile(_start_board(), (count, 1))
        """The mover's checkers in each game (its own points; column 0 borne off)."""
        opponent = own.copy()
        first_turns = np.ones((count, 2), dtype=bool)
        """Whether the mover and the opponent are still to make their first turn."""
        first_mover = np.ones(count, dtype=bool)
        """Whether the side to move is the game's first mover."""
        turns = np.zeros(count, dtype=np.int64)
        for game in games:
            game.inputs.append(self._inputs(own[:1], opponent[:1], first_turns[:1])[0])
            game.first_mover_moves.append(True)
        while games:
            dice = np.array([(game.dice.die(), game.dice.die()) for game in games])
            result_game, ends = legal_ends(own, opponent, dice, first_turns[:, 0])
            # Each result as the opponent, next to move, will see it.
            next_first = np.zeros((len(ends), 2), dtype=bool)
            next_first[:, 0] = first_turns[result_game, 1]
            inputs = self._inputs(opponent[result_game], ends, next_first)
            chosen = _best_for_mover(result_game, equities(self.network.probabilities(inputs)))
            after = ends[chosen]
            won = after[:, 0] == CHECKERS
            mars = opponent[:, 0] == 0
            own, opponent = opponent, after
            first_turns = np.stack([first_turns[:, 1], np.zeros(len(games), dtype=bool)], axis=1)
            first_mover = ~first_mover
            turns += 1
            keep = []
            for slot, game in enumerate(games):
                if won[slot]:
                    first_won = not first_mover[slot]
                    game.outcome = np.array(
                        [[first_won, first_won and mars[slot], not first_won and mars[slot]]],
                        dtype=np.float32,
                    )
                    on_finished(game)
                    number = next(waiting, None)
                    if number is None:
                        continue
                    games[slot] = self._new_game(number)
                    own[slot] = opponent[slot] = _start_board()
                    first_turns[slot] = True
                    first_mover[slot] = True
                    turns[slot] = 0
                    games[slot].inputs.append(
                        self._inputs(
                            own[slot : slot + 1],
                            opponent[slot : slot + 1],
                            first_turns[slot : slot + 1],
                        )[0]
                    )
                    games[slot].first_mover_moves.append(True)
                elif turns[slot] >= MAX_TURNS:
                    raise RuntimeError(
                        f"self-play game {game.number} did not end within {MAX_TURNS} turns"
                    )
                else:
                    game.inputs.append(inputs[chosen[slot]])
                    game.first_mover_moves.append(bool(first_mover[slot]))
                keep.append(slot)
            if len(keep) < len(games):
                games = [games[slot] for slot in keep]
                own, opponent = own[keep], opponent[keep]
                first_turns, first_mover, turns = (
                    first_turns[keep],
                    first_mover[keep],
                    turns[keep],
                )

    def _new_game(self, number: int) -> GameRecord:
        return GameRecord(number, opening_dice(number, self.seed))

    @staticmethod
    def _inputs(mine: np.ndarray, theirs: np.ndarray, first_turns: np.ndarray) -> Array:
        return encode_sides(mine[:, 1:], theirs[:, 1:], first_turns)


def _best_for_mover(result_game: np.ndarray, opponent_equity: Array) -> np.ndarray:
    """For each game, the index of the result that leaves the opponent the least equity
    (the first such result on a tie)."""
    order = np.lexsort((opponent_equity, result_game))
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = result_game[order][1:] != result_game[order][:-1]
    return order[starts]
