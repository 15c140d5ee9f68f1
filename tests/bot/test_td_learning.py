"""A tiny self-play training run: it learns something, writes a file the game can load, and
resumes where it stopped. (The real training runs for hours and is not a test.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nardy_tui.bot import TrainingSettings
from nardy_tui.bot.network import Network, load
from nardy_tui.bot.training.td import mirror, td_targets
from nardy_tui.cli.train import main


@pytest.mark.slow
def test_a_few_games_change_the_weights_and_write_a_loadable_file(tmp_path: Path) -> None:
    out = tmp_path / "tiny.npz"
    assert (
        main(
            [
                "--games",
                "3",
                "--seed",
                "7",
                "--out",
                str(out),
                "--hidden",
                "16",
                "--check-every",
                "3",
                "--check-games",
                "1",  # one game against the hard bot: its search is most of the cost
            ]
        )
        == 0
    )
    trained = load(out)
    fresh = Network.fresh(hidden=16, seed=7)
    assert not np.array_equal(trained.w1, fresh.w1)
    assert trained.meta["games"] == 3
    assert trained.meta["settings"] == TrainingSettings(hidden=16, seed=7).__dict__
    [check] = trained.meta["curve"]
    assert check["games"] == 3 and check["against"] == "hard"
    assert 0.0 <= check["win_rate"] <= 1.0


def test_strength_can_be_checked_against_other_weights(tmp_path: Path) -> None:
    reference = tmp_path / "reference.npz"
    out = tmp_path / "run.npz"
    Network.fresh(hidden=8, seed=1).save(reference)
    assert (
        main(
            [
                "--games",
                "2",
                "--seed",
                "4",
                "--hidden",
                "8",
                "--out",
                str(out),
                "--check-every",
                "2",
                "--check-games",
                "4",
                "--check-against",
                str(reference),
            ]
        )
        == 0
    )
    [check] = load(out).meta["curve"]
    assert check["against"] == "reference.npz" and check["check_games"] == 4


def test_a_resumed_run_goes_on_from_its_checkpoint_and_repeats_itself(tmp_path: Path) -> None:
    # Games between two checkpoints are played side by side, so a run repeats itself when
    # it stops where the straight run saved (every 2 games here).
    straight = tmp_path / "straight.npz"
    resumed = tmp_path / "resumed.npz"
    common = ["--seed", "3", "--hidden", "8", "--check-games", "0", "--checkpoint-every", "2"]
    assert main(["--games", "4", "--out", str(straight), *common]) == 0
    assert main(["--games", "2", "--out", str(resumed), *common]) == 0
    assert main(["--games", "4", "--out", str(resumed), "--resume", *common]) == 0
    assert load(resumed).meta["games"] == 4
    for a, b in zip(load(straight).parameters(), load(resumed).parameters(), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_resuming_from_a_corrupt_file_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "broken.npz"
    out.write_text("not weights")
    assert main(["--games", "2", "--out", str(out), "--resume"]) == 1
    assert str(out) in capsys.readouterr().err


def test_the_last_position_learns_the_outcome_and_earlier_ones_blend_towards_it() -> None:
    # Three positions: White to move, then Black, then White; White then wins with a mars.
    values = np.array([[0.5, 0.1, 0.1], [0.4, 0.2, 0.1], [0.6, 0.3, 0.0]], dtype=np.float32)
    outcome = np.array([[1.0, 1.0, 0.0]], dtype=np.float32)
    targets = td_targets(values, [True, False, True], outcome, lam=0.5)
    np.testing.assert_allclose(targets[2], [1.0, 1.0, 0.0])
    # Black's position, from Black's side: the blend of White's next value and the outcome.
    white_view = 0.5 * values[2] + 0.5 * outcome[0]
    np.testing.assert_allclose(targets[1], mirror(white_view[None, :])[0])


def test_mirroring_twice_gives_the_chances_back() -> None:
    values = np.array([[0.7, 0.2, 0.05]], dtype=np.float32)
    np.testing.assert_allclose(mirror(mirror(values)), values)


def test_a_resumed_run_can_lower_its_learning_rate_and_keeps_a_note_of_it(tmp_path: Path) -> None:
    out = tmp_path / "run.npz"
    common = ["--seed", "2", "--hidden", "8", "--check-games", "0", "--out", str(out)]
    assert main(["--games", "2", *common]) == 0
    assert main(["--games", "3", "--resume", "--learning-rate", "0.0003", *common]) == 0
    meta = load(out).meta
    assert meta["settings"]["learning_rate"] == 0.0003
    assert meta["schedule"] == [{"games": 2, "learning_rate": 0.0003}]


def test_a_resumed_run_can_widen_its_network_and_plays_as_before_at_first(tmp_path: Path) -> None:
    out = tmp_path / "run.npz"
    common = ["--seed", "5", "--check-games", "0", "--out", str(out)]
    assert main(["--games", "2", "--hidden", "8", *common]) == 0
    narrow = load(out)
    widened = narrow.widened(12, seed=1)
    inputs = np.random.default_rng(0).random((20, narrow.w1.shape[0])).astype(np.float32)
    np.testing.assert_allclose(
        narrow.probabilities(inputs), widened.probabilities(inputs), atol=5e-3
    )
    assert main(["--games", "3", "--resume", "--widen", "12", *common]) == 0
    meta = load(out).meta
    assert load(out).hidden == 12 and meta["settings"]["hidden"] == 12
    assert meta["schedule"] == [{"games": 2, "hidden": 12}]


def test_widening_needs_a_run_to_resume(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "2", "--out", str(tmp_path / "w.npz"), "--widen", "256"])
    assert "--widen needs --resume" in capsys.readouterr().err
