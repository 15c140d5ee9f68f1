"""A match on two machines in lockstep: the same dice and the same turns on both, every
message checked before it counts, and a dropped line picked up where both agree."""

from __future__ import annotations

from datetime import datetime

import pytest

from nardy_tui.engine import Phase, Play, Side, Step
from nardy_tui.net import (
    Commit,
    NextGame,
    PlayMade,
    Reveal,
    Role,
    Sync,
    network_record,
    restore_network_match,
    verify_record,
)
from nardy_tui.play import PeerBroke, PeerLeft, Thrown
from tests.engine.boards import position
from tests.play.two_machines import (
    Machine,
    connect,
    connected_machines,
    deliver,
    exchange_all,
    machines_from,
    play_until,
    the_next_play_ends_the_game,
)


@pytest.fixture
def machines() -> tuple[Machine, Machine]:
    return connected_machines()


def test_a_whole_game_is_the_same_game_on_both_machines(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)
    assert joiner.match.phase is Phase.MATCH_OVER
    assert host.match.game.record_lines() == joiner.match.game.record_lines()
    assert host.step.exchange.throws == joiner.step.exchange.throws
    assert host.step.sync() == joiner.step.sync()


def test_the_roll_off_can_be_thrown_from_either_side_and_both_at_once(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    joiner.roll()
    host.roll()
    exchange_all(host, joiner)
    assert host.match.game.roll_offs == joiner.match.game.roll_offs != []


def test_a_throw_asked_for_before_the_peers_commitment_goes_out_when_it_comes() -> None:
    host, joiner = Machine(Role.HOST, Side.WHITE), Machine(Role.JOINER, Side.BLACK)
    host.roll()
    assert host.outbox == [] and host.step.rolling
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.match.game.roll_offs and not host.step.rolling


def test_a_play_the_rules_forbid_ends_the_match(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.my_turn())
    host.hear(PlayMade(len(host.match.game.turns), (Step(24, 1, 6),)))
    with pytest.raises(PeerBroke, match="out of turn"):
        host.take_all()
    play_until(host, joiner, lambda: joiner.my_turn())
    host.hear(PlayMade(len(host.match.game.turns), (Step(24, 1, 6),)))
    with pytest.raises(PeerBroke, match="rules do not allow"):
        host.take_all()


def test_a_throw_begun_by_the_side_not_to_roll_ends_the_match(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.match.phase is Phase.ROLL)
    roller, other = (host, joiner) if host.match.mover is Side.WHITE else (joiner, host)
    roller.hear(other.step.exchange.reveal())
    with pytest.raises(PeerBroke, match="out of turn"):
        roller.take_all()


def test_a_secret_that_is_not_the_one_committed_to_ends_the_match(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    host.roll()
    [reveal] = host.outbox
    assert isinstance(reveal, Reveal)
    joiner.hear(Reveal(reveal.throw, "0" * 64))
    with pytest.raises(PeerBroke, match="not the one it committed to"):
        joiner.take_all()


def test_a_changed_commitment_ends_the_match(machines: tuple[Machine, Machine]) -> None:
    _host, joiner = machines
    with pytest.raises(PeerBroke, match="changed its commitment"):
        joiner.hear(Commit(1, "f" * 64))


def test_a_game_started_before_this_one_is_over_ends_the_match(
    machines: tuple[Machine, Machine],
) -> None:
    _host, joiner = machines
    joiner.hear(NextGame(2))
    with pytest.raises(PeerBroke, match="out of turn"):
        joiner.take_all()


def test_messages_sent_again_are_checked_and_change_nothing(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: len(host.match.game.turns) == 3)
    before = joiner.step.sync()
    first = host.match.game.turns[0]
    for message in (host.step.exchange.own_reveal_of(1), PlayMade(0, first.play)):
        joiner.hear(message)
    joiner.take_all()
    assert joiner.step.sync() == before
    joiner.hear(PlayMade(0, ()))
    with pytest.raises(PeerBroke, match="changed a turn"):
        joiner.take_all()


def test_a_line_dropped_after_a_play_is_picked_up_from_the_side_ahead(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.my_turn())
    host.play_first_legal()
    host.outbox.clear()  # the play is lost on the line
    assert host.step.sync().events == joiner.step.sync().events + 1
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.step.sync() == joiner.step.sync()
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)


def test_a_line_dropped_mid_throw_finishes_the_same_throw(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    host.roll()
    deliver(host, joiner)  # the joiner has both secrets; its answer is lost
    joiner.outbox.clear()
    assert joiner.match.game.roll_offs and not host.match.game.roll_offs
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.match.game.roll_offs == joiner.match.game.roll_offs
    assert host.step.sync() == joiner.step.sync()


def test_machines_that_disagree_cannot_go_on(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: len(host.match.game.turns) == 2)
    with pytest.raises(PeerBroke, match="do not agree"):
        host.hear(Sync(1, "a" * 64, "b" * 64))


def test_a_player_who_quits_is_heard_as_leaving(machines: tuple[Machine, Machine]) -> None:
    from nardy_tui.net import Bye

    host, _joiner = machines
    host.hear(Bye())
    assert isinstance(host.next_action(), PeerLeft)


def test_nothing_is_taken_while_the_screen_is_busy(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    joiner.roll()
    for message in joiner.outbox:
        host.hear(message)
    assert host.step.next_action(busy=True) is None and host.step.inbox
    assert isinstance(host.next_action(), Thrown)


# -- save, then send: a side stopped at any moment comes back with what it sent ----------


def hosts_roll(host: Machine, joiner: Machine) -> None:
    play_until(
        host, joiner, lambda: host.match.phase is Phase.ROLL and host.match.mover is host.step.me
    )


def test_a_secret_leaves_only_once_the_save_holds_it(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    hosts_roll(host, joiner)
    host.roll()
    [reveal] = host.outbox
    assert isinstance(reveal, Reveal)
    assert host.killed().step.exchange.revealed


def test_a_side_killed_right_after_rolling_finishes_the_same_throw_with_its_friend(
    machines: tuple[Machine, Machine],
) -> None:
    stopped, joiner = machines
    hosts_roll(stopped, joiner)
    stopped.roll()
    host = stopped.killed()
    deliver(stopped, joiner)  # the secret reached the friend...
    joiner.outbox.clear()  # ...whose answer was lost with the program
    assert joiner.match.phase is Phase.MOVE and host.match.phase is Phase.ROLL
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.match.dice == joiner.match.dice
    assert host.step.sync() == joiner.step.sync()
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)


def test_a_side_killed_right_after_its_play_comes_back_with_the_play(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    play_until(host, joiner, lambda: host.my_turn())
    host.play_first_legal()
    [played] = host.outbox
    assert isinstance(played, PlayMade)
    back = host.killed()
    assert back.match.game.record_lines() == host.match.game.record_lines()
    deliver(host, joiner)
    connect(back, joiner)
    exchange_all(back, joiner)
    assert back.step.sync() == joiner.step.sync()


def test_a_throw_finished_but_not_yet_rolled_is_in_the_save(
    machines: tuple[Machine, Machine],
) -> None:
    host, joiner = machines
    hosts_roll(host, joiner)
    host.roll()
    deliver(host, joiner)
    for message in joiner.outbox:  # the friend's secret, taken but not yet shown
        host.hear(message)
    joiner.outbox.clear()
    assert isinstance(host.next_action(), Thrown)
    back = host.killed()
    assert back.match.phase is Phase.MOVE and back.match.dice == joiner.match.dice


def test_a_save_from_before_the_secret_left_takes_the_friends_finished_throw_at_the_next_roll(
    machines: tuple[Machine, Machine],
) -> None:
    """Saves written by earlier versions sent the secret first: the friend finished the
    throw with it, and its secret, sent again, waits until the player rolls again; the
    dice are the ones the friend has."""
    host, joiner = machines
    hosts_roll(host, joiner)
    file_before_rolling = host.file
    host.roll()
    deliver(host, joiner)
    joiner.outbox.clear()
    host = Machine(Role.HOST, Side.WHITE, restore_network_match(file_before_rolling))
    assert not host.step.exchange.revealed
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.match.phase is Phase.ROLL
    host.rolls()
    exchange_all(host, joiner)
    assert host.match.dice == joiner.match.dice
    assert host.step.sync() == joiner.step.sync()


def test_nothing_leaves_while_it_cannot_be_saved(machines: tuple[Machine, Machine]) -> None:
    host, joiner = machines
    hosts_roll(host, joiner)
    host.save_fails = True
    host.roll()
    assert host.outbox == []
    host.save_fails = False
    host.roll()  # the player rolls again once the disk has room
    assert [type(message) for message in host.outbox] == [Reveal]
    exchange_all(host, joiner)
    assert host.match.phase is Phase.MOVE and host.step.sync() == joiner.step.sync()


# -- after a restart the dice of the player's own roll wait for the player's key ----------


def restarted(machines: tuple[Machine, Machine], at_roll_of: Side) -> tuple[Machine, Machine]:
    """The host stopped and started again at the roll of ``at_roll_of``, both commitments
    to that throw kept on both sides, and the line to the friend up again."""
    stopped, friend = machines
    play_until(
        stopped,
        friend,
        lambda: stopped.match.phase is Phase.ROLL and stopped.match.mover is at_roll_of,
    )
    host = stopped.killed()
    connect(host, friend)
    exchange_all(host, friend)
    return host, friend


def test_after_a_restart_a_secret_sent_first_for_the_players_own_roll_waits_for_the_player(
    machines: tuple[Machine, Machine],
) -> None:
    host, peer = restarted(machines, at_roll_of=Side.WHITE)
    peer.sent(peer.step.exchange.reveal())  # the peer reveals first, on the host's roll
    exchange_all(host, peer)
    connect(host, peer)  # the line dropped and came back: the peer says it all again
    exchange_all(host, peer)
    assert host.match.phase is Phase.ROLL and peer.match.phase is Phase.ROLL
    assert host.next_action() is None  # no dice shown, nothing else taken either
    assert [type(message) for message in host.step.inbox] == [Reveal, Commit, Reveal]  # kept
    host.roll()  # the player's own key
    thrown = host.next_action()
    assert isinstance(thrown, Thrown) and thrown.by_me
    host.apply(thrown)
    exchange_all(host, peer)
    assert peer.match.phase is Phase.MOVE and host.match.dice == peer.match.dice
    assert host.step.sync() == peer.step.sync()
    play_until(host, peer, lambda: host.match.phase is Phase.MATCH_OVER)


def test_after_a_restart_the_friends_own_roll_is_shown_without_a_key(
    machines: tuple[Machine, Machine],
) -> None:
    host, friend = restarted(machines, at_roll_of=Side.BLACK)
    friend.roll()
    for message in friend.outbox:
        host.hear(message)
    friend.outbox.clear()
    thrown = host.next_action()
    assert isinstance(thrown, Thrown) and not thrown.by_me
    host.apply(thrown)
    exchange_all(host, friend)
    assert host.match.phase is Phase.MOVE and host.match.dice == friend.match.dice


def test_after_a_restart_a_false_secret_sent_first_for_the_players_roll_ends_the_match_at_it(
    machines: tuple[Machine, Machine],
) -> None:
    host, _peer = restarted(machines, at_roll_of=Side.WHITE)
    host.hear(Reveal(host.step.exchange.number, "0" * 64))
    assert host.next_action() is None and host.match.phase is Phase.ROLL
    host.roll()
    with pytest.raises(PeerBroke, match="not the one it committed to"):
        host.next_action()


# -- a pass or the next game at the end of one side's history, on a reconnection ----------

STUCK = position({24: 15}, {7: 1, 9: 1, 24: 13})
"""White to roll, and neither die of 5-3 can be played."""
FIVE_THREE_FIRST = {Side.WHITE: f"{10:064x}", Side.BLACK: "2" * 64}
"""Master secrets whose first throw is 5-3."""


def test_a_mover_whose_line_fell_before_dice_that_force_a_pass_came_takes_them_and_passes() -> None:
    """Both sides pass a turn whose dice allow nothing the moment the dice are known, so the
    side that missed the dice is the throw and the pass behind; it takes the throw again and
    passes, and the match goes on."""
    host, joiner = machines_from(FIVE_THREE_FIRST, STUCK)
    host.roll()
    deliver(host, joiner)  # White's secret reaches Black, who throws 5-3 and passes White
    joiner.outbox.clear()  # Black's secret is lost with the line
    assert joiner.match.mover is Side.BLACK and host.match.phase is Phase.ROLL
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.match.game.turns[0].play == Play() and host.match.mover is Side.BLACK
    assert host.step.events() == joiner.step.events()
    play_until(host, joiner, lambda: host.match.phase is Phase.MATCH_OVER)
    assert host.step.events() == joiner.step.events()
    text = network_record(host.match, host.step.exchange.throws, datetime(2026, 12, 7, 14))
    assert verify_record(text).holds


def test_a_winner_whose_last_play_was_lost_and_who_began_the_next_game_sends_both_again() -> None:
    """Either side may begin the next game once its game is over: the winner whose last
    play never reached the other side may begin it too, and be two events ahead."""
    host, joiner = machines_from({Side.WHITE: "1" * 64, Side.BLACK: "2" * 64}, points=3)
    play_until(host, joiner, lambda: the_next_play_ends_the_game(host.match))
    winner, loser = (host, joiner) if host.my_turn() else (joiner, host)
    winner.play_first_legal()
    winner.match.next_game()
    winner.keep()
    winner.outbox.clear()  # the last play and the next game are lost with the line
    connect(winner, loser)
    exchange_all(winner, loser)
    assert loser.match.game.number == 2 and loser.match.phase is Phase.ROLL_OFF
    assert winner.step.events() == loser.step.events()
    play_until(host, joiner, lambda: len(host.match.game.turns) == 2)  # game 2 goes on
    assert host.step.events() == joiner.step.events()


def test_a_line_dropped_mid_throw_just_after_a_pass_finishes_the_same_throw() -> None:
    host, joiner = machines_from(FIVE_THREE_FIRST, STUCK)
    play_until(host, joiner, lambda: host.match.mover is Side.BLACK)  # White passed
    joiner.roll()
    deliver(joiner, host)  # Black's secret reaches White, who throws...
    host.outbox.clear()  # ...and its answer is lost
    assert host.match.phase is Phase.MOVE and joiner.match.phase is Phase.ROLL
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.step.events() == joiner.step.events()


def test_a_line_dropped_mid_throw_of_the_next_games_roll_off_finishes_the_same_throw() -> None:
    host, joiner = machines_from({Side.WHITE: "1" * 64, Side.BLACK: "2" * 64}, points=3)
    play_until(host, joiner, lambda: host.match.game.number == 2)
    host.roll()
    deliver(host, joiner)  # the host's secret reaches the joiner, who throws...
    joiner.outbox.clear()  # ...and its answer is lost
    assert joiner.match.game.roll_offs and not host.match.game.roll_offs
    connect(host, joiner)
    exchange_all(host, joiner)
    assert host.step.events() == joiner.step.events()


def test_on_a_direct_line_a_game_given_up_ends_at_once_on_both_machines_and_verifies() -> None:
    host, joiner = connected_machines()
    play_until(host, joiner, lambda: host.match.phase is Phase.ROLL)
    mover = host if host.match.mover is Side.WHITE else joiner
    other = joiner if mover is host else host
    mover.offers(2)
    exchange_all(host, joiner)
    other.answers(yes=True)
    exchange_all(host, joiner)
    assert host.step.events() == joiner.step.events()
    for machine in (host, joiner):
        assert machine.match.phase is Phase.MATCH_OVER
        assert machine.match.winner is other.step.me
    record = network_record(host.match, host.saved.exchange.throws, datetime(2026, 12, 7))
    assert "resigns" in record and verify_record(record).holds
