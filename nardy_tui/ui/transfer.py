"""Continuing on another device, for a game served in a browser (``nardy serve``): the
palette's command asks the server for a one-time code, and a dialog shows the link that
uses it.

The server, not the game, makes the code and knows whose it is: the game only asks
(``ServedDriver.ask_transfer``) and shows what comes back (a ``TransferCode`` message).
In a terminal there is nothing to move: the match is in this machine's data folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType

from nardy_tui.i18n import N_, _, ngettext
from nardy_tui.ui.dialogs import Choice, Dialog

if TYPE_CHECKING:
    from nardy_tui.transfer_meta import TransferOffered
    from nardy_tui.ui.served_driver import ServedDriver


def transfer_commands(app: App[int]) -> Iterator[SystemCommand]:
    """The palette's "Continue on another device", when the game is served in a browser."""
    driver = _served_driver(app)
    if driver is not None:
        yield SystemCommand(
            _("Continue on another device"),
            _("A link that takes your match to another browser: it works once, within minutes"),
            driver.ask_transfer,
        )


def show_transfer(app: App[int], offered: TransferOffered) -> None:
    """The code the server gave, as a dialog, its link copied to the clipboard too (where
    the browser lets a page write it)."""
    app.copy_to_clipboard(offered.link)
    app.push_screen(TransferDialog(offered))


class TransferDialog(Dialog):
    """The link that moves this game's visitor to another device, and for how long."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('stay')", N_("Back"), show=False),
    ]

    def __init__(self, offered: TransferOffered) -> None:
        super().__init__(
            _("Continue on another device"),
            ngettext(
                "Open this link in the other device's browser within {count} minute. It "
                "works once: the match moves there, and this browser starts afresh.\n\n"
                "{link}\n\nIts code is {code}. The link is in the clipboard too, if the "
                "browser allows it.",
                "Open this link in the other device's browser within {count} minutes. It "
                "works once: the match moves there, and this browser starts afresh.\n\n"
                "{link}\n\nIts code is {code}. The link is in the clipboard too, if the "
                "browser allows it.",
                offered.minutes,
            ).format(count=offered.minutes, link=offered.link, code=offered.code),
            [(Choice.STAY, _("Back (Esc)"))],
        )


def _served_driver(app: App[int]) -> ServedDriver | None:
    """The app's driver if it is the one ``nardy serve`` gives its games."""
    from nardy_tui.ui.served_driver import ServedDriver

    driver = app._driver
    return driver if isinstance(driver, ServedDriver) else None
