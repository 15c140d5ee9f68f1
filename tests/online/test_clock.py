"""Match clocks as Backgammon Galaxy keeps them (``nardy_tui.online.clock``): a delay every
turn, then a reserve for the match; the time is told to the clock, never read by it."""

from __future__ import annotations

import json
import math
import re

import pytest

from nardy_tui.engine import Side
from nardy_tui.online import BLITZ, RAPID, SLOW, ClockError, ClockRule, MatchClock

WHITE, BLACK = Side.WHITE, Side.BLACK
START = 1_000_000.0
"""When the match begins, on the servers' clock."""


def blitz_clock(length: int = 3) -> MatchClock:
    """8 s a turn, then 20 s a point of reserve: 60 s each in a 3-point match."""
    return MatchClock(BLITZ, length)


def after_one_turn(seconds: float, clock: MatchClock | None = None) -> MatchClock:
    clock = clock or blitz_clock()
    clock.start_turn(WHITE, START)
    clock.stop_turn(START + seconds)
    return clock


def test_each_side_starts_with_the_reserve_of_every_point_of_the_match() -> None:
    clock = MatchClock(RAPID, 5)
    assert clock.remaining(WHITE, START) == clock.remaining(BLACK, START) == 5 * 60


def test_a_turn_inside_the_delay_costs_no_reserve() -> None:
    assert after_one_turn(8).remaining(WHITE, START + 8) == 60


def test_what_a_turn_takes_beyond_the_delay_comes_off_the_reserve() -> None:
    assert after_one_turn(12.5).remaining(WHITE, START + 12.5) == 55.5


def test_an_unused_delay_is_not_kept_for_a_later_turn() -> None:
    clock = after_one_turn(2)
    clock.start_turn(WHITE, START + 10)
    clock.stop_turn(START + 10 + 18)
    assert clock.remaining(WHITE, START + 28) == 50


def test_only_the_side_on_turn_spends_time() -> None:
    clock = blitz_clock()
    clock.start_turn(WHITE, START)
    assert clock.remaining(BLACK, START + 30) == 60
    assert clock.remaining(WHITE, START + 30) == 38


def test_in_its_turn_a_side_sees_the_delay_run_first_and_then_the_reserve() -> None:
    clock = blitz_clock()
    clock.start_turn(WHITE, START)
    assert [clock.reserve_left(WHITE, START + t) for t in (0, 5, 8, 9, 70)] == [60, 60, 60, 59, 0]
    assert [clock.remaining(WHITE, START + t) for t in (0, 5, 8, 9, 70)] == [68, 63, 60, 59, 0]


def test_the_reserve_runs_out_in_a_turn_that_side_has_lost() -> None:
    clock = blitz_clock()
    clock.start_turn(BLACK, START)
    assert clock.flagged(START + 67.9) is None
    assert clock.flagged(START + 68) is BLACK


def test_a_side_out_of_reserve_still_has_its_delay_each_turn() -> None:
    clock = MatchClock(ClockRule(8, 0), 1)
    clock.start_turn(WHITE, START)
    assert clock.flagged(START + 7.9) is None
    assert clock.flagged(START + 8) is WHITE


def test_time_while_paused_does_not_count() -> None:
    clock = blitz_clock()
    clock.start_turn(WHITE, START)
    clock.pause(START + 5)
    assert clock.remaining(WHITE, START + 3600) == 63
    clock.resume(START + 3600)
    clock.stop_turn(START + 3600 + 5)
    assert clock.remaining(WHITE, START + 3605) == 58


def test_a_turn_begun_while_paused_runs_from_the_resume() -> None:
    clock = blitz_clock()
    clock.pause(START)
    clock.start_turn(BLACK, START + 10)
    clock.resume(START + 100)
    assert clock.remaining(BLACK, START + 110) == 58


def test_a_clock_read_before_its_turn_began_counts_no_time() -> None:
    clock = blitz_clock()
    clock.start_turn(WHITE, START)
    assert clock.remaining(WHITE, START - 5) == 68


