"""Text for the terminal, whatever its encoding, and tile text read one way everywhere.

:func:`emit` prints to standard output; where the stream's encoding cannot hold a character
(``PYTHONIOENCODING=cp1252`` has no Mahjong tile glyphs), tile glyphs fall back to their
mpsz names and other characters to plain ASCII, so a command never dies of a
``UnicodeEncodeError`` and its exit status keeps its meaning (issue 11).
:func:`tile_text` is the reading of typed tiles for ``score`` and ``analyze``: glyphs as their
mpsz names, the case kept (``play``'s prompt also reads upper-case suit letters).
"""

from __future__ import annotations

import sys
from typing import TextIO

from ..tiles import TILES, read_tile_text

__all__ = ["emit", "text_fallback", "tile_text"]

_GLYPH_NAMES: dict[str, str] = {}
for _t in TILES:
    _GLYPH_NAMES.setdefault(_t.glyph, str(_t))
_ASCII = {"·": "-", "─": "-", "═": "=", "→": "->", "←": "<-", "▶": ">", "‹": "<", "›": ">",
          "…": "...", "×": "x", "—": "-", "–": "-"}

def tile_text(text: str) -> str:
    """Typed tiles for ``score`` and ``analyze``: glyphs read as their mpsz names, the case
    kept (the notation is case-sensitive: ``5P`` is an error, shared/NOTATION.md)."""
    return read_tile_text(text, fold_case=False)


def text_fallback(text: str, encoding: str) -> str:
    """``text`` with what ``encoding`` cannot hold replaced: tile glyphs by mpsz names
    (``🀇`` -> ``1m``), a few signs by ASCII, anything else by ``?``."""
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
        except UnicodeEncodeError:
            out.append(_GLYPH_NAMES.get(ch) or _ASCII.get(ch) or "?")
        except LookupError:
            out.append(ch if ch.isascii() else "?")
    return "".join(out)


def emit(text: str, stream: TextIO | None = None) -> None:
    """Print ``text`` and a newline to ``stream`` (standard output), falling back to text
    the stream's encoding can hold."""
    out = stream if stream is not None else sys.stdout
    try:
        print(text, file=out)
    except UnicodeEncodeError:
        print(text_fallback(text, getattr(out, "encoding", None) or "ascii"), file=out)
