"""A NumPy policy trained by behaviour cloning (``examples/bc_train.py``), seatable as a bot:
``mahjong-table arena --bots py:bc_policy:BCBot,random`` (run from ``examples/``, or with
``examples/`` on ``PYTHONPATH``; ``MAHJONG_BC_WEIGHTS`` names the weights file, by default
``bc_policy.npz`` beside this module).

The network: the ``planes-v1`` observation's view-only channels (the encoding given no
public history: a bot sees views, not the event stream, so the discard-order, claimed and
Charleston channels are left out in training and in play alike), flattened, one hidden layer
of ReLU units, and a softmax over the action space restricted to the legal actions (the
action mask). It follows the Player protocol (``mahjong_table.players.base.Player``).
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjong_table.engine import Action, PlayerView
from mahjong_table.env import PLANES_V1_LAYOUT, ActionCodec, get_encoding
from mahjong_table.rules import get_rule_set

__all__ = ["BCBot", "VIEW_CHANNELS", "features", "forward"]

_L = PLANES_V1_LAYOUT
#: the planes-v1 channels that depend on the view alone (no history)
VIEW_CHANNELS: npt.NDArray[np.intp] = np.array(
    [c for c in range(_L["_size"])
     if not any(_L[f"{k}{r}"] <= c < _L[f"{k}{r}"] + (30 if k == "order" else 1)
                for k in ("order", "claimed", "after_claim") for r in range(4))
     and c not in (_L["passed"], _L["received"])], dtype=np.intp)


def features(obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """The network's input from planes-v1 observations ``(N, C, 47)`` -> ``(N, F)``."""
    return obs[:, VIEW_CHANNELS, :].reshape(obs.shape[0], -1)


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
        self.encoding = get_encoding("planes-v1", self.rules)
        self.codec = ActionCodec(self.rules)
        self.greedy = greedy
        self.rng = np.random.default_rng(zlib.crc32(str(seed).encode()))

    def choose(self, view: PlayerView) -> Action:
        legal = self.codec.legal_map(view.legal_actions)
        if len(legal) == 1:
            return next(iter(legal.values()))
        obs = self.encoding.encode(view, None)[None]
        mask = np.zeros((1, self.codec.size), dtype=np.float32)
        mask[0, list(legal)] = 1
        _, p = forward(self.w, features(obs), mask)
        i = (int(np.argmax(p[0])) if self.greedy
             else int(self.rng.choice(self.codec.size, p=p[0])))
        return legal[i]
