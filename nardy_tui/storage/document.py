"""A match as a versioned JSON document, and back again through the engine.

The document holds what cannot be recomputed (options, seed, every roll-off, every turn's
steps, the steps of the turn in progress) plus a little that can (notation, results, the
number of dice drawn, the phase), so a reader can follow it and so tampering shows.
Restoring never trusts the file: it replays every roll and every step through a fresh
``Match`` with the same seed, and any disagreement is a ``DocumentError`` saying where.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar, get_args

from nardy_tui.engine import MATCH_LENGTHS, Dice, Game, Match, Phase, PhaseError, Side, Step
from nardy_tui.options import BOT_LEVELS, COLOR_CHOICES, MatchOptions, Mode

FORMAT = "nardy-match"
VERSION = 1
MODES: tuple[Mode, ...] = get_args(Mode)

T = TypeVar("T")


class DocumentError(ValueError):
    """Why a document is not a match this version can restore, in one line."""


@dataclass(frozen=True, slots=True)
class Restored:
    """A match rebuilt from a document (its start date included), with its options."""

    match: Match
    options: MatchOptions


# -- writing ---------------------------------------------------------------------------------


def match_document(match: Match, options: MatchOptions) -> dict[str, Any]:
    """The JSON-ready document for ``match``, its start date (``match.started``) included."""
    if options.points != match.length:
        raise ValueError(f"the options say {options.points} points, the match {match.length}")
    return {
        "format": FORMAT,
        "version": VERSION,
        "started": match.started.isoformat(timespec="seconds"),
        "options": {"mode": options.mode, "bot_level": options.bot_level,
                    "color": options.color, "points": options.points, "seed": options.seed},
        "seed": match.seed,
        "dice_drawn": match.dice_roller.rolled,
        "phase": match.phase.value,
        "games": [_game_data(game) for game in match.games],
        "turn_in_progress": _progress_data(match),
    }


def _game_data(game: Game) -> dict[str, Any]:
    return {
        "number": game.number,
        "roll_offs": [[throw.white, throw.black] for throw in game.roll_offs],
        "turns": [{"side": turn.side.value, "dice": list(turn.dice), "notation": turn.notation,
                   "steps": [_step_data(step) for step in turn.play]} for turn in game.turns],
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


def restore(data: object) -> Restored:
    """The match the document describes, replayed and checked through the engine."""
    doc = _mapping(data, "the document")
    _check_format(doc)
    options = _options(_mapping(doc.get("options"), "options"))
    match = Match(options.points, _integer(doc.get("seed"), "seed"),
                  started=_time(_text(doc.get("started"), "started")))
    games = _sequence(doc.get("games"), "games")
    if not games:
        raise DocumentError("the save file holds no game")
    for index, game in enumerate(games):
        _replay_game(match, _mapping(game, f"game {index + 1}"), index + 1)
    _replay_progress(match, doc.get("turn_in_progress"))
    _check_totals(match, doc)
    return Restored(match, options)


def _check_format(doc: dict[str, Any]) -> None:
    if doc.get("format") != FORMAT:
        raise DocumentError("this is not a nardy save file")
    version = doc.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version != VERSION:
        age = "a newer" if version > VERSION else "an older"
        raise DocumentError(f"the save file is from {age} version of nardy (format version "
                            f"{version}; this version reads version {VERSION})")
    if version != VERSION:
        raise DocumentError(f"the save file has an unknown format version ({version!r}; "
                            f"this version reads version {VERSION})")


def _options(data: dict[str, Any]) -> MatchOptions:
    seed = data.get("seed")
    return MatchOptions(
        mode=_choice(data.get("mode"), MODES, "options.mode"),
        bot_level=_choice(data.get("bot_level"), BOT_LEVELS, "options.bot_level"),
        color=_choice(data.get("color"), COLOR_CHOICES, "options.color"),
        points=_choice(data.get("points"), MATCH_LENGTHS, "options.points"),
        seed=None if seed is None else _integer(seed, "options.seed"),
    )


def _replay_game(match: Match, data: dict[str, Any], number: int) -> None:
    if number > 1:
        if match.phase is not Phase.GAME_OVER:
            raise DocumentError(f"game {number} begins before game {number - 1} is over")
        match.next_game()
    for throw in _sequence(data.get("roll_offs"), f"game {number} roll-offs"):
        _replay_roll_off(match, throw, number)
    for index, turn in enumerate(_sequence(data.get("turns"), f"game {number} turns")):
        where = f"game {number}, turn {index + 1}"
        try:
            _replay_turn(match, _mapping(turn, where))
        except (ValueError, PhaseError) as reason:
            raise DocumentError(f"{where}: {_sentence(reason)}") from None
    _check_result(match.game, data, number)


def _replay_roll_off(match: Match, data: object, number: int) -> None:
    where = f"game {number} roll-off"
    recorded = _dice(data, where)
    if match.phase is not Phase.ROLL_OFF:
        raise DocumentError(f"{where}: the roll-off was already decided")
    throw = match.roll_off()
    if (throw.white, throw.black) != recorded:
        raise DocumentError(f"{where}: White {recorded[0]}, Black {recorded[1]} is not what "
                            f"the seed rolls (White {throw.white}, Black {throw.black})")


def _replay_turn(match: Match, data: dict[str, Any]) -> None:
    side = _choice(data.get("side"), tuple(side.value for side in Side), "side")
    steps = _steps(data.get("steps"))
    _roll_checked(match, _dice(data.get("dice"), "dice"))
    mover = match.mover
    assert mover is not None  # the dice were just rolled
    if side != mover.value:
        raise ValueError(f"it is {mover.label}'s turn, not {side.capitalize()}'s")
    _push_all(match, steps)
    record = match.commit()
    notation = data.get("notation")
    if notation != record.notation:
        raise ValueError(f"the notation {notation!r} does not match the steps "
                         f"({record.notation})")


def _replay_progress(match: Match, data: object) -> None:
    if data is None:
        return
    progress = _mapping(data, "the turn in progress")
    where = f"game {len(match.games)}, turn {len(match.game.turns) + 1} (in progress)"
    try:
        _roll_checked(match, _dice(progress.get("dice"), "dice"))
        _push_all(match, _steps(progress.get("steps")))
    except (ValueError, PhaseError) as reason:
        raise DocumentError(f"{where}: {_sentence(reason)}") from None


def _roll_checked(match: Match, recorded: Dice) -> None:
    if match.phase is not Phase.ROLL:
        raise ValueError("the game is already over" if match.phase in
                         (Phase.GAME_OVER, Phase.MATCH_OVER) else "the roll-off is not decided")
    dice = match.roll()
    if dice != recorded:
        raise ValueError(f"the dice {_pair(recorded)} are not what the seed rolls "
                         f"({_pair(dice)})")


def _push_all(match: Match, steps: list[Step]) -> None:
    assert match.turn is not None
    for step in steps:
        match.turn.push(step)


def _check_result(game: Game, data: dict[str, Any], number: int) -> None:
    winner = game.winner.value if game.winner else None
    if data.get("winner") != winner or data.get("points") != game.points:
        raise DocumentError(f"game {number}: the recorded result ({data.get('winner')}, "
                            f"{data.get('points')} points) is not what the turns give "
                            f"({winner}, {game.points} points)")


def _check_totals(match: Match, doc: dict[str, Any]) -> None:
    if doc.get("dice_drawn") != match.dice_roller.rolled:
        raise DocumentError(f"the file says {doc.get('dice_drawn')!r} dice were drawn, "
                            f"the turns draw {match.dice_roller.rolled}")
    if doc.get("phase") != match.phase.value:
        raise DocumentError(f"the file says the match is in the {doc.get('phase')!r} phase, "
                            f"the turns lead to the {match.phase.value} phase")


# -- checked access to untrusted JSON ------------------------------------------------------


def _mapping(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DocumentError(f"{what} is missing or not an object")
    return value


def _sequence(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise DocumentError(f"{what} is missing or not a list")
    return value


def _integer(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DocumentError(f"{what} is missing or not a whole number")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise DocumentError(f"{what} is missing or not text")
    return value


def _choice(value: object, choices: tuple[T, ...], what: str) -> T:
    for choice in choices:
        if value == choice and type(value) is type(choice):
            return choice
    raise DocumentError(f"{what} is {value!r}, not one of {', '.join(map(str, choices))}")


def _dice(value: object, what: str) -> Dice:
    pair = _sequence(value, what)
    if len(pair) != 2 or not all(_is_die(die) for die in pair):
        raise DocumentError(f"{what} is {value!r}, not two dice from 1 to 6")
    return (pair[0], pair[1])


def _steps(value: object) -> list[Step]:
    steps = []
    for item in _sequence(value, "steps"):
        numbers = _sequence(item, "a step")
        if len(numbers) != 3 or not all(isinstance(n, int) for n in numbers):
            raise DocumentError(f"the step {item!r} is not [from, to, die]")
        steps.append(Step(*numbers))
    return steps


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _pair(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _sentence(reason: Exception) -> str:
    """An engine message as a clause: no trailing full stop, first letter kept."""
    return str(reason).rstrip(".")


def _time(text: str) -> datetime:
    """The start date as saved; an unreadable one (hand-edited) counts as now."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return datetime.now().astimezone()
