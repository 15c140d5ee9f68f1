"""The game and match state machine: the one place that knows whose turn it is.

A match is a sequence of games to a fixed number of points. Each game opens with a
roll-off, then the players alternate: roll, then move (or pass), until one side has borne
off all 15 checkers. The UI, a bot and a save file all drive a match through the same few
calls: ``roll_off``, ``roll``, ``play`` (or the turn builder and ``commit``), ``next_game``;
a game given up is ended by ``resign``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import NamedTuple

from nardy_tui.engine.dice import DiceRoller, DiceSource, RollOff
from nardy_tui.engine.notation import checker_moves, format_moves
from nardy_tui.engine.position import Position
from nardy_tui.engine.side import Side
from nardy_tui.engine.step import Dice, Play
from nardy_tui.engine.turn import TurnBuilder
from nardy_tui.i18n import _

MATCH_LENGTHS: tuple[int, ...] = (1, 3, 5, 7)
"""The lengths a match may be played to, in points."""


class Phase(Enum):
    ROLL_OFF = "roll-off"
    ROLL = "roll"
    MOVE = "move"
    GAME_OVER = "game over"
    MATCH_OVER = "match over"


def game_result(position: Position) -> tuple[Side, int] | None:
    """The winner of a finished game and the points it scores (RULES.md section 8): 2 for a
    mars, when the loser has borne off no checker, otherwise 1. None while the game goes on.

    >>> game_result(Position.initial()) is None
    True
    """
    winner = position.winner
    if winner is None:
        return None
    return winner, 2 if position.borne_off(winner.opponent) == 0 else 1


SINGLE_GAME, MARS = 1, 2
"""The points a game is won by (RULES.md section 8), and so the stakes a player may resign
a game at: a single game, or a mars."""


@dataclass(frozen=True, slots=True)
class Resignation:
    """A game given up by ``side`` at a stake of ``points`` (a single game or a mars), the
    opponent having accepted it: the opponent wins the game with those points."""

    side: Side
    points: int
    unplayed: Dice | None = None
    """The dice of a turn thrown but not played when the game was given up: the throw was
    made, so the game's history (and a network match's proof of its dice) keeps it."""


class TurnKey(NamedTuple):
    """Which turn of a match: the game's number and the turn's number in that game, both
    from 1 as a record numbers them. Saves, the tutor and the review find turns by it.

    >>> TurnKey(2, 5), TurnKey(2, 5) == (2, 5)
    (TurnKey(game=2, turn=5), True)
    """

    game: int
    turn: int


class PhaseError(RuntimeError):
    """An action asked for in a phase where it makes no sense (e.g. rolling twice)."""


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One turn of a game as it was played, with its notation."""

    side: Side
    dice: Dice
    play: Play
    notation: str

    def __post_init__(self) -> None:
        # A plain pair is accepted (``(5, 3)``), so the record always writes its dice as 5-3.
        object.__setattr__(self, "dice", Dice.of(self.dice))

    def __str__(self) -> str:
        return f"{self.side.label} {self.dice}: {self.notation}"

    def read_by(self, reader: Side) -> str:
        """The notation in ``reader``'s numbering: the same moves, each point named as
        ``reader`` numbers it (no text is parsed).

        >>> from nardy_tui.engine.step import Step
        >>> turn = TurnRecord(Side.BLACK, (5, 2), (Step(24, 19, 5), Step(19, 17, 2)), "24/17")
        >>> turn.read_by(Side.BLACK), turn.read_by(Side.WHITE)
        ('24/17', '12/5')
        """
        if reader is self.side or not self.play:
            return self.notation
        joined = checker_moves(self.play)
        stepwise = [(step.src, step.dst) for step in self.play]
        moves = joined if format_moves(joined) == self.notation else stepwise
        return format_moves(moves, turned=True)


