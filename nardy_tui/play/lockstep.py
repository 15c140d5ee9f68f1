"""A match played on two machines: both run the same match and take its steps in the same
order, and nothing the other side sends is taken before the engine has checked it.

Every change to the match is one of four events: a throw (the dice of a roll-off or of a
roll, thrown by both sides together, ``nardy_tui.net.fair_dice``), a play, a game given up,
or the start of the next game. Only the side whose turn it is may play, and only it (or
either side, in a roll-off) may begin a throw, so at any moment one side is at most one
throw or one play ahead of the other (passes and the starts of games, which follow from
them, aside). What the peer sends waits in an inbox and is taken one message at a time,
when the screen is ready (``next_action``), so it always meets the match in the order it
was sent.

On every connection both sides say how far they are (``Sync``), counting their throws, plays
and games given up (``compared_on_connection``): the same history, or one side one event
ahead, which then sends that event again; anything else cannot go on. A side that started
the next game says so again, and a side that lacks a pass plays it once it has its throw.

A game is given up as backgammon servers do it: one side offers it at a stake (a single
game or a mars) and stops throwing and playing; the other accepts, which is an event of the
history that it chooses, as a mover chooses a play, or declines, and play goes on. So that
the resignation falls between the same throws on both machines, a side accepts only when no
secret of its own is out (a throw it began is finished first), and the side that offered
begins no throw while it waits.

Save, then send: nothing leaves this machine before the save holds it. The lockstep never
saves: every message waits in it (``send``) until its owner has saved the match and says so
(``observe``), the one way out to the line. A side stopped just after it sent its secret
(or its play) comes back knowing it did, and finishes the throw with the peer, which may
already have finished it, instead of disagreeing for good. The peer's secret for this
side's own roll may then come before the player rolls: it waits, and the dice are shown
when the player rolls, as they would have been without the stop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nardy_tui.engine import Dice, IllegalPlayError, Match, Phase, Play, ScriptedDice, Side
from nardy_tui.i18n import _
from nardy_tui.net import (
    Bye,
    Commit,
    DiceExchange,
    DishonestThrow,
    MatchEvent,
    Message,
    NextGame,
    NextGameEvent,
    Ping,
    PlayEvent,
    PlayMade,
    ProtocolError,
    ResignAccepted,
    ResignationOffer,
    ResignDeclined,
    ResignEvent,
    ResignOffer,
    Reveal,
    Sync,
    ThrowEvent,
    compared_on_connection,
    sync_of,
)


class PeerBroke(ValueError):
    """The other side sent something the match cannot take: it ends here, saved."""


class ResignationRefused(ValueError):
    """This side cannot offer to resign, or answer an offer, now: why, in words."""


IN_PLAY = (Phase.ROLL_OFF, Phase.ROLL, Phase.MOVE)
"""The phases of a game in play, which a player may give up."""


@dataclass(frozen=True, slots=True)
class Thrown:
    """A throw is done: its dice are in the match's dice, for the roll (or the roll-off)."""

    dice: Dice
    by_me: bool
    """Whether this side's player rolled (a key, or auto-roll) rather than the peer."""


@dataclass(frozen=True, slots=True)
class PeerPlayed:
    """The peer's whole turn, checked by the engine, for the screen to show."""

    play: Play
    turn_number: int
    """The turn's number in its game, as ``TurnFlow.away_chose`` takes it."""


@dataclass(frozen=True, slots=True)
class PeerStartedGame:
    """The peer started the next game."""


@dataclass(frozen=True, slots=True)
class PeerLeft:
    """The peer quit; the match stays saved on both machines."""


@dataclass(frozen=True, slots=True)
class PeerOffersResignation:
    """The peer offers to give up the game at ``points``: this side's player accepts
    (``Lockstep.accepted_offer``) or declines (``Lockstep.decline_offer``)."""

    points: int


@dataclass(frozen=True, slots=True)
class PeerAcceptedResignation:
    """The peer accepted this side's offer: the game is lost at ``points``, and this side
    gives it up in its match too (``Match.resign``)."""

    points: int


@dataclass(frozen=True, slots=True)
class PeerDeclinedResignation:
    """The peer declined this side's offer: play goes on."""


