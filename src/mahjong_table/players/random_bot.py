"""A bot that picks uniformly among the legal actions, always taking a win."""

from __future__ import annotations

import random

from ..engine import Action, ActionKind, PlayerView
from ..rng import below

__all__ = ["RandomBot"]


class RandomBot:
    """Random legal play, seeded: the same seed and views give the same actions. It always
    declares Mahjong when it can (a bot that throws wins away tells us nothing)."""

    def __init__(self, seed: int | str = 0, name: str = "Random") -> None:
        self.name = name
        self.rng = random.Random(f"random-bot/{seed}")

    def choose(self, view: PlayerView) -> Action:
        acts = view.legal_actions
        for a in acts:
            if a.kind is ActionKind.MAHJONG:
                return a
        return acts[below(self.rng, len(acts))]
