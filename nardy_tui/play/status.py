"""The sentences the game screen shows about the match as it stands: the banner across the
board, the status line, a roll and a pass, why a choice does nothing now, whose side and
numbering the board is in.

Each is a function of what it names (the match, the players' names, the reader), not of
the turn flow, so the flow's choices and the screen both say the same thing the same way,
and each sentence is tested on its own (``tests/play/test_status.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

from nardy_tui.engine import Game, Match, Phase, Side, TurnRecord
from nardy_tui.i18n import N_, _, ngettext, sentences
from nardy_tui.play.reading import Reader
from nardy_tui.play.seats import Seat
from nardy_tui.play.wording import roll_off_said

TURN_COMPLETE = N_("The turn is complete: confirm it (c) or undo (u).")
EQUITY_FOR_SIDE = {
    Side.WHITE: N_("Equity in points for White."),
    Side.BLACK: N_("Equity in points for Black."),
}
"""Whose the hint's figures are in hot-seat: a sentence per side, so that a language that
declines the side's name ("в пользу чёрных") can."""
MATCH_CHANCE_FOR_SIDE = {
    Side.WHITE: N_("Figures in White's chance to win the match."),
    Side.BLACK: N_("Figures in Black's chance to win the match."),
}
"""The same at a match score, where the figures are the chance to win the match."""


def banner(match: Match, names: Mapping[Side, str]) -> str:
    """The line across the board's middle: the roll-off, who is to roll or move, the winner."""
    if match.phase is Phase.ROLL_OFF:
        throws = match.game.roll_offs
        if not throws:
            return _("Game {number} · roll-off: each side rolls one die (r)").format(
                number=match.game.number
            )
        last = throws[-1]
        return _("Roll-off: White {white} · Black {black} · a tie, roll again (r)").format(
            white=last.white, black=last.black
        )
    mover = match.mover
    if mover is None:
        winner = match.game.winner
        assert winner is not None
        return _("{side} wins game {number}").format(
            side=winner.name_shown, number=match.game.number
        )
    if match.phase is Phase.ROLL and not match.game.turns and match.game.start is not None:
        return _("Practice from a position · {player} to roll").format(player=_player(mover, names))
    if match.phase is Phase.ROLL and not match.game.turns:
        last = match.game.roll_offs[-1]
        return _(
            "Roll-off: White {white} · Black {black} · {side} starts · {player} to roll"
        ).format(white=last.white, black=last.black, side=mover.name_shown, player=names[mover])
    if match.phase is Phase.ROLL:
        return _("{player} to roll").format(player=_player(mover, names))
    turn = match.turn
    assert turn is not None
    dice = str(turn.dice)
    if turn.is_complete:
        return _("{player} rolled {dice} · turn complete: confirm (c)").format(
            player=_player(mover, names), dice=dice
        )
    return _("{player} rolled {dice}").format(player=_player(mover, names), dice=dice)


def _player(side: Side, names: Mapping[Side, str]) -> str:
    """The colour, then who plays it when that is not just the colour again (hot-seat)."""
    name = names[side]
    colour = side.name_shown
    return colour if name == colour else _("{side} · {player}").format(side=colour, player=name)


def where_we_are(match: Match, reader: Reader) -> str:
    """The status line for the match as it stands: what was said when it got here.

    A match opened from its save file shows it, so the player reads where they were.
    """
    game = match.game
    turn = match.turn
    if match.phase is Phase.ROLL_OFF and not game.roll_offs:
        return _("Game {number}: roll-off (r).").format(number=game.number)
    if game.start is not None and not game.turns and match.phase is Phase.ROLL:
        return _("A practice game from a position, not from the opening: {side} to roll.").format(
            side=match.position.turn.name_shown
        )
    if match.phase is Phase.ROLL_OFF or (match.phase is Phase.ROLL and not game.turns):
        return roll_off_said(game.roll_offs[-1])
    if match.phase is Phase.MOVE and turn is not None and match.dice is not None:
        if turn.is_complete and turn.steps:
            return _(TURN_COMPLETE)
        if turn.steps:
            return _("Played so far: {steps}. Choose the next checker to move.").format(
                steps=reader.steps(turn.steps, turn.mover)
            )
        return rolled_said(match)
    return turn_said(game.turns[-1], reader) if game.turns else ""


