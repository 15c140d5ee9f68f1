"""What the settings are called on the new-match screen and in the command palette.

The settings themselves, and their file, are ``nardy_tui.storage``'s ``Settings``. The
labels are marked for translation; pass each through ``_()`` where it is shown.
"""

from nardy_tui.i18n import N_
from nardy_tui.storage import Animation, Switch, Tutor

SETTING_LABELS = {
    Switch.AUTO_ROLL: N_("Roll the dice automatically"),
    Switch.AUTO_CONFIRM: N_("Confirm a complete turn automatically"),
    Switch.AUTO_FORCED: N_("Play a forced (only) play automatically"),
    Switch.AUTO_FLIP: N_("Hot-seat: turn the board to the player to move"),
    Switch.REORDER_RTL: N_("Hebrew, Arabic: put lines in reading order"),
}

ANIMATION_NAMES = {
    Animation.NORMAL: N_("normal"),
    Animation.FAST: N_("fast"),
    Animation.NONE: N_("none (at once)"),
}
"""The speeds of the bot's animation, as the palette names them."""

TUTOR_NAMES = {
    Tutor.OFF: N_("no warnings"),
    Tutor.DOUBTFUL: N_("warn of doubtful plays and worse"),
    Tutor.ERROR: N_("warn of errors and blunders"),
    Tutor.BLUNDER: N_("warn of blunders only"),
}
"""The tutor's thresholds, as the palette names them."""
