"""``nardy analyze ID``: what the expert makes of one position, named by its position ID.

With dice, every distinct play is ranked best first, each with its equity and the mover's
chances (win, win with a mars, lose with a mars) after it, in the mover's numbering; without
dice, the position's own chances for the side to move before it rolls. The depth is the
hint's unless ``--depth`` says otherwise. With ``--match LENGTH --score A-B`` (the mover's
score first) the plays are ranked by the chance to win the match at that score, shown
beside the equity (on a single game's scale at the score, ``bot.Stakes``), and how far
each play is behind the best is the match-winning chance it gives away, in per cent, as
GNU Backgammon says it; ``--money`` (the default) is per-game equity. ``--rollout N``
plays the best plays (or the position) out at the same stakes: at a match score every play
of every trial is chosen for the match, and the rolled-out chance to win it is shown, with
its standard error, beside the equity. An ID that names no position, or dice that are not
two dice, is a mistake of the command line: one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from nardy_tui.bot import (
    MONEY,
    Evaluation,
    JudgedPlay,
    MatchScore,
    RolledOut,
    Stakes,
    WeightsError,
    get_bot,
)
from nardy_tui.cli.argparsing import OneLineParser, ids_as_values, rollout_trials
from nardy_tui.cli.progress import counting_bar
from nardy_tui.engine import MATCH_LENGTHS, Dice, Position, read_position_id
from nardy_tui.i18n import _
from nardy_tui.options import Level

PROG = "nardy analyze"
DEPTHS = (1, 2)
HINT_DEPTH = 2
"""The hint's depth: each play's position searched one roll deeper."""
CANDIDATES = 5


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Analyse a position with the expert bot: with dice, every play ranked "
            "with its equity and chances; without, the chances of the side to "
            "move before it rolls."
        ),
    )
    parser.add_argument(
        "id",
        type=_position_id,
        metavar="ID",
        help=_("the position's ID (the game shows it: palette, 'Copy position ID')"),
    )
    parser.add_argument(
        "--dice",
        type=_dice,
        metavar="A-B",
        help=_("the dice thrown, like 5-3 (default: those in the ID, if any)"),
    )
    parser.add_argument(
        "--depth",
        type=int,
        choices=DEPTHS,
        default=HINT_DEPTH,
        help=_("1: the network alone; 2 (default, the hint's): each play searched one roll deeper"),
    )
    parser.add_argument(
        "--rollout",
        type=rollout_trials,
        metavar="N",
        help=_(
            "play each of the best plays (or, without dice, the position) "
            "out N times with the same dice for each, N rounded up to a "
            "multiple of 36; Ctrl+C stops with the figures so far"
        ),
    )
    parser.add_argument(
        "--candidates",
        type=_candidates,
        default=CANDIDATES,
        metavar="K",
        help=_(
            "with --rollout and dice: how many of the best plays to roll out (default {count})"
        ).format(count=CANDIDATES),
    )
    parser.add_argument("--seed", type=int, default=0, help=_("seed of the rollout's dice"))
    stakes = parser.add_mutually_exclusive_group()
    stakes.add_argument(
        "--match",
        type=int,
        choices=MATCH_LENGTHS,
        metavar="LENGTH",
        help=_("rank by the chance to win a match of LENGTH points at --score"),
    )
    stakes.add_argument(
        "--money",
        action="store_true",
        help=_("rank by the equity of a single game (the default)"),
    )
    parser.add_argument(
        "--score",
        type=_score,
        metavar="A-B",
        help=_("with --match: the score, the mover's points first (default 0-0)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    return parser


def _position_id(text: str) -> tuple[Position, Dice | None]:
    """The position an ID names, with the dice in it if any."""
    try:
        return read_position_id(text)
    except ValueError as error:  # PositionIdError: why it names no position
        raise argparse.ArgumentTypeError(str(error)) from None


def _dice(text: str) -> Dice:
    try:
        return Dice.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _candidates(text: str) -> int:
    """``--candidates``: at least one play, as a rollout of none has nothing to show (0 is
    refused, not quietly read as 1)."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(
            _("a rollout takes 1 or more of the best plays, not {text}").format(text=repr(text))
        )
    return count


