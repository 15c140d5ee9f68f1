"""A match as a versioned JSON document, and back again through the engine.

The document holds what cannot be recomputed (options, seed, every roll-off, every turn's
steps, the steps of the turn in progress) plus a little that can (notation, results, the
number of dice drawn, the phase), so a reader can follow it and so tampering shows.
Restoring never trusts the file: it replays every roll and every step through a fresh
``Match`` with the same seed, and any disagreement is a ``DocumentError`` saying where.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from nardy_tui.engine import (
    Dice,
    Game,
    Match,
    Phase,
    PhaseError,
    Position,
    PositionIdError,
    Side,
    Step,
    TurnKey,
    read_position_id,
)
from nardy_tui.i18n import _
from nardy_tui.options import MatchOptions
from nardy_tui.storage.choices import COLORS, LEVELS, MODES, POINTS, FileChoices

FORMAT = "nardy-match"
VERSION = 1

T = TypeVar("T")

SIDES = FileChoices.of(Side)


class DocumentError(ValueError):
    """Why a document is not a match this version can restore, in one line."""


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match rebuilt from a document (its start date included, as the save file holds
    it), with the options it was started with."""

    match: Match
    options: MatchOptions
    warned: frozenset[TurnKey] = frozenset()
    """The plays made against the tutor's warning."""


# -- writing ---------------------------------------------------------------------------------


def match_document(
    match: Match, options: MatchOptions, warned: Collection[TurnKey] = ()
) -> dict[str, Any]:
    """The JSON-ready document for ``match``, its start date (``match.started``) included;
    ``warned``: the turns whose plays were made against the tutor's warning."""
    if options.points != match.length:
        raise ValueError(f"the options say {options.points} points, the match {match.length}")
    return {
        "format": FORMAT,
        "version": VERSION,
        "started": match.started.isoformat(timespec="seconds"),
        "options": {
            "mode": MODES.written(options.mode),
            "bot_level": LEVELS.written(options.bot_level),
            "color": COLORS.written(options.color),
            "points": options.points,
            "seed": options.seed,
        },
        "seed": match.seed,
        "dice_drawn": match.dice_roller.rolled,
        "phase": match.phase.value,
        "start": match.games[0].start_id,
        "games": [_game_data(game) for game in match.games],
        "turn_in_progress": _progress_data(match),
        "tutor_overridden": sorted([game, turn] for game, turn in warned),
    }


def _game_data(game: Game) -> dict[str, Any]:
    return {
        "number": game.number,
        "roll_offs": [[throw.white, throw.black] for throw in game.roll_offs],
        "turns": [
            {
                "side": turn.side.value,
                "dice": list(turn.dice),
                "notation": turn.notation,
                "steps": [_step_data(step) for step in turn.play],
            }
            for turn in game.turns
        ],
        "winner": game.winner.value if game.winner else None,
        "points": game.points,
    }


def _progress_data(match: Match) -> dict[str, Any] | None:
    if match.phase is not Phase.MOVE or match.turn is None:
        return None
    return {"dice": list(match.turn.dice), "steps": [_step_data(s) for s in match.turn.steps]}


def _step_data(step: Step) -> list[int]:
    return [step.src, step.dst, step.die]


# -- reading ---------------------------------------------------------------------------------
#
# The messages name what is wrong either by its key in the file ("seed", "options.mode": the
# file's own words, never translated) or by a phrase in the reader's language ("game 2").


def restore(data: object) -> SavedMatch:
    """The match the document describes, replayed and checked through the engine."""
    doc = _mapping(data, _("the document"))
    _check_format(doc)
    options = _options(_mapping(doc.get("options"), "options"))
    start, start_dice = _start(doc.get("start"))
    match = Match(
        options.points,
        _integer(doc.get("seed"), "seed"),
        started=_time(_text(doc.get("started"), "started")),
        start=start,
        start_dice=start_dice,
    )
    games = _sequence(doc.get("games"), "games")
    if not games:
        raise DocumentError(_("the save file holds no game"))
    for index, game in enumerate(games):
        _replay_game(match, _mapping(game, _("game {number}").format(number=index + 1)), index + 1)
    _replay_progress(match, doc.get("turn_in_progress"))
    _check_totals(match, doc)
    return SavedMatch(match, options, _warned(match, doc.get("tutor_overridden", [])))


