"""The referee of a match the lobby relays: every message of the two-machine protocol a
player sends is checked here, as the other player's lockstep (``nardy_tui.play``) would
check it, before the server stores it and passes it on.

The two players throw every die together, by commit and reveal, as on a direct line; the
referee holds both sides' commitments and secrets, so it knows the dice once both secrets
are out and never chooses one. White plays the host's part and Black the joiner's (as
``network_record`` names them): White's secret comes first in a throw.

It is plain state: no line, no clock, no database. The server stores what it accepts, in
order, and ``Referee.from_history`` builds the same referee again from those messages, so
a server restart loses nothing.

A forced pass is played by both machines by themselves the moment its dice are known
(nothing else can be played), so the referee plays it then too: the side that passed may
throw the next roll's dice before its pass's message has come.

A game is given up by an offer and its answer (``ResignOffer``, then ``ResignAccepted`` or
``ResignDeclined``): the referee keeps the open offer, refuses the offering side a throw it
would begin or a play until the answer, and takes the acceptance as the event it is, so
that a resignation falls between the same throws for the two players and the referee.

Its reasons are in English, as the lobby protocol's ``error`` text is; a client shows its
own words for the refusal's code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from nardy_tui.engine import IllegalPlayError, Match, Phase, Play, ScriptedDice, Side
from nardy_tui.net import (
    Commit,
    DishonestThrow,
    MatchEvent,
    Message,
    NextGame,
    NextGameEvent,
    PlayEvent,
    PlayMade,
    ResignAccepted,
    ResignationOffer,
    ResignDeclined,
    ResignEvent,
    ResignOffer,
    Reveal,
    Sync,
    Throw,
    ThrowEvent,
    check_reveal,
    compared_on_connection,
    digest,
    follows_from_the_rest,
    network_record,
    sync_of,
)


class Fault(Enum):
    """What is wrong with a refused message; its value is the lobby protocol's error code."""

    ILLEGAL = "illegal"
    """The rules or the dice refuse it: a play the dice do not allow, a pass while a play is
    legal, a secret that is not the one committed to, a changed commitment or turn."""
    OUT_OF_TURN = "not_allowed"
    """Not this side's to send now, or numbered out of order: a play by the side not to
    move, a secret before both commitments, a throw that is not the one in progress, the
    next game while a game goes on."""
    NOT_HISTORY = "bad_message"
    """A sync, a ping or a bye: not a move of the match (the server answers them itself)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the referee made of a message."""

    refusal: Fault | None = None
    """Why it is refused; None when it is accepted."""
    reason: str = ""
    """The refusal in words for the player."""
    news: bool = False
    """Whether an accepted message is new to the match: the server stores it, then passes
    it on to the other player and the watchers. An accepted message that is not new is one
    the match holds already (an honest side sends its part again on every reconnection):
    nothing to store or pass on."""

    @property
    def accepted(self) -> bool:
        return self.refusal is None


TAKEN = Verdict(news=True)
"""A message that moves the match on: store it, then pass it on."""
ALREADY_HELD = Verdict()
"""A message the match holds already: an honest side's, sent again."""


WAITING_FOR_AN_ANSWER = "this side's offer to resign waits for its answer"
"""Why the side that offered to resign may not begin a throw or play."""


class HistoryError(ValueError):
    """A stored history the referee refuses: not the messages a referee accepted."""


def _part_of(throw: Throw, side: Side) -> tuple[str, str]:
    """``side``'s commitment and secret in a finished throw (White's are the host's)."""
    if side is Side.WHITE:
        return throw.host_commitment, throw.host_secret
    return throw.joiner_commitment, throw.joiner_secret


