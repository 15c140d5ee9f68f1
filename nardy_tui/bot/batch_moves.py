"""Every legal end of a turn for many positions at once, in numpy: the move search of
self-play and of the expert's look-ahead.

Training plays dozens of games side by side, and the expert's look-ahead answers each of
its candidate plays with every one of the opponent's 21 rolls; both need only the distinct
positions a roll can end in (not the steps, not their notation). The engine's search
(``legal_results``) walks one position at a time in Python, which made it most of their
cost; this module runs the same rules (RULES.md sections 3 to 7) as whole-array
operations over every position in one pass per die played.

The engine stays the authority: ``tests/bot/test_batch_moves.py`` checks this module
against ``legal_results`` on the public reference corpus and on self-play positions, so a
rule changed in one place and not the other fails there.

A board here is a side's own checkers by its own point, index 0 the borne-off count
(``own[p]``, head 24, home 1-6), and the opponent's the same way in the opponent's
numbering. The search goes breadth first: each level plays one more die in every way the
rules allow, keeps one node per distinct (board, dice left), and a node that cannot play
its next die is a finished turn of that many dice. Of a game's finished turns only those
with the most dice count, and with one die of two playable, the higher where it can be.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from nardy_tui.bot.encoding import mover_counts
from nardy_tui.bot.players import ROLL_WEIGHTS
from nardy_tui.engine import (
    CHECKERS,
    HEAD,
    HEAD_EXCEPTION_DOUBLES,
    HOME_TOP,
    POINTS,
    Position,
    Side,
    opposite_number,
)

Board = NDArray[np.int64]
"""(N, 25) checkers per own point, column 0 the borne-off count."""

_OPPOSITE = np.array([0, *(opposite_number(p) for p in range(1, POINTS + 1))])
"""``_OPPOSITE[p]``: the opponent's number for the mover's point ``p``."""

_LANE = np.array([-1, *(opposite_number(p) - 1 for p in range(1, POINTS + 1))])
"""``_LANE[p]``: the place of the mover's point ``p`` along the opponent's path, counted
from the opponent's point 1 (as ``engine.geometry.LANE``): the six-block rule is judged
along that path, and an opposing checker on a lower lane than a block is past it."""

_POINT_AT_LANE = np.argsort(_LANE[1:]) + 1
"""The mover's point on each lane 0-23."""

_LANE_BIT = (2.0 ** np.arange(POINTS)).astype(np.float32)
"""Lane ``k``'s bit when a row of held lanes is read as one number (exact in float32)."""
_ALL_LANES = (1 << POINTS) - 1

_LOW_POINTS = 13
_PACK_LOW = 16 ** np.arange(_LOW_POINTS, dtype=np.int64)
_PACK_HIGH = 16 ** np.arange(POINTS + 1 - _LOW_POINTS, dtype=np.int64)
_DICE_SHIFT = 4 * (POINTS + 1 - _LOW_POINTS)
_GAME_SHIFT = _DICE_SHIFT + 4
"""A node's key is two words: four bits a count (at most 15), points 0-12 in one; points
13-24, the dice left and the game (``MAX_GAMES``) in the other."""

MAX_GAMES = 1 << 11
"""The most games one call can search (the node keys' room for a game's number)."""

ROLLS = np.array([roll for roll, _ in ROLL_WEIGHTS])
"""The 21 distinct rolls, in ``ROLL_WEIGHTS``' order, as a search asks for each of them."""
ROLL_PROBABILITIES = np.array([weight for _, weight in ROLL_WEIGHTS])
"""Each of ``ROLLS``' chance (a non-double comes up two ways in 36)."""


def in_parts(count: int, size: int = MAX_GAMES) -> list[slice]:
    """Slices that cut ``count`` rows into parts of at most ``size`` (one, empty, for none):
    a larger search is made in several calls."""
    return [slice(start, min(count, start + size)) for start in range(0, max(count, 1), size)]


def legal_ends(
    own: Board, opponent: Board, dice: NDArray[np.int64], first_turn: NDArray[np.bool_]
) -> tuple[NDArray[np.int64], Board]:
    """Every distinct board the mover of each game can end its turn on.

    ``own`` and ``opponent`` are (N, 25) boards (see the module docstring), ``dice`` (N, 2)
    and ``first_turn`` (N,) whether it is the mover's first turn of the game. Returns the
    game of each result (ascending, every game at least once: a turn with no legal step
    ends on the board it started from) and the mover's board after it.
    """
    games = len(own)
    if games > MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES} games a search, not {games}")
    blocked = np.zeros((games, POINTS + 1), dtype=bool)
    blocked[:, 1:] = opponent[:, _OPPOSITE[1:]] > 0
    rules = _GameRules(blocked, _block_floor(blocked, opponent), dice, first_turn, own)
    nodes = _Nodes(np.arange(games), own.astype(np.int8), rules.left_high, rules.left_low)
    finished: list[_Nodes] = []
    while len(nodes.game):
        children, moved = _expand(nodes, rules)
        finished.append(nodes.subset(~moved))
        # A turn's last step needs no merging here: the finished turns are made distinct
        # once, at the end (``_most_dice``).
        done = (children.left_high + children.left_low) == 0
        finished.append(children.subset(done))
        nodes = children.subset(~done)
        # Only doubles can reach one board by two orders of steps with dice still to play.
        nodes = nodes.distinct() if rules.doubles.any() else nodes
    return _most_dice(_Nodes.joined(finished), rules)


