"""The expert level: the self-trained network, with a look-ahead over the opponent's rolls.

Every legal play is first judged by the network on the position it leads to (one ply). The
most promising few are then searched one roll deeper: for each of the opponent's 21 rolls
the opponent answers with the reply the network likes best for them, and the results are
averaged by the rolls' probabilities. All positions of a search are evaluated in one numpy
batch, which is what keeps the look-ahead within a quarter of a second.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from nardy_tui.bot.batch_moves import boards, legal_ends
from nardy_tui.bot.chances import Evaluation
from nardy_tui.bot.encoding import encode, encode_sides
from nardy_tui.bot.network import Network, equities, load
from nardy_tui.bot.players import ROLL_WEIGHTS, Bot, Ranking
from nardy_tui.engine import Dice, Play, Position, legal_results

WEIGHTS_FILE = "expert.npz"
WEIGHTS_VARIABLE = "NARDY_EXPERT_WEIGHTS"
"""Environment variable naming another weights file, e.g. one from your own training run."""


def weights_path() -> Path:
    """The weights the expert plays with: ``NARDY_EXPERT_WEIGHTS`` if set, otherwise the
    file that comes with the game."""
    chosen = os.environ.get(WEIGHTS_VARIABLE)
    if chosen:
        return Path(chosen)
    return Path(str(resources.files("nardy_tui.bot") / WEIGHTS_FILE))


@cache
def network_at(path: Path) -> Network:
    """The network stored at ``path``, loaded once per process (``WeightsError`` if it
    cannot be)."""
    return load(path)


def shipped_network() -> Network:
    """The expert's network, loaded once per process and file (``WeightsError`` if it
    cannot be)."""
    return network_at(weights_path())


class ExpertBot(Bot):
    """Ranks plays by the network's equity, searching the best ``width`` plays (those within
    ``margin`` points of the best) one roll deeper. ``width=0`` is the plain one-ply player
    that training measures itself with."""

    level = "expert"

    def __init__(self, network: Network, seed: int = 0, width: int = 6,
                 margin: float = 0.25) -> None:
        super().__init__(seed)
        self.network = network
        self.width = width
        self.margin = margin

    def evaluate(self, position: Position) -> Evaluation:
        """The side to move's chances in ``position`` (exact once the game is decided)."""
        win, win_mars, lose_mars = self.network.probabilities(encode([position]))[0]
        return Evaluation(float(win), float(win_mars), float(lose_mars))

    def rank(self, position: Position, dice: Dice) -> Ranking:
        return [(play, value) for play, _, value in self.judge(position, dice)]

    def judge(self, position: Position, dice: Dice, played: Position | None = None,
              ) -> list[tuple[Play, Position, float]]:
        """Every legal play with the position it leads to and its equity, best first.

        The best plays by the network are searched a roll deeper; so is the play that led to
        ``played`` if given, so a game review compares the play made with the best one at
        the same depth. Plays not searched keep their one-ply equity, capped below the
        searched ones so the order stays consistent with the choice.
        """
        results = legal_results(position, dice)
        # The positions after our plays have the opponent to move: our equity is minus theirs.
        static = -self._equities([after for _, after in results])
        order = sorted(range(len(results)), key=lambda i: -static[i])
        best = static[order[0]]
        chosen = [i for i in order[:self.width] if static[i] >= best - self.margin]
        chosen += [i for i in order if results[i][1] == played and i not in chosen]
        if len(chosen) < 2:
            return [(*results[i], float(static[i])) for i in order]
        deep = self._look_ahead([results[i][1] for i in chosen])
        searched = sorted(zip(chosen, deep, strict=True), key=lambda pair: -pair[1])
        floor = searched[-1][1]
        rest = [(*results[i], min(float(static[i]), floor)) for i in order if i not in chosen]
        return [(*results[i], float(value)) for i, value in searched] + rest

    def _equities(self, positions: list[Position]) -> np.ndarray:
        return equities(self.network.probabilities(encode(positions)))

    def _look_ahead(self, afters: list[Position]) -> list[float]:
        """Our expected equity after each position (opponent to move), over the opponent's
        21 rolls, the opponent answering with its best reply by the network.

        Every (position, roll) is searched in one batch (``batch_moves``, the engine's
        rules in numpy) and every reply encoded from the boards it returns: the engine's
        search one position at a time, and a ``Position`` per reply, were most of the
        expert's think time.
        """
        expected = [0.0] * len(afters)
        going_on = [candidate for candidate, after in enumerate(afters) if after.winner is None]
        for candidate in set(range(len(afters))) - set(going_on):
            expected[candidate] = -self.evaluate(afters[candidate]).equity
        if not going_on:
            return expected
        theirs, ours = boards([afters[candidate] for candidate in going_on])
        query = np.repeat(np.arange(len(going_on)), len(ROLL_WEIGHTS))
        dice = np.tile(np.array([roll for roll, _ in ROLL_WEIGHTS]), (len(going_on), 1))
        first = np.array([afters[candidate].is_first_turn for candidate in going_on])
        asked, ends = legal_ends(theirs[query], ours[query], dice, first[query])
        # After a reply we are to move, and neither side is still to make a first turn.
        inputs = encode_sides(ours[query[asked], 1:], ends[:, 1:],
                              np.zeros((len(ends), 2), dtype=bool))
        values = equities(self.network.probabilities(inputs))
        worst = np.full(len(query), np.inf)
        np.minimum.at(worst, asked, values)
        weights = np.tile(np.array([weight for _, weight in ROLL_WEIGHTS]), len(going_on))
        for index, candidate in enumerate(going_on):
            rolls = slice(index * len(ROLL_WEIGHTS), (index + 1) * len(ROLL_WEIGHTS))
            expected[candidate] = float((weights[rolls] * worst[rolls]).sum())
        return expected
