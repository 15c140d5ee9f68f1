"""The wire between two machines for a network match: the join code and its proof, sealed
messages in a versioned protocol, dice thrown by both sides together, and the connection.

It knows the engine (the messages carry its steps and dice) and nothing of screens; what
arrives is checked for its form here and for its sense by the engine (``nardy_tui.play``'s
lockstep), and is untrusted until both have accepted it.
"""

from __future__ import annotations

from nardy_tui.net.auth import Role, code_key, new_code, normalised
from nardy_tui.net.exchange import DiceExchange
from nardy_tui.net.fair_dice import DishonestThrow, Secret, Throw, check_throw, dice_of
from nardy_tui.net.line import Refused, Welcome
from nardy_tui.net.messages import (
    PROTOCOL_VERSION,
    Bye,
    Commit,
    Message,
    NextGame,
    Ping,
    PlayMade,
    ProtocolError,
    Reveal,
    Sync,
)
from nardy_tui.net.session import Listener, Session

__all__ = [
    "PROTOCOL_VERSION",
    "Bye",
    "Commit",
    "DiceExchange",
    "DishonestThrow",
    "Listener",
    "Message",
    "NextGame",
    "Ping",
    "PlayMade",
    "ProtocolError",
    "Refused",
    "Reveal",
    "Role",
    "Secret",
    "Session",
    "Sync",
    "Throw",
    "Welcome",
    "check_throw",
    "code_key",
    "dice_of",
    "new_code",
    "normalised",
]
