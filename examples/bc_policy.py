"""A NumPy policy trained by behaviour cloning (``examples/bc_train.py``), seatable as a bot:
``mahjong-table arena --bots py:bc_policy:BCBot,random`` (run from ``examples/``, or with
``examples/`` on ``PYTHONPATH``; ``MAHJONG_BC_WEIGHTS`` names the weights file, by default
``bc_policy.npz`` beside this module).

The network: the whole ``planes-v1`` observation (211 channels, the public history's
discard order, claimed and after-claim marks included), flattened, one hidden layer of ReLU
units, and a softmax over the action space restricted to the legal actions (the action
mask). It follows the Player protocol (``mahjong_table.players.base.Player``) and has an
``event`` method: seated as ``py:bc_policy:BCBot`` it is given the events its seat is shown
and encodes each view with them (``SeatEncoder``), exactly as ``export-dataset`` encoded
the training data (issue 44).
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjong_table.engine import Action, PlayerView
from mahjong_table.env import ActionCodec, SeatEncoder
from mahjong_table.rules import get_rule_set

__all__ = ["BCBot", "features", "forward"]


def features(obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """The network's input from planes-v1 observations ``(N, C, 47)`` -> ``(N, C * 47)``."""
    return obs.reshape(obs.shape[0], -1)


def forward(w: dict[str, npt.NDArray[np.float32]], x: npt.NDArray[np.float32],
            mask: npt.NDArray[Any]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Hidden activations and masked action probabilities for inputs ``x`` ``(N, F)``."""
    h = np.maximum(x @ w["w1"] + w["b1"], 0.0)
    logits = h @ w["w2"] + w["b2"]
    logits = np.where(mask > 0, logits, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    return h, p


class BCBot:
    """Plays the most probable legal action of the trained policy (``greedy``), or samples
    it with a generator seeded from ``seed``. Raises ``FileNotFoundError`` naming the weights
    file if it is missing, ``ValueError`` if it was trained for other rules."""

    def __init__(self, seed: int | str = 0, name: str = "BC", rules: Any = None,
                 greedy: bool = True) -> None:
        self.name = name
        self.rules = rules if rules is not None else get_rule_set("hongkong")
        path = Path(os.environ.get("MAHJONG_BC_WEIGHTS",
                                   Path(__file__).with_name("bc_policy.npz")))
        if not path.exists():
            raise FileNotFoundError(f"no weights at {path}: run examples/bc_train.py")
        data = np.load(path)
        self.w = {k: data[k] for k in ("w1", "b1", "w2", "b2")}
        if str(data["rules"]) != self.rules.name:
            raise ValueError(f"{path} was trained for {data['rules']}, not {self.rules.name}")
        self.encoder = SeatEncoder(self.rules, "planes-v1")
        self.codec = ActionCodec(self.rules)
        self.greedy = greedy
        self.rng = np.random.default_rng(zlib.crc32(str(seed).encode()))

    def event(self, shown: dict[str, Any]) -> None:
        """An event this seat is shown (the table gives them all, in order)."""
        self.encoder.event(shown)

    def choose(self, view: PlayerView) -> Action:
        legal = self.codec.legal_map(view.legal_actions)
        if len(legal) == 1:
            return next(iter(legal.values()))
        obs = self.encoder.encode(view)[None]
        mask = np.zeros((1, self.codec.size), dtype=np.float32)
        mask[0, list(legal)] = 1
        _, p = forward(self.w, features(obs), mask)
        i = (int(np.argmax(p[0])) if self.greedy
             else int(self.rng.choice(self.codec.size, p=p[0])))
        return legal[i]
