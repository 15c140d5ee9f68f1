"""``nardy review RECORD``: what each player got wrong in a recorded match, and what it cost.

Every game of the record is replayed through the engine and reviewed by the expert
(``nardy_tui.bot.review``). The text report lists each marked turn (the play made, the best
play, the equity lost) and a summary per player; ``--json`` prints every reviewed turn for
programs instead. A record that cannot be read or replayed is one line and exit status 1
(a mistake of the command line, as everywhere, 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from nardy_tui.bot import (
    MONEY,
    Evaluation,
    GameReview,
    MatchScore,
    RolledVerdict,
    Stakes,
    TurnReview,
    Verdict,
    WeightsError,
    review_game,
    roll_out_turn,
    summarise,
)
from nardy_tui.cli.argparsing import OneLineParser, rollout_trials
from nardy_tui.cli.progress import counting_bar
from nardy_tui.engine import Position, Side, TurnKey
from nardy_tui.i18n import _, ngettext
from nardy_tui.play import luck_said, rolled_said, unit_said
from nardy_tui.storage import Record, RecordError, load_record

PROG = "nardy review"


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Review a recorded match with the expert bot: every turn with a choice "
            "is compared with the best play, and mistakes are marked doubtful, error "
            "or blunder by the points they gave away."
        ),
    )
    parser.add_argument(
        "record",
        metavar="RECORD",
        help=_("a match record (written by x in the game, at a match's end, or by 'nardy export')"),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("print the whole review as JSON (every reviewed turn)"),
    )
    parser.add_argument(
        "--player", choices=("white", "black"), help=_("review one side only (default: both)")
    )
    parser.add_argument(
        "--money",
        action="store_true",
        help=_("judge by a single game's points, not by the chance to win the match"),
    )
    parser.add_argument(
        "--rollout",
        type=rollout_trials,
        metavar="N",
        help=_(
            "roll out each marked turn's play and best play N times (N "
            "rounded up to a multiple of 36): rolled-out figures beside "
            "the estimates"
        ),
    )
    return parser


Rolled = dict[TurnKey, RolledVerdict]
"""The rolled-out verdicts, by turn."""


def roll_out_mistakes(reviews: Sequence[GameReview], sides: Sequence[Side], trials: int) -> Rolled:
    """Each marked turn of ``sides`` rolled out, with a progress bar on a terminal."""
    marked = [
        (number, turn)
        for number, review in enumerate(reviews, start=1)
        for turn in review.mistakes()
        if turn.side in sides
    ]
    rolled: Rolled = {}
    with counting_bar(_("rolling out")) as progress:
        task = progress.add_task("rollout", total=len(marked))
        for number, turn in marked:
            rolled[TurnKey(number, turn.number)] = roll_out_turn(turn, trials, seed=turn.number)
            progress.advance(task)
    return rolled


def review_main(argv: Sequence[str]) -> int:
    """Run ``nardy review``; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        record = load_record(Path(args.record))
    except RecordError as error:
        return _fail(str(error))
    sides = [Side(args.player)] if args.player else list(Side)
    try:
        reviews = review_record(record, money=args.money)
    except WeightsError as error:
        return _fail(str(error))
    except ValueError as error:
        return _fail(_("the record does not replay: {error}").format(error=error))
    rolled: Rolled = {}
    if args.rollout is not None:
        try:
            rolled = roll_out_mistakes(reviews, sides, args.rollout)
        except KeyboardInterrupt:
            return 130
    if args.json:
        print(json.dumps(_as_data(record, reviews, sides, rolled), indent=1))
    else:
        print(format_report(args.record, reviews, sides, rolled))
    return 0


def review_record(record: Record, money: bool = False) -> list[GameReview]:
    """Review every game of a record at the match's score when it began (by its points
    alone with ``money``), with a progress bar on a terminal (standard error)."""
    total = sum(len(game.turns) for game in record.games)
    reviews: list[GameReview] = []
    stakes = [MONEY] * len(record.games) if money else games_stakes(record)
    with counting_bar(_("reviewing")) as progress:
        task = progress.add_task("review", total=total)
        for game, white in zip(record.games, stakes, strict=True):
            reviews.append(
                review_game(
                    game.start,
                    game.turns,
                    progress=lambda *_: progress.advance(task),
                    stakes=white,
                    resignation=game.resignation,
                )
            )
    return reviews


