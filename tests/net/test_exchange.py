"""One side's part in the throws of a network match: what it sends, and what it accepts
from the other side, throw after throw."""

from __future__ import annotations

import pytest

from nardy_tui.engine import Dice
from nardy_tui.net import (
    Commit,
    DiceExchange,
    DishonestThrow,
    ProtocolError,
    Reveal,
    Role,
    Secret,
    check_throw,
    new_master,
)


def _another_secret() -> Secret:
    """A secret neither side drew: what a dishonest peer might send instead of its own."""
    return Secret.of(new_master(), 1)


def _sides() -> tuple[DiceExchange, DiceExchange]:
    return DiceExchange(Role.HOST), DiceExchange(Role.JOINER)


def _commit_both(host: DiceExchange, joiner: DiceExchange) -> None:
    joiner.receive_commit(host.commit())
    host.receive_commit(joiner.commit())


def _throw(host: DiceExchange, joiner: DiceExchange) -> tuple[Dice | None, Dice | None]:
    """One whole throw, the host revealing first: the dice each side finishes with."""
    _commit_both(host, joiner)
    joiner.receive_reveal(host.reveal())
    host.receive_reveal(joiner.reveal())
    return host.finish(), joiner.finish()


def test_a_whole_throw_gives_both_sides_the_same_dice_and_record() -> None:
    host, joiner = _sides()
    host_dice, joiner_dice = _throw(host, joiner)
    assert host_dice is not None and host_dice == joiner_dice
    assert host.throws == joiner.throws
    [throw] = host.throws
    assert throw.number == 1
    assert check_throw(throw) == host_dice


def test_the_record_keeps_each_sides_part_under_its_role() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    host_reveal, joiner_reveal = host.reveal(), joiner.reveal()
    joiner.receive_reveal(host_reveal)
    host.receive_reveal(joiner_reveal)
    host.finish()
    joiner.finish()
    [throw] = joiner.throws
    assert (throw.host_secret, throw.joiner_secret) == (host_reveal.secret, joiner_reveal.secret)


def test_the_joiner_may_reveal_first() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    host.receive_reveal(joiner.reveal())
    joiner.receive_reveal(host.reveal())
    host_dice, joiner_dice = host.finish(), joiner.finish()
    assert host_dice is not None and host_dice == joiner_dice
    assert host.throws == joiner.throws


def test_a_side_may_see_the_others_secret_before_sending_its_own() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    joiner.receive_reveal(host.reveal())
    assert joiner.peer_revealed
    assert joiner.finish() is None  # its own secret is not out yet
    host.receive_reveal(joiner.reveal())
    dice = joiner.finish()
    assert dice is not None and dice == host.finish()


def test_a_throw_is_not_finished_until_both_secrets_are_out() -> None:
    host, joiner = _sides()
    assert host.finish() is None
    _commit_both(host, joiner)
    assert host.finish() is None
    host_reveal = host.reveal()
    assert host.finish() is None
    joiner.receive_reveal(host_reveal)
    assert joiner.finish() is None
    assert host.number == joiner.number == 1
    assert host.throws == joiner.throws == []


def test_a_side_commits_to_the_same_secret_until_the_throw_is_over() -> None:
    host, _joiner = _sides()
    assert host.commit() == host.commit() == Commit(1, host.secret.commitment(1))


def test_our_secret_waits_for_the_peers_commitment() -> None:
    host, joiner = _sides()
    assert not host.may_reveal
    with pytest.raises(RuntimeError):
        host.reveal()
    assert not host.revealed
    joiner.receive_commit(host.commit())  # ours sent: theirs still to come
    with pytest.raises(RuntimeError):
        host.reveal()


def test_the_same_commitment_again_is_accepted() -> None:
    host, joiner = _sides()
    commit = joiner.commit()
    host.receive_commit(commit)
    host.receive_commit(commit)
    assert host.peer_commitment == commit.commitment


def test_a_second_different_commitment_for_the_same_throw_is_dishonest() -> None:
    host, joiner = _sides()
    host.receive_commit(joiner.commit())
    with pytest.raises(DishonestThrow):
        host.receive_commit(Commit(1, _another_secret().commitment(1)))
    assert host.peer_commitment == joiner.commit().commitment


def test_a_changed_commitment_after_the_secret_is_out_is_dishonest() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    host.receive_reveal(joiner.reveal())
    with pytest.raises(DishonestThrow):
        host.receive_commit(Commit(1, _another_secret().commitment(1)))


def test_a_reveal_that_does_not_match_its_commitment_is_dishonest() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    with pytest.raises(DishonestThrow):
        host.receive_reveal(Reveal(1, _another_secret().value))
    assert not host.peer_revealed


