"""The bear-off database: its moves are the engine's whatever the other side has at home,
its figures are what rolling the dice gives, and the race chances built on it agree with
the exact table, add up, and move the right way.

The database is solved once per test process (``bearoff_database``, about a second)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest

from nardy_tui.bot import bearoff, bearoff_file
from nardy_tui.bot.bearoff import (
    HOMES,
    NO_HOME,
    BearoffDatabase,
    Counts,
    all_homes,
    home_index,
    step_table,
)
from nardy_tui.bot.bearoff_file import bearoff_database, read, read_or_build, write
from nardy_tui.bot.exact import MOST_CHECKERS, Home, home_of, turn_ends, win_chance
from nardy_tui.engine import (
    ALL_ROLLS,
    CHECKERS,
    POINTS,
    Dice,
    Position,
    Side,
    board_index,
    legal_results,
)

HOMES_TABLE = all_homes()
STEPS = step_table(HOMES_TABLE)
EMPTY = home_index((0,) * 6)
ROLL_WEIGHTS = [(dice, (1 if dice.is_double else 2) / 36) for dice in ALL_ROLLS]


def counts_of(home: Home) -> Counts:
    return tuple(home.count(point) for point in range(1, 7))


def random_counts(chooser: random.Random, least: int = 1, most: int = CHECKERS) -> Counts:
    checkers = chooser.randint(least, most)
    return counts_of(tuple(chooser.randint(1, 6) for _ in range(checkers)))


def both_home(white: Counts, black: Counts, turn: Side) -> Position:
    board = [0] * POINTS
    for side, counts in ((Side.WHITE, white), (Side.BLACK, black)):
        for point, count in enumerate(counts, start=1):
            board[board_index(side, point)] += side.sign * count
    return Position.from_points(board, turn)


def database_ends(counts: Counts, dice: Dice) -> set[int]:
    """The homes a whole turn can end in by the database's step rule: the dice's steps in
    either order (four of a double), none left over unless the last checker is off."""
    orders = [dice.steps] if dice.is_double else [tuple(dice), tuple(reversed(dice))]
    ends: set[int] = set()
    for order in orders:
        reached = {home_index(counts)}
        for die in order:
            reached = {
                after
                for home in reached
                for after in ([home] if home == EMPTY else STEPS[home, die - 1])
                if after != NO_HOME
            }
        ends |= reached
    return ends


def test_home_index_numbers_every_home_once() -> None:
    indices = {home_index(tuple(int(count) for count in row)) for row in HOMES_TABLE}
    assert len(indices) == HOMES == 54_264
    assert indices == set(range(HOMES))


def test_the_databases_turns_are_the_engines_whatever_the_other_side_has_at_home() -> None:
    # Both sides home: nothing of the opponent's changes what the mover may play.
    chooser = random.Random(3)
    for _ in range(40):
        mine, theirs = random_counts(chooser), random_counts(chooser)
        position = both_home(theirs, mine, Side.BLACK)
        for dice in ALL_ROLLS:
            engine = {
                home_index(counts_of(home_of(after, Side.BLACK) or ()))
                for _, after in legal_results(position, dice)
            }
            assert database_ends(mine, dice) == engine, (mine, dice)


def test_every_row_adds_up_to_one_and_a_side_with_one_off_has_its_first_off_already() -> None:
    database = bearoff_database()
    assert np.allclose(database.finish.sum(axis=1), 1.0, atol=1e-5)
    assert np.allclose(database.first_off.sum(axis=1), 1.0, atol=1e-5)
    some_off = HOMES_TABLE.sum(axis=1) < CHECKERS
    assert (database.first_off[some_off, 0] == 1.0).all()
    assert (database.first_off[~some_off, 0] == 0.0).all()


def expected_rolls(database: BearoffDatabase, counts: Counts) -> float:
    row = database.finishing(counts)
    return float(row @ np.arange(len(row)))


def test_each_roll_is_played_to_finish_soonest_on_average() -> None:
    # The same figure from the exact table's turns (themselves held to the engine's).
    database = bearoff_database()
    mean: dict[Home, float] = {(): 0.0}
    homes = [
        home
        for size in range(1, MOST_CHECKERS + 1)
        for home in itertools.combinations_with_replacement(range(6, 0, -1), size)
    ]
    for home in sorted(homes, key=sum):
        mean[home] = 1.0 + sum(
            weight * min(mean[end] for end in turn_ends(home, dice))
            for dice, weight in ROLL_WEIGHTS
        )
        assert expected_rolls(database, counts_of(home)) == pytest.approx(mean[home], abs=1e-5)


def test_a_checker_fewer_never_takes_longer() -> None:
    database = bearoff_database()
    means = database.finish @ np.arange(database.finish.shape[1])
    for point in range(1, 7):
        has = HOMES_TABLE[:, point - 1] > 0
        fewer = HOMES_TABLE[has].copy()
        fewer[:, point - 1] -= 1
        fewer_means = means[[home_index(tuple(int(c) for c in row)) for row in fewer]]
        assert (fewer_means <= means[has] + 1e-5).all(), point


def test_a_checker_further_on_may_take_longer() -> None:
    # A die cannot bear off from below a checker that stands higher: on 6, 3 and 2, a 3
    # and a 2 bear off at once; on 6, 2 and 2 the 3 must move a checker down.
    database = bearoff_database()
    spread, doubled = (0, 1, 1, 0, 0, 1), (0, 2, 0, 0, 0, 1)
    assert expected_rolls(database, doubled) > expected_rolls(database, spread)


def test_hand_counted_homes() -> None:
    database = bearoff_database()
    # One checker on the 6-point is off in one roll if a die is 6 or the two make 6 or
    # more (the higher die then bears off from the highest point): 27 rolls of 36.
    assert database.finishing((0, 0, 0, 0, 0, 1))[1] == pytest.approx(27 / 36)
    # Fifteen on the 6-point bear one off in one roll with a 6, with 5-1 or 4-2, or with
    # 2-2 or 3-3: 17 rolls of 36.
    assert database.first_checker_off((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36)
    # Fifteen on the 1-point: two off a roll, four with a double.
    assert database.finishing((15, 0, 0, 0, 0, 0))[:4].sum() == 0.0


def test_hand_counted_races() -> None:
    database = bearoff_database()
    on_six, on_one = (0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0)
    assert database.race_chances(on_six, on_one).win == pytest.approx(27 / 36)
    # Off at once against fifteen still on the board: a mars, sure.
    assert database.race_chances(on_one, (0, 0, 0, 0, 0, 15)).win_mars == pytest.approx(1.0)
    # Fifteen on the 6-point against one that is off next roll: marred unless the first
    # roll bears one off.
    fifteen = database.race_chances((0, 0, 0, 0, 0, 15), on_one)
    assert fifteen.win == 0.0
    assert fifteen.lose_mars == pytest.approx(19 / 36)


def all_small_homes() -> list[Home]:
    return [
        home
        for size in range(1, MOST_CHECKERS + 1)
        for home in itertools.combinations_with_replacement(range(6, 0, -1), size)
    ]


def test_small_races_agree_with_the_exact_table_to_a_hundredth() -> None:
    # Playing to finish soonest is not always playing to win, but it is near.
    database = bearoff_database()
    chooser = random.Random(8)
    homes = all_small_homes()
    gaps = []
    for mine in homes:
        for theirs in chooser.sample(homes, 4):
            found = database.race_chances(counts_of(mine), counts_of(theirs))
            gaps.append(abs(found.win - win_chance(mine, theirs)))
    assert max(gaps) < 0.01
    assert sum(gaps) / len(gaps) < 0.001


def test_the_race_chances_add_up_and_keep_their_bounds() -> None:
    database = bearoff_database()
    chooser = random.Random(4)
    for _ in range(300):
        mine, theirs = random_counts(chooser), random_counts(chooser)
        chances = database.race_chances(mine, theirs)
        my_finish, their_finish = database.finishing(mine), database.finishing(theirs)
        # The opponent wins when the mover has not finished by the opponent's n-th roll.
        lose = their_finish[1:] @ (1.0 - np.cumsum(my_finish))[1:]
        assert chances.win + lose == pytest.approx(1.0, abs=1e-5)
        assert 0.0 <= chances.win_mars <= chances.win
        assert 0.0 <= chances.lose_mars <= 1.0 - chances.win + 1e-9


def test_the_mover_wins_no_less_with_a_checker_fewer() -> None:
    database = bearoff_database()
    chooser = random.Random(6)
    for _ in range(300):
        mine, theirs = random_counts(chooser, least=2), random_counts(chooser)
        point = chooser.choice([point for point, count in enumerate(mine, 1) if count])
        fewer = tuple(count - (at == point) for at, count in enumerate(mine, 1))
        before = database.race_chances(mine, theirs)
        after = database.race_chances(fewer, theirs)
        assert after.win >= before.win - 1e-6
        assert after.lose_mars <= before.lose_mars + 1e-6


def test_the_file_is_read_back_and_a_damaged_or_old_one_is_solved_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = bearoff_database()
    solved: list[int] = []

    def build() -> BearoffDatabase:
        solved.append(1)
        return database

    monkeypatch.setattr(bearoff, "build", build)
    path = tmp_path / "data" / bearoff_file.FILE_NAME
    assert read_or_build(path) is database and len(solved) == 1
    again = read_or_build(path)  # read from the file, not solved
    assert len(solved) == 1 and again.digest() == database.digest()
    path.write_bytes(path.read_bytes()[:1000])  # cut short
    assert read(path) is None
    assert read_or_build(path).digest() == database.digest() and len(solved) == 2
    assert read(path) is not None  # written anew
    monkeypatch.setattr(bearoff_file, "VERSION", bearoff_file.VERSION + 1)
    assert read(path) is None
    path.write_text("not a table", encoding="utf-8")
    assert read(path) is None


def test_a_folder_that_cannot_be_written_keeps_the_database_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    write(blocker / bearoff_file.FILE_NAME, bearoff_database())  # no error
    assert list(tmp_path.iterdir()) == [blocker]


def test_a_tampered_figure_is_caught_by_the_digest(tmp_path: Path) -> None:
    database = bearoff_database()
    finish = database.finish.copy()
    finish[7, 3] += 0.25
    path = tmp_path / bearoff_file.FILE_NAME
    write(path, database)
    with np.load(path) as stored:
        fields = dict(stored)
    np.savez_compressed(path, **{**fields, "finish": finish})
    assert read(path) is None