def games_stakes(record: Record) -> list[Stakes]:
    """White's stakes in each game of the record: the match's score when the game began.
    A record that names no match length, or a practice game from a position, is judged
    by the points of a game."""
    length = record.length
    practice = any(game.start != Position.initial(game.start.turn) for game in record.games)
    if length is None or practice:
        return [MONEY] * len(record.games)
    stakes = []
    score = dict.fromkeys(Side, 0)
    for game in record.games:
        if max(score.values()) >= length:  # games written past the match's end
            stakes.append(MONEY)
        else:
            stakes.append(Stakes(MatchScore(length, score[Side.WHITE], score[Side.BLACK])))
        if game.winner is not None:
            score[game.winner] += game.points
    return stakes


def format_report(
    name: str, reviews: Sequence[GameReview], sides: Sequence[Side], rolled: Rolled | None = None
) -> str:
    """The review as text: each game's marked turns (estimated, and rolled out where
    ``rolled`` has them), then a summary per player."""
    rolled = rolled or {}
    at_score = any(turn.stakes.is_match for review in reviews for turn in review.turns)
    heading = _(
        "Review of {name} by the expert bot ({unit}; the costs as the expert estimates "
        "them, 'rolled out' where the plays were played out)"
    )
    lines = [heading.format(name=name, unit=unit_said(at_score))]
    for number, review in enumerate(reviews, start=1):
        lines += ["", _("Game {number}").format(number=number)]
        mistakes = [turn for turn in review.mistakes() if turn.side in sides]
        if not mistakes:
            lines.append("  " + _("no mistakes"))
        for turn in mistakes:
            played = turn.before.notation(turn.played, turn.dice)
            best = turn.before.notation(turn.best, turn.dice)
            lines.append(
                "  "
                + _("{number}. {side} {dice}: {played} best {best} cost {loss}  {mark}").format(
                    number=f"{turn.number:>3}",
                    side=turn.side.name_shown,
                    dice=str(turn.dice),
                    played=f"{played:<22}",
                    best=f"{best:<22}",
                    loss=_cost(turn),
                    mark=turn.verdict.name_shown,
                )
            )
            verdict = rolled.get(TurnKey(number, turn.number))
            if verdict is not None:
                lines.append("       " + rolled_said(verdict))
        lines.append("  " + luck_said([review], sides[0]))
    lines += ["", _("Summary")]
    for side in sides:
        summary = summarise(reviews, side)
        if not summary.decisions:
            lines.append(
                "  "
                + _("{side}: no decision to judge (only forced plays)").format(side=side.name_shown)
            )
            continue
        counts = summary.counts
        lost, mean = (
            (f"{summary.total_loss:.3f}", f"{summary.mean_loss:.3f}")
            if summary.chance_lost is None
            else (f"{summary.chance_lost:.1%}", f"{summary.chance_lost / summary.decisions:.2%}")
        )
        lines.append(
            "  "
            + ngettext(
                "{side}: {count} decision, lost {loss} ({mean} per decision); "
                "blunders: {blunders}, errors: {errors}, doubtful: {doubtful}; grade: {grade}",
                "{side}: {count} decisions, lost {loss} ({mean} per decision); "
                "blunders: {blunders}, errors: {errors}, doubtful: {doubtful}; grade: {grade}",
                summary.decisions,
            ).format(
                side=side.name_shown,
                count=summary.decisions,
                loss=lost,
                mean=mean,
                blunders=counts.get(Verdict.BLUNDER, 0),
                errors=counts.get(Verdict.ERROR, 0),
                doubtful=counts.get(Verdict.DOUBTFUL, 0),
                grade=summary.grade_shown,
            )
        )
    if len(reviews) > 1:
        lines.append("  " + _("The match: {luck}").format(luck=luck_said(reviews, sides[0])))
    return "\n".join(lines)


def _cost(turn: TurnReview) -> str:
    """What a turn's play cost: points, or the chance to win the match it gave away."""
    lost = turn.match_chance_lost
    return f"{turn.loss:.3f}" if lost is None else f"{lost:.1%}"


def _marks_worst_first() -> list[Verdict]:
    return [Verdict.BLUNDER, Verdict.ERROR, Verdict.DOUBTFUL]


