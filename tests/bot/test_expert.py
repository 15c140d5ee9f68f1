"""The expert evaluator: what it reads of a position, what it answers, and its weights file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nardy_tui.bot import Evaluation, WeightsError, get_bot
from nardy_tui.bot.encoding import INPUTS, encode, encode_sides, mover_counts
from nardy_tui.bot.expert import ExpertBot, shipped_network
from nardy_tui.bot.network import Network, load
from nardy_tui.engine import Dice, Position, Side, board_index, own_point
from nardy_tui.options import Level
from tests.engine.boards import position as make_position

Sample = list[tuple[Position, Dice]]


def colours_swapped(position: Position) -> Position:
    """The same position with White and Black exchanged: each checker keeps its own point
    number, and the other colour moves."""
    points = [0] * 24
    for index, count in enumerate(position.points):
        if count > 0:
            points[board_index(Side.BLACK, index + 1)] = -count
        elif count < 0:
            points[board_index(Side.WHITE, own_point(Side.BLACK, index))] = -count
    first_turns = frozenset(side.opponent for side in position.first_turns)
    return Position(tuple(points), position.turn.opponent, first_turns)


@pytest.fixture(scope="module")
def expert() -> ExpertBot:
    bot = get_bot(Level.EXPERT, seed=2)
    assert isinstance(bot, ExpertBot)
    return bot


def test_the_encoding_is_the_same_for_either_colour(positions: Sample) -> None:
    batch = [position for position, _ in positions]
    inputs = encode(batch)
    assert inputs.shape == (len(batch), INPUTS)
    assert np.array_equal(inputs, encode([colours_swapped(p) for p in batch]))


def test_a_shared_mover_encodes_as_if_repeated_on_every_row(positions: Sample) -> None:
    chosen = [position for position, _ in positions]
    mine, theirs = mover_counts(
        np.array([position.points for position in chosen], dtype=np.int64),
        np.array([position.turn is Side.WHITE for position in chosen]),
    )
    mover_of_row = np.arange(len(chosen))[::-1] % 3
    first_turns = np.zeros((len(chosen), 2), dtype=bool)
    repeated = encode_sides(mine[mover_of_row], theirs, first_turns)
    assert np.array_equal(encode_sides(mine[:3], theirs, first_turns, mover_of_row), repeated)


def test_the_same_position_seen_from_the_other_side_gives_the_mirrored_chances(
    expert: ExpertBot, positions: Sample
) -> None:
    for position, _ in positions[:40]:
        mine = expert.evaluate(position)
        assert mine == expert.evaluate(colours_swapped(position))
        # Told from the opponent, the same chances read the other way round.
        theirs = mine.mirrored()
        assert theirs.win == pytest.approx(1 - mine.win)
        assert theirs.equity == pytest.approx(-mine.equity)


def test_probabilities_are_probabilities_and_a_mars_is_part_of_a_win(
    expert: ExpertBot, positions: Sample
) -> None:
    for position, _ in positions:
        chances = expert.evaluate(position)
        assert 0.0 <= chances.win <= 1.0
        assert 0.0 <= chances.win_mars <= chances.win
        assert 0.0 <= chances.lose_mars <= 1.0 - chances.win
        assert -2.0 <= chances.equity <= 2.0


def test_a_finished_game_has_exact_values(expert: ExpertBot) -> None:
    # White has borne off all 15 and Black none: Black, to move, has lost with a mars.
    marred = make_position({24: 15}, {}, side=Side.BLACK)
    assert expert.evaluate(marred) == Evaluation(win=0.0, win_mars=0.0, lose_mars=1.0)
    # Black had borne one checker off: a single game lost.
    lost = make_position({1: 14}, {}, side=Side.BLACK)
    assert expert.evaluate(lost) == Evaluation(win=0.0, win_mars=0.0, lose_mars=0.0)
    assert expert.evaluate(lost).equity == -1.0
    assert expert.evaluate(marred).equity == -2.0


def test_no_mars_against_a_side_that_has_borne_a_checker_off(expert: ExpertBot) -> None:
    # Both sides are bearing off and have taken checkers off: no mars either way.
    racing = make_position({1: 5, 2: 5}, {3: 7, 4: 6})
    chances = expert.evaluate(racing)
    assert chances.win_mars == 0.0 and chances.lose_mars == 0.0
    # White is far ahead and Black has borne nothing off: a mars is possible for White.
    ahead = make_position({1: 3}, {24: 15})
    chances = expert.evaluate(ahead)
    assert chances.lose_mars == 0.0
    assert chances.win > 0.9


@pytest.mark.slow
def test_choices_are_legal_and_deterministic(positions: Sample) -> None:
    first = get_bot(Level.EXPERT, seed=4)
    second = get_bot(Level.EXPERT, seed=4)
    sample = positions[::4]
    choices = [first.choose(position, dice) for position, dice in sample]
    assert choices == [second.choose(position, dice) for position, dice in sample]


def test_a_missing_weights_file_is_named_in_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.npz"
    with pytest.raises(WeightsError) as caught:
        load(missing)
    message = str(caught.value)
    assert str(missing) in message and "missing" in message and "\n" not in message


@pytest.mark.parametrize("content", [b"", b"not a zip file at all", b"PK\x03\x04broken"])
def test_a_corrupt_weights_file_is_named_in_one_line(tmp_path: Path, content: bytes) -> None:
    corrupt = tmp_path / "expert.npz"
    corrupt.write_bytes(content)
    with pytest.raises(WeightsError) as caught:
        load(corrupt)
    assert str(corrupt) in str(caught.value) and "\n" not in str(caught.value)


def test_weights_of_the_wrong_shape_are_refused(tmp_path: Path) -> None:
    network = Network.fresh(hidden=8, seed=1)
    network.w1 = network.w1[:-1]
    path = tmp_path / "small.npz"
    network.save(path)
    with pytest.raises(WeightsError, match="do not fit"):
        load(path)


def test_the_shipped_weights_load_and_round_trip(tmp_path: Path) -> None:
    network = shipped_network()
    copy = tmp_path / "copy.npz"
    network.save(copy)
    again = load(copy)
    for before, after in zip(network.parameters(), again.parameters(), strict=True):
        assert np.array_equal(before, after)
    assert again.meta == network.meta


def test_nardy_refuses_an_expert_match_without_weights_in_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "expert.npz"
    broken.write_text("garbage")
    env = {**os.environ, "NARDY_HOME": str(tmp_path / "home"), "NARDY_EXPERT_WEIGHTS": str(broken)}
    done = subprocess.run(
        [sys.executable, "-m", "nardy_tui", "--bot", "expert"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1  # a broken install, not a mistaken option
    assert "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert str(broken) in line and "--bot easy, medium or hard" in line


def test_the_other_levels_and_the_game_start_never_load_numpy() -> None:
    code = (
        "import sys, nardy_tui.cli, nardy_tui.ui.app\n"
        "from nardy_tui.bot import get_bot\n"
        "from nardy_tui.engine import Position\n"
        "from nardy_tui.options import Level\n"
        "for level in (Level.EASY, Level.MEDIUM, Level.HARD):\n"
        "    get_bot(level).choose(Position.initial(), (3, 1))\n"
        "print('numpy' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"


def test_a_level_may_be_named_and_a_name_that_is_no_level_is_refused_in_words() -> None:
    assert isinstance(get_bot("expert", seed=2), ExpertBot)
    with pytest.raises(ValueError, match="no bot level is called 'master'"):
        get_bot("master")
