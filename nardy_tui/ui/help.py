"""The help screen: the rules in short, and every key.

The help is Markdown built from one message per paragraph (a long paragraph: per sentence)
and per key, so that a translator handles manageable pieces; the headings' and the table's
markup stays out of the messages.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from nardy_tui.i18n import N_, Shown, _, broken_into_lines, reading_of, reordering
from nardy_tui.ui.closing import ClosesOnce
from nardy_tui.ui.footer import KeysFooter
from nardy_tui.ui.sized import SizedScreenOf
from nardy_tui.ui.translated import translate_bindings

HELP_WIDTH = 72
"""Columns a right-to-left paragraph of the help is broken into before it is reordered: the
box is 90 wide in a wide terminal, the whole 80 of the smallest, and border, padding and
scroll bar take 8 of them."""
Paragraph = tuple[str, ...]
"""The sentences of one paragraph, each a message (Markdown joins them with a space)."""

TITLE = N_("Long Nardy")
CLOSING = N_("Escape, q or ? closes this help.")

RULES: tuple[tuple[str, tuple[Paragraph, ...]], ...] = (
    (
        N_("Goal"),
        (
            (
                N_(
                    "Move all 15 of your checkers around the board into your home (your points "
                    "1-6) "
                    "and bear them off."
                ),
                N_(
                    "The first to bear off all 15 wins: 1 point, or 2 (**mars**) if the loser has "
                    "borne off none."
                ),
                N_("A match is played to 1, 3, 5 or 7 points."),
            ),
        ),
    ),
    (
        N_("Numbering"),
        (
            (
                N_("Each player counts along their own path: the head is 24, home is 1-6."),
                N_(
                    "Against the bot, every point number you read or type is in your own "
                    "numbering: "
                    "the board's edge, the messages, the history and the hint, the bot's moves "
                    "included."
                ),
                N_(
                    "In hot-seat the numbers are those of the player the board is turned to (f "
                    "turns "
                    "it)."
                ),
                N_(
                    "Exported records keep the usual notation: each move in its mover's own "
                    "numbering."
                ),
                N_(
                    "White's head is top right (seen from White's side); both sides move "
                    "counter-clockwise."
                ),
            ),
        ),
    ),
    (
        N_("Start"),
        (
            (
                N_(
                    "All checkers start on the head. Each side rolls one die; the higher starts "
                    "and "
                    "then rolls both dice. Ties roll again."
                ),
            ),
        ),
    ),
    (
        N_("Moving"),
        (
            (
                N_(
                    "Each die is a separate move; one checker may use both if the point in between "
                    "is open. Doubles play four times."
                ),
                N_(
                    "A checker may not land on a point holding any opposing checker; there is no "
                    "hitting."
                ),
            ),
        ),
    ),
    (
        N_("Head rule"),
        (
            (
                N_(
                    "Only one checker leaves the head per turn, except on the first turn with 6-6, "
                    "4-4 or 3-3, when two may."
                ),
            ),
        ),
    ),
    (
        N_("No six-block"),
        (
            (
                N_(
                    "Six points in a row may not be held unless an opposing checker is already "
                    "past "
                    "them."
                ),
            ),
        ),
    ),
    (
        N_("Whole roll"),
        (
            (
                N_("Play both dice if you can; if only one can be played, the higher one."),
                N_("With no legal move the turn passes."),
            ),
        ),
    ),
    (
        N_("Bearing off"),
        (
            (
                N_(
                    "Only once all 15 are home. A die bears off from its point; from a lower point "
                    "only if no checker stands higher."
                ),
            ),
        ),
    ),
)
"""The rules in short: each section's heading and its paragraphs."""

