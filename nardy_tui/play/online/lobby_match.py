"""This player's match on a lobby server: the two-machine lockstep (``play.lockstep``)
played through the server, which referees and relays it.

White plays the part of a direct line's host and Black the joiner's, as the server's record
names them. The match is kept as a network match is (``nardy_tui.net``'s file: every event
with both secrets), one file a match in the data folder's ``lobby-matches``, and saved
after every step before anything leaves: save, then send.

A game is given up as the lockstep says: ``offer_resignation`` at a stake, answered by the
opponent; an offer of the opponent's is this side's duty to answer
(``answer_resignation``) before it throws again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection
from enum import Enum, auto
from pathlib import Path

from nardy_tui.engine import Match, Phase, Play, Side, TurnKey, legal_plays
from nardy_tui.i18n import _, clause
from nardy_tui.net import (
    Message,
    NetworkMatch,
    NetworkSaveError,
    ResignationOffer,
    Role,
    network_document,
    new_network_match,
    restore_network_match,
)
from nardy_tui.online import MatchBegins
from nardy_tui.options import MatchOptions
from nardy_tui.play.lockstep import (
    Action,
    Lockstep,
    PeerAcceptedResignation,
    PeerPlayed,
    PeerStartedGame,
    Thrown,
)
from nardy_tui.play.match_files import NetworkSaver
from nardy_tui.storage import write_atomically

MATCHES_FOLDER = "lobby-matches"
LOBBY_CODE = ""
"""A lobby match's code in its network file: none, the server brings the two sides
together (the file's name says which server and match)."""
ROLE_OF_SIDE = {Side.WHITE: Role.HOST, Side.BLACK: Role.JOINER}
"""White plays the host's part (its secret first in the dice), Black the joiner's."""


class Duty(Enum):
    """What this side is to do next in its match."""

    ROLL = auto()
    """Throw: the roll-off, or this side's roll."""
    MOVE = auto()
    NEXT_GAME = auto()
    ANSWER = auto()
    """Accept or decline the opponent's offer to resign (``answer_resignation``)."""
    WAIT = auto()
    """For the opponent (or its answer to this side's offer to resign)."""
    OVER = auto()


def match_file(folder: Path, server_url: str, match: str) -> Path:
    """Where the match ``match`` of the server at ``server_url`` is kept: each server
    numbers its matches, so its file name holds the server's too."""
    server = hashlib.sha256(server_url.encode()).hexdigest()[:16]
    return folder / MATCHES_FOLDER / f"{server}-{match}.json"


class LobbyMatch:
    """One side of a lobby match: its save, its lockstep, and what its owner (a screen, or
    a bot) does in it. Every change is saved, then the lockstep lets what it holds leave."""

    def __init__(
        self,
        begins: MatchBegins,
        saved: NetworkMatch,
        path: Path,
        send: Callable[[Message], None],
        not_saved: Callable[[LobbyMatch, str], object],
    ) -> None:
        """``send``: the line's, for the lockstep; ``not_saved``: hears this match's save
        that failed, with the problem in words."""
        assert begins.you is not None
        self.begins = begins
        self.id = begins.id
        self.me = begins.you
        self.saved = saved
        self.path = path
        self._not_saved = not_saved
        self.lockstep = Lockstep(
            saved.match, self.me, saved.exchange, saved.dice, send, saved.offer
        )

    @classmethod
    def open(
        cls,
        begins: MatchBegins,
        path: Path,
        send: Callable[[Message], None],
        not_saved: Callable[[LobbyMatch, str], object],
    ) -> LobbyMatch:
        """The match as its file keeps it, or a new one if there is none; a file that
        cannot be taken up is ``NetworkSaveError`` (and is left as it is)."""
        assert begins.you is not None
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            role = ROLE_OF_SIDE[begins.you]
            saved = new_network_match(role, LOBBY_CODE, begins.points, by_code=True)
        except (OSError, UnicodeDecodeError) as error:
            raise NetworkSaveError(
                _("cannot read {path}: {reason}").format(path=path, reason=clause(error))
            ) from None
        else:
            try:
                saved = restore_network_match(json.loads(text))
            except ValueError as error:
                raise NetworkSaveError(
                    _("{path} cannot be resumed: {reason}").format(path=path, reason=error)
                ) from None
        return cls(begins, saved, path, send, not_saved)

    @property
    def match(self) -> Match:
        return self.saved.match

    def write(self) -> str | None:
        """Save the match; the problem in words if it could not be written."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            document = network_document(self.saved, self.lockstep.events(), self.lockstep.offer)
            write_atomically(self.path, json.dumps(document, indent=1))
        except OSError as error:
            return _("Could not save the match: {error}").format(error=clause(error))
        return None

    def keep(self) -> None:
        """Save the match, then let the lockstep send what the save holds (nothing if it
        could not be written: it waits for the next save that succeeds)."""
        problem = self.write()
        if problem is not None:
            self._not_saved(self, problem)
        self.lockstep.observe(saved=problem is None)

    def saver(self) -> LobbySaver:
        """This match's files for its game screen, which saves after every change."""
        return LobbySaver(self)

    # -- the line ---------------------------------------------------------------------------

    def connected(self) -> None:
        """A new connection to the match: its first message is where this side is."""
        self.lockstep.connected()
        self.keep()

    def arrived(self, message: Message) -> None:
        """The opponent's (or the server's) message, kept at once if it changed what the
        save holds; ``PeerBroke`` if the match cannot take it."""
        self.lockstep.arrived(message)
        if self.lockstep.unsaved:
            self.keep()

    # -- what this side does -----------------------------------------------------------------

    def next_action(self) -> Action | None:
        """The next thing the opponent's messages ask of this side (``Lockstep.next_action``),
        kept if it changed what the save holds; ``PeerBroke`` if it makes no sense."""
        action = self.lockstep.next_action()
        if self.lockstep.unsaved:
            self.keep()
        return action

    def apply(self, action: Action) -> None:
        """Take ``action`` into the match, as the game screen does (without showing it)."""
        match = self.match
        if isinstance(action, Thrown):
            match.roll_off() if match.phase is Phase.ROLL_OFF else match.roll()
        elif isinstance(action, PeerPlayed):
            match.play(action.play)
        elif isinstance(action, PeerStartedGame):
            match.next_game()
        elif isinstance(action, PeerAcceptedResignation):
            match.resign(self.me, action.points)
        self.keep()

    def take_all(self) -> None:
        """Every action the opponent's messages ask, taken; then a turn whose dice allow no
        play passed at once, whoever's it is (the opponent's pass that follows is a turn
        already played)."""
        while (action := self.next_action()) is not None:
            self.apply(action)
        match = self.match
        while match.phase is Phase.MOVE and match.turn is not None:
            if legal_plays(match.turn.position, match.turn.dice) != [Play()]:
                return
            match.play(Play())
            self.keep()

    def duty(self) -> Duty:
        """What this side is to do once it has taken all that arrived (``take_all``)."""
        match, lockstep = self.match, self.lockstep
        offer = lockstep.offer
        if offer is not None:
            # An offer is answered once none of this side's dice are on their way.
            answerable = offer.side is not self.me and not lockstep.exchange.revealed
            return Duty.ANSWER if answerable else Duty.WAIT
        throwing = lockstep.exchange.revealed or lockstep.rolling
        if match.phase is Phase.ROLL_OFF or (match.phase is Phase.ROLL and match.mover is self.me):
            return Duty.WAIT if throwing else Duty.ROLL
        if match.phase is Phase.MOVE and match.mover is self.me:
            return Duty.MOVE
        if match.phase is Phase.GAME_OVER:
            return Duty.NEXT_GAME
        if match.phase is Phase.MATCH_OVER:
            return Duty.OVER
        return Duty.WAIT

    def take_turns(
        self,
        choose: Callable[[Match], Play],
        accept: Callable[[Match, ResignationOffer], bool] | None = None,
    ) -> None:
        """Do all this side can do now without a person (a bot's way, or a test's): take
        what arrived, throw, play what ``choose`` picks, answer the opponent's offer to
        resign as ``accept`` says, start the next game, until the match waits for
        the opponent, or for its owner's answer to an offer (no ``accept``), or is over."""
        while True:
            self.take_all()
            duty = self.duty()
            if duty is Duty.ANSWER and accept is not None:
                offer = self.lockstep.offer
                assert offer is not None
                self.answer_resignation(accept(self.match, offer))
            elif duty is Duty.ROLL:
                self.roll()
            elif duty is Duty.MOVE:
                self.play(choose(self.match))
            elif duty is Duty.NEXT_GAME:
                self.next_game()
            else:
                return

    def roll(self) -> None:
        """This side throws (the roll-off, or its roll); the dice come when the opponent's
        secret does (``next_action``)."""
        self.lockstep.roll()
        self.keep()

    def play(self, play: Play) -> None:
        """This side's whole turn (``IllegalPlayError`` if the rules refuse it)."""
        self.match.play(play)
        self.keep()

    def next_game(self) -> None:
        self.match.next_game()
        self.keep()

    def offer_resignation(self, points: int) -> None:
        """Offer the opponent this game at ``points`` (1: a single game, 2: a mars);
        ``ResignationRefused`` if it cannot be now. Until the answer this side waits."""
        self.lockstep.offer_resignation(points)
        self.keep()

    def answer_resignation(self, yes: bool) -> None:
        """Accept the opponent's offer (the game ends, won by this side at its stake) or
        decline it (play goes on); ``ResignationRefused`` if there is none, or this side's
        dice are on their way."""
        if yes:
            offer = self.lockstep.accepted_offer()
            self.match.resign(offer.side, offer.points)
        else:
            self.lockstep.decline_offer()
        self.keep()


class LobbySaver(NetworkSaver):
    """The files of a lobby match played on a game screen: its save is the match's own
    file (``LobbyMatch.write``), its record the network match's, with the dice proof."""

    def __init__(self, match: LobbyMatch) -> None:
        super().__init__(match.saved, match.lockstep.events)
        self.match = match

    def save(
        self, match: Match, options: MatchOptions, warned: Collection[TurnKey] = ()
    ) -> str | None:
        return self.match.write()

    def discard(self) -> None:
        """A lobby match's file stays: the server numbers its matches, so it never stands
        in another's way, and a match taken up again after a restart reads it."""