def rolled_said(match: Match) -> str:
    """The roll just made, and why any die is struck out (✗) on the dice panel."""
    turn = match.turn
    assert turn is not None and match.dice is not None
    side = turn.mover.name_shown
    dice = str(match.dice)
    unplayable = turn.unplayable_dice()
    if not unplayable or turn.is_pass:
        return _("{side} rolled {dice}.").format(side=side, dice=dice)
    if turn.bears_off_the_last:
        return _(
            "{side} rolled {dice}. The last checkers come off with fewer dice: "
            "nothing is left for the rest."
        ).format(side=side, dice=dice)
    if turn.must_play_higher:
        return _(
            "{side} rolled {dice}. Only one die can be played, so it must be the "
            "higher: the {die} is struck out."
        ).format(side=side, dice=dice, die=unplayable[0])
    if match.dice.is_double:
        return ngettext(
            "{side} rolled {dice}. Only {count} of the four {die}s can be played: the "
            "rest are struck out.",
            "{side} rolled {dice}. Only {count} of the four {die}s can be played: the "
            "rest are struck out.",
            turn.max_steps,
        ).format(side=side, dice=dice, count=turn.max_steps, die=match.dice[0])
    return _("{side} rolled {dice}. No legal turn can use the {die}: it is struck out.").format(
        side=side, dice=dice, die=unplayable[0]
    )


def pass_said(match: Match) -> str:
    """A roll with which nothing can be played, for a notification."""
    turn = match.turn
    assert turn is not None
    return _("{side} cannot move with {dice}: the turn passes.").format(
        side=turn.mover.name_shown, dice=str(turn.dice)
    )


def turn_said(record: TurnRecord, reader: Reader) -> str:
    """A turn just played, for the status line, in the reader's numbering."""
    line = reader.turn(record)
    return _("Pass: {turn}").format(turn=line) if not record.play else line


def roll_off_unseen(game: Game) -> str:
    """The roll-off's result, when the first roll of a game came by itself right after
    it (the bot's, or an automatic one), so it was never on screen for long: "" on any
    later turn."""
    return "" if game.turns or not game.roll_offs else roll_off_said(game.roll_offs[-1])


def thinking_said(player: str) -> str:
    """That ``player``, away from the keyboard, is choosing a play: the status line says
    it, and the game's activity line beside the board.

    >>> thinking_said("Bot")
    'Bot is thinking…'
    """
    return _("{player} is thinking…").format(player=player)


def away_thinking_said(match: Match, names: Mapping[Side, str]) -> str:
    """While the player away from the keyboard chooses: who is thinking (after the
    roll-off's result, on the game's first turn)."""
    turn = match.turn
    assert turn is not None
    return sentences(roll_off_unseen(match.game), thinking_said(names[turn.mover]))


def not_now(match: Match, seats: Mapping[Side, Seat]) -> str:
    """Why a choice on the board does nothing now."""
    if match.phase is Phase.ROLL_OFF:
        return _("First the roll-off: press r.")
    if match.phase is Phase.ROLL and match.mover is not None:
        return seats[match.mover].wait_to_roll()
    if match.phase is Phase.MOVE and match.mover is not None:
        return seats[match.mover].wait_to_move()
    if match.phase is Phase.GAME_OVER:
        return _("The game is over: n starts the next game.")
    return _("The match is over.")


def equity_for(mover: Side, hot_seat: bool) -> str:
    """Whose equity the hint's figures are: the human's against the bot, the named
    player's in hot-seat (where "you" would be either)."""
    if not hot_seat:
        return _("Equity in points for you.")
    return _(EQUITY_FOR_SIDE[mover])


def match_chance_for(mover: Side, hot_seat: bool) -> str:
    """Whose chance to win the match the hint's figures are, at a match score."""
    if not hot_seat:
        return _("Figures in your chance to win the match.")
    return _(MATCH_CHANCE_FOR_SIDE[mover])


def history_title(reader: Reader, hot_seat: bool) -> str:
    """The history panel's title: whose numbering its moves are in."""
    if not hot_seat:
        return _("History, in your numbering")
    return _("History, in {side}'s numbering").format(side=reader.side.name_shown)


def seen_from(view: Side, reader: Reader, hot_seat: bool) -> str:
    """After a flip: whose side the board is seen from, and whose numbering it uses."""
    if not hot_seat:
        return _("The board is seen from {side}'s side, in your numbering.").format(
            side=view.name_shown
        )
    return _("The board is seen from {side}'s side, in {reader}'s numbering.").format(
        side=view.name_shown, reader=reader.side.name_shown
    )


def position_id_said(match: Match) -> tuple[str, str]:
    """The position's ID (with the dice once thrown) and the sentence that shows it."""
    dice = match.dice if match.phase is Phase.MOVE else None
    text = match.position.to_id(dice)
    return text, _(
        "Position ID {id} (copied to the clipboard if the terminal allows): "
        "'nardy analyze {id}' analyses it."
    ).format(id=text)
