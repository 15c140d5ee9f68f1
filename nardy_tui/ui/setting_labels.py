"""What the settings are called on the new-match screen and in the command palette.

The settings themselves, and their file, are ``nardy_tui.storage``'s ``Settings``. The
labels are marked for translation; pass each through ``_()`` where it is shown.
"""

from nardy_tui.i18n import N_

SETTING_LABELS = {
    "auto_roll": N_("Roll the dice automatically"),
    "auto_confirm": N_("Confirm a complete turn automatically"),
    "auto_forced": N_("Play a forced (only) play automatically"),
    "auto_flip": N_("Hot-seat: turn the board to the player to move"),
    "reorder_rtl": N_("Hebrew, Arabic: put lines in reading order (off if the terminal does)"),
}
