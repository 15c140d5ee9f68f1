"""The expert's neural network: inputs (``encoding``) to the side to move's chances.

One hidden layer of tanh units and three sigmoid outputs: the probability of winning, of
winning with a mars, and of losing with a mars. It is plain numpy, so inference and training
need nothing else. What the rules already decide is never left to the network
(``probabilities``): a finished game has exact values, and a side that has borne a checker
off can no longer be marred.

Weights live in an ``.npz`` file that also carries how they were trained (games played, the
optimiser's moments, the strength curve), so a training run resumes from the very file the
game ships.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from nardy_tui.bot.chances import WeightsError
from nardy_tui.bot.encoding import INPUTS, MOVER_OFF, OPPONENT_OFF
from nardy_tui.i18n import _, clause

OUTPUTS = 3
WIN, WIN_MARS, LOSE_MARS = range(OUTPUTS)
FORMAT = "nardy-expert-1"

Array = NDArray[np.float32]


@dataclass
class Network:
    """The weights, and the forward and backward passes."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    meta: dict[str, Any] = field(default_factory=dict)
    """How the weights were made (JSON-able): games trained, seed, the strength curve."""
    meta_arrays: dict[str, Array] = field(default_factory=dict)
    """Arrays that travel with the weights (the optimiser's moments when training)."""

    @classmethod
    def fresh(cls, hidden: int, seed: int) -> Network:
        """Small random weights: every output starts near one half."""
        rng = np.random.default_rng(seed)
        w1 = rng.normal(0.0, 1.0 / np.sqrt(INPUTS), (INPUTS, hidden)).astype(np.float32)
        w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, OUTPUTS)).astype(np.float32)
        return cls(w1, np.zeros(hidden, np.float32), w2, np.zeros(OUTPUTS, np.float32))

    def widened(self, hidden: int, seed: int) -> Network:
        """The same function with ``hidden`` hidden units, to train on with more room.

        Each new unit copies an existing one (its inputs' weights, a little noise added so
        the copies can grow apart), and every copy of a unit shares its outgoing weights,
        so the outputs stay what they were (Net2Net's widening). ``meta`` is carried over;
        the optimiser's moments are not (they belong to the old shapes).

        >>> small = Network.fresh(hidden=4, seed=1)
        >>> wide = small.widened(6, seed=2)
        >>> x = np.ones((1, INPUTS), np.float32)
        >>> wide.hidden, bool(np.allclose(small.forward(x)[1], wide.forward(x)[1], atol=1e-2))
        (6, True)
        """
        if hidden < self.hidden:
            raise ValueError(f"cannot widen {self.hidden} hidden units to {hidden}")
        rng = np.random.default_rng(seed)
        copies = rng.integers(0, self.hidden, hidden - self.hidden)
        source = np.concatenate([np.arange(self.hidden), copies])
        shares = np.bincount(source, minlength=self.hidden)[source].astype(np.float32)
        noise = rng.normal(0.0, 1e-3, (INPUTS, len(copies))).astype(np.float32)
        w1 = np.concatenate([self.w1, self.w1[:, copies] + noise], axis=1)
        return Network(
            w1,
            self.b1[source].copy(),
            self.w2[source] / shares[:, None],
            self.b2.copy(),
            meta=dict(self.meta),
        )

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def parameters(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, inputs: Array) -> tuple[Array, Array]:
        """The hidden activations and the raw output probabilities of a batch."""
        hidden = np.tanh(inputs @ self.w1 + self.b1)
        outputs = 1.0 / (1.0 + np.exp(-(hidden @ self.w2 + self.b2)))
        return hidden, outputs

    def gradients(self, inputs: Array, targets: Array) -> tuple[list[Array], float]:
        """Gradients of the mean squared error towards ``targets``, and that error."""
        hidden, outputs = self.forward(inputs)
        error = outputs - targets
        delta_out = error * outputs * (1.0 - outputs) / len(inputs)
        delta_hidden = (delta_out @ self.w2.T) * (1.0 - hidden * hidden)
        grads = [
            inputs.T @ delta_hidden,
            delta_hidden.sum(axis=0),
            hidden.T @ delta_out,
            delta_out.sum(axis=0),
        ]
        return grads, float((error * error).mean())

    def probabilities(self, inputs: Array) -> Array:
        """The side to move's (win, win mars, lose mars) for each row, with the rules' exact
        answers where the rules decide them."""
        return settle(self.forward(inputs)[1], inputs)

    def save(self, path: Path) -> None:
        """Write the weights and ``meta`` (JSON) to ``path``, replacing it in one step."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp.npz")
        arrays: dict[str, NDArray[Any]] = {
            "format": np.array(FORMAT),
            "meta": np.array(json.dumps(self.meta)),
            "w1": self.w1,
            "b1": self.b1,
            "w2": self.w2,
            "b2": self.b2,
            **{f"state_{key}": value for key, value in self.meta_arrays.items()},
        }
        np.savez_compressed(temporary, allow_pickle=False, **arrays)
        temporary.replace(path)


def settle(raw: Array, inputs: Array) -> Array:
    """Apply the rules to raw network outputs: a mars is impossible against a side that has
    borne a checker off, a side that has borne all 15 off has won, and a mars is never more
    likely than the win it is part of."""
    mover_off = np.rint(inputs[:, MOVER_OFF] * 15)
    opponent_off = np.rint(inputs[:, OPPONENT_OFF] * 15)
    out = raw.astype(np.float32, copy=True)
    out[:, WIN_MARS] = np.where(opponent_off > 0, 0.0, out[:, WIN_MARS])
    out[:, LOSE_MARS] = np.where(mover_off > 0, 0.0, out[:, LOSE_MARS])
    lost = opponent_off >= 15
    won = mover_off >= 15
    out[lost, WIN] = 0.0
    out[lost, WIN_MARS] = 0.0
    out[lost, LOSE_MARS] = mover_off[lost] == 0
    out[won, WIN] = 1.0
    out[won, LOSE_MARS] = 0.0
    out[won, WIN_MARS] = opponent_off[won] == 0
    out[:, WIN_MARS] = np.minimum(out[:, WIN_MARS], out[:, WIN])
    out[:, LOSE_MARS] = np.minimum(out[:, LOSE_MARS], 1.0 - out[:, WIN])
    return out


def equities(probabilities: Array) -> Array:
    """Expected points for the side to move of each row (see ``Evaluation.equity``)."""
    return (
        2.0 * probabilities[:, WIN] - 1.0 + probabilities[:, WIN_MARS] - probabilities[:, LOSE_MARS]
    )


def load(path: Path) -> Network:
    """The network stored at ``path``; ``WeightsError`` naming the file if it cannot be used."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["format"]) != FORMAT:
                raise WeightsError(_("{path}: not a nardy expert weights file").format(path=path))
            network = Network(
                w1=data["w1"].astype(np.float32),
                b1=data["b1"].astype(np.float32),
                w2=data["w2"].astype(np.float32),
                b2=data["b2"].astype(np.float32),
                meta=json.loads(str(data["meta"])),
                meta_arrays={
                    key[len("state_") :]: data[key].astype(np.float32)
                    for key in data.files
                    if key.startswith("state_")
                },
            )
    except WeightsError:
        raise
    except FileNotFoundError:
        raise WeightsError(
            _("{path}: the expert's weights file is missing").format(path=path)
        ) from None
    except (
        OSError,
        EOFError,
        KeyError,
        ValueError,
        zipfile.BadZipFile,
        json.JSONDecodeError,
    ) as error:
        raise WeightsError(
            _("{path}: the expert's weights file is unreadable ({error})").format(
                path=path, error=clause(error)
            )
        ) from None
    _check_shapes(network, path)
    return network


def _check_shapes(network: Network, path: Path) -> None:
    hidden = network.hidden
    expected = {"w1": (INPUTS, hidden), "b1": (hidden,), "w2": (hidden, OUTPUTS), "b2": (OUTPUTS,)}
    for name, shape in expected.items():
        if getattr(network, name).shape != shape:
            raise WeightsError(
                _(
                    "{path}: the expert's weights do not fit this version "
                    "({name} is {shape}, expected {expected})"
                ).format(path=path, name=name, shape=getattr(network, name).shape, expected=shape)
            )
    if not all(np.isfinite(array).all() for array in network.parameters()):
        raise WeightsError(
            _("{path}: the expert's weights file holds invalid numbers").format(path=path)
        )
