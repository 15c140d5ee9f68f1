"""``nardy analyze ID``: what the expert makes of one position, named by its position ID.

With dice, every distinct play is ranked best first, each with its equity and the mover's
chances (win, win with a mars, lose with a mars) after it, in the mover's numbering; without
dice, the position's own chances for the side to move before it rolls. The depth is the
hint's unless ``--depth`` says otherwise. An ID that names no position, or dice that are
not two dice, is one line and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from nardy_tui.bot import Evaluation, JudgedPlay, WeightsError, get_bot
from nardy_tui.cli.argparsing import OneLineParser
from nardy_tui.engine import Dice, Position, format_play, read_position_id
from nardy_tui.i18n import _

PROG = "nardy analyze"
DEPTHS = (1, 2)
HINT_DEPTH = 2
"""The hint's depth: each play's position searched one roll deeper."""


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_("Analyse a position with the expert bot: with dice, every play ranked "
                      "with its equity and chances; without, the chances of the side to "
                      "move before it rolls."))
    parser.add_argument("id", metavar="ID",
                        help=_("the position's ID (the game shows it: palette, 'Copy "
                               "position ID')"))
    parser.add_argument("--dice", metavar="A-B",
                        help=_("the dice thrown, like 5-3 (default: those in the ID, if any)"))
    parser.add_argument("--depth", type=int, choices=DEPTHS, default=HINT_DEPTH,
                        help=_("1: the network alone; 2 (default, the hint's): each play "
                               "searched one roll deeper"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the analysis as JSON"))
    return parser


def analyze_main(argv: Sequence[str]) -> int:
    """Run ``nardy analyze``; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        position, dice = read_position_id(args.id)
        if args.dice is not None:
            dice = parse_dice(args.dice)
    except ValueError as error:  # PositionIdError, or dice that are not a roll
        return _fail(str(error))
    if position.winner is not None:
        print(_("The game is over in this position: {side} has borne off every checker."
                ).format(side=position.winner.name_shown))
        return 0
    try:
        bot = get_bot("expert")
        if args.depth == 1:
            bot.width = 0  # the network alone
        if dice is None:
            chances = bot.position_chances(position)
            print(json.dumps(_chances_data(position, args.depth, chances), indent=1)
                  if args.json else format_chances(position, args.depth, chances))
        else:
            judged = bot.analyse(position, dice, thorough=True)
            print(json.dumps(_plays_data(position, dice, args.depth, judged), indent=1)
                  if args.json else format_plays(position, dice, args.depth, judged))
    except WeightsError as error:
        return _fail(str(error))
    return 0


def parse_dice(text: str) -> Dice:
    """``5-3`` (or ``53``, ``5 3``) as dice; ``ValueError`` if it is not a roll."""
    digits = [character for character in text if character not in "- ,"]
    if len(digits) != 2 or not all(digit in "123456" for digit in digits):
        raise ValueError(_("{text} is not a roll: two dice from 1 to 6, like 5-3").format(
            text=repr(text[:20])))
    return Dice(int(digits[0]), int(digits[1]))


def _heading(position: Position, depth: int, dice: Dice | None) -> str:
    dice_said = (_("dice {dice}").format(dice=dice) if dice is not None
                 else _("before the roll"))
    return _("Position {id}: {side} to move, {dice}; depth {depth}").format(
        id=position.to_id(dice), side=position.turn.name_shown, dice=dice_said, depth=depth)


def _percent(value: float) -> str:
    return f"{100 * value:5.1f}%"


def format_chances(position: Position, depth: int, chances: Evaluation) -> str:
    return "\n".join([
        _heading(position, depth, None),
        _("{side}: equity {equity}, win {win}, win with a mars {win_mars}, lose with a mars "
          "{lose_mars}").format(side=position.turn.name_shown, equity=f"{chances.equity:+.3f}",
                                win=_percent(chances.win).strip(),
                                win_mars=_percent(chances.win_mars).strip(),
                                lose_mars=_percent(chances.lose_mars).strip())])


def format_plays(position: Position, dice: Dice, depth: int,
                 judged: Sequence[JudgedPlay]) -> str:
    """The ranked plays as a table, each with how far below the best it is."""
    plays = [format_play(entry.play, position, dice) or _("no move") for entry in judged]
    width = max(12, *(len(play) for play in plays))
    best = judged[0].chances.equity
    lines = [_heading(position, depth, dice), "",
             "     " + _("play").ljust(width) + "  " + _("equity").rjust(7) + "  "
             + _("behind").rjust(6) + "  " + _("win").rjust(6) + "  " + _("mars").rjust(6)
             + "  " + _("lose mars").rjust(9)]
    for rank, (entry, play) in enumerate(zip(judged, plays, strict=True), start=1):
        chances = entry.chances
        searched = "" if entry.searched or depth == 1 else "  " + _("(network alone)")
        behind = f"{chances.equity - best:+.3f}" if rank > 1 else ""
        lines.append(f"{rank:>3}. {play.ljust(width)}  {chances.equity:+7.3f}  "
                     f"{behind:>6}  {_percent(chances.win)}  {_percent(chances.win_mars)}  "
                     f"{_percent(chances.lose_mars):>9}{searched}")
    return "\n".join(lines)


def _chance_fields(chances: Evaluation) -> dict[str, float]:
    return {"equity": round(chances.equity, 4), "win": round(chances.win, 4),
            "win_mars": round(chances.win_mars, 4), "lose_mars": round(chances.lose_mars, 4)}


def _chances_data(position: Position, depth: int, chances: Evaluation) -> dict[str, Any]:
    return {"id": position.to_id(), "turn": position.turn.value, "dice": None, "depth": depth,
            "chances": _chance_fields(chances)}


def _plays_data(position: Position, dice: Dice, depth: int,
                judged: Sequence[JudgedPlay]) -> dict[str, Any]:
    return {"id": position.to_id(dice), "turn": position.turn.value, "dice": list(dice),
            "depth": depth,
            "plays": [{"play": format_play(entry.play, position, dice),
                       "searched": entry.searched, **_chance_fields(entry.chances)}
                      for entry in judged]}


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 1