def _warned(match: Match, data: object) -> frozenset[TurnKey]:
    """The turns played against the tutor's warning: each a turn the match has."""
    warned: set[TurnKey] = set()
    for entry in _sequence(data, "tutor_overridden"):
        pair = [
            _integer(value, "tutor_overridden") for value in _sequence(entry, "tutor_overridden")
        ]
        if len(pair) != 2:
            raise DocumentError(_("tutor_overridden: each entry is a game and a turn"))
        game, turn = pair
        if not (1 <= game <= len(match.games) and 1 <= turn <= len(match.games[game - 1].turns)):
            raise DocumentError(
                _("tutor_overridden: game {game} has no turn {turn}").format(game=game, turn=turn)
            )
        warned.add(TurnKey(game, turn))
    return frozenset(warned)


def _start(data: object) -> tuple[Position | None, Dice | None]:
    """A practice game's start (its position ID), or none for a match from the opening."""
    if data is None:
        return None, None
    try:
        return read_position_id(_text(data, "start"))
    except PositionIdError as error:
        raise DocumentError(_("start: {reason}").format(reason=error)) from None


def _check_format(doc: dict[str, Any]) -> None:
    if doc.get("format") != FORMAT:
        raise DocumentError(_("this is not a nardy save file"))
    version = doc.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version != VERSION:
        if version > VERSION:
            message = _(
                "the save file is from a newer version of nardy (format version "
                "{version}; this version reads version {current})"
            )
        else:
            message = _(
                "the save file is from an older version of nardy (format version "
                "{version}; this version reads version {current})"
            )
        raise DocumentError(message.format(version=version, current=VERSION))
    if version != VERSION:
        raise DocumentError(
            _(
                "the save file has an unknown format version ({version}; "
                "this version reads version {current})"
            ).format(version=repr(version), current=VERSION)
        )


def _options(data: dict[str, Any]) -> MatchOptions:
    seed = data.get("seed")
    return MatchOptions(
        mode=_choice(data.get("mode"), MODES, "options.mode"),
        bot_level=_choice(data.get("bot_level"), LEVELS, "options.bot_level"),
        color=_choice(data.get("color"), COLORS, "options.color"),
        points=_choice(data.get("points"), POINTS, "options.points"),
        seed=None if seed is None else _integer(seed, "options.seed"),
    )


def _replay_game(match: Match, data: dict[str, Any], number: int) -> None:
    if number > 1:
        if match.phase is not Phase.GAME_OVER:
            raise DocumentError(
                _("game {number} begins before game {previous} is over").format(
                    number=number, previous=number - 1
                )
            )
        match.next_game()
    roll_offs = _("game {number} roll-offs").format(number=number)
    for throw in _sequence(data.get("roll_offs"), roll_offs):
        _replay_roll_off(match, throw, number)
    turns = _("game {number} turns").format(number=number)
    for index, turn in enumerate(_sequence(data.get("turns"), turns)):
        where = _("game {number}, turn {turn}").format(number=number, turn=index + 1)
        with _said_at(where):
            _replay_turn(match, _mapping(turn, where))
    _check_result(match.game, data, number)


def _replay_roll_off(match: Match, data: object, number: int) -> None:
    where = _("game {number} roll-off").format(number=number)
    recorded = _dice(data, where)
    if match.phase is not Phase.ROLL_OFF:
        raise DocumentError(_("{where}: the roll-off was already decided").format(where=where))
    throw = match.roll_off()
    if (throw.white, throw.black) != recorded:
        raise DocumentError(
            _(
                "{where}: White {white}, Black {black} is not what the seed "
                "rolls (White {seed_white}, Black {seed_black})"
            ).format(
                where=where,
                white=recorded[0],
                black=recorded[1],
                seed_white=throw.white,
                seed_black=throw.black,
            )
        )


def _replay_turn(match: Match, data: dict[str, Any]) -> None:
    side = _choice(data.get("side"), SIDES, "side")
    steps = _steps(data.get("steps"))
    _roll_checked(match, _dice(data.get("dice"), "dice"))
    mover = match.mover
    assert mover is not None  # the dice were just rolled
    if side is not mover:
        from nardy_tui.storage.record import not_your_turn  # here: a save loads without it

        raise ValueError(not_your_turn(mover))
    _push_all(match, steps)
    record = match.commit()
    notation = data.get("notation")
    if notation != record.notation:
        raise ValueError(
            _("the notation {notation} does not match the steps ({steps})").format(
                notation=repr(notation), steps=record.notation
            )
        )


