"""Hand analysis: decomposition, win detection, shanten, waits, discard advice (issue 4).

Everything works on count arrays of the 34 playing kinds (see :mod:`mahjong_table.tiles`) and
a number of declared melds; see docs/analysis.md.

- :func:`shanten`, :func:`standard_shanten`, :func:`seven_pairs_shanten`,
  :func:`thirteen_orphans_shanten`: -1 complete, 0 ready, n = n exchanges from ready.
- :class:`Forms` (:data:`HONG_KONG_FORMS`, :data:`CHINESE_FORMS`): which winning forms count;
  anything with ``shanten(counts, melds)`` (:class:`WinDistance`) plugs in the same way.
- :func:`waits`, :func:`useful_tiles`, :func:`discard_options`, :func:`draw_shanten`,
  :func:`discard_shanten`: winning tiles, useful draws and ranked discards, with unseen counts
  from the player's view, and the shanten after each draw or discard.
- :func:`analyze_hand`: all of it for a written :class:`~mahjong_table.melds.Hand`.
"""

from .decompose import (
    decompositions,
    is_seven_pairs,
    is_standard_complete,
    is_thirteen_orphans,
)
from .hand import HandAnalysis, analyze_hand, visible_counts
from .shanten import (
    CHINESE_FORMS,
    HONG_KONG_FORMS,
    STANDARD_FORMS,
    Forms,
    HasSpecialForms,
    WinDistance,
    forms_for_rules,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    thirteen_orphans_shanten,
)
from .waits import (
    DiscardOption,
    TileUnseen,
    discard_options,
    discard_shanten,
    draw_shanten,
    useful_tiles,
    waits,
)

__all__ = [
    "CHINESE_FORMS",
    "HONG_KONG_FORMS",
    "STANDARD_FORMS",
    "DiscardOption",
    "Forms",
    "HandAnalysis",
    "HasSpecialForms",
    "TileUnseen",
    "WinDistance",
    "analyze_hand",
    "decompositions",
    "discard_options",
    "discard_shanten",
    "draw_shanten",
    "forms_for_rules",
    "is_seven_pairs",
    "is_standard_complete",
    "is_thirteen_orphans",
    "seven_pairs_shanten",
    "shanten",
    "standard_shanten",
    "thirteen_orphans_shanten",
    "useful_tiles",
    "visible_counts",
    "waits",
]
