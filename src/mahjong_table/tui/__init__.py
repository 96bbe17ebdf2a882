"""The full-screen terminal table (issue 11): ``mahjong-table play`` on a terminal, and
``mahjong-table replay FILE --show``.

The table itself (:mod:`.app`) is built on Textual, an optional dependency (the extra
``tui``); :func:`available` says whether it is installed. :mod:`.session` (a game at the
table, save, resume, undo) and :mod:`.hints` (shanten, waits, advice) need no terminal
library and serve the line interface too.

The table draws tile glyphs (U+1F000..), box-drawing borders and a few other symbols; a
terminal whose output encoding cannot encode them (``PYTHONIOENCODING=ascii``, a Latin-1 or
cp1252 locale) would get escape codes and garbage. :func:`encoding_problem` finds that out
before Textual starts, and ``play`` then keeps the line interface in ASCII with a one-line note
(``replay --show`` says why it cannot open).
"""

from __future__ import annotations

import codecs
import importlib.util
from typing import Any

from ..i18n import _

__all__ = ["TABLE_CHARACTERS", "available", "encoding_problem"]

#: characters the full-screen table writes beyond ASCII: tile glyphs (the first and the last
#: of the block the tiles use), Textual's borders and scroll bars, the middle dot, arrows and
#: the ellipsis of the prompts
TABLE_CHARACTERS = ("\U0001f000\U0001f02a\u2500\u2502\u250c\u2501\u2503\u2581\u2587\u258e"
                    "\u00b7\u2190\u2192\u2026")


def available() -> bool:
    """Textual (the ``tui`` extra) is installed, so the full-screen table can open."""
    return importlib.util.find_spec("textual") is not None


def encoding_problem(*streams: Any) -> str | None:
    """Why the full-screen table cannot be drawn on ``streams`` (standard output, and the
    standard error Textual writes to), or None when each stream's encoding can encode
    :data:`TABLE_CHARACTERS`. A stream without an ``encoding`` is taken as UTF-8."""
    for stream in streams:
        if stream is None:
            continue
        enc = getattr(stream, "encoding", None) or "utf-8"
        try:
            codecs.lookup(enc)
            TABLE_CHARACTERS.encode(enc)
        except LookupError:
            return _("the terminal's encoding {name} is unknown").format(name=repr(enc))
        except UnicodeEncodeError:
            return _("the terminal's encoding ({name}) cannot show the table's tiles").format(
                name=enc)
    return None
