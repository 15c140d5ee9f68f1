"""Whatever the other machine sends, the match on this one keeps the rules.

A peer's message reaches the match only through the lockstep, which checks it against the
engine. These properties feed one machine, at any moment of a match, a run of well-formed
but arbitrary messages (forged commitments and secrets, plays of random steps, real legal
plays for the wrong side or the wrong turn, games and syncs of any number, messages the
peer really sent before, sent again) and check that:

- the only exception that ever comes out is ``PeerBroke``, with a reason to show;
- after every message the match is one the rules allow: 15 checkers a side on the board or
  borne off, each point of one colour, the dice the ones both sides threw, the phase and
  the score as the games say; and once the run ends (or breaks off), every turn of every
  game replays as a legal play of its dice to the very board on the machine;
- when nothing broke, the two machines still agree and play on together (a message the
  machine took as the peer's next move is one the peer could have made: the peer is made
  to make it too, as it would have had it really sent it).

``pytest --hypothesis-show-statistics`` shows how the runs ended (the message a match broke
off at, the peer's moves taken).
"""

from __future__ import annotations

import functools
import pickle
from dataclasses import replace

import hypothesis.strategies as st
import pytest
from hypothesis import event, given, settings

from nardy_tui.engine import (
    ALL_ROLLS,
    CHECKERS,
    OFF,
    POINTS,
    Dice,
    Match,
    Phase,
    Play,
    Position,
    Side,
    Step,
    TurnRecord,
    game_result,
    legal_plays,
)
from nardy_tui.net import (
    Bye,
    Commit,
    Message,
    NextGame,
    Ping,
    PlayMade,
    Reveal,
    Role,
    Sync,
    new_network_match,
)
from nardy_tui.net.messages import MOST_GAMES, MOST_THROWS, MOST_TURNS, decode, encode
from nardy_tui.play import PeerBroke, PeerPlayed, PeerStartedGame
from tests.play.two_machines import Machine, connect, exchange_all, play_one_step, play_until

FUZZ = settings(max_examples=50, deadline=None)

MASTERS = {Role.HOST: "1" * 64, Role.JOINER: "2" * 64}
"""Fixed master secrets: the same dice, so the same match, on every run (hypothesis can
replay and shrink what it finds)."""


class RecordingMachine(Machine):
    """A harness machine whose match may be longer than one point, whose dice follow from
    fixed secrets, and which keeps every message it ever sent (what a peer may send again)."""

    def __init__(self, role: Role, me: Side, length: int) -> None:
        self.said: list[Message] = []
        saved = new_network_match(role, "abcd-efgh", length)
        saved.exchange.master = MASTERS[role]
        super().__init__(role, me, saved)

    def sent(self, message: Message) -> None:
        self.said.append(message)
        super().sent(message)


Pair = tuple[RecordingMachine, RecordingMachine]