def test_the_honest_reveal_still_counts_after_a_dishonest_one_is_refused() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    with pytest.raises(DishonestThrow):
        host.receive_reveal(Reveal(1, _another_secret().value))
    host.receive_reveal(joiner.reveal())
    assert host.peer_revealed


def test_the_same_reveal_again_is_accepted_and_another_is_dishonest() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    reveal = joiner.reveal()
    host.receive_reveal(reveal)
    host.receive_reveal(reveal)
    with pytest.raises(DishonestThrow):
        host.receive_reveal(Reveal(1, _another_secret().value))
    assert host.peer_secret == reveal.secret


def test_a_reveal_before_any_commitment_is_out_of_turn() -> None:
    host, _joiner = _sides()
    with pytest.raises(ProtocolError):
        host.receive_reveal(Reveal(1, _another_secret().value))
    assert not host.peer_revealed


def test_a_commitment_for_a_throw_still_to_come_is_out_of_turn() -> None:
    host, joiner = _sides()
    with pytest.raises(ProtocolError):
        host.receive_commit(Commit(2, joiner.secret.commitment(2)))
    assert host.peer_commitment is None


def test_a_reveal_for_a_throw_still_to_come_is_out_of_turn() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    with pytest.raises(ProtocolError):
        host.receive_reveal(Reveal(2, joiner.secret.value))
    assert not host.peer_revealed


def test_messages_of_a_finished_throw_sent_again_are_accepted_silently() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    joiner_commit, joiner_reveal = joiner.commit(), joiner.reveal()
    host.receive_reveal(joiner_reveal)
    joiner.receive_reveal(host.reveal())
    host.finish()
    joiner.finish()
    record = list(host.throws)
    host.receive_commit(joiner_commit)
    host.receive_reveal(joiner_reveal)
    assert host.throws == record
    assert host.number == 2
    assert host.peer_commitment is None and host.peer_secret is None


def test_a_different_commitment_to_a_finished_throw_is_dishonest() -> None:
    host, joiner = _sides()
    _throw(host, joiner)
    with pytest.raises(DishonestThrow):
        host.receive_commit(Commit(1, _another_secret().commitment(1)))
    with pytest.raises(DishonestThrow):
        joiner.receive_commit(Commit(1, _another_secret().commitment(1)))


def test_a_different_secret_for_a_finished_throw_is_dishonest() -> None:
    host, joiner = _sides()
    _throw(host, joiner)
    with pytest.raises(DishonestThrow):
        host.receive_reveal(Reveal(1, _another_secret().value))
    with pytest.raises(DishonestThrow):
        joiner.receive_reveal(Reveal(1, _another_secret().value))


def test_a_side_sends_again_its_own_secret_for_a_finished_throw() -> None:
    host, joiner = _sides()
    _commit_both(host, joiner)
    host_reveal, joiner_reveal = host.reveal(), joiner.reveal()
    joiner.receive_reveal(host_reveal)
    host.receive_reveal(joiner_reveal)
    host.finish()
    joiner.finish()
    assert host.own_reveal_of(1) == host_reveal
    assert joiner.own_reveal_of(1) == joiner_reveal
    joiner.receive_reveal(host.own_reveal_of(1))  # accepted by the peer that had it
    host.receive_reveal(joiner.own_reveal_of(1))


def test_each_throw_begins_with_a_fresh_secret() -> None:
    host, joiner = _sides()
    first = host.secret
    _throw(host, joiner)
    assert host.secret != first
    assert not host.revealed and not host.may_reveal and not host.peer_revealed


def test_a_side_stopped_mid_throw_comes_back_with_the_same_secret() -> None:
    host, joiner = _sides()
    for _ in range(3):
        _throw(host, joiner)
    _commit_both(host, joiner)
    sent = host.commit()
    again = DiceExchange(Role.HOST, throws=list(host.throws), master=host.master)
    assert again.commit() == sent
    assert again.secret == host.secret


def test_each_side_draws_its_secrets_from_its_own_master() -> None:
    host, joiner = _sides()
    assert host.master != joiner.master
    assert host.commit() != joiner.commit()


def test_twenty_throws_in_a_row_all_agree() -> None:
    host, joiner = _sides()
    for number in range(1, 21):
        assert host.number == joiner.number == number
        host_dice, joiner_dice = _throw(host, joiner)
        assert host_dice is not None and host_dice == joiner_dice
    assert host.throws == joiner.throws
    assert [throw.number for throw in host.throws] == list(range(1, 21))
    assert all(check_throw(throw) == throw.dice for throw in host.throws)
    assert len({throw.host_secret for throw in host.throws}) == 20
    assert len({throw.joiner_secret for throw in host.throws}) == 20
    for throw in host.throws:
        assert host.own_reveal_of(throw.number) == Reveal(throw.number, throw.host_secret)
        assert joiner.own_reveal_of(throw.number) == Reveal(throw.number, throw.joiner_secret)
