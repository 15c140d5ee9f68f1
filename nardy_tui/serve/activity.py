"""What the visitor does at their page, told from what the page does by itself: a game's
idle time counts from the visitor's own doing only, so that a tab left open, or a script
sending empty frames and pings, does not keep a seat for ever.

The page (textual-serve's script around xterm.js) sends the terminal's input as
``["stdin", text]``. The visitor's own doing in that text: a key (a character, a control
character, a key's escape sequence, Alt and a key, a lone Escape), a paste (bracketed, as
keys), a mouse button pressed or let go, and a wheel turned. xterm.js reports the mouse in
SGR form, ``ESC [ < b ; x ; y M`` for a press (``m`` for a release), with 32 added to ``b``
for motion: the game asks for every motion, and a pointer passing over the page is not
the visitor at the game. The terminal speaks by itself too, and that is not the visitor
either: focus in and out (``ESC [ I``, ``ESC [ O``) and its answers to the game's
questions (a mode's report ``ESC [ ? … $ y``, its attributes ``ESC [ ? … c`` or
``ESC [ > … c``, and strings: ``ESC ]``, ``ESC P``, ``ESC _``, ``ESC ^``, ``ESC X``). Mouse
reports in xterm's older forms are not told apart: they count as the visitor.

Beside stdin, the page's pings, focus and blur are its own; a resize is the visitor's
only if it changes the size (the page sends its size again at times).

A script can still type a key now and then, as a visitor does: what keeps it from holding
many seats is the limit of seats for each address (``gate``).
"""

from __future__ import annotations

import re

MOUSE_MOTION = 32
"""Added to an SGR mouse report's button number when the pointer moved."""

MOUSE_REPORT = re.compile(r"\x1b\[<([0-9]{1,4});[0-9]{1,5};[0-9]{1,5}[Mm]")
TERMINALS_OWN = re.compile(
    r"\x1b\[[IO]"  # focus in, focus out
    r"|\x1b\[\?[0-9;]*\$y"  # a mode's report
    r"|\x1b\[[?>][0-9;]*c"  # the terminal's attributes
    r"|\x1b[\]P_^X][^\x07\x1b]*(?:\x07|\x1b\\)",  # a string, ended by BEL or ST
)


def by_the_visitor(keys: str) -> bool:
    """Whether the terminal input ``keys`` holds anything the visitor did: what is left
    once mouse motion and the terminal's own words are taken out.

    >>> by_the_visitor("a"), by_the_visitor("\\x1b[A"), by_the_visitor("\\x1b")
    (True, True, True)
    >>> by_the_visitor("\\x1b[<0;10;5M"), by_the_visitor("\\x1b[<64;10;5M")
    (True, True)
    >>> by_the_visitor(""), by_the_visitor("\\x1b[<35;10;5M\\x1b[<32;11;5M")
    (False, False)
    >>> by_the_visitor("\\x1b[I\\x1b[?2026;2$y\\x1b]11;rgb:0000/0000/0000\\x1b\\\\")
    False
    """
    return TERMINALS_OWN.sub("", MOUSE_REPORT.sub(_without_motion, keys)) != ""


def _without_motion(report: re.Match[str]) -> str:
    """A mouse report as it stands, or nothing if it reports motion alone."""
    return "" if int(report.group(1)) & MOUSE_MOTION else report.group()


class TerminalSize:
    """The size of the page's terminal, as the page last said it.

    >>> size = TerminalSize(100, 32)
    >>> size.changes_to(100, 32), size.changes_to(120, 32), size.changes_to(120, 32)
    (False, True, False)
    """

    def __init__(self, width: int, height: int) -> None:
        self._size = (width, height)

    def changes_to(self, width: int, height: int) -> bool:
        """Take the page's new size; whether it differs from the last (the visitor
        resized the window, rather than the page saying its size again)."""
        changed = (width, height) != self._size
        self._size = (width, height)
        return changed
