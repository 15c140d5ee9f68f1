"""The wire between two machines for a network match: the join code and its proof, sealed
messages in a versioned protocol, dice thrown by both sides together, and the connection.

It knows the engine (the messages carry its steps and dice) and nothing of screens; what
arrives is checked for its form here and for its sense by the engine (``nardy_tui.play``'s
lockstep), and is untrusted until both have accepted it.
"""

from __future__ import annotations

from nardy_tui.net.addresses import (
    AddressError,
    cannot_listen,
    join_line,
    listen_address,
    local_address,
    reach,
    split_address,
    with_port,
)
from nardy_tui.net.auth import Role, code_key, new_code, normalised
from nardy_tui.net.codes import not_a_code, wormhole_code
from nardy_tui.net.events import (
    MatchEvent,
    NextGameEvent,
    PlayEvent,
    ResignationOffer,
    ResignEvent,
    ThrowEvent,
    compared_on_connection,
    digest,
    event_from_json,
    follows_from_the_rest,
    sync_of,
)
from nardy_tui.net.exchange import DiceExchange
from nardy_tui.net.fair_dice import (
    DishonestThrow,
    Secret,
    Throw,
    check_reveal,
    check_throw,
    dice_of,
    new_master,
)
from nardy_tui.net.kept import KeptPart, keep_part, kept_parts
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
    ResignAccepted,
    ResignDeclined,
    ResignOffer,
    Reveal,
    Sync,
)
from nardy_tui.net.messages import decode as decode_message
from nardy_tui.net.messages import encode as encode_message
from nardy_tui.net.proof import ProofCheck, network_record, verify_record
from nardy_tui.net.rendezvous import DEFAULT_MAILBOX, DEFAULT_TRANSIT, WrongCode, typed_code
from nardy_tui.net.saved import (
    NetworkMatch,
    NetworkSaveError,
    forget_network_match,
    joined_again,
    network_document,
    new_network_match,
    read_network_match,
    restore_network_match,
    write_network_match,
)
from nardy_tui.net.servers import ServersError, mailbox_url, meeting_servers, transit_address
from nardy_tui.net.session import Listener, Session

__all__ = [
    "DEFAULT_MAILBOX",
    "DEFAULT_TRANSIT",
    "PROTOCOL_VERSION",
    "AddressError",
    "Bye",
    "Commit",
    "DiceExchange",
    "DishonestThrow",
    "KeptPart",
    "Listener",
    "MatchEvent",
    "Message",
    "NetworkMatch",
    "NetworkSaveError",
    "NextGame",
    "NextGameEvent",
    "Ping",
    "PlayEvent",
    "PlayMade",
    "ProofCheck",
    "ProtocolError",
    "Refused",
    "ResignAccepted",
    "ResignDeclined",
    "ResignEvent",
    "ResignOffer",
    "ResignationOffer",
    "Reveal",
    "Role",
    "Secret",
    "ServersError",
    "Session",
    "Sync",
    "Throw",
    "ThrowEvent",
    "Welcome",
    "WrongCode",
    "cannot_listen",
    "check_reveal",
    "check_throw",
    "code_key",
    "compared_on_connection",
    "decode_message",
    "dice_of",
    "digest",
    "encode_message",
    "event_from_json",
    "follows_from_the_rest",
    "forget_network_match",
    "join_line",
    "joined_again",
    "keep_part",
    "kept_parts",
    "listen_address",
    "local_address",
    "mailbox_url",
    "meeting_servers",
    "network_document",
    "network_record",
    "new_code",
    "new_master",
    "new_network_match",
    "normalised",
    "not_a_code",
    "reach",
    "read_network_match",
    "restore_network_match",
    "split_address",
    "sync_of",
    "transit_address",
    "typed_code",
    "verify_record",
    "with_port",
    "wormhole_code",
    "write_network_match",
]
