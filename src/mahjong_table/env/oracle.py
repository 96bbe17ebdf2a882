"""The perfect-information ("oracle") view, for oracle-guided training only (``docs/env.md``).

It holds every player's concealed tiles and the order of the tiles left in the wall: hidden
information that no face may show. Only an environment constructed with ``oracle=True``
imports and returns it (``tests/test_env_research.py`` checks that no face module imports
this one and that the default environment never provides it). It reads the hands through the
engine's per-seat views and the wall through the game's wall (``Wall.untaken_in_order``, the
one engine detail it needs).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..engine import Game
from ..tiles import NUM_KINDS

__all__ = ["ORACLE_WALL", "oracle_features"]

#: entries of the wall order (the largest tile set, American, has 152 tiles)
ORACLE_WALL = 152


def oracle_features(game: Game, player: int) -> dict[str, npt.NDArray[np.float32]]:
    """``{"hands": float32 (4, 47), "wall": float32 (ORACLE_WALL, 47)}`` seen from
    ``player``: ``hands[r]`` the concealed tiles (copies by kind) of the seat ``r`` places
    after ``player`` in turn order (``hands[0]`` is the player's own); ``wall[i]`` one-hot of
    the i-th tile still in the wall in the wall's order from the live end (the next live
    draws take rows 0, 1...; replacement draws take the far end stack by stack, each
    stack's top before its bottom: ``docs/env.md``), zeros after the last."""
    hands = np.zeros((4, NUM_KINDS), dtype=np.float32)
    for r in range(4):
        counts = game.view((player + r) % 4).counts
        hands[r, :len(counts)] = counts
    wall = np.zeros((ORACLE_WALL, NUM_KINDS), dtype=np.float32)
    if not game.is_over:
        order = game.wall.untaken_in_order()[:ORACLE_WALL]
        if order:
            wall[np.arange(len(order)), np.asarray(order, dtype=np.intp)] = 1.0
    return {"hands": hands, "wall": wall}