class _GameRules:
    """What stays fixed for a game through its turn: the dice, the points the opponent
    holds, how low its checkers stand, and how many checkers must stay on the head."""

    def __init__(
        self,
        blocked: NDArray[np.bool_],
        floor: NDArray[np.int64],
        dice: NDArray[np.int64],
        first_turn: NDArray[np.bool_],
        own: Board,
    ) -> None:
        self.blocked = blocked
        self.floor = floor
        self.high = dice.max(axis=1)
        self.low = dice.min(axis=1)
        self.doubles = self.high == self.low
        exception = first_turn & self.doubles & np.isin(self.high, list(HEAD_EXCEPTION_DOUBLES))
        self.head_floor = np.maximum(own[:, HEAD] - np.where(exception, 2, 1), 0)
        self.left_high = np.where(self.doubles, 4, 1)
        self.left_low = np.where(self.doubles, 0, 1)


class _Nodes:
    """Part-played turns: each row a game, the mover's board so far and the dice left
    (how many of the higher die, how many of the lower; doubles count as the higher)."""

    def __init__(
        self,
        game: NDArray[np.int64],
        own: NDArray[np.int8],
        left_high: NDArray[np.int64],
        left_low: NDArray[np.int64],
    ) -> None:
        self.game = game
        self.own = own
        self.left_high = left_high
        self.left_low = left_low

    def subset(self, rows: NDArray[np.bool_] | NDArray[np.int64]) -> _Nodes:
        if rows.dtype == bool:
            rows = np.flatnonzero(rows)
        return _Nodes(
            self.game[rows],
            np.take(self.own, rows, axis=0),
            self.left_high[rows],
            self.left_low[rows],
        )

    @staticmethod
    def joined(parts: list[_Nodes]) -> _Nodes:
        return _Nodes(
            np.concatenate([part.game for part in parts]),
            np.concatenate([part.own for part in parts]),
            np.concatenate([part.left_high for part in parts]),
            np.concatenate([part.left_low for part in parts]),
        )

    def distinct(self, with_dice: bool = True) -> _Nodes:
        """One row per distinct game and board (and dice left, if ``with_dice``), ordered by
        game first (its number is the key's highest part)."""
        own = self.own.astype(np.int64)
        low_word = own[:, :_LOW_POINTS] @ _PACK_LOW
        high_word = own[:, _LOW_POINTS:] @ _PACK_HIGH + (self.game << _GAME_SHIFT)
        if with_dice:
            high_word += (self.left_high << _DICE_SHIFT) + (self.left_low << (_DICE_SHIFT + 3))
        order = np.lexsort((low_word, high_word))
        low_word, high_word = low_word[order], high_word[order]
        first = np.ones(len(order), dtype=bool)
        first[1:] = (low_word[1:] != low_word[:-1]) | (high_word[1:] != high_word[:-1])
        return self.subset(order[first])


def _block_floor(blocked: NDArray[np.bool_], opponent: Board) -> NDArray[np.int64]:
    """The lowest lane an opposing checker stands on (24 if none), -1 once the opponent has
    borne a checker off: a block above that lane has an opposing checker past it."""
    lanes = np.where(blocked[:, 1:], _LANE[1:], POINTS)
    return np.where(opponent[:, 0] > 0, -1, lanes.min(axis=1))


def _expand(nodes: _Nodes, rules: _GameRules) -> tuple[_Nodes, NDArray[np.bool_]]:
    """Every legal next step of every node, as the nodes they lead to, and which nodes
    had at least one."""
    own = nodes.own
    board = _BoardFacts(own)
    moved = np.zeros(len(nodes.game), dtype=bool)
    children = []
    for uses_high in (True, False):
        left = nodes.left_high if uses_high else nodes.left_low
        row, src = np.nonzero((own[:, 1:] > 0) & (left > 0)[:, None])
        src += 1
        game = nodes.game[row]
        dst = src - (rules.high if uses_high else rules.low)[game]
        legal = _legal_steps(board, rules, row, src, dst, game)
        row, src, dst = row[legal], src[legal], dst[legal]
        moved[row] = True
        after = np.take(own, row, axis=0)  # np.take: a faster row gather than own[row]
        taken = np.arange(len(row))
        after[taken, src] -= 1
        after[taken, np.maximum(dst, 0)] += 1
        children.append(
            _Nodes(
                nodes.game[row],
                after,
                nodes.left_high[row] - uses_high,
                nodes.left_low[row] - (not uses_high),
            )
        )
    return _Nodes.joined(children), moved