class Snapshots:
    """The same match, kept every ``EVERY`` steps as it is reached: each example starts from
    a copy of the nearest one instead of playing its way there from the start."""

    EVERY = 10

    def __init__(self, length: int) -> None:
        host = RecordingMachine(Role.HOST, Side.WHITE, length)
        joiner = RecordingMachine(Role.JOINER, Side.BLACK, length)
        connect(host, joiner)
        exchange_all(host, joiner)
        self._playing = (host, joiner)
        self._kept = [pickle.dumps(self._playing)]
        self._first: dict[Phase, int] = {}

    def at(self, steps: int) -> Pair:
        """A fresh copy of both machines ``steps`` steps into the match (a step once the
        match is over does nothing)."""
        while len(self._kept) <= steps // self.EVERY:
            for _ in range(self.EVERY):
                play_one_step(*self._playing)
            self._kept.append(pickle.dumps(self._playing))
        pair: Pair = pickle.loads(self._kept[steps // self.EVERY])
        for _ in range(steps % self.EVERY):
            play_one_step(*pair)
        return pair

    def first(self, reached: Phase) -> int:
        """The number of steps after which the match is first in phase ``reached``."""
        if reached not in self._first:
            host, joiner = self.at(0)
            steps = 0
            while host.match.phase is not reached:
                play_one_step(host, joiner)
                steps += 1
            self._first[reached] = steps
        return self._first[reached]


ONE_POINT = Snapshots(length=1)
THREE_POINTS = Snapshots(length=3)


# -- messages a peer could send -------------------------------------------------------------

HEX64 = st.text("0123456789abcdef", min_size=64, max_size=64)
RANDOM_STEP = st.builds(Step, st.integers(1, POINTS), st.integers(OFF, POINTS), st.integers(1, 6))
RANDOM_PLAY: st.SearchStrategy[Play] = st.lists(RANDOM_STEP, max_size=4).map(tuple)


def _total_turns(match: Match) -> int:
    return sum(len(game.turns) for game in match.games)


def real_plays(match: Match) -> st.SearchStrategy[Play]:
    """Plays the rules allow for either side, with any roll, from the position on the board:
    mostly the wrong side's or the wrong dice's, now and then the very play the peer may
    make."""

    def legal_for(side_and_dice: tuple[Side, Dice]) -> st.SearchStrategy[Play]:
        side, dice = side_and_dice
        return st.sampled_from(legal_plays(replace(match.position, turn=side), dice) or [()])

    sides_and_dice = st.tuples(st.sampled_from(list(Side)), st.sampled_from(ALL_ROLLS))
    if match.dice is not None:
        sides_and_dice |= st.tuples(st.sampled_from(list(Side)), st.just(match.dice))
    return sides_and_dice.flatmap(legal_for)


def played_before(match: Match) -> list[Play]:
    return [turn.play for game in match.games for turn in game.turns]


def a_message_the_peer_may_send(
    victim: RecordingMachine,
    peer: RecordingMachine,
) -> st.SearchStrategy[Message]:
    """What a well-behaved peer could send now: a ping, a goodbye, where it is, what it sent
    before (its syncs aside), its next move if it is its turn, the next game once one is
    over (or a game both have begun)."""
    match = victim.match
    said = [message for message in peer.said if not isinstance(message, Sync)]
    options: list[st.SearchStrategy[Message]] = [
        st.just(Ping()),
        st.just(Bye()),
        st.just(peer.step.sync()),
    ]
    if len(match.games) > 1 or match.phase is Phase.GAME_OVER:
        options.append(st.just(NextGame(len(match.games) + (match.phase is Phase.GAME_OVER))))
    if said:
        options.append(st.sampled_from(said))
    if match.phase is Phase.MOVE and match.mover is peer.step.me:
        assert match.dice is not None
        options.append(
            st.builds(
                PlayMade,
                st.just(_total_turns(match)),
                st.sampled_from(legal_plays(match.position, match.dice)),
            )
        )
    return st.one_of(options)


def a_hostile_message(victim: RecordingMachine) -> st.SearchStrategy[Message]:
    """Any well-formed message, its numbers mostly near where the match is."""
    match, exchange = victim.match, victim.step.exchange
    turns, sync = _total_turns(match), victim.step.sync()
    throws = st.integers(1, exchange.number + 1) | st.integers(1, MOST_THROWS)
    turn_numbers = st.integers(max(0, turns - 2), turns + 1) | st.integers(0, MOST_TURNS)
    plays = RANDOM_PLAY | real_plays(match)
    if played_before(match):
        plays |= st.sampled_from(played_before(match))
    digests = HEX64 | st.sampled_from([sync.digest, sync.before_last])
    return st.one_of(
        st.builds(Commit, throws, HEX64),
        st.builds(Reveal, throws, HEX64),
        st.builds(PlayMade, turn_numbers, plays),
        st.builds(NextGame, st.integers(2, len(match.games) + 1) | st.integers(2, MOST_GAMES)),
        st.builds(
            Sync,
            st.integers(max(0, sync.events - 2), sync.events + 2) | st.integers(0, 4 * MOST_TURNS),
            digests,
            digests,
        ),
    )


def a_message(victim: RecordingMachine, peer: RecordingMachine) -> st.SearchStrategy[Message]:
    return a_message_the_peer_may_send(victim, peer) | a_hostile_message(victim)


# -- what the rules say a match is ----------------------------------------------------------


def assert_the_board_and_phase_keep_the_rules(machine: RecordingMachine) -> None:
    """What can be seen at a glance: the checkers, the dice, the phase and the score."""
    match, exchange = machine.match, machine.step.exchange
    board = match.position.points
    # One signed count a point: each point holds one colour, and at most all 15 of it.
    assert len(board) == POINTS and all(-CHECKERS <= n <= CHECKERS for n in board), board
    for side in Side:  # every checker on the board or borne off
        assert 0 <= match.position.on_board(side) <= CHECKERS, (side, board)
    game = match.game
    rolls = sum(len(g.roll_offs) + len(g.turns) for g in match.games)
    if match.phase is Phase.MOVE:
        assert match.dice is not None and match.turn is not None
        assert game.first_mover is not None and match.position.winner is None
        thrown = exchange.throws[-1].dice
        assert match.dice == Dice(max(thrown), min(thrown)), "the dice both sides threw"
        rolls += 1
    else:
        assert match.dice is None and match.turn is None
    assert len(exchange.throws) == rolls, "every throw finished is a roll-off or a roll"
    if match.phase is Phase.ROLL_OFF:
        assert game.first_mover is None and not game.turns and game.winner is None
    elif match.phase is Phase.ROLL:
        assert game.first_mover is not None and match.position.winner is None
    else:
        assert match.phase is Phase.MOVE or game.winner is not None
    for side in Side:
        assert match.score[side] == sum(g.points for g in match.games if g.winner is side)
    assert (match.phase is Phase.MATCH_OVER) == (match.winner is not None)


@functools.cache
def position_after(first_mover: Side, turns: tuple[TurnRecord, ...]) -> Position:
    """Where a game's turns lead from its start, each one checked to be a legal play of its
    dice by the side to move (kept: the same games come back in many examples)."""
    if not turns:
        return Position.initial(first_mover)
    before, turn = position_after(first_mover, turns[:-1]), turns[-1]
    assert turn.side is before.turn, "the sides take turns"
    return before.apply(turn.play, turn.dice)  # IllegalPlayError if it is not legal


def assert_the_match_keeps_the_rules(machine: RecordingMachine) -> None:
    """Everything on this machine is what the rules make of the throws: each roll-off and
    roll the dice of a finished throw, each turn a legal play of its dice by the side to
    move, the board the one the turns lead to, each game won as its last position says."""
    assert_the_board_and_phase_keep_the_rules(machine)
    match = machine.match
    throws = iter(machine.step.exchange.throws)

    def next_dice() -> Dice:
        thrown = next(throws, None)
        assert thrown is not None, "the match used dice nobody threw"
        return thrown.dice

    for game in match.games:
        for roll_off in game.roll_offs:
            assert (roll_off.white, roll_off.black) == tuple(next_dice())
        assert all(roll_off.winner is None for roll_off in game.roll_offs[:-1])
        for turn in game.turns:
            dice = next_dice()
            assert turn.dice == Dice(max(dice), min(dice))
        position = position_after(game.first_mover or Side.WHITE, tuple(game.turns))
        if game is not match.game:
            assert game_result(position) == (game.winner, game.points)
            continue
        assert position == match.position
        if match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            assert game_result(position) == (game.winner, game.points)
        else:
            assert game.winner is None and position.winner is None
    assert machine.step.events() is not None


# -- feeding a machine ----------------------------------------------------------------------


def take_as_the_screen_does(victim: RecordingMachine, peer: RecordingMachine) -> None:
    """Apply every action the victim's inbox gives; a move it takes from the "peer" the
    peer makes too (it is one the peer could have sent)."""
    while (action := victim.next_action()) is not None:
        event("taken as the peer's", type(action).__name__)
        if isinstance(action, PeerPlayed):
            peer.match.play(action.play)
            peer.keep()
        elif isinstance(action, PeerStartedGame):
            peer.match.next_game()
            peer.keep()
        victim.apply(action)


def feed(victim: RecordingMachine, peer: RecordingMachine, data: st.DataObject, most: int) -> bool:
    """Up to ``most`` arbitrary messages into ``victim``; whether it broke off the match."""
    for _ in range(data.draw(st.integers(1, most), label="messages")):
        message = data.draw(a_message(victim, peer), label="message")
        assert decode(encode(message)) == message, "only well-formed messages are fed"
        try:
            victim.hear(message)
            take_as_the_screen_does(victim, peer)
        except PeerBroke as broke:
            assert str(broke).strip(), "a broken match says why"
            event("broke off", type(message).__name__)
            assert_the_match_keeps_the_rules(victim)
            return True
        assert_the_board_and_phase_keep_the_rules(victim)
    assert_the_match_keeps_the_rules(victim)
    return False


def assert_both_agree(host: RecordingMachine, joiner: RecordingMachine) -> None:
    assert host.step.sync() == joiner.step.sync()
    assert host.step.exchange.throws == joiner.step.exchange.throws
    assert [g.record_lines() for g in host.match.games] == [
        g.record_lines() for g in joiner.match.games
    ]


@FUZZ
@given(
    steps=st.integers(0, 210), host_is_fed=st.booleans(), mid_throw=st.booleans(), data=st.data()
)
@pytest.mark.slow
def test_nothing_a_peer_sends_mid_match_breaks_the_rules_or_escapes_as_another_error(
    steps: int, host_is_fed: bool, mid_throw: bool, data: st.DataObject
) -> None:
    """At any step of a match to 1 point (or in the middle of a throw, this side's secret
    sent and the peer's still to come), then played to its end by both."""
    host, joiner = ONE_POINT.at(steps)
    victim, peer = (host, joiner) if host_is_fed else (joiner, host)
    if mid_throw and victim.match.may_roll and victim.match.mover in (None, victim.step.me):
        victim.roll()
    if feed(victim, peer, data, most=12):
        return
    exchange_all(host, joiner)
    assert_both_agree(host, joiner)
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)
    assert joiner.match.phase is Phase.MATCH_OVER
    assert_both_agree(host, joiner)


@pytest.mark.slow
@FUZZ
@given(offset=st.integers(-3, 2), host_is_fed=st.booleans(), data=st.data())
def test_nothing_a_peer_sends_between_games_breaks_the_rules_or_escapes_as_another_error(
    offset: int, host_is_fed: bool, data: st.DataObject
) -> None:
    """Around the end of the first game of a match to 3 points (where the next game may be
    started by either side), then played on together into the second game."""
    host, joiner = THREE_POINTS.at(THREE_POINTS.first(Phase.GAME_OVER) + offset)
    victim, peer = (host, joiner) if host_is_fed else (joiner, host)
    if feed(victim, peer, data, most=12):
        return
    exchange_all(host, joiner)
    assert_both_agree(host, joiner)
    play_until(host, joiner, lambda: len(host.match.games) >= 2 and len(host.match.game.turns) >= 4)
    assert_both_agree(host, joiner)


@FUZZ
@given(steps=st.integers(0, 210), data=st.data())
def test_a_peer_message_sent_again_in_any_order_changes_nothing(
    steps: int, data: st.DataObject
) -> None:
    """What the peer really sent before (its syncs aside: a sync says where it is now),
    sent again as after a reconnection, is checked and taken as news of nothing."""
    host, joiner = ONE_POINT.at(steps)
    before = joiner.step.sync()
    sent = [message for message in host.said if not isinstance(message, Sync)]
    again = data.draw(st.lists(st.sampled_from(sent), min_size=1, max_size=8))
    for message in again:
        joiner.hear(message)
        take_as_the_screen_does(joiner, host)
    assert joiner.step.sync() == before
    assert_the_board_and_phase_keep_the_rules(joiner)
