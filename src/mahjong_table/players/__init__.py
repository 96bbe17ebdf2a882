"""Players: the Player protocol, bots, and the loop that plays a game.

Bots by name: ``make_bot("random", seed)``, ``make_bot("efficiency", seed)``.
"""

from __future__ import annotations

import importlib

from .base import Player, play_game
from .random_bot import RandomBot

__all__ = ["BOTS", "Player", "RandomBot", "make_bot", "play_game"]

#: bot name -> "module:Class"; each class takes ``(seed, name)``
BOTS: dict[str, str] = {
    "random": "mahjong_table.players.random_bot:RandomBot",
    "efficiency": "mahjong_table.players.efficiency_bot:EfficiencyBot",
}


def make_bot(kind: str, seed: int | str = 0, name: str | None = None) -> Player:
    """A bot of ``kind`` (see :data:`BOTS`), seeded. Raises ``ValueError`` for an unknown
    kind."""
    target = BOTS.get(kind)
    if target is None:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}")
    module_name, cls_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), cls_name)
    bot: Player = cls(seed, name or kind.capitalize())
    return bot
