"""The host's gate for code guesses, on a clock of the test's own: one code is checked a
second over every connection together, ten wrong codes in a row shut the gate for half a
minute, the right code opens it again, and nobody is kept waiting longer than a joiner
waits for its answer."""

from __future__ import annotations

import asyncio
import itertools

from nardy_tui.net.gate import (
    CHECK_SECONDS,
    LONGEST_WAIT,
    PAUSE_AFTER,
    PAUSE_SECONDS,
    CodeGate,
)
from nardy_tui.net.line import HANDSHAKE_SECONDS
from tests.net.fake_clock import FakeClock


async def guess(
    gate: CodeGate,
    clock: FakeClock,
    checked: list[float],
    right: bool = False,
    waited: list[float] | None = None,
) -> bool:
    """One connection's try: whether its code was checked (when, and after how long a
    wait, is noted)."""
    came = clock()
    if not await gate.turn():
        return False
    checked.append(clock())
    if waited is not None:
        waited.append(clock() - came)
    gate.checked(right)
    return True


def gaps(times: list[float]) -> list[float]:
    return [later - earlier for earlier, later in itertools.pairwise(times)]


async def test_many_connections_at_once_are_checked_one_a_second_and_the_rest_turned_away() -> None:
    clock = FakeClock()
    gate = clock.gate()
    checked: list[float] = []
    waited: list[float] = []
    let_in = await asyncio.gather(*(guess(gate, clock, checked, waited=waited) for _ in range(50)))
    assert min(gaps(checked)) >= CHECK_SECONDS
    assert 1 < sum(let_in) == len(checked) <= 1 + clock() / CHECK_SECONDS
    assert sum(let_in) < 10
    assert max(waited) <= LONGEST_WAIT + CHECK_SECONDS


async def test_those_in_line_when_the_gate_shuts_are_turned_away_not_kept_waiting() -> None:
    clock = FakeClock()
    gate = clock.gate()
    checked: list[float] = []
    waited: list[float] = []
    for _ in range(PAUSE_AFTER - 2):
        await guess(gate, clock, checked)
    await asyncio.gather(*(guess(gate, clock, checked, waited=waited) for _ in range(5)))
    assert len(checked) == PAUSE_AFTER
    assert max(waited) <= LONGEST_WAIT + CHECK_SECONDS


async def test_one_guesser_after_another_is_checked_no_more_than_once_a_second() -> None:
    clock = FakeClock()
    gate = clock.gate()
    checked: list[float] = []
    for _ in range(PAUSE_AFTER - 1):
        assert await guess(gate, clock, checked)
    assert min(gaps(checked)) >= CHECK_SECONDS


async def test_ten_wrong_codes_in_a_row_shut_the_gate_for_half_a_minute() -> None:
    clock = FakeClock()
    gate = clock.gate()
    checked: list[float] = []
    for _ in range(PAUSE_AFTER):
        await guess(gate, clock, checked)
    shut_at = clock()
    while clock() < shut_at + PAUSE_SECONDS - LONGEST_WAIT:
        assert not await guess(gate, clock, checked), clock()  # turned away unchecked
        clock.now += 1
    assert len(checked) == PAUSE_AFTER
    assert await guess(gate, clock, checked)
    assert checked[-1] >= shut_at + PAUSE_SECONDS


async def test_a_guesser_who_keeps_trying_gets_about_ten_codes_in_forty_seconds() -> None:
    """A stranger who knocks every second for ten minutes."""
    clock = FakeClock()
    gate = clock.gate()
    checked: list[float] = []
    while clock() < 600:
        if not await guess(gate, clock, checked):
            clock.now += 1
    per_round = PAUSE_AFTER * CHECK_SECONDS + PAUSE_SECONDS
    assert len(checked) <= PAUSE_AFTER * (600 / per_round + 1)


async def test_the_right_code_starts_the_count_of_wrong_ones_again() -> None:
    clock = FakeClock()
    gate = clock.gate()
    checked: list[float] = []
    for _ in range(PAUSE_AFTER - 1):
        await guess(gate, clock, checked)
    await guess(gate, clock, checked, right=True)
    for _ in range(PAUSE_AFTER - 1):
        assert await guess(gate, clock, checked)
    assert max(gaps(checked)) < PAUSE_SECONDS


def test_nobody_waits_at_the_gate_as_long_as_a_joiner_waits_for_its_answer() -> None:
    assert LONGEST_WAIT + CHECK_SECONDS < HANDSHAKE_SECONDS