def _score(text: str) -> tuple[int, int]:
    """``--score A-B``: two numbers of points, the mover's first."""
    mover, dash, opponent = text.partition("-")
    if dash and mover.isdigit() and opponent.isdigit():
        return int(mover), int(opponent)
    raise argparse.ArgumentTypeError(
        _("a score is two numbers of points, like 2-1, not {text}").format(text=repr(text))
    )


def _stakes(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Stakes:
    """What the analysis weighs the chances by: the match at ``--score``, or money."""
    if args.match is None:
        if args.score is not None:
            parser.error(_("--score needs --match"))
        return MONEY
    mover, opponent = args.score or (0, 0)
    try:
        return Stakes(MatchScore(args.match, mover, opponent))
    except ValueError:
        parser.error(
            _("{score} is no score of a {length}-point match going on").format(
                score=f"{mover}-{opponent}", length=args.match
            )
        )


def analyze_main(argv: Sequence[str]) -> int:
    """Run ``nardy analyze``; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(ids_as_values(argv))
    stakes = _stakes(parser, args)
    position, dice = args.id
    if args.dice is not None:
        dice = args.dice
    if position.winner is not None:
        print(
            _("The game is over in this position: {side} has borne off every checker.").format(
                side=position.winner.name_shown
            )
        )
        return 0
    try:
        bot = get_bot(Level.EXPERT)
        if args.depth == 1:
            bot.width = 0  # the network alone
        if args.rollout is not None:
            return _roll_out(bot, position, dice, args, stakes)
        if dice is None:
            chances = bot.position_chances(position, stakes)  # the tables' in a race both home
            print(
                json.dumps(_chances_data(position, args.depth, chances, stakes), indent=1)
                if args.json
                else format_chances(position, args.depth, chances, stakes)
            )
        else:
            judged = bot.judge(position, dice, stakes=stakes)
            print(
                json.dumps(_plays_data(position, dice, args.depth, judged, stakes), indent=1)
                if args.json
                else format_plays(position, dice, args.depth, judged, stakes)
            )
    except WeightsError as error:
        return _fail(str(error))
    return 0


class Analyst(Protocol):
    """What the analysis asks of the expert (``get_bot(Level.EXPERT)``)."""

    def judge(
        self,
        position: Position,
        dice: Dice,
        played: Position | None = None,
        stakes: Stakes = MONEY,
    ) -> list[JudgedPlay]: ...

    def rollout(
        self,
        afters: Sequence[Position],
        trials: int,
        seed: int = 0,
        progress: Callable[[int, int], None] | None = None,
        stakes: Stakes = MONEY,
    ) -> list[RolledOut]: ...


def _roll_out(
    bot: Analyst,
    position: Position,
    dice: Dice | None,
    args: argparse.Namespace,
    stakes: Stakes,
) -> int:
    """The rollout of the best ``--candidates`` plays at the mover's ``stakes`` (or of the
    position), with a progress bar on a terminal; Ctrl+C keeps the blocks of trials done.
    A rollout is told for the side that made the play: before the roll, the mover's
    opponent, whose stakes are the mirror."""
    judged = bot.judge(position, dice, stakes=stakes)[: args.candidates] if dice is not None else []
    afters = [entry.after for entry in judged] or [position]
    with counting_bar(_("rolling out")) as bar:
        task = bar.add_task("rollout", total=args.rollout)
        try:
            rolled = bot.rollout(
                afters,
                args.rollout,
                args.seed,
                lambda done, total: bar.update(task, completed=done, total=total),
                stakes=stakes if dice is not None else stakes.mirrored(),
            )
        except KeyboardInterrupt:
            print(
                _("{prog}: stopped before the first 36 trials were done").format(prog=PROG),
                file=sys.stderr,
            )
            return 130
    if dice is None:
        mover = rolled[0].mirrored()  # at the mover's stakes: the mirror's equity is minus
        print(
            json.dumps(_rolled_position_data(position, mover, stakes), indent=1)
            if args.json
            else format_rolled_position(position, mover, stakes)
        )
        return 0
    print(
        json.dumps(_rolled_plays_data(position, dice, judged, rolled, stakes), indent=1)
        if args.json
        else format_rolled_plays(position, dice, judged, rolled, stakes)
    )
    return 0


def format_rolled_plays(
    position: Position,
    dice: Dice,
    judged: Sequence[JudgedPlay],
    rolled: Sequence[RolledOut],
    stakes: Stakes,
) -> str:
    """The rolled-out candidates, best first, each with its standard error and the
    estimate it started from; at a match score the chance to win the match and its
    error come first (the equity on a single game's scale at the score orders them
    alike)."""
    ranked = sorted(zip(judged, rolled, strict=True), key=lambda pair: -pair[1].equity)
    plays = [position.notation(entry.play, dice) or _("no move") for entry, _result in ranked]
    width = max(12, *(len(play) for play in plays))
    lines = [
        _(
            "Position {id}: {side} to move, dice {dice}; rolled out {trials} times, the "
            "network playing both sides"
        ).format(
            id=position.to_id(dice),
            side=position.turn.name_shown,
            dice=dice,
            trials=rolled[0].trials,
        ),
        *_match_line(position, stakes),
        "",
        _table_heading(
            width,
            *_rolled_columns(stakes),
            (_("win"), 6),
            (_("mars"), 6),
            (_("lose mars"), 9),
            (_("estimate"), 8),
        ),
    ]
    for rank, ((entry, result), play) in enumerate(zip(ranked, plays, strict=True), start=1):
        chances = result.chances
        lines.append(
            f"{rank:>3}. {play.ljust(width)}  {_rolled_figures(result, stakes)}  "
            f"{_percent(chances.win)}  {_percent(chances.win_mars)}  "
            f"{_percent(chances.lose_mars):>9}  {stakes.equity(entry.chances):+8.3f}"
        )
    return "\n".join(lines)


def _rolled_columns(stakes: Stakes) -> list[tuple[str, int]]:
    """The headings of ``_rolled_figures``'s columns."""
    if stakes.is_match:
        return [(_("match"), 6), (_("± error"), 7), (_("equity"), 7)]
    return [(_("equity"), 7), (_("± error"), 7)]