Action = (
    Thrown
    | PeerPlayed
    | PeerStartedGame
    | PeerLeft
    | PeerOffersResignation
    | PeerAcceptedResignation
    | PeerDeclinedResignation
)


def _total_turns(match: Match) -> int:
    return sum(len(game.turns) for game in match.games)


def _resigned_games(match: Match) -> int:
    return sum(1 for game in match.games if game.resignation is not None)


def _total_throws(events: list[MatchEvent]) -> int:
    return sum(1 for event in events if isinstance(event, ThrowEvent))


class Lockstep:
    """This side's half of a network match: ``me`` plays here, the other side there.

    The ``send`` it is given puts a message on the line. Whoever changes the match or calls
    the lockstep saves the match (with ``events`` and the exchange) once, then calls
    ``observe``: only then do the messages the change holds leave; after a save that failed
    they wait for the next that succeeds. ``unsaved`` says when the lockstep itself changed
    what the save holds.
    """

    def __init__(
        self,
        match: Match,
        me: Side,
        exchange: DiceExchange,
        dice: ScriptedDice,
        send: Callable[[Message], None],
        offer: ResignationOffer | None = None,
    ) -> None:
        """``offer``: the offer to give up the game that waited for its answer when the
        match was saved."""
        self.match = match
        self.me = me
        self.exchange = exchange
        self.dice = dice
        self._send_now = send
        self._held: list[Message] = []
        """Messages that wait for a save that succeeds before they may leave."""
        self._commitment_unsaved = False
        """Whether a commitment of the peer was taken since the last save that succeeded
        (it sends nothing, but only a kept one lets a side stopped after sending its secret
        check the peer's secret for that throw when it comes back)."""
        self.inbox: deque[Message] = deque()
        self.rolling = False
        """This side's player asked for a throw that waits for the peer's commitment."""
        self._turns_seen = _total_turns(match)
        self._resignations_seen = _resigned_games(match)
        self._games_seen = len(match.games)
        self._offer = offer
        self._declined: set[ResignationOffer] = set()
        """The offers declined, by either side: one sent again is not asked again, and this
        side does not make the same one twice (the referee would take it as sent again)."""
        self._resumed_throw = exchange.number if exchange.peer_commitment is not None else None
        """The throw that was in progress when this side was stopped, if it holds the peer's
        commitment to it: the peer's secret for it may come first (``_waits_for_our_roll``)."""

    def send(self, message: Message) -> None:
        """Hold ``message`` until a save holds it (``observe``), after any held before."""
        self._held.append(message)

    @property
    def unsaved(self) -> bool:
        """Whether the lockstep changed what the save holds (a commitment taken, a message
        to send) since the last save that succeeded: its owner saves, then ``observe``s."""
        return self._commitment_unsaved or bool(self._held)

    def observe(self, saved: bool) -> None:
        """The match was just saved (``saved``: whether the save succeeded): hold the turns
        this side finished and the games it started since (the peer ignores a game it has
        started already), then, after a save that succeeded, send all that is held."""
        match = self.match
        turns = [turn for game in match.games for turn in game.turns]
        for index in range(self._turns_seen, len(turns)):
            if turns[index].side is self.me:
                self.send(PlayMade(index, turns[index].play))
        self._turns_seen = len(turns)
        resigned = [game for game in match.games if game.resignation is not None]
        for game in resigned[self._resignations_seen :]:
            assert game.resignation is not None
            if game.resignation.side is self.me.opponent:
                self.send(ResignAccepted(game.number, game.resignation.points))
        self._resignations_seen = len(resigned)
        for number in range(self._games_seen + 1, len(match.games) + 1):
            self.send(NextGame(number))
        self._games_seen = len(match.games)
        if saved:
            self._commitment_unsaved = False
            held, self._held = self._held, []
            for message in held:
                self._send_now(message)

    # -- the history both sides agree on -------------------------------------------------

    def events(self) -> list[MatchEvent]:
        """The match's history as its events, in order: the same list on both machines."""
        throws = iter(self.exchange.throws)

        def throw() -> ThrowEvent:
            done = next(throws, None)
            if done is None:
                raise ValueError("the match used a throw the exchange does not hold")
            return ThrowEvent(done)

        events: list[MatchEvent] = []
        for game in self.match.games:
            if game.number > 1:
                events.append(NextGameEvent(game.number))
            events += [throw() for _ in game.roll_offs]
            for turn in game.turns:
                events += [throw(), PlayEvent(turn.play)]
            if game.resignation is not None:
                if game.resignation.unplayed is not None:
                    events.append(throw())  # the dice of the turn it left unplayed
                events.append(ResignEvent(game.resignation.side, game.resignation.points))
        if self.match.phase is Phase.MOVE:
            events.append(throw())
        # A throw just finished whose dice the screen has not rolled yet is history too.
        events += [throw() for _ in range(len(self.exchange.throws) - _total_throws(events))]
        return events

    def sync(self) -> Sync:
        """How far this side is, as it says on a connection (its throws and plays:
        ``compared_on_connection``)."""
        return sync_of(self.events())

    def connected(self) -> None:
        """A new connection: say first where we are."""
        self.send(self.sync())

    def _after_sync(self) -> list[Message]:
        """Once both know where the other is: the game we are in if nothing happened in
        it yet (no side counts its start: ``compared_on_connection``), our commitment to
        the throw in progress, and our secret for it if it was sent before (the peer may
        not have had them)."""
        said: list[Message] = []
        events = self.events()
        if events and isinstance(events[-1], NextGameEvent):
            said.append(NextGame(events[-1].game))
        said.append(self.exchange.commit())
        if self.exchange.revealed:
            said.append(self.exchange.reveal())
        own = self._own_offer()
        if own is not None:
            said.append(ResignOffer(own.game, own.turn, own.points))
        return said

    def _check_sync(self, theirs: Sync) -> list[Message]:
        """The events to send again after the peer's ``Sync``: the last one counted if we
        are one ahead, nothing if we agree or the peer is one ahead (it sends it)."""
        ours = self.sync()
        if theirs.events == ours.events and theirs.digest == ours.digest:
            return []
        if theirs.events == ours.events - 1 and theirs.digest == ours.before_last:
            return [self._event_message(compared_on_connection(self.events())[-1])]
        if theirs.events == ours.events + 1 and theirs.before_last == ours.digest:
            return []
        raise PeerBroke(
            _(
                "The two machines do not agree on the match any more (this one has "
                "{ours} events, the other {theirs}): it cannot go on."
            ).format(ours=ours.events, theirs=theirs.events)
        )

    def _event_message(self, event: MatchEvent) -> Message:
        if isinstance(event, ThrowEvent):
            return self.exchange.own_reveal_of(event.throw.number)
        if isinstance(event, NextGameEvent):
            return NextGame(event.game)
        if isinstance(event, ResignEvent):
            resigned = [game for game in self.match.games if game.resignation is not None]
            return ResignAccepted(resigned[-1].number, event.points)
        return PlayMade(_total_turns(self.match) - 1, event.play)

    # -- what this side does ----------------------------------------------------------------

    def roll(self) -> None:
        """This side's player rolls (or throws the roll-off): send our secret, now or as
        soon as the peer's commitment is here (sent already, it may still be held for a
        save: a full disk, say). ``ResignationRefused`` while this side's offer to resign
        waits for its answer."""
        if self.exchange.revealed:
            return
        if self._own_offer() is not None:
            raise ResignationRefused(_("Your offer to resign waits for its answer."))
        if self.exchange.may_reveal:
            self.send(self.exchange.reveal())
        else:
            self.rolling = True

    # -- giving up a game ---------------------------------------------------------------------

    @property
    def offer(self) -> ResignationOffer | None:
        """The offer to give up the game in play that waits for its answer, by either side
        (it lapses when its game ends)."""
        offer, match = self._offer, self.match
        if offer is None or offer.game != len(match.games) or match.phase not in IN_PLAY:
            return None
        return offer

    def offer_resignation(self, points: int) -> None:
        """This side offers to give up the game in play at ``points`` (1: a single game,
        2: a mars); ``ResignationRefused`` if it cannot now. Until the answer, this side
        neither throws nor plays."""
        match = self.match
        if match.phase not in IN_PLAY:
            raise ResignationRefused(_("No game is in play to resign."))
        if self.offer is not None:
            raise ResignationRefused(_("An offer to resign waits for its answer already."))
        if self.rolling or self.exchange.revealed:
            raise ResignationRefused(_("Your dice are on their way: offer once they are here."))
        offer = ResignationOffer(self.me, len(match.games), _total_turns(match), points)
        if offer in self._declined:
            raise ResignationRefused(_("That offer was declined this turn."))
        self._offer = offer
        self.send(ResignOffer(offer.game, offer.turn, points))

    def accepted_offer(self) -> ResignationOffer:
        """The peer's offer, accepted by this side's player: its owner gives the game up for
        the peer in the match (``Match.resign``) and saves, and the acceptance leaves with
        that save. ``ResignationRefused`` if there is no such offer, or this side's dice
        are on their way (the offer can be accepted once they are here)."""
        offer = self._peer_offer()
        if self.exchange.revealed:
            raise ResignationRefused(_("Your dice are on their way: accept once they are here."))
        self.rolling = False
        self._offer = None
        return offer

    def decline_offer(self) -> None:
        """This side's player declines the peer's offer: play goes on."""
        offer = self._peer_offer()
        self._offer = None
        self._declined.add(offer)
        self.send(ResignDeclined(offer.game, offer.turn, offer.points))

    def _peer_offer(self) -> ResignationOffer:
        offer = self.offer
        if offer is None or offer.side is self.me:
            raise ResignationRefused(_("The other side has no offer to resign open."))
        return offer

    def _own_offer(self) -> ResignationOffer | None:
        """This side's offer to resign, if it waits for its answer."""
        offer = self.offer
        return offer if offer is not None and offer.side is self.me else None

    def _peer_waits_for_an_answer(self) -> bool:
        """Whether the peer offered to resign and waits for this side's answer: it may not
        begin a throw or play meanwhile."""
        offer = self.offer
        return offer is not None and offer.side is self.me.opponent

    # -- what the peer sends -----------------------------------------------------------------

    def arrived(self, message: Message) -> None:
        """Take a message from the peer: a commitment at once when nothing waits before it,
        the rest into the inbox."""
        if isinstance(message, Ping):
            return
        if isinstance(message, Sync):
            for again in self._check_sync(message) + self._after_sync():
                self.send(again)
            return
        if isinstance(message, Commit) and not self.inbox:
            self._take_commit(message)
            return
        self.inbox.append(message)

    def next_action(self, busy: bool = False) -> Action | None:
        """The next thing the peer's messages ask of the screen, when it is ready for one
        (``busy``: still showing a play); ``PeerBroke`` if it makes no sense now. The peer's
        secret for our own roll, come first after a stop, waits for our player's roll."""
        while self.inbox and not busy and not self._waits_for_our_roll(self.inbox[0]):
            action = self._take(self.inbox.popleft())
            if action is not None:
                return action
        return None

    def _waits_for_our_roll(self, message: Message) -> bool:
        """Whether ``message`` is the peer's secret for our player's own roll, come before
        the player rolled, in the throw this side was stopped in: a friend that finished it
        with our secret from before the stop sends it again, and any peer may send it first.
        It waits (and all that came after it) until our player rolls, so that the dice are
        never thrown for the player; both sides are committed, so waiting changes no die."""
        match = self.match
        return (
            isinstance(message, Reveal)
            and message.throw == self._resumed_throw
            and not self.exchange.revealed
            and match.phase is Phase.ROLL
            and match.mover is self.me
        )

    def _take(self, message: Message) -> Action | None:
        if isinstance(message, Commit):
            self._take_commit(message)
            return None
        if isinstance(message, Reveal):
            return self._take_reveal(message)
        if isinstance(message, PlayMade):
            return self._take_play(message)
        if isinstance(message, NextGame):
            return self._take_next_game(message)
        if isinstance(message, ResignOffer):
            return self._take_offer(message)
        if isinstance(message, ResignDeclined):
            return self._take_decline(message)
        if isinstance(message, ResignAccepted):
            return self._take_acceptance(message)
        if isinstance(message, Bye):
            return PeerLeft()
        raise PeerBroke(_("The other side sent a message out of place."))

    def _take_offer(self, message: ResignOffer) -> Action | None:
        """The peer's offer to give up the game in play (made at its ``turn``, which may be
        before this side's last play: the peer had not taken it yet). One sent again, or
        made in a game that is over here, is nothing new. An offer of ours still open then
        was refused by the lobby's referee, which had the peer's first: it is withdrawn."""
        match = self.match
        offer = ResignationOffer(self.me.opponent, message.game, message.turn, message.points)
        if offer == self._offer or offer in self._declined:
            return None
        games, turns = len(match.games), _total_turns(match)
        if (message.game, message.turn) > (games, turns):
            raise PeerBroke(_("The other side offered to resign a game not begun."))
        if message.game < games or match.phase not in IN_PLAY:
            return None  # made in a game that is over here: it crossed its end
        self._offer = offer
        return PeerOffersResignation(message.points)

    def _take_decline(self, message: ResignDeclined) -> Action | None:
        offer = ResignationOffer(self.me, message.game, message.turn, message.points)
        if offer != self.offer:
            return None  # said again after a reconnection
        self._offer = None
        self._declined.add(offer)
        return PeerDeclinedResignation()

    def _take_acceptance(self, message: ResignAccepted) -> Action | None:
        own = self._own_offer()
        if own is not None and (own.game, own.points) == (message.game, message.points):
            self._offer = None
            return PeerAcceptedResignation(message.points)
        games = self.match.games
        if message.game <= len(games) and games[message.game - 1].resignation is not None:
            return None  # sent again after a reconnection
        raise PeerBroke(_("The other side accepted an offer to resign that was not made."))

    def _take_commit(self, message: Commit) -> None:
        """Keep the peer's commitment (in order: one for the next throw can follow a secret
        still waiting in the inbox), and send our secret if our player is waiting for it."""
        self._guarded(self.exchange.receive_commit, message)
        self._commitment_unsaved = True
        if self.rolling and self.exchange.may_reveal:
            self.rolling = False
            self.send(self.exchange.reveal())

    def _take_reveal(self, message: Reveal) -> Action | None:
        exchange = self.exchange
        if message.throw < exchange.number:
            self._guarded(exchange.receive_reveal, message)  # sent again: checked, no news
            return None
        match = self.match
        peer_may_roll = match.phase is Phase.ROLL_OFF or (
            match.phase is Phase.ROLL and match.mover is self.me.opponent
        )
        if match.phase not in (Phase.ROLL_OFF, Phase.ROLL) or not (
            peer_may_roll or exchange.revealed
        ):
            raise PeerBroke(_("The other side threw the dice out of turn."))
        if not exchange.revealed and self._peer_waits_for_an_answer():
            raise PeerBroke(_("The other side threw while its offer to resign waited."))
        self._guarded(exchange.receive_reveal, message)
        by_me = exchange.revealed
        self._resumed_throw = None
        if not exchange.revealed:
            self.send(exchange.reveal())
        dice = exchange.finish()
        assert dice is not None
        self.rolling = False
        self.dice.add(*dice)
        self.send(exchange.commit())
        return Thrown(dice, by_me)

    def _take_play(self, message: PlayMade) -> Action | None:
        match = self.match
        turns = [turn for game in match.games for turn in game.turns]
        if message.turn < len(turns):
            if turns[message.turn].play != message.play:
                raise PeerBroke(_("The other side changed a turn already played."))
            return None  # sent again after a reconnection, or a pass both sides played
        if (
            message.turn > len(turns)
            or match.phase is not Phase.MOVE
            or match.mover is not self.me.opponent
        ):
            raise PeerBroke(_("The other side played out of turn."))
        if message.play and self._peer_waits_for_an_answer():
            raise PeerBroke(_("The other side played while its offer to resign waited."))
        assert match.dice is not None
        try:
            match.position.apply(message.play, match.dice)
        except IllegalPlayError as refused:
            raise PeerBroke(
                _("The other side sent a play the rules do not allow: {reason}").format(
                    reason=refused
                )
            ) from None
        return PeerPlayed(message.play, len(match.game.turns))

    def _take_next_game(self, message: NextGame) -> Action | None:
        games = len(self.match.games)
        if message.game <= games:
            return None  # this side started it too
        if message.game != games + 1 or self.match.phase is not Phase.GAME_OVER:
            raise PeerBroke(_("The other side started a game out of turn."))
        return PeerStartedGame()

    @staticmethod
    def _guarded(take: Callable[[Any], None], message: Message) -> None:
        """Hand ``message`` to the exchange; what it refuses ends the match."""
        try:
            take(message)
        except (DishonestThrow, ProtocolError) as refused:
            raise PeerBroke(str(refused)) from None