def _as_data(
    record: Record,
    reviews: Sequence[GameReview],
    sides: Sequence[Side],
    rolled: Rolled | None = None,
) -> dict[str, Any]:
    rolled = rolled or {}

    def turn_data(game: int, turn: TurnReview) -> dict[str, Any]:
        verdict = rolled.get(TurnKey(game, turn.number))
        return {
            "turn": turn.number,
            "player": turn.side.value,
            "dice": list(turn.dice),
            "played": turn.before.notation(turn.played, turn.dice),
            "best": turn.before.notation(turn.best, turn.dice),
            "played_equity": round(turn.played_equity, 4),
            "best_equity": round(turn.best_equity, 4),
            "played_deepened": turn.played_deepened,
            "loss": round(turn.loss, 4),
            "match_chance_lost": None
            if turn.match_chance_lost is None
            else round(turn.match_chance_lost, 4),
            "mark": turn.verdict.value or None,
            "played_chances": _chances(turn.played_chances),
            "best_chances": _chances(turn.best_chances),
            "id": turn.before.to_id(turn.dice),
            "rollout": None if verdict is None else _rolled_data(verdict),
        }

    summaries = {}
    for side in sides:
        summary = summarise(reviews, side)
        summaries[side.value] = {
            **_sum_data(reviews, side),
            "decisions": summary.decisions,
            "total_loss": round(summary.total_loss, 4),
            "mean_loss": round(summary.mean_loss, 4),
            "grade": summary.grade,
            "marks": {mark.value: summary.counts.get(mark, 0) for mark in _marks_worst_first()},
        }
    return {
        "games": [
            {
                "game": game.number,
                "turns": [turn_data(game.number, t) for t in review.turns if t.side in sides],
                "sum": {side.value: _sum_data([review], side) for side in sides},
                "luck": [
                    {
                        "turn": roll.number,
                        "player": roll.side.value,
                        "dice": list(roll.dice),
                        "luck": round(roll.luck, 4),
                    }
                    for roll in review.luck
                ],
            }
            for game, review in zip(record.games, reviews, strict=True)
        ],
        "summary": summaries,
    }


def _rolled_data(verdict: RolledVerdict) -> dict[str, Any]:
    """A turn's rollout: the equities (on a single game's scale at the turn's stakes)
    with their errors and the loss, then the same as chances to win the match, None in
    money play ("match_chance_lost" as the estimate's)."""
    stakes = verdict.stakes
    match = {
        "played_match_chance": stakes.match_chance(verdict.played.equity),
        "played_match_chance_error": stakes.match_chance_gap(verdict.played.standard_error),
        "best_match_chance": stakes.match_chance(verdict.best.equity),
        "best_match_chance_error": stakes.match_chance_gap(verdict.best.standard_error),
        "match_chance_lost": stakes.match_chance_gap(verdict.loss),
    }
    return {
        "trials": verdict.played.trials,
        "played_equity": round(verdict.played.equity, 4),
        "played_error": round(verdict.played.standard_error, 4),
        "best_equity": round(verdict.best.equity, 4),
        "best_error": round(verdict.best.standard_error, 4),
        "loss": round(verdict.loss, 4),
        **{name: round(value, 4) if stakes.is_match else None for name, value in match.items()},
    }


def _sum_data(reviews: Sequence[GameReview], side: Side) -> dict[str, Any]:
    """What the games came to for ``side`` as its sum: "end" is "start" + "luck" -
    "play_cost" of ``side`` + "play_cost" of the other + "resignation" (what a resignation
    changed, 0 where none ended a game), "luck_adjusted" is "end" - "luck";
    "result" is the points won, "finished" whether every game was played out ("end" of a
    game cut short is what its position is worth where the record stops)."""
    luck = sum(review.luck_of(side) for review in reviews)
    return {
        "finished": all(review.finished for review in reviews),
        "result": sum(review.points_for(side) for review in reviews),
        "end": round(sum(review.end_for(side) for review in reviews), 4),
        "start": round(sum(review.start_for(side) for review in reviews), 4),
        "luck": round(luck, 4),
        "play_cost": {
            each.value: round(sum(review.play_cost(each) for review in reviews), 4) for each in Side
        },
        "resignation": round(sum(review.resignation_for(side) for review in reviews), 4),
        "luck_adjusted": round(sum(review.luck_adjusted(side) for review in reviews), 4),
    }


def _chances(chances: Evaluation | None) -> dict[str, float] | None:
    if chances is None:
        return None
    return {
        "win": round(chances.win, 4),
        "win_mars": round(chances.win_mars, 4),
        "lose_mars": round(chances.lose_mars, 4),
    }


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 1
