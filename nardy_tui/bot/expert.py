"""The expert level: the self-trained network, with a look-ahead over the rolls to come.

Every legal play is first judged by the network on the position it leads to (one ply). The
most promising few are then searched one roll deeper: for each of the opponent's 21 rolls
the opponent answers with the reply the network likes best for them, and the results are
averaged by the rolls' probabilities. Where the best two are still close, they are searched
a second roll deeper: after each reply, each of our own 21 rolls is answered by our best
play. All positions of a search are evaluated in numpy batches, which is what keeps the
look-ahead within a quarter of a second.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from nardy_tui.bot.batch_moves import (
    MAX_GAMES,
    ROLL_PROBABILITIES,
    ROLLS,
    Board,
    boards,
    in_parts,
    legal_ends,
)
from nardy_tui.bot.chances import Evaluation, JudgedPlay, RankedPlay, RolledOut
from nardy_tui.bot.encoding import encode, encode_sides
from nardy_tui.bot.home_race import is_home_race, known_chances, with_known_chances
from nardy_tui.bot.network import Network, equities, load
from nardy_tui.bot.players import ROLL_WEIGHTS, Bot, Ranking, RankingWithChances
from nardy_tui.bot.stakes import MONEY, Stakes
from nardy_tui.engine import CHECKERS, Dice, Play, Position, legal_results
from nardy_tui.options import Level

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
    """Ranks plays by the network's chances weighed by the stakes (equity in money play,
    the match-winning chance at a match score: ``bot.stakes``), searching the best
    ``width`` plays (those within ``margin`` points of the best) one roll deeper, and the
    best ``deep_width`` of those (within ``deep_margin`` of the best) a second roll deeper.
    ``width=0`` is the plain one-ply player that training measures itself with."""

    level = Level.EXPERT

    def __init__(
        self,
        network: Network,
        seed: int = 0,
        width: int = 6,
        margin: float = 0.25,
        deep_width: int = 2,
        deep_margin: float = 0.1,
    ) -> None:
        super().__init__(seed)
        self.network = network
        self.width = width
        self.margin = margin
        self.deep_width = deep_width
        self.deep_margin = deep_margin

    def evaluate(self, position: Position) -> Evaluation:
        """The side to move's chances in ``position`` (exact once the game is decided)."""
        win, win_mars, lose_mars = self.network.probabilities(encode([position]))[0]
        return Evaluation(float(win), float(win_mars), float(lose_mars))

    def choose(self, position: Position, dice: Dice, stakes: Stakes = MONEY) -> Play:
        return self.judge(position, dice, stakes=stakes)[0].play

    def rank(self, position: Position, dice: Dice) -> Ranking:
        return [(entry.play, entry.chances.equity) for entry in self.judge(position, dice)]

    def rank_with_chances(
        self,
        position: Position,
        dice: Dice,
        played: Position | None = None,
        stakes: Stakes = MONEY,
    ) -> RankingWithChances:
        return [
            RankedPlay(entry.play, stakes.equity(entry.chances), entry)
            for entry in self.judge(position, dice, played, stakes)
        ]

    def judge(
        self,
        position: Position,
        dice: Dice,
        played: Position | None = None,
        stakes: Stakes = MONEY,
    ) -> list[JudgedPlay]:
        """The expert's judgement of a decision: every legal play with the mover's chances
        after it, best first. It is the one judgement every tool shows (the bot's choice,
        the hint, the tutor, the review, ``nardy analyze``), so they cannot disagree.

        The best plays by the network are searched a roll deeper (the best alone too, where
        it stands out, so its figure is the same whoever asks), and the best two of those,
        when close, a second roll deeper; the plays are ranked by the deepest look each got,
        then by equity at the ``stakes`` (``_rank_key``): at a match score, the plays are
        ranked, searched and answered by the match-winning chance. Where a play leaves a
        race with both sides home, the tables' figures replace the estimate
        (``bot.home_race``): the network errs most there, enough to blunder.

        ``played`` (a position a player reached: a review's or the tutor's question) changes
        no place in the ranking: only the play that led there, where its look was shallower
        than the best's, is searched as deep as the best (``deepened``), so the loss it is
        given compares the two at one depth.
        """
        judged = self._ranked(position, dice, stakes)
        return [
            self._as_deep_as(judged[0], entry, stakes) if entry.after == played else entry
            for entry in judged
        ]

    def _ranked(self, position: Position, dice: Dice, stakes: Stakes) -> list[JudgedPlay]:
        """Every legal play judged and ranked (``judge``), whoever asks: the network's look
        at each, then, unless the tables know the race, a roll deeper for the best few and
        two rolls for the closest of those (``_Candidate``'s passes)."""
        candidates = self._by_network(position, dice)
        if not is_home_race(position):  # in one, every play's figure is a table's
            by_network = sorted(candidates, key=lambda candidate: -stakes.equity(candidate.network))
            self._one_roll_pass(by_network, stakes)
            self._two_roll_pass(by_network, stakes)
        judged = with_known_chances(position, [candidate.judged for candidate in candidates])
        deepest = max((entry.depth for entry in judged if not entry.is_known), default=0)
        return sorted(judged, key=lambda entry: _rank_key(entry, stakes, deepest), reverse=True)

    def _by_network(self, position: Position, dice: Dice) -> list[_Candidate]:
        """The first pass: each legal play (in the engine's order) judged by the network on
        the position it leads to."""
        results = legal_results(position, dice)
        # After our plays the opponent is to move: our chances are theirs mirrored.
        static = _mirrored(self._chances([after for _, after in results]))
        return [
            _Candidate(JudgedPlay(*result, _evaluation(row), searched=False))
            for result, row in zip(results, static, strict=True)
        ]

    def _one_roll_pass(self, by_network: list[_Candidate], stakes: Stakes) -> None:
        """The best ``width`` plays by the network, those within ``margin`` of the best,
        searched a roll deeper (none for the one-ply player)."""
        top = stakes.equity(by_network[0].network)
        chosen = [
            candidate
            for candidate in by_network[: self.width]
            if stakes.equity(candidate.network) >= top - self.margin
        ]
        if not chosen:
            return
        rows = self._look_ahead([candidate.after for candidate in chosen], stakes)
        for candidate, row in zip(chosen, rows, strict=True):
            candidate.one_roll = replace(candidate.static, chances=_evaluation(row), searched=True)

    def _two_roll_pass(self, by_network: list[_Candidate], stakes: Stakes) -> None:
        """The best ``deep_width`` plays a roll deeper, those within ``deep_margin`` of the
        best there, searched a second roll deeper if more than one is that close."""
        looked = sorted(
            (candidate for candidate in by_network if candidate.one_roll is not None),
            key=lambda candidate: -stakes.equity(candidate.judged.chances),
        )
        if not looked:
            return
        top = stakes.equity(looked[0].judged.chances)
        close = [
            candidate
            for candidate in looked[: self.deep_width]
            if stakes.equity(candidate.judged.chances) >= top - self.deep_margin
        ]
        if len(close) < 2:
            return
        rows = self._two_rolls([candidate.after for candidate in close], stakes)
        for candidate, row in zip(close, rows, strict=True):
            candidate.two_rolls = replace(
                candidate.judged, chances=_evaluation(row), two_rolls=True
            )

    def _as_deep_as(self, best: JudgedPlay, entry: JudgedPlay, stakes: Stakes) -> JudgedPlay:
        """``entry`` searched as deep as ``best`` if its look was shallower (an exact
        figure or a game over is the truth: nothing to search)."""
        if entry.is_known or best.is_known or entry.depth >= best.depth:
            return entry
        search = self._two_rolls if best.two_rolls else self._look_ahead
        return replace(
            entry,
            chances=_evaluation(search([entry.after], stakes)[0]),
            searched=True,
            two_rolls=best.two_rolls,
            deepened=True,
        )

    def rollout(
        self,
        afters: Sequence[Position],
        trials: int,
        seed: int = 0,
        progress: Callable[[int, int], None] | None = None,
        stakes: Stakes = MONEY,
    ) -> list[RolledOut]:
        """Each position of ``afters`` (the opponent to move) played out ``trials`` times
        by this network (``bot.rollout``), for the side that made the play, at its
        ``stakes``."""
        from nardy_tui.bot.rollout import rollout

        return rollout(self.network, afters, trials, seed, progress, stakes=stakes)

    def position_chances(self, position: Position, stakes: Stakes = MONEY) -> Evaluation:
        """The side to move's chances before it rolls: the tables' where they know them
        (``known_chances``), else the network's own when this bot does not search
        (``width`` 0), else the average over the 21 rolls of the chances after the play
        the network likes best at the ``stakes``, which is the same depth as a searched
        play's."""
        known = None if position.winner is not None else known_chances(position)
        if known is not None:
            return known
        if position.winner is not None or self.width == 0:
            return self.evaluate(position)
        one_ply = ExpertBot(self.network, width=0)
        rows = np.array(
            [
                [*_row(one_ply.judge(position, roll, stakes=stakes)[0].chances), weight]
                for roll, weight in ROLL_WEIGHTS
            ]
        )
        return _evaluation((rows[:, 3:] * rows[:, :3]).sum(axis=0))

    def _chances(self, positions: list[Position]) -> np.ndarray:
        """The side to move's (win, win mars, lose mars) in each position."""
        return self.network.probabilities(encode(positions))

    def _look_ahead(self, afters: list[Position], stakes: Stakes) -> np.ndarray:
        """Our expected chances (win, win mars, lose mars) after each position (opponent to
        move), over the opponent's 21 rolls, the opponent answering each with the reply the
        network likes best for it at the ``stakes`` (ours).

        Every (position, roll) is searched in one batch (``batch_moves``, the engine's
        rules in numpy) and every reply encoded from the boards it returns: the engine's
        search one position at a time, with a ``Position`` per reply, would be most of the
        expert's think time.
        """
        return self._after_replies(afters, stakes, lambda replied, ours, theirs: replied)

    def _two_rolls(self, afters: list[Position], stakes: Stakes) -> np.ndarray:
        """Our expected chances after each position (opponent to move) two rolls deep: each
        of the opponent's 21 rolls answered by its best reply (as in ``_look_ahead``), then
        each of our 21 rolls by our best play by the network."""

        def our_turn(replied: np.ndarray, ours: Board, theirs: Board) -> np.ndarray:
            going_on = theirs[:, 0] < CHECKERS  # a reply that bore off the last checker won
            replied = replied.copy()
            if going_on.any():
                replied[going_on] = self._our_rolls(ours[going_on], theirs[going_on], stakes)
            return replied

        return self._after_replies(afters, stakes, our_turn)

    def _after_replies(
        self,
        afters: list[Position],
        stakes: Stakes,
        then: Callable[[np.ndarray, Board, Board], np.ndarray],
    ) -> np.ndarray:
        """Our expected chances after each position (opponent to move), over the opponent's
        21 rolls: ``then`` turns our chances after each reply (and the boards it leaves,
        ours and theirs, we to move) into what the search makes of them."""
        expected = np.zeros((len(afters), 3))
        going_on = [candidate for candidate, after in enumerate(afters) if after.winner is None]
        for candidate in set(range(len(afters))) - set(going_on):
            expected[candidate] = _mirrored(self._chances([afters[candidate]]))[0]
        if not going_on:
            return expected
        theirs, ours = boards([afters[candidate] for candidate in going_on])
        query = np.repeat(np.arange(len(going_on)), len(ROLLS))
        first = np.array([afters[candidate].is_first_turn for candidate in going_on])
        asked, ends = legal_ends(
            theirs[query], ours[query], np.tile(ROLLS, (len(going_on), 1)), first[query]
        )
        # After a reply we are to move, and neither side is still to make a first turn.
        inputs = encode_sides(
            ours[query[asked], 1:], ends[:, 1:], np.zeros((len(ends), 2), dtype=bool)
        )
        chances = self.network.probabilities(inputs)
        # Each (position, roll)'s reply is the one that leaves us the least equity.
        worst = _least(_equities(chances, stakes), asked)
        rows = then(chances[worst], ours[query[asked[worst]]], ends[worst])
        expected[going_on] = _by_roll(rows, len(going_on))
        return expected

    def _our_rolls(self, ours: Board, theirs: Board, stakes: Stakes) -> np.ndarray:
        """Our expected chances in each position (we to move, no first turn left) before
        we roll: each of our 21 rolls answered by the play the network likes best. The
        positions are searched in parts, as many as one batch search takes."""
        return np.concatenate(
            [
                self._our_rolls_in_one_search(ours[part], theirs[part], stakes)
                for part in in_parts(len(ours), MAX_GAMES // len(ROLLS))
            ]
        )

    def _our_rolls_in_one_search(self, ours: Board, theirs: Board, stakes: Stakes) -> np.ndarray:
        query = np.repeat(np.arange(len(ours)), len(ROLLS))
        asked, ends = legal_ends(
            ours[query],
            theirs[query],
            np.tile(ROLLS, (len(ours), 1)),
            np.zeros(len(query), dtype=bool),
        )
        their_chances = self.network.probabilities(
            encode_sides(
                theirs[query[asked], 1:], ends[:, 1:], np.zeros((len(ends), 2), dtype=bool)
            )
        )
        # Our best play leaves the opponent the least equity.
        best = _least(_equities(their_chances, stakes.mirrored()), asked)
        return _by_roll(_mirrored(their_chances[best]), len(ours))


@dataclass(slots=True)
class _Candidate:
    """One legal play through the search's passes: the network's judgement of it, then the
    one a roll deeper and the one two rolls deeper, where those passes searched it."""

    static: JudgedPlay
    one_roll: JudgedPlay | None = None
    two_rolls: JudgedPlay | None = None

    @property
    def after(self) -> Position:
        return self.static.after

    @property
    def network(self) -> Evaluation:
        """The chances by the network alone: the first pass's, which the next one reads."""
        return self.static.chances

    @property
    def judged(self) -> JudgedPlay:
        """The deepest judgement the passes gave the play."""
        return self.two_rolls or self.one_roll or self.static


def _rank_key(entry: JudgedPlay, stakes: Stakes, deepest: int) -> tuple[int, float]:
    """Where a play ranks: by the deepest look it got (as GNU Backgammon ranks its plays),
    then by equity at the stakes. The plays looked at more deeply were the best at the
    shallower look; another's shallower figure, less to be trusted, is no reason to rank it
    above them. A figure that is a table's or a game over counts as looking as deep as the
    ``deepest`` search of the others: it ranks above every shallower figure, and among the
    deepest by its equity, so that a race the tables know is not chosen over a better play
    that keeps the game on (the mover's last checker brought home to a worse bear-off)."""
    return (deepest if entry.is_known else entry.depth), stakes.equity(entry.chances)


def _equities(chances: np.ndarray, stakes: Stakes) -> np.ndarray:
    """Each row's equity at the stakes, for the side whose chances they are
    (``Stakes.equity``, row by row)."""
    if not stakes.is_match:
        return equities(chances)  # the same sum, to the last bit
    constant, *weights = stakes.weights()
    values: np.ndarray = constant + chances @ np.array(weights)
    return values


def _least(values: np.ndarray, query: np.ndarray) -> np.ndarray:
    """For each query in turn (``query`` numbers each row's), the row with its least value."""
    by_query = np.lexsort((values, query))
    index: np.ndarray = by_query[np.unique(query[by_query], return_index=True)[1]]
    return index


def _by_roll(rows: np.ndarray, count: int) -> np.ndarray:
    """Chances averaged by the rolls' probabilities: ``rows`` holds ``count`` runs of the
    21 rolls, in ``ROLLS``' order."""
    expected = np.zeros((count, 3))
    weights = np.tile(ROLL_PROBABILITIES, count)
    for index in range(count):
        rolls = slice(index * len(ROLLS), (index + 1) * len(ROLLS))
        expected[index] = (weights[rolls, None] * rows[rolls]).sum(axis=0)
    return expected


def _mirrored(chances: np.ndarray) -> np.ndarray:
    """The same chances told from the other side (``Evaluation.mirrored``, row by row)."""
    return np.stack([1.0 - chances[:, 0], chances[:, 2], chances[:, 1]], axis=1)


def _evaluation(row: np.ndarray) -> Evaluation:
    return Evaluation(float(row[0]), float(row[1]), float(row[2]))


def _row(chances: Evaluation) -> tuple[float, float, float]:
    return chances.win, chances.win_mars, chances.lose_mars