class _BoardFacts:
    """What the rules of a step read off each node's board, worked out once per level."""

    def __init__(self, own: NDArray[np.int8]) -> None:
        self.own = own
        self.outside = own[:, HOME_TOP + 1 :].sum(axis=1)
        self.rear = POINTS - np.argmax(own[:, :0:-1] > 0, axis=1)
        held = np.take(own, _POINT_AT_LANE, axis=1) > 0
        self.held_lanes = (held.astype(np.float32) @ _LANE_BIT).astype(np.int64)
        """The lanes (``_LANE``) the mover holds, as the bits of one number."""


def _legal_steps(
    board: _BoardFacts,
    rules: _GameRules,
    row: NDArray[np.int64],
    src: NDArray[np.int64],
    dst: NDArray[np.int64],
    game: NDArray[np.int64],
) -> NDArray[np.bool_]:
    """Whether each single step (a checker of node ``row`` from ``src`` to ``dst``, off if
    ``dst`` <= 0) is allowed: the head rule, held points, the six-block rule and bearing
    off."""
    own = board.own
    legal: NDArray[np.bool_] = (src != HEAD) | (own[row, HEAD] > rules.head_floor[game])
    on_board = dst > 0
    landing = np.maximum(dst, 1)
    legal &= ~on_board | ~rules.blocked[game, landing]
    legal &= on_board | ((board.outside[row] == 0) & ((dst == 0) | (src == board.rear[row])))
    opens = legal & on_board & (own[row, landing] == 0)
    if opens.any():
        picked = row[opens]
        legal[opens] = ~_makes_block(
            board,
            picked,
            own[picked, src[opens]] == 1,
            src[opens],
            dst[opens],
            rules.floor[game[opens]],
        )
    return legal


def _makes_block(
    board: _BoardFacts,
    row: NDArray[np.int64],
    src_empties: NDArray[np.bool_],
    src: NDArray[np.int64],
    dst: NDArray[np.int64],
    floor: NDArray[np.int64],
) -> NDArray[np.bool_]:
    """Whether occupying the empty point ``dst`` (leaving ``src``, which it empties if
    ``src_empties``) makes six or more points in a row along the opponent's path with no
    opposing checker past them (RULES.md section 5)."""
    lane = _LANE[dst]
    held = np.where(
        src_empties, board.held_lanes[row] & ~(1 << _LANE[src]), board.held_lanes[row]
    ) | (1 << lane)
    gaps_below = ~held & ((1 << lane) - 1)
    bottom = np.where(gaps_below > 0, _highest_bit(gaps_below) + 1, 0)
    gaps_above = ~held & _ALL_LANES & ~((2 << lane) - 1)
    top = np.where(gaps_above > 0, _highest_bit(gaps_above & -gaps_above) - 1, POINTS - 1)
    return (top - bottom >= 5) & (floor >= bottom)


def _highest_bit(numbers: NDArray[np.int64]) -> NDArray[np.int64]:
    """The index of each positive number's highest set bit (exact: fewer than 53 bits)."""
    return np.frexp(numbers.astype(np.float64))[1].astype(np.int64) - 1


def _most_dice(ends: _Nodes, rules: _GameRules) -> tuple[NDArray[np.int64], Board]:
    """Of the finished turns, those that play the most dice (RULES.md section 6): all of
    them where possible, else as many as possible, and with one die of two the higher."""
    game = ends.game
    played = (rules.left_high + rules.left_low)[game] - ends.left_high - ends.left_low
    most = np.zeros(len(rules.doubles), dtype=np.int64)
    np.maximum.at(most, game, played)
    keep = played == most[game]
    one_of_two = ~rules.doubles[game] & (most[game] == 1)
    has_higher = np.zeros(len(rules.doubles), dtype=bool)
    has_higher[game[keep & one_of_two & (ends.left_high == 0)]] = True
    keep &= ~(one_of_two & has_higher[game] & (ends.left_high > 0))
    best = ends.subset(keep).distinct(with_dice=False)
    return best.game, best.own.astype(np.int64)


def boards(positions: list[Position]) -> tuple[Board, Board]:
    """The boards (this module's form) of the side to move and of its opponent in each of
    ``positions``."""
    mine, theirs = mover_counts(
        np.array([position.points for position in positions], dtype=np.int64),
        np.array([position.turn is Side.WHITE for position in positions]),
    )
    return _with_borne_off(mine), _with_borne_off(theirs)


def _with_borne_off(counts: NDArray[np.int64]) -> Board:
    board = np.zeros((len(counts), POINTS + 1), dtype=np.int64)
    board[:, 1:] = counts
    board[:, 0] = CHECKERS - counts.sum(axis=1)
    return board