@dataclass
class Game:
    """One game of a match: its roll-off, its turns and, once over, its result."""

    number: int
    roll_offs: list[RollOff] = field(default_factory=list)
    turns: list[TurnRecord] = field(default_factory=list)
    winner: Side | None = None
    points: int = 0
    start: Position | None = None
    """The position a practice game began from (``Match(start=...)``); None: the opening."""
    start_dice: Dice | None = None
    """The dice already thrown in ``start``, if any (its first turn's, not rolled)."""
    resignation: Resignation | None = None
    """How the game ended if a player gave it up (``Match.resign``); None if it was won on
    the board or goes on."""

    @property
    def start_id(self) -> str | None:
        """A practice game's start as its position ID (dice included), for saves and
        records; None for a game from the opening."""
        return self.start.to_id(self.start_dice) if self.start is not None else None

    @property
    def first_mover(self) -> Side | None:
        if self.start is not None:
            return self.start.turn
        return self.roll_offs[-1].winner if self.roll_offs else None

    @property
    def first_position(self) -> Position:
        """Where the game's first turn was played from (once the roll-off is decided)."""
        return self.start or Position.initial(self.first_mover or Side.WHITE)

    @property
    def is_mars(self) -> bool:
        return self.points == 2

    def record_lines(self) -> list[str]:
        """The game turn by turn, as in ``1. White 5-3: 24/16``."""
        return [f"{number}. {turn}" for number, turn in enumerate(self.turns, start=1)]


