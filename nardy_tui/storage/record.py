"""Game records (RULES.md section 9): a readable text of a match, and reading one back.

A record is for people first: a short header, then each game with its roll-off, one line
per turn (``1. White 5-3: 24/16``) and its result. Reading a record back trusts nothing:
every turn is parsed against the position it is played in and checked by the engine, so a
record with an illegal turn is refused with the game, the turn and the reason.

>>> text = "Game 1\\nRoll-off: White 5, Black 2\\n1. White 5-3: 24/16\\n2. Black 6-6: 24/18(2)"
>>> game = parse_record(text).games[0]
>>> [str(turn) for turn in game.turns]
['1. White 5-3: 24/16', '2. Black 6-6: 24/18(2)']
>>> parse_record("Game 1\\n1. White 5-3: 24/17")
Traceback (most recent call last):
...
nardy_tui.storage.record.RecordError: game 1, turn 1 (White 5-3: 24/17): 24/17: No die or \
sum of dice you have left takes a checker from 24 to point 17
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from nardy_tui.engine import (
    MARS,
    SINGLE_GAME,
    Dice,
    Game,
    Match,
    Phase,
    PhaseError,
    Position,
    Resignation,
    RollOff,
    ScriptedDice,
    Side,
    TurnRecord,
)
from nardy_tui.i18n import N_, _, ngettext
from nardy_tui.options import MatchOptions, Mode
from nardy_tui.storage.atomic import write_atomically
from nardy_tui.storage.paths import records_dir

TITLE = "Long Nardy match record"
_GAME = re.compile(r"^Game (\d+)$")
_ROLL_OFF = re.compile(r"^Roll-off:")
_THROW = re.compile(r"White (\d), Black (\d)")
_TURN = re.compile(r"^(\d+)\.\s+(White|Black)\s+(\d-\d):\s*(.*)$")
_LENGTH = re.compile(r"^Match to (\d+) points?$")
_RESULT = re.compile(r"^Result: (White|Black) wins (\d+) points?")
_TRAILER = re.compile(r"^Match (result|unfinished):")
_START = re.compile(r"^Start: (\S+)")
_RESIGNS = re.compile(
    r"^(White|Black) resigns: (White|Black) wins (a single game|a mars)"
    r"(?: \((White|Black) threw (\d-\d), not played\))?$"
)
_STAKES = {SINGLE_GAME: "a single game", MARS: "a mars"}
"""A resigned game's points as its line in a record says them."""


class RecordError(ValueError):
    """Why a record cannot be read back, in one line."""


TURN_EXAMPLE = "1. White 5-3: 24/16"
"""A turn's line as a record writes it, for messages (the file's words stay English)."""


def not_your_turn(mover: Side) -> str:
    """A turn that names the wrong side: it is ``mover``'s turn."""
    if mover is Side.WHITE:
        return _("it is White's turn, not Black's")
    return _("it is Black's turn, not White's")


# -- writing ---------------------------------------------------------------------------------


def format_record(
    match: Match,
    options: MatchOptions,
    when: datetime,
    *,
    players: str | None = None,
    dice: str | None = None,
    decided: str | None = None,
) -> str:
    """The match as a text record; ``when`` is the date shown in the header.

    ``players`` and ``dice`` stand in the header for the players line and the seed when
    the match was not played here alone (a network match: its dice came from both sides).
    ``decided`` says how a match ended that its games did not end (a lobby's clock ran out,
    a player gave the whole match up): its closing line then names the winner that way.
    """
    lines = [
        TITLE,
        players or players_line(options),
        f"Match to {_points(match.length)}",
        f"Date: {when:%Y-%m-%d %H:%M}",
        dice or f"Seed: {match.seed}",
    ]
    score = {Side.WHITE: 0, Side.BLACK: 0}
    for game in match.games:
        lines += ["", f"Game {game.number}"]
        if game.start_id is not None:
            lines.append(
                f"Start: {game.start_id} (a practice game from this position, not from the opening)"
            )
        if game.roll_offs:
            lines.append(_roll_off_line(game.roll_offs))
        lines += game.record_lines()
        if game.resignation is not None:
            lines.append(_resignation_line(game, game.resignation))
        if game.winner is not None:
            score[game.winner] += game.points
            lines.append(_result_line(game, score))
    lines += ["", _trailer(match) if decided is None else decided]
    return "\n".join(lines) + "\n"


def export_record(match: Match, options: MatchOptions, path: Path | None = None) -> Path:
    """Write the match's record to ``path`` (default: the records folder) and return it.

    The default name comes from the match's start, so exporting again updates one file.
    """
    started = match.started
    target = path or records_dir() / record_name(started)
    write_atomically(target, format_record(match, options, started))
    return target


