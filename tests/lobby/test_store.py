"""The lobby's store keeps what the server decided, on SQLite and on PostgreSQL alike, and
refuses what would contradict what it has: a name taken twice, a seek taken twice, two
messages with one number, a match that ends twice."""

from __future__ import annotations

import asyncio

import pytest

from nardy_tui.engine import Side
from nardy_tui.lobby.database import Database
from nardy_tui.lobby.store import (
    Conflict,
    Ending,
    Heartbeat,
    InstanceId,
    NameTaken,
    NotFound,
    Player,
    Store,
)
from nardy_tui.online import BLITZ, RAPID, MatchClock, Rating

KEY = "ab" * 32
ONE = InstanceId("lobby-1")
TWO = InstanceId("lobby-2")


async def two_players(store: Store) -> tuple[Player, Player]:
    return (
        await store.register("anna", KEY, bot=False),
        await store.register("boris", KEY, bot=False),
    )


async def test_a_new_player_starts_at_1500_and_is_found_by_name_in_any_case(
    store: Store,
) -> None:
    registered = await store.register("Anna_7", KEY, bot=True)
    assert registered.rating == Rating(1500.0, 0)
    assert (registered.matches_played, registered.bot, registered.banned) == (0, True, False)
    assert await store.player("aNNA_7") == registered
    assert await store.player("boris") is None


async def test_a_name_is_first_come_first_served_whatever_its_case(store: Store) -> None:
    await store.register("anna", KEY, bot=False)
    with pytest.raises(NameTaken):
        await store.register("ANNA", "cd" * 32, bot=False)
    found = await store.player("anna")
    assert found is not None and (found.name, found.public_key) == ("anna", KEY)


async def test_a_banned_player_stays_banned_and_leaves_the_rating_list(store: Store) -> None:
    await two_players(store)
    assert (await store.ban("ANNA")).banned
    found = await store.player("anna")
    assert found is not None and found.banned
    assert [player.name for player in await store.ratings(0, 100)] == ["boris"]
    with pytest.raises(NotFound):
        await store.ban("nobody")


async def test_a_player_has_one_open_seek_and_a_new_one_replaces_it(store: Store) -> None:
    anna, boris = await two_players(store)
    first, replaced = await store.add_seek(anna.id, 3, RAPID)
    assert replaced is None
    assert (first.player, first.points, first.clock) == (anna, 3, RAPID)
    second, replaced = await store.add_seek(anna.id, 5, None)
    assert replaced == first.id
    theirs, _ = await store.add_seek(boris.id, 1, BLITZ)
    assert await store.seeks() == [second, theirs]
    assert await store.withdraw_seek(anna.id) == second.id
    assert await store.withdraw_seek(anna.id) is None
    assert await store.seeks() == [theirs]


async def test_a_match_starts_in_play_with_the_colours_and_the_clock_given(
    store: Store,
) -> None:
    anna, boris = await two_players(store)
    match = await store.start_match(boris.id, anna.id, 3, MatchClock(RAPID, 3))
    assert (match.white, match.black, match.points) == (boris, anna, 3)
    assert (match.side_of(anna.id), match.side_of(boris.id)) == (Side.BLACK, Side.WHITE)
    assert match.clock is not None and match.clock.rule == RAPID
    assert (match.score, match.result) == ((0, 0), None)
    assert [playing.id for playing in await store.matches_in_play()] == [match.id]
    again = await store.match(match.id)
    assert again is not None and (again.white, again.black) == (boris, anna)


async def test_a_players_match_in_play_and_the_clocks_in_play_are_found_alone(
    store: Store,
) -> None:
    anna, boris = await two_players(store)
    carl = await store.register("carl", KEY, bot=False)
    dora = await store.register("dora", KEY, bot=False)
    timed = await store.start_match(anna.id, boris.id, 3, MatchClock(RAPID, 3))
    untimed = await store.start_match(dora.id, carl.id, 1, None)
    for player, match in ((anna, timed), (boris, timed), (carl, untimed), (dora, untimed)):
        found = await store.match_in_play_of(player.id)
        assert found is not None and found.id == match.id
    clocks = await store.clocks_in_play()
    assert list(clocks) == [timed.id] and clocks[timed.id].rule == RAPID
    await store.finish_match(timed.id, Side.WHITE, (3, 0), Ending.POINTS)
    assert await store.match_in_play_of(anna.id) is None
    assert await store.clocks_in_play() == {}


async def test_a_seek_is_taken_by_one_match_only(store: Store) -> None:
    anna, boris = await two_players(store)
    carl = await store.register("carl", KEY, bot=False)
    seek, _ = await store.add_seek(anna.id, 1, None)
    await store.start_match(anna.id, boris.id, 1, None, taking=seek.id)
    with pytest.raises(NotFound):
        await store.start_match(carl.id, anna.id, 1, None, taking=seek.id)
    assert await store.seeks() == []
    assert len(await store.matches_in_play()) == 1


