"""The game screen's commands, declared once: a name, its key, its words in the footer and
the palette, and whether the footer drops it where the terminal is narrow.

The UI derives its bindings, its footer's live keys and its palette from ``COMMANDS``, and
asks the turn flow whether a command applies now (``TurnFlow.allows``), which answers for
every command or raises: there is no command it does not know.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from nardy_tui.i18n import N_


class Command(Enum):
    """A command of the game screen; its value names it to the screen's one action for
    every command (``CommandSpec.action``)."""

    ROLL = "roll"
    CONFIRM = "confirm"
    UNDO = "undo"
    UNDO_TURN = "undo_turn"
    HINT = "hint"
    SKIP = "skip"
    LAST_PLAY = "last_play"
    NEXT_GAME = "next_game"
    EXPORT = "export"
    COPY_ID = "copy_id"
    """Show the position's ID (``Position.to_id``) and copy it to the clipboard."""
    PANEL = "panel"
    """Show the side panel in the board's place (the compact layout only)."""
    RESIGN = "resign"
    """Give up this game (offered to the opponent at a single game or a mars) or the whole
    match: in a lobby's match only, which the screen knows."""


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """How one command is offered: its keys, its words, where it shows."""

    command: Command
    keys: str
    """Textual key names, comma-separated ("r", "question_mark,f1")."""
    label: str
    """The footer's word (marked for translation, translated where shown)."""
    title: str = ""
    """The palette's title; "" keeps the command out of the palette."""
    help: str = ""
    """The palette's line under the title."""
    in_footer: bool = True
    roomy_only: bool = False
    """Dropped from the footer in the compact layout (its key still works)."""

    @property
    def action(self) -> str:
        """The screen's action for it, in Textual's action syntax: ``command('roll')``."""
        return f"command({self.command.value!r})"


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        Command.ROLL,
        "r",
        N_("Roll"),
        N_("Roll the dice"),
        N_("Roll (or roll off at the start of a game)"),
    ),
    CommandSpec(
        Command.CONFIRM, "c", N_("Confirm"), N_("Confirm the turn"), N_("End a complete turn")
    ),
    CommandSpec(
        Command.UNDO,
        "u",
        N_("Undo step"),
        N_("Undo one step"),
        N_("Take back the last step of this turn"),
    ),
    CommandSpec(
        Command.UNDO_TURN,
        "U",
        N_("Undo turn"),
        N_("Undo the whole turn"),
        N_("Take back every step of this turn"),
        roomy_only=True,
    ),
    CommandSpec(
        Command.HINT,
        "h",
        N_("Hint"),
        N_("Hint"),
        N_("Show the expert bot's best play on the board"),
    ),
    CommandSpec(
        Command.SKIP,
        "s",
        N_("Skip animation"),
        N_("Skip the bot's animation"),
        N_("Play the rest of the bot's turn at once"),
    ),
    CommandSpec(
        Command.LAST_PLAY,
        "l",
        N_("Last play"),
        N_("Show the last play again"),
        N_("Replay the last turn slowly on the board"),
        roomy_only=True,
    ),
    CommandSpec(
        Command.NEXT_GAME,
        "n",
        N_("Next game"),
        N_("Next game"),
        N_("Start the next game of the match, with its roll-off"),
    ),
    CommandSpec(
        Command.EXPORT,
        "x",
        N_("Export record"),
        N_("Export the match record"),
        N_("Write the record of this match to a text file"),
        in_footer=False,
    ),
    CommandSpec(
        Command.COPY_ID,
        "number_sign",
        N_("Position ID"),
        N_("Copy position ID"),
        N_("Show this position's ID for 'nardy analyze' and copy it to the clipboard"),
        in_footer=False,
    ),
    CommandSpec(Command.PANEL, "i", N_("Info")),
    CommandSpec(
        Command.RESIGN,
        "g",
        N_("Resign"),
        N_("Resign"),
        N_("Offer the opponent this game at a single game or a mars, or give up the match"),
        in_footer=False,
    ),
)
"""Every command of the game screen, in the footer's order."""
