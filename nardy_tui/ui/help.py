"""The help screen: the rules in short, and every key."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from nardy_tui.ui.closing import ClosesOnce

HELP = """\
## Long Nardy

### Goal

Move all 15 of your checkers around the board into your home (your points 1-6)
and bear them off. The first to bear off all 15 wins: 1 point, or 2 (**mars**) if the
loser has borne off none. A match is played to 1, 3, 5 or 7 points.

### Numbering

Each player counts along their own path: the head is 24, home is 1-6.
Against the bot, every point number you read or type is in your own numbering: the
board's edge, the messages, the history and the hint, the bot's moves included. In
hot-seat the numbers are those of the player the board is turned to (f turns it).
Exported records keep the usual notation: each move in its mover's own numbering.
White's head is top right (seen from White's side); both sides move counter-clockwise.

### Start

All checkers start on the head. Each side rolls one die; the higher starts and
then rolls both dice. Ties roll again.

### Moving

Each die is a separate move; one checker may use both if the point in between
is open. Doubles play four times. A checker may not land on a point holding any opposing
checker; there is no hitting.

### Head rule

Only one checker leaves the head per turn, except on the first turn with
6-6, 4-4 or 3-3, when two may.

### No six-block

Six points in a row may not be held unless an opposing checker is
already past them.

### Whole roll

Play both dice if you can; if only one can be played, the higher one.
With no legal move the turn passes.

### Bearing off

Only once all 15 are home. A die bears off from its point; from a lower
point only if no checker stands higher.

## Keys

| Key | Action |
|---|---|
| Left / Right / Up / Down | move the cursor over the points |
| Enter / Space / click | choose the point under the cursor |
| 1-24 typed | choose that point (the numbers on the board's edge); 0 = your tray (bear off) |
| Escape | drop the selection |
| r | roll the dice; in the roll-off, one press rolls both sides' dice |
| c | confirm the turn once it is complete |
| u / U | undo one step / the whole turn |
| h | hint: the expert bot's best play starred, its best three named with their equities |
| s | skip the bot's animation |
| l | show the last play again, slowly |
| n | start the next game, once a game is over |
| v | review the finished game (on the game-over and match-over dialogs) |
| f | flip the board to the other side's view |
| x | export the match record to a text file |
| ? / F1 | this help |
| ctrl+p | command palette (the actions that apply now, the automatic settings, the theme) |
| ctrl+q | quit (asks first during a match; the match stays saved) |

In a dialog the keys are written on its buttons: ctrl+q twice, or ctrl+q then q, y or
Enter quits; Escape or n keeps playing.

Marks on the board: ◇ a destination with one die, ◆ with dice combined, ★ the hint.
The last play is teal, ◌ where a checker left and ▲/▼ where it arrived, until you
roll (with automatic rolling, until your first step). A struck-out die ✗3✗ cannot be
played this turn; the panel and the status line say why.
White checkers are ○, Black checkers ●.
"""


class HelpScreen(ClosesOnce, ModalScreen[None]):
    """Rules and keys, closed with Escape, q or ?."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(HELP)
