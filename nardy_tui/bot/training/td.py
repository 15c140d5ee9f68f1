"""Train the expert's network by self-play (the command: ``python -m nardy_tui.cli.train``).

The network plays both sides, choosing each play by its own one-ply evaluation, and learns
from the game afterwards by TD(λ): every position's target is a blend of the evaluations of
the positions after it and, at the end, the game's real outcome (win or loss, with or
without mars). Positions are evaluated from the side to move, so the chances are turned to
one side's view to run the blend along the game, and back to each mover's view to learn.

Games are played many at a time (``self_play.SelfPlay``), each learnt from as soon as it
ends. Runs are reproducible: the dice of game ``k`` come from the seed and ``k`` alone;
the games between two checkpoints are played as one batch from the weights of the first,
and the weights, the optimiser's state and the strength curve are saved together in the
output file, so a run stopped at any checkpoint continues exactly where it was with
``--resume``.
Every ``--check-every`` games the one-ply network plays ``hard`` with duplicate dice and the
win rate is printed and kept in the file.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from nardy_tui.bot.arena import DiceStream, play_game
from nardy_tui.bot.expert import ExpertBot
from nardy_tui.bot.levels import get_bot
from nardy_tui.bot.network import LOSE_MARS, WIN, WIN_MARS, Array, Network, load
from nardy_tui.bot.players import Bot
from nardy_tui.bot.training.self_play import GameRecord, SelfPlay
from nardy_tui.bot.training.settings import Log, Progress, TrainingRun, TrainingSettings
from nardy_tui.engine import Side
from nardy_tui.options import Level


class Adam:
    """The Adam optimiser over the network's parameters, its moments kept with the weights."""

    BETA1 = 0.9
    BETA2 = 0.999
    EPSILON = 1e-8

    def __init__(self, network: Network, learning_rate: float) -> None:
        self.network = network
        self.learning_rate = learning_rate
        params = network.parameters()
        saved = network.meta_arrays
        self.first = [saved.get(f"m{i}", np.zeros_like(p)) for i, p in enumerate(params)]
        self.second = [saved.get(f"v{i}", np.zeros_like(p)) for i, p in enumerate(params)]
        self.steps = int(network.meta.get("adam_steps", 0))

    def step(self, grads: list[Array]) -> None:
        self.steps += 1
        correction1 = 1 - self.BETA1**self.steps
        correction2 = 1 - self.BETA2**self.steps
        for param, grad, m, v in zip(
            self.network.parameters(), grads, self.first, self.second, strict=True
        ):
            m *= self.BETA1
            m += (1 - self.BETA1) * grad
            v *= self.BETA2
            v += (1 - self.BETA2) * grad * grad
            param -= (
                self.learning_rate * (m / correction1) / (np.sqrt(v / correction2) + self.EPSILON)
            ).astype(np.float32)

    def store(self) -> None:
        """Put the moments where ``Network.save`` writes them."""
        for i, (m, v) in enumerate(zip(self.first, self.second, strict=True)):
            self.network.meta_arrays[f"m{i}"] = m
            self.network.meta_arrays[f"v{i}"] = v
        self.network.meta["adam_steps"] = self.steps


def mirror(values: Array) -> Array:
    """Chances seen from the other side: win and loss swap, and so do the two mars."""
    out = np.empty_like(values)
    out[:, WIN] = 1.0 - values[:, WIN]
    out[:, WIN_MARS] = values[:, LOSE_MARS]
    out[:, LOSE_MARS] = values[:, WIN_MARS]
    return out


def td_targets(
    values: Array,
    first_mover_moves: list[bool],
    outcome: Array,
    lam: float,
) -> Array:
    """The TD(λ) target of each position, from its mover's side.

    ``values[t]`` is the network's view of position ``t`` from its mover's side; the target
    of the last position is the outcome, and of each earlier one ``(1 - λ)`` times the next
    position's value plus ``λ`` times the next position's target (all from the first
    mover's side, as ``outcome`` is).
    """
    movers = np.array(first_mover_moves)[:, None]
    first_view = np.where(movers, values, mirror(values))
    targets = np.empty_like(first_view)
    running = outcome[0]
    for t in range(len(values) - 1, -1, -1):
        targets[t] = running
        running = (1 - lam) * first_view[t] + lam * running
    return np.where(movers, targets, mirror(targets))


def learn_from_game(network: Network, optimiser: Adam, game: GameRecord, lam: float) -> float:
    """One optimiser step on a finished game's TD(λ) targets; the step's error."""
    assert game.outcome is not None
    inputs = np.array(game.inputs)
    values = network.probabilities(inputs)
    targets = td_targets(values, game.first_mover_moves, game.outcome, lam)
    grads, error = network.gradients(inputs, targets)
    optimiser.step(grads)
    return error


