"""The full-screen terminal table (issue 11): ``mahjong-table play`` on a terminal, and
``mahjong-table replay FILE --show``.

The table itself (:mod:`.app`) is built on Textual, an optional dependency (the extra
``tui``); :func:`available` says whether it is installed. :mod:`.session` (a game at the
table, save, resume, undo) and :mod:`.hints` (shanten, waits, advice) need no terminal
library and serve the line interface too.
"""

from __future__ import annotations

import importlib.util

__all__ = ["available"]


def available() -> bool:
    """Textual (the ``tui`` extra) is installed, so the full-screen table can open."""
    return importlib.util.find_spec("textual") is not None
