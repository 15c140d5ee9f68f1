"""Train the expert's network by self-play (the command: ``python -m nardy_tui.cli.train``).

The network plays both sides, choosing each play by its own one-ply evaluation, and learns
from the game afterwards by TD(λ): every position's target is a blend of the evaluations of
the positions after it and, at the end, the game's real outcome (win or loss, with or
without mars). Positions are evaluated from the side to move, so the chances are turned to
one side's view to run the blend along the game, and back to each mover's view to learn.

Runs are reproducible: the dice of game ``k`` come from the seed and ``k`` alone, and the
weights, the optimiser's state and the strength curve are saved together in the output
file, so a run stopped at any checkpoint continues exactly where it was with ``--resume``.
Every ``--check-every`` games the one-ply network plays ``hard`` with duplicate dice and the
win rate is printed and kept in the file.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from nardy_tui.bot import get_bot
from nardy_tui.bot.arena import DiceStream, play_game
from nardy_tui.bot.encoding import encode
from nardy_tui.bot.expert import ExpertBot
from nardy_tui.bot.network import (
    LOSE_MARS,
    WIN,
    WIN_MARS,
    Array,
    Network,
    equities,
    load,
)
from nardy_tui.bot.players import Bot
from nardy_tui.bot.training import TrainingRun, TrainingSettings
from nardy_tui.engine import Match, Phase, Side, game_result, legal_results

MAX_TURNS = 2000


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
        correction1 = 1 - self.BETA1 ** self.steps
        correction2 = 1 - self.BETA2 ** self.steps
        for param, grad, m, v in zip(self.network.parameters(), grads, self.first, self.second,
                                     strict=True):
            m *= self.BETA1
            m += (1 - self.BETA1) * grad
            v *= self.BETA2
            v += (1 - self.BETA2) * grad * grad
            param -= (self.learning_rate * (m / correction1)
                      / (np.sqrt(v / correction2) + self.EPSILON)).astype(np.float32)

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


def self_play(network: Network, game: int, seed: int) -> tuple[Array, list[bool], Array]:
    """One game of the network against itself, greedy on its one-ply equity.

    Returns the inputs of every position a side was to move in, whether White was the mover
    there, and the outcome from White's side (win, win mars, lose mars). After the roll-off
    the game steps from position to position rather than through ``Match``: the turn
    builder and the notation a match keeps for every turn, which training never reads,
    would add about a quarter to its time.
    """
    dice = DiceStream(f"train:{seed}:{game}", seed)
    match = Match(length=1, dice=dice)
    while match.phase is Phase.ROLL_OFF:
        match.roll_off()
    position = match.position
    inputs = [encode([position])[0]]
    white_moves = [position.turn is Side.WHITE]
    for _ in range(MAX_TURNS):
        results = legal_results(position, (dice.die(), dice.die()))
        batch = encode([after for _, after in results])
        choice = int(np.argmin(equities(network.probabilities(batch)))) if len(results) > 1 else 0
        position = results[choice][1]
        result = game_result(position)
        if result is not None:
            winner, points = result
            mars = points == 2
            white_won = winner is Side.WHITE
            outcome = np.array([[float(white_won), float(white_won and mars),
                                 float(not white_won and mars)]], dtype=np.float32)
            return np.array(inputs), white_moves, outcome
        inputs.append(batch[choice])
        white_moves.append(position.turn is Side.WHITE)
    raise RuntimeError(f"self-play game {game} did not end within {MAX_TURNS} turns")


def td_targets(values: Array, white_moves: list[bool], outcome: Array, lam: float) -> Array:
    """The TD(λ) target of each position, from its mover's side.

    ``values[t]`` is the network's view of position ``t`` from its mover's side; the target
    of the last position is the outcome, and of each earlier one ``(1 - λ)`` times the next
    position's value plus ``λ`` times the next position's target (all from White's side).
    """
    movers = np.array(white_moves)[:, None]
    white_view = np.where(movers, values, mirror(values))
    targets = np.empty_like(white_view)
    running = outcome[0]
    for t in range(len(values) - 1, -1, -1):
        targets[t] = running
        running = (1 - lam) * white_view[t] + lam * running
    return np.where(movers, targets, mirror(targets))


def learn_from_game(network: Network, optimiser: Adam, game: int,
                    settings: TrainingSettings) -> float:
    """Play one self-play game and take one optimiser step on its TD(λ) targets."""
    inputs, white_moves, outcome = self_play(network, game, settings.seed)
    values = network.probabilities(inputs)
    targets = td_targets(values, white_moves, outcome, settings.lam)
    grads, error = network.gradients(inputs, targets)
    optimiser.step(grads)
    return error


def strength_check(network: Network, games: int, seed: int) -> float:
    """The one-ply network's share of games won against ``hard`` with duplicate dice."""
    player: Bot = ExpertBot(network, width=0)
    opponent = get_bot("hard", seed=seed)
    wins = 0
    for game in range(games):
        pair, second = divmod(game, 2)
        side = Side.WHITE if second == 0 else Side.BLACK
        think: dict[Side, list[float]] = {Side.WHITE: [], Side.BLACK: []}
        winner, _ = play_game({side: player, side.opponent: opponent},
                              DiceStream(f"check:{seed}:{pair}", seed), think)
        wins += winner is side
    return wins / games


def start_network(run: TrainingRun, console: Console) -> tuple[Network, TrainingSettings]:
    """The network to train: the output file's when resuming, otherwise a fresh one."""
    if run.resume and run.out.exists():
        network = load(run.out)
        games = int(network.meta.get("games", 0))
        settings = TrainingSettings(**network.meta.get("settings", {}))
        if run.learning_rate is not None and run.learning_rate != settings.learning_rate:
            # Lowering the step size once the play has settled lets the network refine it;
            # each change is kept in the file, so the run stays reproducible.
            settings = replace(settings, learning_rate=run.learning_rate)
            network.meta["settings"] = settings.__dict__
            network.meta.setdefault("schedule", []).append(
                {"games": games, "learning_rate": run.learning_rate})
        console.log(f"resuming {run.out} after {games} games, "
                    f"learning rate {settings.learning_rate}")
        return network, settings
    settings = TrainingSettings(
        hidden=run.hidden, lam=run.lam,
        learning_rate=run.learning_rate or TrainingSettings.learning_rate, seed=run.seed)
    network = Network.fresh(settings.hidden, settings.seed)
    network.meta = {"settings": settings.__dict__, "games": 0, "seconds": 0.0, "curve": []}
    return network, settings


def train(run: TrainingRun, console: Console) -> Network:
    """Run the training loop described in the module docstring."""
    network, settings = start_network(run, console)
    optimiser = Adam(network, settings.learning_rate)
    done = int(network.meta.get("games", 0))
    target = run.games
    started = time.perf_counter()
    seconds_before = float(network.meta.get("seconds", 0.0))
    errors: list[float] = []

    def save() -> None:
        optimiser.store()
        network.meta["games"] = done
        network.meta["seconds"] = round(seconds_before + time.perf_counter() - started, 1)
        network.save(run.out)

    columns = (TextColumn("training"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[note]}"), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task("train", total=target, completed=done, note="")
        while done < target:
            errors.append(learn_from_game(network, optimiser, done, settings))
            done += 1
            progress.update(task, completed=done, note=f"error {np.mean(errors[-200:]):.4f}")
            if done % run.log_every == 0:
                rate = (time.perf_counter() - started) / max(len(errors), 1)
                console.log(f"games {done}: td error {np.mean(errors[-run.log_every:]):.4f}, "
                            f"{rate:.2f} s/game")
            if done % run.check_every == 0 and run.check_games:
                share = strength_check(network, run.check_games, settings.seed + done)
                network.meta["curve"].append(
                    {"games": done, "win_rate_vs_hard": round(share, 4),
                     "check_games": run.check_games,
                     "hours": round((seconds_before + time.perf_counter() - started) / 3600, 2)})
                console.log(f"games {done}: one-ply network vs hard {share:.1%} "
                            f"over {run.check_games} games")
            if done % run.checkpoint_every == 0:
                save()
        save()
    console.log(f"saved {run.out} after {done} games")
    return network