KEYS_TITLE = N_("Keys")
KEY_HEADER = (N_("Key"), N_("Action"))
KEYS: tuple[tuple[str, str], ...] = (
    ("←→↑↓", N_("move the cursor over the points")),
    (N_("Enter / Space / click"), N_("choose the point under the cursor")),
    (
        N_("1-24 typed"),
        N_(
            "choose that point (the numbers on the board's edge); a 1 or 2 that may begin "
            "a point to choose waits for a second digit, as the status line shows: Enter "
            "takes it alone, Escape forgets it"
        ),
    ),
    ("o", N_("your tray: bear off the selected checker (0 too, unless a 1 or 2 waits)")),
    ("Escape", N_("drop the selection")),
    ("r", N_("roll the dice; in the roll-off, one press rolls both sides' dice")),
    ("c", N_("confirm the turn once it is complete")),
    ("u / U", N_("undo one step / the whole turn")),
    (
        "h",
        N_(
            "hint: the expert bot's best play starred, its best three named with their "
            "equities; after a first step, the best ways to finish the turn (and whether "
            "to undo for the best play)"
        ),
    ),
    (
        "i",
        N_(
            "in a terminal under 110\N{MULTIPLICATION SIGN}28: the score, dice, pips and "
            "history in the board's place, and back"
        ),
    ),
    ("s", N_("skip the bot's animation")),
    ("l", N_("show the last play again, slowly")),
    ("n", N_("start the next game once a game is over, a new match once the match is over")),
    ("m", N_("the match-over dialog again, from the final board")),
    ("v", N_("review the finished game (on the game-over and match-over dialogs)")),
    ("f", N_("flip the board to the other side's view")),
    ("x", N_("export the match record to a text file")),
    (
        "#",
        N_(
            "the position's ID, for 'nardy analyze', copied to the clipboard where the "
            "terminal allows"
        ),
    ),
    (
        "g",
        N_(
            "in a match in the lobby: offer the opponent this game at a single game or a "
            "mars, or give up the match"
        ),
    ),
    ("? / F1", N_("this help")),
    (
        "ctrl+p",
        N_("command palette (the actions that apply now, the automatic settings, the theme)"),
    ),
    ("ctrl+q", N_("quit (asks first during a match; the match stays saved)")),
)
"""Every key and what it does. A key written in words is a message too; the others are
the keys' own names, which ``_`` gives back unchanged."""

AFTER_KEYS: tuple[Paragraph, ...] = (
    (
        N_(
            "In a dialog the keys are written on its buttons: ctrl+q twice, or ctrl+q then q, y "
            "or Enter quits; Escape or n keeps playing."
        ),
    ),
    (
        N_(
            "Marks on the board: ◇ a destination with one die, ◆ with dice combined; the hint "
            "☆ where a checker leaves and ★ where it arrives."
        ),
        N_(
            "The last play is teal, ◌ where a checker left and ▲/▼ where it arrived, until you "
            "roll (with automatic rolling, until your first step)."
        ),
        N_(
            "A struck-out die ✗3✗ cannot be played this turn; the panel and the status line say "
            "why."
        ),
        N_("White checkers are ○, Black checkers ●."),
    ),
    (
        N_(
            "On a narrow screen (a phone held upright) the board is turned a quarter: your "
            "head, 24, is at the foot of the right column and your home at the foot of the "
            "left; the last play's arrows are ◀/▶. On a phone every key has a button under "
            "or beside the board, and a tap on a point chooses it."
        ),
    ),
)


def help_markdown() -> str:
    """The help in the language in use, as Markdown."""
    blocks = ["## " + _(TITLE), _paragraph((CLOSING,))]
    for heading, paragraphs in RULES:
        blocks.append("### " + _(heading))
        blocks.extend(_paragraph(paragraph) for paragraph in paragraphs)
    blocks.append("## " + _(KEYS_TITLE))
    blocks.append(_keys_list() if reordering() else _keys_table())
    blocks.extend(_paragraph(paragraph) for paragraph in AFTER_KEYS)
    return "\n\n".join(blocks) + "\n"


def _keys_table() -> str:
    table = [f"| {_(KEY_HEADER[0])} | {_(KEY_HEADER[1])} |", "|---|---|"]
    # Keys written as one word ("u/U"): Textual's table makes its first column as narrow
    # as the longest word, so "Enter / Space / click" took five lines.
    table.extend(f"| {_(key).replace(' / ', '/')} | {_(action)} |" for key, action in KEYS)
    return "\n".join(table)


def _keys_list() -> str:
    """The keys for a right-to-left language: one line each, "key, dash, action", broken and
    reordered like a paragraph. A table cell would wrap the reordered text itself, so a long
    action would read its last line first, and its columns would run from the left."""
    readings = (f"{reading_of(_(key))} \N{EN DASH} {reading_of(_(action))}" for key, action in KEYS)
    lines = (broken_into_lines(Shown.of(reading), HELP_WIDTH) for reading in readings)
    return "\\\n".join(line.replace("\n", "\\\n") for line in lines)


def _paragraph(sentences: Paragraph) -> str:
    """The sentences as one paragraph; right to left, broken into the help's lines first
    (Markdown hard breaks) and then each line reordered (``broken_into_lines``)."""
    text = " ".join(_(sentence) for sentence in sentences)
    if not reordering():
        return text
    reading = Shown.of(" ".join(reading_of(_(sentence)) for sentence in sentences))
    return broken_into_lines(reading, HELP_WIDTH).replace("\n", "\\\n")


class HelpScreen(ClosesOnce, SizedScreenOf[None], ModalScreen[None]):
    """Rules and keys, closed with Escape, q or ?, as its first line and its own footer
    say (the footer of the screen behind would show that screen's keys, which do nothing
    here). Like the screen behind, it gives way to "enlarge" in too small a terminal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", N_("Close help")),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="help-body", classes="-right-to-left" if reordering() else ""):
            yield Markdown(help_markdown())
        yield KeysFooter()