def _rolled_figures(rolled: RolledOut, stakes: Stakes) -> str:
    """A rollout's equity and its standard error; at a match score the chance to win
    the match and its error (in per cent), then the equity, whose error is the same
    one scaled and is left out so that the table keeps to 80 columns."""
    if stakes.is_match:
        return (
            f"{_percent(stakes.match_chance(rolled.equity))}  "
            f"{_percent(stakes.match_chance_gap(rolled.standard_error)):>7}  "
            f"{rolled.equity:+7.3f}"
        )
    return f"{rolled.equity:+7.3f}  {rolled.standard_error:7.3f}"


def format_rolled_position(position: Position, rolled: RolledOut, stakes: Stakes) -> str:
    """The position's rollout for the side to move, with its chance to win the match at
    a match score."""
    chances = rolled.chances
    match_line = (
        [
            _("{side}: chance to win the match {chance} (± {error})").format(
                side=position.turn.name_shown,
                chance=_percent(stakes.match_chance(rolled.equity)).strip(),
                error=_percent(stakes.match_chance_gap(rolled.standard_error)).strip(),
            )
        ]
        if stakes.is_match
        else []
    )
    return "\n".join(
        [
            _(
                "Position {id}: {side} to move, before the roll; rolled out {trials} times, the "
                "network playing both sides"
            ).format(id=position.to_id(), side=position.turn.name_shown, trials=rolled.trials),
            *_match_line(position, stakes, ranks_plays=False),
            _(
                "{side}: equity {equity} (± {error}), win {win}, win with a mars {win_mars}, lose "
                "with a mars {lose_mars}"
            ).format(
                side=position.turn.name_shown,
                equity=f"{rolled.equity:+.3f}",
                error=f"{rolled.standard_error:.3f}",
                win=_percent(chances.win).strip(),
                win_mars=_percent(chances.win_mars).strip(),
                lose_mars=_percent(chances.lose_mars).strip(),
            ),
            *match_line,
        ]
    )