def strength_check(network: Network, games: int, seed: int, reference: Network | None) -> float:
    """The one-ply network's share of games won, with duplicate dice, against ``hard`` or,
    if given, the one-ply ``reference`` network (much faster to play than ``hard``)."""
    player: Bot = ExpertBot(network, width=0)
    opponent = (
        get_bot(Level.HARD, seed=seed) if reference is None else ExpertBot(reference, width=0)
    )
    wins = 0
    for game in range(games):
        pair, second = divmod(game, 2)
        side = Side.WHITE if second == 0 else Side.BLACK
        think: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
        winner, _ = play_game(
            {side: player, side.opponent: opponent}, DiceStream(f"check:{seed}:{pair}", seed), think
        )
        wins += winner is side
    return wins / games


def start_network(run: TrainingRun, log: Log) -> tuple[Network, TrainingSettings]:
    """The network to train: the output file's when resuming, otherwise a fresh one."""
    if run.resume and run.out.exists():
        network = load(run.out)
        games = int(network.meta.get("games", 0))
        settings = TrainingSettings(**network.meta.get("settings", {}))
        if run.learning_rate is not None and run.learning_rate != settings.learning_rate:
            # Lowering the step size once the play has settled lets the network refine it;
            # each change is kept in the file, so the run stays reproducible.
            settings = replace(settings, learning_rate=run.learning_rate)
            network.meta.setdefault("schedule", []).append(
                {"games": games, "learning_rate": run.learning_rate}
            )
        if run.widen is not None and run.widen != network.hidden:
            # A flattening curve may need more room: the same play, more hidden units.
            network = network.widened(run.widen, settings.seed + games)
            network.meta["adam_steps"] = 0  # its moments start again with the new shapes
            settings = replace(settings, hidden=run.widen)
            network.meta.setdefault("schedule", []).append({"games": games, "hidden": run.widen})
        network.meta["settings"] = settings.__dict__  # older files: the defaults they ran on
        log(
            f"resuming {run.out} after {games} games, "
            f"learning rate {settings.learning_rate}, "
            f"{settings.parallel_games} games at a time"
        )
        return network, settings
    settings = TrainingSettings(
        hidden=run.hidden,
        lam=run.lam,
        learning_rate=run.learning_rate or TrainingSettings.learning_rate,
        seed=run.seed,
        parallel_games=run.parallel_games,
    )
    network = Network.fresh(settings.hidden, settings.seed)
    network.meta = {"settings": settings.__dict__, "games": 0, "seconds": 0.0, "curve": []}
    return network, settings


def _next_stop(done: int, run: TrainingRun) -> int:
    """The next game count at which the run saves, checks its strength or ends."""
    stops = [run.games, (done // run.checkpoint_every + 1) * run.checkpoint_every]
    if run.check_games:
        stops.append((done // run.check_every + 1) * run.check_every)
    return min(stops)


def train(run: TrainingRun, log: Log, progress: Progress) -> Network:
    """Run the training loop described in the module docstring, telling ``progress`` of
    every game and ``log`` of each report line."""
    network, settings = start_network(run, log)
    optimiser = Adam(network, settings.learning_rate)
    players = SelfPlay(network, settings.seed, settings.parallel_games)
    reference = None if run.check_against is None else load(run.check_against)
    done = int(network.meta.get("games", 0))
    started = time.perf_counter()
    seconds_before = float(network.meta.get("seconds", 0.0))
    errors: list[float] = []

    def save() -> None:
        optimiser.store()
        network.meta["games"] = done
        network.meta["seconds"] = round(seconds_before + time.perf_counter() - started, 1)
        network.save(run.out)

    def learn(game: GameRecord) -> None:
        nonlocal done
        errors.append(learn_from_game(network, optimiser, game, settings.lam))
        done += 1
        progress(done, float(np.mean(errors[-200:])))
        if done % run.log_every == 0:
            rate = (time.perf_counter() - started) / max(len(errors), 1)
            log(
                f"games {done}: td error {np.mean(errors[-run.log_every :]):.4f}, {rate:.3f} s/game"
            )

    while done < run.games:
        players.run(done, _next_stop(done, run), learn)
        if done % run.check_every == 0 and run.check_games:
            share = strength_check(network, run.check_games, settings.seed + done, reference)
            against = Level.HARD.value if run.check_against is None else run.check_against.name
            network.meta["curve"].append(
                {
                    "games": done,
                    "win_rate": round(share, 4),
                    "against": against,
                    "check_games": run.check_games,
                    "hours": round((seconds_before + time.perf_counter() - started) / 3600, 2),
                }
            )
            log(
                f"games {done}: one-ply network vs one-ply {against} {share:.1%} "
                f"over {run.check_games} games"
            )
        if done % run.checkpoint_every == 0:
            save()
    save()
    log(f"saved {run.out} after {done} games")
    return network