def record_name(started: datetime, kind: str = "") -> str:
    """The name of the record file of a match started at ``started``: a network match's
    says its ``kind`` (which side kept it).

    >>> record_name(datetime(2026, 12, 4, 21, 5, 9))
    'nardy-20261204-210509.txt'
    >>> record_name(datetime(2026, 12, 4, 21, 5, 9), "network-host")
    'nardy-network-host-20261204-210509.txt'
    """
    return "-".join(("nardy", *([kind] if kind else []), f"{started:%Y%m%d-%H%M%S}")) + ".txt"


def players_line(options: MatchOptions) -> str:
    """Who played which colour, e.g. ``White: you / Black: bot (hard)``."""
    if options.mode is not Mode.BOT:
        return "White: player 1 / Black: player 2 (hot-seat)"
    bot = f"bot ({options.bot_level})"
    if options.color is Side.WHITE:
        return f"White: you / Black: {bot}"
    if options.color is Side.BLACK:
        return f"White: {bot} / Black: you"
    return f"Players: you and {bot}, colours drawn at random"


def _roll_off_line(throws: list[RollOff]) -> str:
    text = "; ".join(f"White {throw.white}, Black {throw.black}" for throw in throws)
    winner = throws[-1].winner
    return f"Roll-off: {text}" + (f" ({winner.label} moves first)" if winner else "")


def _resignation_line(game: Game, resignation: Resignation) -> str:
    """A game given up, as ``White resigns: Black wins a mars``, with the dice of a turn
    thrown and not played (a network match's proof counts that throw)."""
    side, unplayed = resignation.side, resignation.unplayed
    line = f"{side.label} resigns: {side.opponent.label} wins {_STAKES[resignation.points]}"
    if unplayed is None:
        return line
    mover = game.turns[-1].side.opponent if game.turns else game.first_mover
    assert mover is not None  # dice were thrown: the roll-off was decided
    return line + f" ({mover.label} threw {unplayed}, not played)"


def _result_line(game: Game, score: dict[Side, int]) -> str:
    assert game.winner is not None
    mars = " (mars)" if game.is_mars else ""
    return (
        f"Result: {game.winner.label} wins {_points(game.points)}{mars}; "
        f"score White {score[Side.WHITE]}, Black {score[Side.BLACK]}"
    )


def _trailer(match: Match) -> str:
    white, black = match.score[Side.WHITE], match.score[Side.BLACK]
    if match.winner is not None:
        return match_result_line(match.winner, (white, black))
    return f"Match unfinished: White {white}, Black {black}"


def match_result_line(winner: Side, score: tuple[int, int], how: str = "") -> str:
    """A record's closing line for a match won, at its score (White's, Black's), and
    ``how`` if its games did not decide it.

    >>> match_result_line(Side.BLACK, (0, 1), "White's time ran out")
    "Match result: Black wins the match 0-1 (White-Black): White's time ran out"
    """
    white, black = score
    line = f"Match result: {winner.label} wins the match {white}-{black} (White-Black)"
    return f"{line}: {how}" if how else line


def _points(count: int) -> str:
    return f"{count} point" + ("" if count == 1 else "s")


# -- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordedTurn(TurnRecord):
    """One turn read back from a record: the turn as a game keeps it, with its number and
    the positions before and after it."""

    number: int
    before: Position
    after: Position

    def __str__(self) -> str:
        """The record's own line, written the way a game's history writes it."""
        return f"{self.number}. {TurnRecord.__str__(self)}"


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """One game read back from a record: where it starts and every turn checked."""

    number: int
    start: Position
    turns: tuple[RecordedTurn, ...]
    winner: Side | None
    points: int
    roll_offs: tuple[RollOff, ...] = ()
    """The roll-off's throws as the record gives them (one invented for a game written
    without a roll-off line: the side of its first turn won it)."""
    resignation: Resignation | None = None
    """How the game was given up, if it was."""


@dataclass(frozen=True, slots=True)
class Record:
    """A whole record read back: its header lines and its games."""

    header: tuple[str, ...]
    games: tuple[RecordedGame, ...]

    @property
    def length(self) -> int | None:
        """The match's length in points, as its header says (None where it does not).

        >>> Record(header=("Long Nardy", "Match to 5 points"), games=()).length
        5
        """
        for line in self.header:
            found = _LENGTH.match(line)
            if found:
                return int(found.group(1))
        return None