def _rolled_fields(rolled: RolledOut, stakes: Stakes) -> dict[str, float | int]:
    """A rollout's chances, its equity at the ``stakes`` and that equity's standard error
    and, at a match score, the chance to win the match and its standard error."""
    match = (
        {
            "match_winning_chance": round(stakes.match_chance(rolled.equity), 4),
            "match_winning_chance_error": round(stakes.match_chance_gap(rolled.standard_error), 4),
        }
        if stakes.is_match
        else {}
    )
    return {
        **_chance_fields(rolled.chances),
        "equity": round(rolled.equity, 4),
        "standard_error": round(rolled.standard_error, 4),
        **match,
        "trials": rolled.trials,
    }


def _rolled_plays_data(
    position: Position,
    dice: Dice,
    judged: Sequence[JudgedPlay],
    rolled: Sequence[RolledOut],
    stakes: Stakes,
) -> dict[str, Any]:
    ranked = sorted(zip(judged, rolled, strict=True), key=lambda pair: -pair[1].equity)
    return {
        "id": position.to_id(dice),
        "turn": position.turn.value,
        "dice": list(dice),
        **_stakes_data(stakes),
        "rollout": [
            {
                "play": position.notation(entry.play, dice),
                "estimate": round(stakes.equity(entry.chances), 4),
                **_rolled_fields(result, stakes),
            }
            for entry, result in ranked
        ],
    }


def _rolled_position_data(position: Position, rolled: RolledOut, stakes: Stakes) -> dict[str, Any]:
    return {
        "id": position.to_id(),
        "turn": position.turn.value,
        "dice": None,
        **_stakes_data(stakes),
        "rollout": _rolled_fields(rolled, stakes),
    }


def _heading(position: Position, depth: int, dice: Dice | None, stakes: Stakes) -> list[str]:
    dice_said = _("dice {dice}").format(dice=dice) if dice is not None else _("before the roll")
    return [
        _("Position {id}: {side} to move, {dice}; depth {depth}").format(
            id=position.to_id(dice), side=position.turn.name_shown, dice=dice_said, depth=depth
        ),
        *_match_line(position, stakes, ranks_plays=dice is not None),
    ]


def _match_line(position: Position, stakes: Stakes, ranks_plays: bool = True) -> list[str]:
    """The line that says the match and the score (none in money play), and that the
    plays are ranked at it when there are plays to rank: before the roll there are none,
    and saying so would promise a ranking the output does not have."""
    if stakes.score is None:
        return []
    heading = (
        _("Match to {length}, {side} {score}: ranked by the chance to win the match.")
        if ranks_plays
        else _("Match to {length}, {side} {score}.")
    )
    return [
        heading.format(
            length=stakes.score.length,
            side=position.turn.name_shown,
            score=f"{stakes.score.mover}-{stakes.score.opponent}",
        )
    ]


def _percent(value: float) -> str:
    return f"{100 * value:5.1f}%"


def format_chances(position: Position, depth: int, chances: Evaluation, stakes: Stakes) -> str:
    match_line = (
        [
            _("{side}: chance to win the match {chance}").format(
                side=position.turn.name_shown, chance=_percent(stakes.value(chances)).strip()
            )
        ]
        if stakes.is_match
        else []
    )
    return "\n".join(
        [
            *_heading(position, depth, None, stakes),
            _(
                "{side}: equity {equity}, win {win}, win with a mars {win_mars}, lose with a mars "
                "{lose_mars}"
            ).format(
                side=position.turn.name_shown,
                equity=f"{stakes.equity(chances):+.3f}",
                win=_percent(chances.win).strip(),
                win_mars=_percent(chances.win_mars).strip(),
                lose_mars=_percent(chances.lose_mars).strip(),
            ),
            *match_line,
        ]
    )


