"""The side panel's words: whose turn it is, why dice are struck out, the dice of a turn
just passed, a game's result and the history's lines, in the language in use.

The panels (``nardy_tui.ui.panels``) only lay these out, in colour and in visual order.
"""

from __future__ import annotations

from collections.abc import Mapping

from nardy_tui.engine import Dice, Game, Match, Phase, Side, TurnBuilder
from nardy_tui.i18n import _, ngettext, reading_of, sentences
from nardy_tui.play.reading import Reader


def passed_dice(match: Match) -> Dice | None:
    """The dice of the turn just passed (nothing could be played), until the next roll."""
    turns = match.game.turns
    if match.phase is Phase.ROLL and turns and not turns[-1].play:
        return turns[-1].dice
    return None


def struck_out_why(turn: TurnBuilder | None, passed: bool = False) -> str:
    """Why dice are struck out (✗), short enough for the side panel; "" when none are.
    ``passed``: the turn just passed, its dice still shown."""
    why = _why_struck_out(turn, passed)
    return sentences("✗", why) if why else ""


def _why_struck_out(turn: TurnBuilder | None, passed: bool) -> str:
    if passed:
        return _("no legal move: passed")
    if turn is None or not turn.unplayable_dice():
        return ""
    if turn.is_pass:
        return _("no legal move: it passes")
    if turn.bears_off_the_last:
        return _("nothing left to move")
    if turn.must_play_higher:
        return _("one die only: the higher")
    if turn.dice.is_double:
        return ngettext(
            "only {count} of 4 can be played", "only {count} of 4 can be played", turn.max_steps
        ).format(count=turn.max_steps)
    return _("no legal turn can use it")


def whose_turn_words(match: Match, names: Mapping[Side, str]) -> str:
    """Whose turn it is: "White to roll", "You to move"; "Roll-off", "Game over" when
    nobody's."""
    side = match.mover
    if side is None:
        return _("Roll-off") if match.phase is Phase.ROLL_OFF else _("Game over")
    words = _("{player} to roll") if match.phase is Phase.ROLL else _("{player} to move")
    return words.format(player=names[side])


def result_line(game: Game) -> str:
    """A finished game's result: "White wins 1 point", "Black wins 2 points (mars)"."""
    assert game.winner is not None
    side = game.winner.name_shown
    if game.is_mars:
        return _("{side} wins 2 points (mars)").format(side=side)
    return ngettext("{side} wins {count} point", "{side} wins {count} points", game.points).format(
        side=side, count=game.points
    )


def move_numbers(turns: int) -> list[str]:
    """The number in front of each turn: one number a turn, as the record writes them
    (``Game.record_lines``), GNU Backgammon's habit, so that the history, the review and the
    record call a turn by the same number; right-aligned, so the turns line up.

    >>> move_numbers(10)[0], move_numbers(10)[9]
    (' 1.', '10.')
    """
    width = len(str(turns))
    return [f"{number:>{width}}." for number in range(1, turns + 1)]


def history_lines(match: Match, reader: Reader) -> list[str]:
    """Every turn of the match in notation (RULES.md section 9), game by game, each move in
    ``reader``'s numbering (the one on the board's edge); in reading order, unwrapped."""
    lines: list[str] = []
    for game in match.games:
        lines.append(reading_of(_("Game {number}").format(number=game.number)))
        if game.start is not None:
            lines.append("  " + reading_of(_("practice from {id}").format(id=game.start_id)))
        for roll_off in game.roll_offs:
            lines.append(
                "  "
                + reading_of(
                    _("roll-off: White {white}, Black {black}").format(
                        white=roll_off.white, black=roll_off.black
                    )
                )
            )
        lines += [
            f"  {number} {reading_of(reader.turn(turn))}"
            for number, turn in zip(move_numbers(len(game.turns)), game.turns, strict=True)
        ]
        if game.winner is not None:
            lines.append(f"  {reading_of(result_line(game))}")
    return lines