class Referee:
    """One match between White and Black, as the server referees it."""

    def __init__(self, match: Match, dice: ScriptedDice) -> None:
        """``match`` takes its dice from ``dice``, to which each finished throw adds its
        own (``Referee.new`` makes both)."""
        self.match = match
        """The engine's match, for the server to read (phase, mover, score, winner)."""
        self._dice = dice
        self.throws: list[Throw] = []
        """Every finished throw, in order: the proof of the match's dice."""
        self._commitments: dict[Side, str] = {}
        """Each side's commitment to the throw in progress, once it came."""
        self._secrets: dict[Side, str] = {}
        """Each side's secret for the throw in progress, once it came."""
        self.events: list[MatchEvent] = []
        """The match's history, as both players' programs keep it (``Lockstep.events``)."""
        self.offer: ResignationOffer | None = None
        """The offer to give up the game in play that waits for its answer."""
        self._declined: list[ResignationOffer] = []
        """The offers declined, in order: one sent again (after a reconnection) is not news,
        and the side that made it hears the answer again on its next connection."""
        self._unsaid_passes: set[int] = set()
        """The turns (numbered over the match) the referee passed for their mover when
        their dice came, whose mover has not yet said so: its message is still news to a
        client that waits for it rather than passing by itself."""

    @classmethod
    def new(cls, points: int) -> Referee:
        """A match to ``points`` that has not begun."""
        dice = ScriptedDice([])
        return cls(Match(points, dice=dice), dice)

    @classmethod
    def from_history(cls, points: int, accepted: Sequence[tuple[Side, Message]]) -> Referee:
        """The referee of a match to ``points`` after the messages it accepted, in order
        (after a server restart); ``HistoryError`` if it would not have accepted one."""
        referee = cls.new(points)
        for number, (side, message) in enumerate(accepted, start=1):
            verdict = referee.take(side, message)
            if not verdict.accepted:
                raise HistoryError(f"message {number} of the match is refused: {verdict.reason}")
        return referee

    @property
    def throw_number(self) -> int:
        """The number of the throw in progress (the next one to finish)."""
        return len(self.throws) + 1

    # -- what a player sends ---------------------------------------------------------------

    def take(self, side: Side, message: Message) -> Verdict:
        """The referee's verdict on ``message`` from ``side``; an accepted one is played."""
        if isinstance(message, Commit):
            return self._take_commit(side, message)
        if isinstance(message, Reveal):
            return self._take_reveal(side, message)
        if isinstance(message, PlayMade):
            return self._take_play(side, message)
        if isinstance(message, NextGame):
            return self._take_next_game(message)
        if isinstance(message, ResignOffer):
            return self._take_offer(side, message)
        if isinstance(message, ResignDeclined):
            return self._take_decline(side, message)
        if isinstance(message, ResignAccepted):
            return self._take_acceptance(side, message)
        return Verdict(Fault.NOT_HISTORY, "a sync, a ping or a bye is not a move of the match")

    def _take_commit(self, side: Side, message: Commit) -> Verdict:
        """A commitment: to the throw in progress, once a side (the same one again is
        held already), at any moment (each side commits to a throw as soon as the one
        before it is finished)."""
        number = self.throw_number
        if message.throw < 1:
            return Verdict(Fault.OUT_OF_TURN, "throws are numbered from 1")
        if message.throw < number:
            if message.commitment == _part_of(self.throws[message.throw - 1], side)[0]:
                return ALREADY_HELD
            return Verdict(
                Fault.ILLEGAL, f"a changed commitment to throw {message.throw}, after the throw"
            )
        if message.throw > number:
            return Verdict(
                Fault.OUT_OF_TURN,
                f"a commitment to throw {message.throw} came during throw {number}",
            )
        held = self._commitments.get(side)
        if held == message.commitment:
            return ALREADY_HELD
        if held is not None:
            return Verdict(
                Fault.ILLEGAL,
                f"a second commitment to throw {number}: a side commits once to each throw",
            )
        self._commitments[side] = message.commitment
        return TAKEN

    def _take_reveal(self, side: Side, message: Reveal) -> Verdict:
        """A secret: for the throw in progress, once both commitments to it are in, by a
        side that may throw now, and the one it committed to. The second secret finishes
        the throw."""
        number = self.throw_number
        if message.throw < 1:
            return Verdict(Fault.OUT_OF_TURN, "throws are numbered from 1")
        if message.throw < number:
            if message.secret == _part_of(self.throws[message.throw - 1], side)[1]:
                return ALREADY_HELD
            return Verdict(Fault.ILLEGAL, f"a changed secret for throw {message.throw}")
        if message.throw > number:
            return Verdict(
                Fault.OUT_OF_TURN,
                f"a secret for throw {message.throw} came during throw {number}",
            )
        if side in self._secrets:
            if message.secret == self._secrets[side]:
                return ALREADY_HELD
            return Verdict(Fault.ILLEGAL, f"a changed secret for throw {number}")
        if len(self._commitments) < 2:
            return Verdict(
                Fault.OUT_OF_TURN,
                f"a secret for throw {number} came before both commitments to it "
                "(the other side could still choose its own)",
            )
        if not self._secrets and self._offered_by(side):
            return Verdict(Fault.OUT_OF_TURN, WAITING_FOR_AN_ANSWER)
        not_now = self._why_not_throwing(side)
        if not_now is not None:
            return Verdict(Fault.OUT_OF_TURN, not_now)
        try:
            check_reveal(number, self._commitments[side], message.secret)
        except DishonestThrow:
            return Verdict(
                Fault.ILLEGAL,
                f"the secret for throw {number} is not the one committed to "
                "(its dice could have been chosen)",
            )
        self._secrets[side] = message.secret
        if len(self._secrets) == len(Side):
            self._finish_throw()
        return TAKEN

    def _why_not_throwing(self, side: Side) -> str | None:
        """Why ``side`` may not send its secret now (None if it may): either side begins a
        roll-off's throw, only the side to roll begins a roll, which the other answers."""
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            return None
        if match.phase is Phase.ROLL:
            if side is match.mover or match.mover in self._secrets:
                return None
            return "only the side to roll begins a throw; the other answers it"
        if match.phase is Phase.MOVE:
            return "no throw now: the dice are thrown, the side to move plays first"
        if match.phase is Phase.GAME_OVER:
            return "no throw now: the game is over, the next one begins first"
        return "no throw now: the match is over"

    def _finish_throw(self) -> None:
        """Both secrets are out: the dice follow, and the match takes them (a roll-off's, or
        the mover's roll, which is played at once if it is a pass)."""
        white, black = Side.WHITE, Side.BLACK
        throw = Throw(
            self.throw_number,
            self._commitments[white],
            self._secrets[white],
            self._commitments[black],
            self._secrets[black],
        )
        self.throws.append(throw)
        self.events.append(ThrowEvent(throw))
        self._commitments.clear()
        self._secrets.clear()
        self._dice.add(*throw.dice)
        match = self.match
        if match.phase is Phase.ROLL_OFF:
            match.roll_off()
            return
        match.roll()
        assert match.turn is not None
        if match.turn.is_pass:
            self._unsaid_passes.add(self._turns_played())
            self._play(Play())

    def _take_play(self, side: Side, message: PlayMade) -> Verdict:
        """A whole turn: the next one of the match, by its mover, legal with its dice (a
        turn played already, sent again, is held already)."""
        played = self._turns_played()
        if message.turn < 0:
            return Verdict(Fault.OUT_OF_TURN, "turns are numbered from 0")
        if message.turn < played:
            return self._take_play_again(side, message)
        if message.turn > played:
            return Verdict(
                Fault.OUT_OF_TURN, f"turn {message.turn} came before turn {played} was played"
            )
        match = self.match
        if match.phase is not Phase.MOVE or match.mover is not side:
            return Verdict(Fault.OUT_OF_TURN, "it is not this side's turn to move")
        if self._offered_by(side):
            return Verdict(Fault.OUT_OF_TURN, WAITING_FOR_AN_ANSWER)
        try:
            self._play(message.play)
        except IllegalPlayError as refused:
            return Verdict(Fault.ILLEGAL, str(refused))
        return TAKEN

    def _take_play_again(self, side: Side, message: PlayMade) -> Verdict:
        """A turn already played: the same play is held already (or news, if it is the
        message of a pass the referee played for its mover); another is refused."""
        turn = [turn for game in self.match.games for turn in game.turns][message.turn]
        if turn.play != message.play:
            return Verdict(Fault.ILLEGAL, f"turn {message.turn} was played otherwise")
        if message.turn in self._unsaid_passes and side is turn.side:
            self._unsaid_passes.remove(message.turn)
            return TAKEN
        return ALREADY_HELD

    def _take_next_game(self, message: NextGame) -> Verdict:
        """The next game, by either side, once the game is over and the match is not (the
        other side starting it too is held already)."""
        games = len(self.match.games)
        if message.game < 2:
            return Verdict(Fault.OUT_OF_TURN, "the first game begins with the match")
        if message.game <= games:
            return ALREADY_HELD
        if message.game > games + 1 or self.match.phase is not Phase.GAME_OVER:
            return Verdict(
                Fault.OUT_OF_TURN, f"game {message.game} cannot begin while game {games} goes on"
            )
        self.match.next_game()
        self.events.append(NextGameEvent(message.game))
        return TAKEN

    def _take_offer(self, side: Side, message: ResignOffer) -> Verdict:
        """An offer to give up the game in play, ``message.turn`` turns into the match as
        its side saw it (a play of the other's may not have reached it yet): one at a time;
        the same one sent again (after a reconnection, answered or not) is held already,
        and so is one of a game that has ended since."""
        offer = ResignationOffer(side, message.game, message.turn, message.points)
        if offer == self.offer or offer in self._declined:
            return ALREADY_HELD
        games, turns = len(self.match.games), self._turns_played()
        if (message.game, message.turn) > (games, turns):
            return Verdict(Fault.OUT_OF_TURN, "an offer to resign a game or a turn not begun")
        if message.game < games or not self._in_play():
            return ALREADY_HELD
        if self._open_offer() is not None:
            return Verdict(Fault.OUT_OF_TURN, "an offer to resign waits for its answer already")
        self.offer = offer
        return TAKEN

    def _take_decline(self, side: Side, message: ResignDeclined) -> Verdict:
        """The answer no, by the side the open offer was made to: play goes on."""
        offer = ResignationOffer(side.opponent, message.game, message.turn, message.points)
        if offer in self._declined:
            return ALREADY_HELD
        if offer != self._open_offer():
            return Verdict(Fault.OUT_OF_TURN, "no such offer to resign is open to this side")
        self.offer = None
        self._declined.append(offer)
        return TAKEN

    def _take_acceptance(self, side: Side, message: ResignAccepted) -> Verdict:
        """The answer yes, by the side the open offer was made to, once no throw is half
        done: the game ends, won by that side at the offer's stake."""
        games = self.match.games
        if message.game < len(games) or (
            message.game == len(games) and games[-1].resignation is not None
        ):
            return ALREADY_HELD
        offer = self._open_offer()
        if (
            offer is None
            or offer.side is not side.opponent
            or (offer.game, offer.points) != (message.game, message.points)
        ):
            return Verdict(Fault.OUT_OF_TURN, "no such offer to resign is open to this side")
        if self._secrets:
            return Verdict(Fault.OUT_OF_TURN, "a throw is half done: its dice come first")
        resignation = self.match.resign(offer.side, offer.points)
        self.offer = None
        self.events.append(ResignEvent(resignation.side, resignation.points))
        return TAKEN

    def _open_offer(self) -> ResignationOffer | None:
        """The open offer, if its game is still in play (it lapses when the game ends)."""
        offer = self.offer
        if offer is None or offer.game != len(self.match.games) or not self._in_play():
            return None
        return offer

    def _offered_by(self, side: Side) -> bool:
        offer = self._open_offer()
        return offer is not None and offer.side is side

    def _in_play(self) -> bool:
        return self.match.phase in (Phase.ROLL_OFF, Phase.ROLL, Phase.MOVE)

    def _play(self, play: Play) -> None:
        self.match.play(play)
        self.events.append(PlayEvent(play))

    def _turns_played(self) -> int:
        return sum(len(game.turns) for game in self.match.games)

    # -- what the server asks ----------------------------------------------------------------

    def waiting_for(self) -> frozenset[Side]:
        """The sides the match waits for, whose clock runs: the side an offer to resign is
        made to, until it answers; the side to move; in a throw,
        each side whose commitment is not in, then the side to roll for its secret, then
        the other for its answer (at a roll-off, each side whose secret is not out). No side
        once a game is over (either side may begin the next one)."""
        match = self.match
        offer = self._open_offer()
        if offer is not None:
            return frozenset({offer.side.opponent})
        if match.phase is Phase.MOVE:
            assert match.mover is not None
            return frozenset({match.mover})
        if not match.may_roll:
            return frozenset()
        uncommitted = frozenset(side for side in Side if side not in self._commitments)
        if uncommitted:
            return uncommitted
        if match.mover is None:
            return frozenset(side for side in Side if side not in self._secrets)
        thrower = match.mover if match.mover not in self._secrets else match.mover.opponent
        return frozenset({thrower})

    def sync(self) -> Sync:
        """How far the match is, as an honest side says it on a (re)connection: the
        server's answer to a side's ``sync``. Passes and the starts of games are not
        counted, as no side counts them (``compared_on_connection``)."""
        return sync_of(self.events)

    def missed_by(self, side: Side, theirs: Sync) -> list[Message]:
        """What ``side``, which sent ``theirs`` on a reconnection, has not seen of what the
        other side sent, as the other side's messages: for each event after the last one it
        counts (``compared_on_connection``), the other's commitment and secret of a throw,
        the other's play (a pass too: a side that has it takes it as sent again), the other's
        acceptance of ``side``'s offer to resign, the next game; then the other's
        commitment to the throw in progress and its secret, if they are in, and where the
        offers to resign of the game in play stand (the other's open one, ``side``'s
        declined ones).

        Nothing if ``side``'s history is not the match's (its own check of ``sync`` tells
        it so); only the throw in progress if ``side`` is one event ahead (it sends that
        event again)."""
        compared = compared_on_connection(self.events)
        other = side.opponent
        if theirs.events == len(compared) + 1 and theirs.before_last == digest(compared):
            return self._other_part_in_progress(other) + self._offers_told(side)
        if theirs.events > len(compared) or digest(compared[: theirs.events]) != theirs.digest:
            return []
        turns = [turn for game in self.match.games for turn in game.turns]
        turn_number = 0
        game_number = 1
        counted = 0
        missed: list[Message] = []
        for event in self.events:
            if counted < theirs.events:  # ``side`` has it
                counted += not follows_from_the_rest(event)
            elif isinstance(event, ThrowEvent):
                number = event.throw.number
                commitment, secret = _part_of(event.throw, other)
                missed += [Commit(number, commitment), Reveal(number, secret)]
            elif isinstance(event, PlayEvent):
                if turns[turn_number].side is other:
                    missed.append(PlayMade(turn_number, event.play))
            elif isinstance(event, ResignEvent):
                if event.side is side:
                    missed.append(ResignAccepted(game_number, event.points))
            else:
                missed.append(NextGame(event.game))
            turn_number += isinstance(event, PlayEvent)
            game_number += isinstance(event, NextGameEvent)
        return missed + self._other_part_in_progress(other) + self._offers_told(side)

    def _offers_told(self, side: Side) -> list[Message]:
        """Where the offers to resign of the game in play stand, for ``side`` coming back:
        the other's open offer, and the answer no to its own offers."""
        told: list[Message] = []
        offer = self._open_offer()
        if offer is not None and offer.side is side.opponent:
            told.append(ResignOffer(offer.game, offer.turn, offer.points))
        if self._in_play():
            told += [
                ResignDeclined(declined.game, declined.turn, declined.points)
                for declined in self._declined
                if declined.side is side and declined.game == len(self.match.games)
            ]
        return told

    def _other_part_in_progress(self, other: Side) -> list[Message]:
        part: list[Message] = []
        if other in self._commitments:
            part.append(Commit(self.throw_number, self._commitments[other]))
        if other in self._secrets:
            part.append(Reveal(self.throw_number, self._secrets[other]))
        return part

    def record(self, started: datetime, white: str, black: str, decided: str | None = None) -> str:
        """The match's record so far, with the proof of its dice (``nardy verify``), naming
        its players; ``decided`` closes it if the games did not (``format_record``)."""
        players = f"White: {white} / Black: {black} (lobby match)"
        return network_record(self.match, self.throws, started, players, decided)
