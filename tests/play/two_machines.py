"""Two machines of a network match in one process: each its match and its lockstep, the
line between them a pair of lists delivered on demand."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Self

from nardy_tui.engine import Match, Phase, Play, Position, Side, legal_plays
from nardy_tui.net import (
    Message,
    NetworkMatch,
    Role,
    network_document,
    new_network_match,
    restore_network_match,
)
from nardy_tui.play import (
    Lockstep,
    PeerAcceptedResignation,
    PeerPlayed,
    PeerStartedGame,
    Thrown,
)


class Machine:
    """One side's program, reduced to its match, its lockstep and its save file (kept in
    memory); what it sends is kept until ``deliver`` hands it to the other machine. Each
    of its doings ends as the game's do: the match saved once, then the lockstep told
    (``keep``)."""

    def __init__(self, role: Role, me: Side, saved: NetworkMatch | None = None) -> None:
        saved = saved or new_network_match(role, "abcd-efgh", 1)
        self.saved = saved
        self.dice = saved.dice
        self.match = saved.match
        self.outbox: list[Message] = []
        self.step = Lockstep(self.match, me, saved.exchange, self.dice, self.sent, saved.offer)
        self.file: dict[str, Any] = {}
        self.save_fails = False
        """Set to make every save fail, as on a full disk."""
        self.save()

    @classmethod
    def new(cls, side: Side, master: str, start: Position | None = None, points: int = 1) -> Self:
        """White's machine hosts, Black's joins; its dice are drawn from ``master``, so the
        match to ``points`` is the same on every run. From ``start``, a one-point match with
        no roll-off: no player starts one, but it reaches a rare moment at once."""
        role = Role.HOST if side is Side.WHITE else Role.JOINER
        saved = new_network_match(role, "abcd-efgh", points)
        saved.exchange.master = master
        if start is not None:
            saved.match = Match(1, dice=saved.dice, start=start)
        return cls(role, side, saved)

    def sent(self, message: Message) -> None:
        """The line: the message waits in the outbox for ``deliver``."""
        self.outbox.append(message)

    def save(self) -> bool:
        """Write the save file (here, its JSON text read back), as the game does."""
        if self.save_fails:
            return False
        document = network_document(self.saved, self.step.events(), self.step.offer)
        self.file = json.loads(json.dumps(document))
        return True

    def keep(self) -> None:
        """Save, then let the lockstep send what the save holds."""
        self.step.observe(self.save())

    def hear(self, message: Message) -> None:
        """A message from the other machine, kept at once if the lockstep changed."""
        self.step.arrived(message)
        if self.step.unsaved:
            self.keep()

    def next_action(self) -> object:
        """The next thing the other machine's messages ask, kept if the lockstep changed."""
        action = self.step.next_action()
        if self.step.unsaved:
            self.keep()
        return action

    def roll(self) -> None:
        """The player rolls (or throws the roll-off): the secret leaves once saved."""
        self.step.roll()
        self.keep()

    def killed(self) -> Machine:
        """The program stopped at once and started again from its save file: what it
        sent is on the line, nothing else of it is left."""
        return Machine(self.saved.role, self.step.me, restore_network_match(self.file))

    def apply(self, action: object) -> None:
        """What the screen does with each action (without the animation): dice that allow
        nothing are passed at once, whoever's they are, as the screen's ``Next.PASS`` does."""
        match = self.match
        if isinstance(action, Thrown):
            match.roll_off() if match.phase is Phase.ROLL_OFF else match.roll()
        elif isinstance(action, PeerPlayed):
            match.play(action.play)
        elif isinstance(action, PeerStartedGame):
            match.next_game()
        elif isinstance(action, PeerAcceptedResignation):
            match.resign(self.step.me, action.points)
        self.keep()
        if match.turn is not None and match.turn.is_pass:
            match.play(Play())
            self.keep()

    def take_all(self) -> None:
        while (action := self.next_action()) is not None:
            self.apply(action)

    def rolls(self) -> None:
        """The player presses the roll key: the lockstep throws, and the screen takes what
        follows at once, as the game screen's throw does (``GameScreen.roll``)."""
        self.roll()
        self.take_all()

    def offers(self, points: int) -> None:
        """The player offers to give up the game at ``points``."""
        self.step.offer_resignation(points)
        self.keep()

    def answers(self, yes: bool) -> None:
        """The player accepts the other's offer (the game given up in the match) or
        declines it."""
        if yes:
            offer = self.step.accepted_offer()
            self.match.resign(offer.side, offer.points)
        else:
            self.step.decline_offer()
        self.keep()

    def my_turn(self) -> bool:
        return self.match.mover is self.step.me and self.match.phase is Phase.MOVE

    def play_first_legal(self) -> None:
        turn = self.match.turn
        assert turn is not None
        self.match.play(legal_plays(turn.position, turn.dice)[0])
        self.keep()


def connect(host: Machine, joiner: Machine) -> None:
    for machine in (host, joiner):
        machine.step.connected()
        machine.keep()


def deliver(sender: Machine, receiver: Machine) -> None:
    messages, sender.outbox[:] = list(sender.outbox), []
    for message in messages:
        receiver.hear(message)
    receiver.take_all()


def exchange_all(host: Machine, joiner: Machine) -> None:
    while host.outbox or joiner.outbox:
        deliver(host, joiner)
        deliver(joiner, host)


def connected_machines() -> tuple[Machine, Machine]:
    host, joiner = Machine(Role.HOST, Side.WHITE), Machine(Role.JOINER, Side.BLACK)
    connect(host, joiner)
    exchange_all(host, joiner)
    return host, joiner


def machines_from(
    masters: Mapping[Side, str], start: Position | None = None, points: int = 1
) -> tuple[Machine, Machine]:
    """Two connected machines (``Machine.new``), each side's dice drawn from its master
    secret in ``masters``."""
    host, joiner = (Machine.new(side, masters[side], start, points) for side in Side)
    connect(host, joiner)
    exchange_all(host, joiner)
    return host, joiner


def the_next_play_ends_the_game(match: Match) -> bool:
    """Whether the mover's first legal play (as ``play_until`` plays) bears off its last
    checker."""
    turn = match.turn
    if turn is None:
        return False
    play = legal_plays(turn.position, turn.dice)[0]
    return turn.position.apply(play, turn.dice).winner is not None


def play_one_step(host: Machine, joiner: Machine) -> None:
    """Whoever is to act does: a roll, the first legal play, the next game; then every
    message is delivered."""
    match = host.match
    if match.phase is Phase.ROLL_OFF:
        host.roll()
    elif match.phase is Phase.ROLL:
        (host if match.mover is Side.WHITE else joiner).roll()
    elif match.phase is Phase.MOVE:
        (host if host.my_turn() else joiner).play_first_legal()
    elif match.phase is Phase.GAME_OVER:
        host.match.next_game()
        host.keep()
    exchange_all(host, joiner)


def play_until(host: Machine, joiner: Machine, done: Callable[[], bool]) -> None:
    """Both play their first legal play and roll when it is their turn, until ``done``."""
    for _ in range(2000):
        if done():
            return
        play_one_step(host, joiner)
    raise AssertionError("the match did not get there")
