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

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

#: each exported name -> the submodule it lives in; imported on first use (PEP 562), so that
#: importing one submodule (``decompose`` for a scorer) does not build the shanten tables
#: (issue 25, start-up)
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("decompositions", "is_seven_pairs", "is_standard_complete",
                     "is_thirteen_orphans"), ".decompose"),
    **dict.fromkeys(("HandAnalysis", "analyze_hand", "visible_counts"), ".hand"),
    **dict.fromkeys(("CHINESE_FORMS", "HONG_KONG_FORMS", "STANDARD_FORMS", "Forms",
                     "HasSpecialForms", "WinDistance", "forms_for_rules",
                     "seven_pairs_shanten", "shanten", "standard_shanten",
                     "thirteen_orphans_shanten"), ".shanten"),
    **dict.fromkeys(("DiscardOption", "TileUnseen", "discard_options", "discard_shanten",
                     "draw_shanten", "useful_tiles", "waits"), ".waits"),
}

__all__ = [
    "decompositions",
    "is_seven_pairs",
    "is_standard_complete",
    "is_thirteen_orphans",
    "HandAnalysis",
    "analyze_hand",
    "visible_counts",
    "CHINESE_FORMS",
    "HONG_KONG_FORMS",
    "STANDARD_FORMS",
    "Forms",
    "HasSpecialForms",
    "WinDistance",
    "forms_for_rules",
    "seven_pairs_shanten",
    "shanten",
    "standard_shanten",
    "thirteen_orphans_shanten",
    "DiscardOption",
    "TileUnseen",
    "discard_options",
    "discard_shanten",
    "draw_shanten",
    "useful_tiles",
    "waits",
]

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    """Import an exported name's submodule on first use (PEP 562)."""
    home = _EXPORTS.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


class _Package(types.ModuleType):
    """This package's module type: two submodules share their names with functions they
    export (``shanten``, ``waits``). The package's attribute of that name has always been the
    function; importing the submodule, which sets the attribute to the module, leaves it so
    (the module stays in ``sys.modules`` and ``from .shanten import ...`` reaches it)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _EXPORTS and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