def format_plays(
    position: Position, dice: Dice, depth: int, judged: Sequence[JudgedPlay], stakes: Stakes
) -> str:
    """The ranked plays as a table, each with how far below the best it is: in equity, or
    at a match score in the chance to win the match (in per cent), after that chance."""
    plays = [position.notation(entry.play, dice) or _("no move") for entry in judged]
    width = max(12, *(len(play) for play in plays))
    equities = [stakes.equity(entry.chances) for entry in judged]
    lines = _heading(position, depth, dice, stakes)
    if equities != sorted(equities, reverse=True):  # the order is not the equities': say why
        lines.append(
            _("Plays are ranked by the depth of their look, deepest first, then by equity.")
        )
    match_columns = [(_("match"), 6)] if stakes.is_match else []
    lines += [
        "",
        _table_heading(
            width,
            *match_columns,
            (_("equity"), 7),
            (_("behind"), 6),
            (_("win"), 6),
            (_("mars"), 6),
            (_("lose mars"), 9),
            (_("depth"), 0),
        ),
    ]
    best = stakes.value(judged[0].chances)
    for rank, (entry, play, equity) in enumerate(zip(judged, plays, equities, strict=True), 1):
        chances = entry.chances
        match = f"{_percent(stakes.value(chances))}  " if stakes.is_match else ""
        behind = _behind(stakes.value(chances) - best, stakes) if rank > 1 else ""
        lines.append(
            f"{rank:>3}. {play.ljust(width)}  {match}{equity:+7.3f}  "
            f"{behind:>6}  {_percent(chances.win)}  {_percent(chances.win_mars)}  "
            f"{_percent(chances.lose_mars):>9}  {look_said(entry)}"
        )
    return "\n".join(lines)


def _behind(gap: float, stakes: Stakes) -> str:
    """How far a play is behind the best: in points, or in per cent of the chance to win
    the match (a gap too small to print is none)."""
    if stakes.is_match:
        return f"{100 * gap if abs(gap) >= 0.0005 else 0.0:+.1f}%"
    return f"{gap if abs(gap) >= 0.0005 else 0.0:+.3f}"


def look_said(entry: JudgedPlay) -> str:
    """How far ahead a play's figures look, for the table's last column: a game over and
    the exact table's figures are the truth; the others searched two rolls deep, one, or
    by the network alone."""
    if entry.settled:
        return _("game won")
    if entry.exact:
        return _("exact")
    return (_("network"), _("1 roll"), _("2 rolls"))[entry.depth]


def _chance_fields(chances: Evaluation, stakes: Stakes = MONEY) -> dict[str, float]:
    """The chances, their equity at the ``stakes`` and, at a match score, the chance to
    win the match."""
    match = {"match_winning_chance": round(stakes.value(chances), 4)} if stakes.is_match else {}
    return {
        "equity": round(stakes.equity(chances), 4),
        **match,
        "win": round(chances.win, 4),
        "win_mars": round(chances.win_mars, 4),
        "lose_mars": round(chances.lose_mars, 4),
    }


def _stakes_data(stakes: Stakes) -> dict[str, Any]:
    """The stakes as ``--json`` names them: the match and its score, or none (money)."""
    if stakes.score is None:
        return {"match": None}
    return {
        "match": stakes.score.length,
        "score": [stakes.score.mover, stakes.score.opponent],
    }


def _chances_data(
    position: Position, depth: int, chances: Evaluation, stakes: Stakes
) -> dict[str, Any]:
    return {
        "id": position.to_id(),
        "turn": position.turn.value,
        "dice": None,
        "depth": depth,
        **_stakes_data(stakes),
        "chances": _chance_fields(chances, stakes),
    }


def _plays_data(
    position: Position, dice: Dice, depth: int, judged: Sequence[JudgedPlay], stakes: Stakes
) -> dict[str, Any]:
    return {
        "id": position.to_id(dice),
        "turn": position.turn.value,
        "dice": list(dice),
        "depth": depth,
        **_stakes_data(stakes),
        "plays": [
            {
                "play": position.notation(entry.play, dice),
                "depth": entry.depth,
                "searched": entry.searched,
                "two_rolls": entry.two_rolls,
                "exact": entry.exact,
                "game_over": entry.settled,
                **_chance_fields(entry.chances, stakes),
            }
            for entry in judged
        ],
    }


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 1


def _table_heading(width: int, *columns: tuple[str, int]) -> str:
    """A table's heading: "play" in the plays' column, ``width`` wide, then each column's
    word set to the right of its width."""
    return (
        "     "
        + _("play").ljust(width)
        + "".join(f"  {word.rjust(size)}" for word, size in columns)
    )
