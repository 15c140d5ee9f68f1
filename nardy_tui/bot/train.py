"""Train the expert's network by self-play: ``python -m nardy_tui.bot.train``.

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

import argparse
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from nardy_tui.bot import WeightsError, get_bot
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
from nardy_tui.engine import Match, Phase, Side, game_result, legal_results

MAX_TURNS = 2000


@dataclass(frozen=True)
class Settings:
    """The training's hyper-parameters (saved with the weights, so a resumed run keeps them)."""

    hidden: int = 128
    lam: float = 0.7
    learning_rate: float = 0.001
    seed: int = 1


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
    there, and the outcome from White's side (win, win mars, lose mars).
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


def learn_from_game(network: Network, optimiser: Adam, game: int, settings: Settings) -> float:
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
        winner, _, _ = play_game({side: player, side.opponent: opponent},
                                 DiceStream(f"check:{seed}:{pair}", seed), think)
        wins += winner is side
    return wins / games


def start_network(args: argparse.Namespace, console: Console) -> tuple[Network, Settings]:
    """The network to train: the output file's when resuming, otherwise a fresh one."""
    if args.resume and args.out.exists():
        network = load(args.out)
        games = int(network.meta.get("games", 0))
        settings = Settings(**network.meta.get("settings", {}))
        if args.learning_rate is not None and args.learning_rate != settings.learning_rate:
            # Lowering the step size once the play has settled lets the network refine it;
            # each change is kept in the file, so the run stays reproducible.
            settings = replace(settings, learning_rate=args.learning_rate)
            network.meta["settings"] = settings.__dict__
            network.meta.setdefault("schedule", []).append(
                {"games": games, "learning_rate": args.learning_rate})
        console.log(f"resuming {args.out} after {games} games, "
                    f"learning rate {settings.learning_rate}")
        return network, settings
    settings = Settings(hidden=args.hidden, lam=args.lam,
                        learning_rate=args.learning_rate or Settings.learning_rate,
                        seed=args.seed)
    network = Network.fresh(settings.hidden, settings.seed)
    network.meta = {"settings": settings.__dict__, "games": 0, "seconds": 0.0, "curve": []}
    return network, settings


def train(args: argparse.Namespace, console: Console) -> Network:
    """Run the training loop described in the module docstring."""
    network, settings = start_network(args, console)
    optimiser = Adam(network, settings.learning_rate)
    done = int(network.meta.get("games", 0))
    target = args.games
    started = time.perf_counter()
    seconds_before = float(network.meta.get("seconds", 0.0))
    errors: list[float] = []

    def save() -> None:
        optimiser.store()
        network.meta["games"] = done
        network.meta["seconds"] = round(seconds_before + time.perf_counter() - started, 1)
        network.save(args.out)

    columns = (TextColumn("training"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[note]}"), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task("train", total=target, completed=done, note="")
        while done < target:
            errors.append(learn_from_game(network, optimiser, done, settings))
            done += 1
            progress.update(task, completed=done, note=f"error {np.mean(errors[-200:]):.4f}")
            if done % args.log_every == 0:
                rate = (time.perf_counter() - started) / max(len(errors), 1)
                console.log(f"games {done}: td error {np.mean(errors[-args.log_every:]):.4f}, "
                            f"{rate:.2f} s/game")
            if done % args.check_every == 0 and args.check_games:
                share = strength_check(network, args.check_games, settings.seed + done)
                network.meta["curve"].append(
                    {"games": done, "win_rate_vs_hard": round(share, 4),
                     "check_games": args.check_games,
                     "hours": round((seconds_before + time.perf_counter() - started) / 3600, 2)})
                console.log(f"games {done}: one-ply network vs hard {share:.1%} "
                            f"over {args.check_games} games")
            if done % args.checkpoint_every == 0:
                save()
        save()
    console.log(f"saved {args.out} after {done} games")
    return network


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m nardy_tui.bot.train",
        description="Train the expert bot's network by self-play TD(lambda).")
    parser.add_argument("--games", type=int, required=True,
                        help="train until this many self-play games in all, a resumed run's "
                        "included")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed for the dice and the first weights")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write (.npz)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the run saved in --out (its settings are kept)")
    parser.add_argument("--hidden", type=int, default=Settings.hidden, help="hidden units")
    parser.add_argument("--lam", type=float, default=Settings.lam, help="TD lambda")
    parser.add_argument("--learning-rate", type=float, default=None,
                        help=f"Adam's step size (default {Settings.learning_rate}); with "
                        "--resume it replaces the run's own from here on")
    parser.add_argument("--checkpoint-every", type=int, default=500, metavar="N",
                        help="save the weights every N games (default 500)")
    parser.add_argument("--check-every", type=int, default=5000, metavar="N",
                        help="play hard every N games to measure strength (default 5000)")
    parser.add_argument("--check-games", type=int, default=100, metavar="N",
                        help="games of each strength check (default 100; 0: none)")
    parser.add_argument("--log-every", type=int, default=100, metavar="N",
                        help="print a progress line every N games (default 100)")
    args = parser.parse_args(argv)
    for name in ("games", "checkpoint_every", "check_every", "log_every", "hidden"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    console = Console(stderr=True)
    try:
        train(args, console)
    except WeightsError as error:
        print(f"nardy train: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        console.print("stopped; resume from the last checkpoint with --resume")
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