async def test_a_match_keeps_its_messages_in_order_read_from_any_number_on(
    store: Store,
) -> None:
    anna, boris = await two_players(store)
    match = await store.start_match(anna.id, boris.id, 1, None)
    sent = [(Side.WHITE, '{"t":"commit"}'), (Side.BLACK, '{"t":"commit"}')]
    sent.append((Side.WHITE, '{"t":"reveal"}'))
    for number, (side, text) in enumerate(sent):
        await store.append_message(match.id, number, side, text)
    kept = await store.messages(match.id, 1)
    assert [(message.sequence, message.sender, message.text) for message in kept] == [
        (1, Side.BLACK, '{"t":"commit"}'),
        (2, Side.WHITE, '{"t":"reveal"}'),
    ]


async def test_a_message_whose_number_is_not_the_next_is_a_conflict(store: Store) -> None:
    """The instance that stored it read the history before another stored a message."""
    anna, boris = await two_players(store)
    match = await store.start_match(anna.id, boris.id, 1, None)
    await store.append_message(match.id, 0, Side.WHITE, "{}")
    for stale_or_ahead in (0, 2):
        with pytest.raises(Conflict):
            await store.append_message(match.id, stale_or_ahead, Side.BLACK, "{}")
    assert [message.sender for message in await store.messages(match.id)] == [Side.WHITE]


async def test_a_message_keeps_the_score_and_the_clock_it_leaves(store: Store) -> None:
    anna, boris = await two_players(store)
    clock = MatchClock(BLITZ, 3)
    match = await store.start_match(anna.id, boris.id, 3, clock)
    clock.start_turn(Side.WHITE, now=100.0)
    clock.stop_turn(now=130.0)
    await store.append_message(match.id, 0, Side.WHITE, "{}", score=(2, 0), clock=clock)
    stored = await store.match(match.id)
    assert stored is not None and stored.score == (2, 0)
    assert stored.clock is not None and stored.clock.to_json() == clock.to_json()


async def test_the_end_of_a_match_moves_both_ratings_by_the_fibs_formula(store: Store) -> None:
    """Two new players after a match to one point: 1510 and 1490."""
    anna, boris = await two_players(store)
    match = await store.start_match(anna.id, boris.id, 1, None)
    ended = await store.finish_match(match.id, Side.BLACK, (0, 1), Ending.TIME)
    assert ended.result is not None
    assert (ended.result.winner, ended.result.ending, ended.score) == (
        Side.BLACK,
        Ending.TIME,
        (0, 1),
    )
    assert ended.result.ratings == {Side.WHITE: (1500.0, 1490.0), Side.BLACK: (1500.0, 1510.0)}
    assert [
        (player.name, player.rating, player.matches_played) for player in await store.ratings(0, 2)
    ] == [
        ("boris", Rating(1510.0, 1), 1),
        ("anna", Rating(1490.0, 1), 1),
    ]
    assert await store.matches_in_play() == []


async def test_a_match_ends_once_and_takes_no_message_after(store: Store) -> None:
    anna, boris = await two_players(store)
    match = await store.start_match(anna.id, boris.id, 1, None)
    await store.finish_match(match.id, Side.WHITE, (1, 0), Ending.RESIGNED)
    with pytest.raises(Conflict):
        await store.finish_match(match.id, Side.BLACK, (0, 1), Ending.TIME)
    with pytest.raises(Conflict):
        await store.append_message(match.id, 0, Side.WHITE, "{}")
    after = await store.player("anna")
    assert after is not None and (after.rating, after.matches_played) == (Rating(1510.0, 1), 1)


async def test_the_rating_list_comes_in_pages_best_first(store: Store) -> None:
    anna, _ = await two_players(store)
    carl = await store.register("carl", KEY, bot=True)
    match = await store.start_match(carl.id, anna.id, 1, None)
    await store.finish_match(match.id, Side.WHITE, (1, 0), Ending.POINTS)
    page = await store.ratings(1, 2)
    assert [player.name for player in page] == ["boris", "anna"]
    assert await store.ratings(3, 100) == []
    with pytest.raises(ValueError, match="100"):
        await store.ratings(0, 101)


async def test_every_instance_lists_who_is_online_through_any_instance(store: Store) -> None:
    anna, boris = await two_players(store)
    await store.set_online(anna.id, ONE)
    await store.set_online(boris.id, TWO)
    await store.start_match(anna.id, boris.id, 1, None)
    carl = await store.register("carl", KEY, bot=False)
    await store.set_online(carl.id, ONE)
    assert [
        (online.player.name, online.instance, online.playing) for online in await store.online()
    ] == [
        ("anna", ONE, True),
        ("boris", TWO, True),
        ("carl", ONE, False),
    ]