def _replay_progress(match: Match, data: object) -> None:
    if data is None:
        return
    progress = _mapping(data, _("the turn in progress"))
    where = _("game {number}, turn {turn} (in progress)").format(
        number=len(match.games), turn=len(match.game.turns) + 1
    )
    with _said_at(where):
        _roll_checked(match, _dice(progress.get("dice"), "dice"))
        _push_all(match, _steps(progress.get("steps")))


def _roll_checked(match: Match, recorded: Dice) -> None:
    if match.phase is Phase.MOVE and not match.game.turns and match.game.start_dice:
        if sorted(recorded) != sorted(match.game.start_dice):
            raise ValueError(
                _("the dice {dice} are not those of the start ({start})").format(
                    dice=str(recorded), start=str(match.game.start_dice)
                )
            )
        return  # the practice game's first dice came with its start
    if match.phase is not Phase.ROLL:
        raise ValueError(
            _("the game is already over")
            if match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
            else _("the roll-off is not decided")
        )
    dice = match.roll()
    if dice != recorded:
        raise ValueError(
            _("the dice {dice} are not what the seed rolls ({rolled})").format(
                dice=str(recorded), rolled=str(dice)
            )
        )


def _push_all(match: Match, steps: list[Step]) -> None:
    assert match.turn is not None
    for step in steps:
        match.turn.push(step)


def _check_result(game: Game, data: dict[str, Any], number: int) -> None:
    winner = game.winner.value if game.winner else None
    if data.get("winner") != winner or data.get("points") != game.points:
        raise DocumentError(
            _(
                "game {number}: the recorded result ({winner}, {points} points) "
                "is not what the turns give ({turns_winner}, {turns_points} "
                "points)"
            ).format(
                number=number,
                winner=data.get("winner"),
                points=data.get("points"),
                turns_winner=winner,
                turns_points=game.points,
            )
        )


def _check_totals(match: Match, doc: dict[str, Any]) -> None:
    if doc.get("dice_drawn") != match.dice_roller.rolled:
        raise DocumentError(
            _("the file says {count} dice were drawn, the turns draw {drawn}").format(
                count=repr(doc.get("dice_drawn")), drawn=match.dice_roller.rolled
            )
        )
    if doc.get("phase") != match.phase.value:
        raise DocumentError(
            _(
                "the file says the match is in the {phase} phase, the turns "
                "lead to the {turns_phase} phase"
            ).format(phase=repr(doc.get("phase")), turns_phase=match.phase.value)
        )


# -- checked access to untrusted JSON ------------------------------------------------------
#
# ``what`` names the value: a key of the file, or a phrase already in the reader's language.


def _mapping(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DocumentError(_("{what} is missing or not an object").format(what=what))
    return value


def _sequence(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise DocumentError(_("{what} is missing or not a list").format(what=what))
    return value


def _integer(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DocumentError(_("{what} is missing or not a whole number").format(what=what))
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise DocumentError(_("{what} is missing or not text").format(what=what))
    return value


def _choice(value: object, choices: FileChoices[T], what: str) -> T:
    try:
        return choices.read(value)
    except ValueError:
        raise DocumentError(
            _("{what} is {value}, not one of {choices}").format(
                what=what, value=repr(value), choices=choices
            )
        ) from None


def _dice(value: object, what: str) -> Dice:
    pair = _sequence(value, what)
    if len(pair) != 2 or not all(_is_die(die) for die in pair):
        raise DocumentError(
            _("{what} is {value}, not two dice from 1 to 6").format(what=what, value=repr(value))
        )
    return Dice(pair[0], pair[1])


def _steps(value: object) -> list[Step]:
    steps = []
    for item in _sequence(value, "steps"):
        numbers = _sequence(item, _("a step"))
        if len(numbers) != 3 or not all(isinstance(n, int) for n in numbers):
            raise DocumentError(_("the step {step} is not [from, to, die]").format(step=repr(item)))
        steps.append(Step(*numbers))
    return steps


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


@contextmanager
def _said_at(where: str) -> Iterator[None]:
    """What the engine (or a field inside) refuses, as one ``DocumentError`` led by
    ``where`` in the file it is."""
    try:
        yield
    except (ValueError, PhaseError) as reason:
        raise DocumentError(
            _("{where}: {reason}").format(where=where, reason=_sentence(reason))
        ) from None


def _sentence(reason: Exception) -> str:
    """An engine message as a clause: no trailing full stop, first letter kept."""
    return str(reason).rstrip(".")


def _time(text: str) -> datetime:
    """The start date as saved; an unreadable one (hand-edited) counts as now."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return datetime.now().astimezone()
