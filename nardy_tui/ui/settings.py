"""What the settings are called on the new-match screen and in the command palette.

The settings themselves, and their file, are ``nardy_tui.storage``'s ``Settings``.
"""

SETTING_LABELS = {
    "auto_roll": "Roll the dice automatically",
    "auto_confirm": "Confirm a complete turn automatically",
    "auto_forced": "Play a forced (only) play automatically",
    "auto_flip": "Hot-seat: turn the board to the player to move",
}