async def test_a_login_on_another_instance_takes_the_player_over(store: Store) -> None:
    """The first instance's goodbye to the player, coming later, leaves them online."""
    anna, _ = await two_players(store)
    await store.set_online(anna.id, ONE)
    await store.set_online(anna.id, TWO)
    await store.set_offline(anna.id, ONE)
    assert [(online.player, online.instance) for online in await store.online()] == [(anna, TWO)]
    assert await store.instance_of(anna.id) == TWO
    await store.set_offline(anna.id, TWO)
    assert await store.online() == []
    assert await store.instance_of(anna.id) is None


async def test_an_instance_that_starts_again_clears_who_was_online_through_it(
    store: Store,
) -> None:
    anna, boris = await two_players(store)
    await store.set_online(anna.id, ONE)
    await store.set_online(boris.id, TWO)
    await store.clear_instance(ONE)
    assert [online.player for online in await store.online()] == [boris]


async def test_a_match_that_ends_while_a_player_is_offline_is_theirs_to_hear_once(
    store: Store,
) -> None:
    """Anna was offline when it ended, Boris was online (and heard it then)."""
    anna, boris = await two_players(store)
    match = await store.start_match(anna.id, boris.id, 1, None)
    await store.set_online(anna.id, ONE)
    await store.set_online(boris.id, TWO)
    await store.set_offline(anna.id, ONE)
    await store.finish_match(match.id, Side.BLACK, (0, 1), Ending.TIME)
    missed = await store.missed_result(anna.id)
    assert missed is not None and missed.id == match.id and missed.result is not None
    assert await store.missed_result(anna.id) is None
    assert await store.missed_result(boris.id) is None


async def test_each_instance_is_remembered_by_its_last_heartbeat(store: Store) -> None:
    await store.keep_alive(ONE, 1000.0)
    await store.keep_alive(TWO, 1001.5)
    await store.keep_alive(ONE, 1005.0, stopping=True)
    assert await store.heartbeats() == {
        ONE: Heartbeat(1005.0, stopped=True),
        TWO: Heartbeat(1001.5, stopped=False),
    }


async def test_a_challenge_is_one_at_a_time_and_lasts_while_both_are_online(
    store: Store,
) -> None:
    anna, boris = await two_players(store)
    carl = await store.register("carl", KEY, bot=False)
    for player in (anna, boris, carl):
        await store.set_online(player.id, ONE)
    first = await store.add_challenge(anna.id, boris.id, 1, None)
    with pytest.raises(Conflict):  # Boris has one open
        await store.add_challenge(carl.id, boris.id, 1, None)
    second = await store.add_challenge(anna.id, carl.id, 3, None)  # in place of the first
    with pytest.raises(NotFound):
        await store.answer_challenge(first.id, boris.id, yes=True)
    await store.set_offline(carl.id, ONE)
    with pytest.raises(NotFound):
        await store.answer_challenge(second.id, carl.id, yes=True)
    await store.add_challenge(boris.id, anna.id, 1, None)  # both free again
    assert [c.challenger for c in await store.challenges_to(anna.id)] == [boris]


async def test_upgrading_a_lobby_that_is_up_to_date_changes_nothing(store: Store) -> None:
    """Every instance upgrades when it starts."""
    anna = await store.register("anna", KEY, bot=False)
    await store.upgrade()
    assert await store.player("anna") == anna


async def test_of_two_messages_stored_with_one_number_at_once_exactly_one_is(
    database: Database,
) -> None:
    """By two instances on PostgreSQL, or two connections of one instance: the one that
    loses learns so (Conflict), reads the history again and decides again."""
    store, other = Store(database), Store(database)
    try:
        anna, boris = await two_players(store)
        match = await store.start_match(anna.id, boris.id, 7, None)
        assert await other.messages(match.id) == []  # both instances connected
        for number in range(10):
            tries = await asyncio.gather(
                store.append_message(match.id, number, Side.WHITE, '"one"'),
                other.append_message(match.id, number, Side.BLACK, '"other"'),
                return_exceptions=True,
            )
            assert sorted(type(outcome).__name__ for outcome in tries) == ["Conflict", "NoneType"]
        kept = await other.messages(match.id)
        assert [message.sequence for message in kept] == list(range(10))
    finally:
        await store.close()
        await other.close()


async def test_a_match_ended_twice_at_once_counts_once(database: Database) -> None:
    """Two instances saw the same clock run out, say: one ends the match, the other learns
    so."""
    store, other = Store(database), Store(database)
    try:
        anna, boris = await two_players(store)
        matches = [await store.start_match(anna.id, boris.id, 1, None) for _ in range(5)]
        assert len(await other.matches_in_play()) == 5
        for match in matches:
            tries = await asyncio.gather(
                store.finish_match(match.id, Side.WHITE, (1, 0), Ending.TIME),
                other.finish_match(match.id, Side.WHITE, (1, 0), Ending.TIME),
                return_exceptions=True,
            )
            assert sorted(type(outcome).__name__ for outcome in tries) == [
                "Conflict",
                "StoredMatch",
            ]
        after = await store.player("anna")
        assert after is not None and (after.matches_played, after.rating.experience) == (5, 5)
    finally:
        await store.close()
        await other.close()
