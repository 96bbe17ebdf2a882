"""mahjong-table: a faithful, complete and fast mahjong table (Hong Kong, Chinese, American)."""

from . import _build
from .engine import Action, ActionKind, Game, IllegalActionError
from .melds import Hand, Meld, MeldKind, parse_hand
from .players import play_game
from .rules import get_rule_set
from .tiles import TILES, NotationError, Tile, TileSet, format_tiles, parse_tiles

__version__ = "0.1.0"

_build.warn_if_stale()  # a compiled module older than its .py would shadow it (issue 13)
__all__ = [
    # the main API (docs/ARCHITECTURE.md, "Import paths")
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