def load_record(path: Path) -> Record:
    """Read and check the record in ``path``; ``RecordError`` (one line) if it cannot be."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise RecordError(
            _("cannot read {path}: {reason}").format(path=path, reason=reason)
        ) from None
    return parse_record(text)


def parse_record(text: str) -> Record:
    """The record in ``text``, every turn re-validated through the engine.

    Lines after the closing ``Match result:`` (or ``Match unfinished:``) line are notes.
    """
    header: list[str] = []
    games: list[_GameReader] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if _TRAILER.match(line):
            break
        if _GAME.match(line):
            if games:
                games[-1].check_over(len(games) + 1)
            games.append(_GameReader(len(games) + 1))
        elif not games:
            header.append(line)
        elif line:
            games[-1].read_line(line, number)
    if not games:
        raise RecordError(
            _("no game found: a record has lines like '{game}' and '{turn}'").format(
                game="Game 1", turn=TURN_EXAMPLE
            )
        )
    return Record(tuple(line for line in header if line), tuple(g.finish() for g in games))


@dataclass
class _GameReader:
    """Reads one game's lines in order, playing them through a ``Match`` of its own: the
    roll-offs and the turns' dice go into the match's dice as they are read, and every turn
    is checked against the position the match has reached.

    A game without a roll-off line (written by hand) is read as if the side of its first
    turn had won the roll-off.
    """

    number: int
    dice: ScriptedDice = field(default_factory=lambda: ScriptedDice([]))
    match: Match = field(init=False)
    turns: list[RecordedTurn] = field(default_factory=list)
    result: tuple[Side, int] | None = None

    def __post_init__(self) -> None:
        self.match = Match(length=1, dice=self.dice)

    def read_line(self, line: str, line_number: int) -> None:
        turn = _TURN.match(line)
        if turn:
            self._read_turn(turn)
        elif (start := _START.match(line)) is not None:
            self._read_start(start.group(1))
        elif _ROLL_OFF.match(line):
            self._read_roll_off(line)
        elif (resigns := _RESIGNS.match(line)) is not None:
            self._read_resignation(resigns)
        elif (result := _RESULT.match(line)) is not None:
            self.result = (Side(result.group(1).lower()), int(result.group(2)))
        else:
            raise RecordError(
                _(
                    "line {number}: {line} is not a turn, a roll-off or a result "
                    "(write turns like '{turn}')"
                ).format(number=line_number, line=repr(_clipped(line)), turn=TURN_EXAMPLE)
            )

    def check_over(self, next_number: int) -> None:
        if self.match.game.winner is None:
            raise RecordError(
                _("game {number} is not over, but game {next} follows").format(
                    number=self.number, next=next_number
                )
            )

    def finish(self) -> RecordedGame:
        start = self.turns[0].before if self.turns else self.match.position
        game = self.match.game
        winner, points = game.winner, game.points
        if self.result is not None and self.result != (winner, points):
            said, said_points = self.result
            said_wins = _points_shown(said_points)
            if winner is None:
                message = _(
                    "game {number}: the record says {side} wins {points}, but the "
                    "turns give no winner yet"
                )
            else:
                message = _(
                    "game {number}: the record says {side} wins {points}, but the "
                    "turns give {winner} {winner_points}"
                )
            raise RecordError(
                message.format(
                    number=self.number,
                    side=said.name_shown,
                    points=said_wins,
                    winner=winner.name_shown if winner else "",
                    winner_points=_points_shown(points),
                )
            )
        return RecordedGame(
            self.number,
            start,
            tuple(self.turns),
            winner,
            points,
            tuple(game.roll_offs),
            game.resignation,
        )

    def _read_start(self, text: str) -> None:
        """A practice game's start: the game is played from that position (its dice, if
        the ID has them, are the first turn's, written on the turn's line as ever)."""
        if self.turns or self.match.game.roll_offs or self.match.game.start is not None:
            raise RecordError(
                _("game {number}: a start position comes first in a game, once").format(
                    number=self.number
                )
            )
        try:
            start = Position.from_id(text)
            self.match = Match(length=1, dice=self.dice, start=start)
        except ValueError as error:
            raise RecordError(
                _("game {number}: the start {text}: {reason}").format(
                    number=self.number, text=repr(_clipped(text)), reason=error
                )
            ) from None

    def _read_roll_off(self, line: str) -> None:
        """Throws until one side is higher; a record saved mid roll-off ends on a tie."""
        throws = [RollOff(int(w), int(b)) for w, b in _THROW.findall(line)]
        if (
            not throws
            or any(throw.winner is not None for throw in throws[:-1])
            or self.match.game.roll_offs
            or self.turns
        ):
            raise RecordError(
                _(
                    "game {number}: the roll-off {line} should be ties until one die is higher"
                ).format(number=self.number, line=repr(_clipped(line)))
            )
        for throw in throws:
            self._throw(throw)

    def _throw(self, throw: RollOff) -> None:
        self.dice.add(throw.white, throw.black)
        self.match.roll_off()

    def _read_resignation(self, found: re.Match[str]) -> None:
        """A game given up: by the side named first, won by the other, at the stake named;
        the dice of a turn thrown and not played are the mover's."""
        side, winner = Side(found.group(1).lower()), Side(found.group(2).lower())
        where = _("game {number}, the resignation").format(number=self.number)
        if winner is not side.opponent:
            raise RecordError(
                _("{where}: the side that resigns does not win the game").format(where=where)
            )
        match = self.match
        try:
            if found.group(5) is not None:
                if match.phase is not Phase.ROLL or match.mover is not Side(found.group(4).lower()):
                    raise ValueError(_("those dice are not the side to roll's"))
                self.dice.add(*Dice.parse(found.group(5)))
                match.roll()
            match.resign(side, next(p for p, words in _STAKES.items() if words == found.group(3)))
        except (ValueError, PhaseError) as reason:
            raise RecordError(
                _("{where}: {reason}").format(where=where, reason=str(reason).rstrip("."))
            ) from None

    def _read_turn(self, found: re.Match[str]) -> None:
        side = Side(found.group(2).lower())
        thrown, notation = found.group(3), found.group(4).strip()
        index = len(self.turns) + 1
        # The turn's line is quoted as the record writes it (its colour in English).
        where = _("game {number}, turn {turn} ({line})").format(
            number=self.number, turn=index, line=f"{side.label} {thrown}: {_clipped(notation)}"
        )
        try:
            self.turns.append(self._checked_turn(index, side, thrown, notation))
        except ValueError as reason:
            raise RecordError(
                _("{where}: {reason}").format(where=where, reason=_clipped(str(reason).rstrip(".")))
            ) from None

    def _checked_turn(self, index: int, side: Side, thrown: str, notation: str) -> RecordedTurn:
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            if match.game.roll_offs:
                raise ValueError(_("the roll-off ended in a tie: nobody moves yet"))
            self._throw(RollOff(2, 1) if side is Side.WHITE else RollOff(1, 2))
        if match.mover is None:
            raise ValueError(_("the game is already over"))
        if match.mover is not side:
            raise ValueError(not_your_turn(match.mover))
        try:
            dice = Dice.parse(thrown)
        except ValueError:
            raise ValueError(_("dice run from 1 to 6")) from None
        before = match.position
        self.dice.add(*dice)
        rolled = match.roll()
        play = before.parse_play(notation, rolled)
        match.play(play)
        return RecordedTurn(
            side, rolled, play, notation, number=index, before=before, after=match.position
        )


