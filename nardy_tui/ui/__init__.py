"""The Textual user interface: the new-match screen, the game, dialogs and help."""
