"""mahjong-table: a faithful, complete and fast mahjong table (Hong Kong, Chinese, American)."""

from . import _build
from .melds import Hand, Meld, MeldKind, parse_hand
from .tiles import TILES, NotationError, Tile, TileSet, format_tiles, parse_tiles

__version__ = "0.1.0"

_build.warn_if_stale()  # a compiled module older than its .py would shadow it (issue 13)
__all__ = [
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