class Match:
    """A match to ``length`` points.

    >>> match = Match(length=1, seed=3)
    >>> while match.phase is Phase.ROLL_OFF:
    ...     _ = match.roll_off()
    >>> match.phase, match.position == Position.initial(match.position.turn)
    (<Phase.ROLL: 'roll'>, True)
    """

    def __init__(
        self,
        length: int = 3,
        seed: int | None = None,
        dice: DiceSource | None = None,
        started: datetime | None = None,
        *,
        start: Position | None = None,
        start_dice: Dice | None = None,
    ) -> None:
        """A match to ``length`` points; its dice come from ``dice`` if given (e.g. the
        arena's duplicate dice), otherwise from a ``DiceRoller`` seeded with ``seed``.
        ``started`` is when it began (default: now); no rule reads it, a save and a record
        keep it.

        ``start`` makes it a practice game: one game (``length`` 1) from that position, no
        roll-off, the side to move in it first, with ``start_dice`` already thrown if given.
        """
        if length not in MATCH_LENGTHS:
            lengths = ", ".join(map(str, MATCH_LENGTHS))
            raise ValueError(f"a match is played to one of {lengths} points, not {length}")
        if start is not None and length != 1:
            raise ValueError("a practice game from a position is a one-point match")
        if start is not None and start.winner is not None:
            raise ValueError("the game is already over in that position")
        self.length = length
        self.started = started if started is not None else datetime.now().astimezone()
        self.dice_roller: DiceSource = dice if dice is not None else DiceRoller(seed)
        self.score = {Side.WHITE: 0, Side.BLACK: 0}
        self.games: list[Game] = [Game(number=1)]
        self.phase = Phase.ROLL_OFF
        self.position = Position.initial()
        self.dice: Dice | None = None
        self.turn: TurnBuilder | None = None
        """The turn being built while the phase is MOVE."""
        if start is not None:
            self.games[0].start = start
            self.position = start
            self.phase = Phase.ROLL
            if start_dice is not None:
                self.dice = Dice.thrown(*Dice.of(start_dice))
                self.games[0].start_dice = self.dice
                self.turn = TurnBuilder(start, self.dice)
                self.phase = Phase.MOVE

    @property
    def seed(self) -> int:
        return self.dice_roller.seed

    @property
    def game(self) -> Game:
        """The game being played (or just finished)."""
        return self.games[-1]

    @property
    def mover(self) -> Side | None:
        """The side whose turn it is: to roll or to move. None during a roll-off (both sides
        throw) and once the game is over."""
        if self.phase in (Phase.ROLL, Phase.MOVE):
            return self.position.turn
        return None

    @property
    def may_roll(self) -> bool:
        """Whether a roll is what comes next: a roll-off throw, or the mover's dice."""
        return self.phase in (Phase.ROLL_OFF, Phase.ROLL)

    @property
    def winner(self) -> Side | None:
        """The side that has won the match, once it is over."""
        for side, points in self.score.items():
            if points >= self.length:
                return side
        return None

    # -- the moves of the state machine --------------------------------------------------

    def roll_off(self) -> RollOff:
        """Each side rolls one die; the higher moves first. On a tie, call again."""
        self._expect(Phase.ROLL_OFF)
        throw = RollOff(self.dice_roller.die(), self.dice_roller.die())
        self.game.roll_offs.append(throw)
        if throw.winner is not None:
            self.position = Position.initial(turn=throw.winner)
            self.phase = Phase.ROLL
        return throw

    def roll(self) -> Dice:
        """The side to move rolls both dice; the turn builder is ready for its steps.

        The dice are given higher first, as a roll is written (``5-3``).
        """
        self._expect(Phase.ROLL)
        self.dice = Dice.thrown(self.dice_roller.die(), self.dice_roller.die())
        self.turn = TurnBuilder(self.position, self.dice)
        self.phase = Phase.MOVE
        return self.dice

    def commit(self) -> TurnRecord:
        """Play the turn built step by step; it must be complete."""
        self._expect(Phase.MOVE)
        assert self.turn is not None
        if not self.turn.is_complete:
            raise PhaseError(_("The turn is not complete: dice that can be played are left."))
        return self.play(self.turn.steps)

    def play(self, play: Play) -> TurnRecord:
        """Play a whole turn (``()`` to pass); ``IllegalPlayError`` if it is not legal."""
        self._expect(Phase.MOVE)
        assert self.dice is not None
        before = self.position
        after = before.apply(play, self.dice)
        record = TurnRecord(before.turn, self.dice, play, before.notation(play, self.dice))
        self.game.turns.append(record)
        self.position = after
        self.dice = None
        self.turn = None
        result = game_result(after)
        if result is not None:
            self._finish_game(*result)
        else:
            self.phase = Phase.ROLL
        return record

    def resign(self, side: Side, points: int) -> Resignation:
        """``side`` gives up the game in play at a stake of ``points`` (``SINGLE_GAME`` or
        ``MARS``), the opponent having accepted: the opponent wins the game with those
        points, and the match goes on to its next game or ends, as after a game won on the
        board. It may happen at any moment of a game: in its roll-off, before a roll, or
        with the dice thrown (kept as the resignation's ``unplayed`` dice).

        >>> match = Match(length=3)
        >>> match.resign(Side.BLACK, MARS)
        Resignation(side=<Side.BLACK: 'black'>, points=2, unplayed=None)
        >>> match.score[Side.WHITE], match.game.winner, match.phase
        (2, <Side.WHITE: 'white'>, <Phase.GAME_OVER: 'game over'>)
        >>> match.next_game(); _ = match.resign(Side.BLACK, SINGLE_GAME)
        >>> match.score[Side.WHITE], match.winner, match.phase
        (3, <Side.WHITE: 'white'>, <Phase.MATCH_OVER: 'match over'>)
        >>> match.resign(Side.WHITE, MARS)
        Traceback (most recent call last):
        ...
        nardy_tui.engine.match.PhaseError: No game is in play to resign: the match is over.
        """
        if points not in (SINGLE_GAME, MARS):
            raise ValueError(
                f"a game is resigned at {SINGLE_GAME} point (a single game) or {MARS} (a mars),"
                f" not {points}"
            )
        if self.phase is Phase.GAME_OVER:
            raise PhaseError(_("No game is in play to resign: the game is over."))
        if self.phase is Phase.MATCH_OVER:
            raise PhaseError(_("No game is in play to resign: the match is over."))
        resignation = Resignation(side, points, self.dice)
        self.game.resignation = resignation
        self.dice = None
        self.turn = None
        self._finish_game(side.opponent, points)
        return resignation

    def next_game(self) -> None:
        """Start the next game of the match with its own roll-off."""
        self._expect(Phase.GAME_OVER)
        self.games.append(Game(number=len(self.games) + 1))
        self.position = Position.initial()
        self.phase = Phase.ROLL_OFF

    # -- internals -----------------------------------------------------------------------

    def _finish_game(self, winner: Side, points: int) -> None:
        self.game.winner = winner
        self.game.points = points
        self.score[winner] += points
        self.phase = Phase.MATCH_OVER if self.winner is not None else Phase.GAME_OVER

    def _expect(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise PhaseError(
                f"This can only be done in the {phase.value} phase, "
                f"not in the {self.phase.value} phase."
            )