QUOTED_MAX = 80
"""The most characters of a line a message quotes: a message stays one readable line."""


def _clipped(text: str) -> str:
    """``text``, cut to ``QUOTED_MAX`` characters with an ellipsis if it is longer."""
    return text if len(text) <= QUOTED_MAX else text[: QUOTED_MAX - 1] + "…"


_PLAYERS_SHOWN = {
    "White: player 1 / Black: player 2 (hot-seat)": N_(
        "White: player 1 / Black: player 2 (hot-seat)"
    ),
}
_BOT_PLAYERS = (
    (re.compile(r"^White: you / Black: bot \((\w+)\)$"), N_("White: you / Black: bot ({level})")),
    (re.compile(r"^White: bot \((\w+)\) / Black: you$"), N_("White: bot ({level}) / Black: you")),
    (
        re.compile(r"^Players: you and bot \((\w+)\), colours drawn at random$"),
        N_("Players: you and bot ({level}), colours drawn at random"),
    ),
)
_MATCH_TO = re.compile(r"^Match to (\d+) points?$")
_DATE = re.compile(r"^Date: (.*)$")


def header_shown(line: str) -> str:
    """A header line of a record in the language in use (the file keeps it in English,
    so that it reads back anywhere); a line it does not know stays as it is.

    >>> header_shown("Match to 3 points"), header_shown("a note")
    ('Match to 3 points', 'a note')
    """
    if line in _PLAYERS_SHOWN:
        return _(_PLAYERS_SHOWN[line])
    for pattern, template in _BOT_PLAYERS:
        if found := pattern.match(line):
            return _(template).format(level=found.group(1))
    if found := _MATCH_TO.match(line):
        return _("Match to {points}").format(points=_points_shown(int(found.group(1))))
    if found := _DATE.match(line):
        return _("Date: {date}").format(date=found.group(1))
    return line


def _points_shown(count: int) -> str:
    """A number of points for a message (``_points`` writes them in a record)."""
    return ngettext("{count} point", "{count} points", count).format(count=count)
