"""mahjong-table: a faithful, complete and fast mahjong table (Hong Kong, Chinese, American).

The main API (docs/ARCHITECTURE.md, "Import paths") is exported here but imported lazily
(PEP 562): ``import mahjong_table`` costs almost nothing, so ``mahjong-table --version`` and
a ``score`` call import only what they use (issue 25, start-up); ``mahjong_table.Game``
imports the engine on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _build

__version__ = "0.1.0"

_build.warn_if_stale()  # a compiled module older than its .py would shadow it (issue 13)

#: each exported name and the module it lives in
_EXPORTS: dict[str, str] = {
    "Game": ".engine",
    "Action": ".engine",
    "ActionKind": ".engine",
    "IllegalActionError": ".engine",
    "get_rule_set": ".rules",
    "play_game": ".players",
    "TILES": ".tiles",
    "Hand": ".melds",
    "Meld": ".melds",
    "MeldKind": ".melds",
    "NotationError": ".tiles",
    "Tile": ".tiles",
    "TileSet": ".tiles",
    "format_tiles": ".tiles",
    "parse_hand": ".melds",
    "parse_tiles": ".tiles",
}

__all__ = [
    "Game",
    "Action",
    "ActionKind",
    "IllegalActionError",
    "get_rule_set",
    "play_game",
    "TILES",
    "Hand",
    "Meld",
    "MeldKind",
    "NotationError",
    "Tile",
    "TileSet",
    "format_tiles",
    "parse_hand",
    "parse_tiles",
    "__version__",
]

if TYPE_CHECKING:  # the names as mypy and editors see them
    from .engine import Action, ActionKind, Game, IllegalActionError
    from .melds import Hand, Meld, MeldKind, parse_hand
    from .players import play_game
    from .rules import get_rule_set
    from .tiles import TILES, NotationError, Tile, TileSet, format_tiles, parse_tiles


def __getattr__(name: str) -> Any:
    """Import an exported name's module on first use (PEP 562)."""
    home = _EXPORTS.get(name)
    if home is None:
        raise AttributeError(f"module 'mahjong_table' has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