@pytest.mark.parametrize(
    ("rule", "written"),
    [(BLITZ, "8+20"), (RAPID, "10+60"), (SLOW, "15+180"), (ClockRule(0, 1800), "0+1800")],
)
def test_a_rule_is_written_as_the_delay_plus_the_reserve_a_point(
    rule: ClockRule, written: str
) -> None:
    assert (str(rule), ClockRule.parse(written)) == (written, rule)


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("121+20", "delay is 0 to 120 seconds"),
        ("8+1801", "reserve is 0 to 1800 seconds"),
        ("0+0", "no time at all"),
        ("8", "as 8+20"),
        ("8+", "as 8+20"),
        ("-1+20", "as 8+20"),
        ("8+20+5", "as 8+20"),
        ("\u0668+\u0662\u0660", "as 8+20"),
        ("99999+1", "as 8+20"),
    ],
)
def test_a_rule_out_of_bounds_or_not_written_as_one_is_refused_in_words(
    written: str, words: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        ClockRule.parse(written)


def test_misusing_the_clock_is_an_error_of_the_callers() -> None:
    clock = blitz_clock()
    with pytest.raises(ClockError):
        clock.stop_turn(START)
    with pytest.raises(ClockError):
        clock.resume(START)
    clock.start_turn(WHITE, START)
    with pytest.raises(ClockError):
        clock.start_turn(BLACK, START)
    clock.pause(START)
    with pytest.raises(ClockError):
        clock.pause(START)


def snapshots() -> dict[str, MatchClock]:
    """A clock in each of its states."""
    between_turns = after_one_turn(20)
    running = after_one_turn(20)
    running.start_turn(BLACK, START + 20)
    paused = after_one_turn(20)
    paused.start_turn(BLACK, START + 20)
    paused.pause(START + 30)
    return {"between turns": between_turns, "running": running, "paused": paused}


@pytest.mark.parametrize("state", ["between turns", "running", "paused"])
def test_a_snapshot_through_json_is_the_same_clock(state: str) -> None:
    clock = snapshots()[state]
    restored = MatchClock.from_json(json.loads(json.dumps(clock.to_json())))
    assert restored.to_json() == clock.to_json()
    later = START + 45
    assert [restored.remaining(side, later) for side in Side] == [
        clock.remaining(side, later) for side in Side
    ]


def test_after_a_server_restart_nothing_of_the_stop_counts() -> None:
    """The server wrote the clock 30 s into Black's turn, went away, and came back an hour
    later; both players came back 10 s after that."""
    clock = blitz_clock()
    clock.start_turn(BLACK, START)
    snapshot = clock.to_json()
    written_at = START + 30

    restored = MatchClock.from_json(snapshot)
    restored.pause(written_at)
    restored.resume(written_at + 3610)
    assert restored.remaining(BLACK, written_at + 3610 + 1) == 68 - 30 - 1


def a_snapshot(**changed: object) -> dict[str, object]:
    return {**snapshots()["running"].to_json(), **changed}


@pytest.mark.parametrize(
    "bad",
    [
        "not a clock",
        {"delay": 8},
        a_snapshot(extra=1),
        a_snapshot(delay=True),
        a_snapshot(delay=8.5),
        a_snapshot(delay=121),
        a_snapshot(length=2),
        a_snapshot(length=10**400),
        a_snapshot(white=61),
        a_snapshot(white=-1),
        a_snapshot(white=math.nan),
        a_snapshot(black=math.inf),
        a_snapshot(black="60"),
        a_snapshot(turn="red"),
        a_snapshot(turn=["white"]),
        a_snapshot(turn=None),
        a_snapshot(used=-1),
        a_snapshot(used=69),
        a_snapshot(since=None),
        a_snapshot(since=10**400),
        a_snapshot(paused=1),
        a_snapshot(paused=True),
    ],
)
def test_a_snapshot_that_no_clock_writes_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        MatchClock.from_json(bad)
