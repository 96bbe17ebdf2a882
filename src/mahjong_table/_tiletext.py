"""Tile notation helpers on plain kind indices, compiled in the fast build (issue 13).

:mod:`mahjong_table.tiles` defines :class:`~mahjong_table.tiles.Tile`, a subclass of ``int``,
which the compiler (mypyc) cannot compile, so that module stays pure Python. The functions the
engine and the scorers call on every event and every hand live here instead, on plain
integers, and ``tiles`` re-exports them: ``format_tiles`` and ``counts_of`` are the public
names (NOTATION.md's mpsz form).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = ["NAMES", "RANK_OF", "SUIT_OF", "counts_of", "has_excess", "format_tiles"]

#: (suit letter, number of ranks) in kind order: 0-8 m, 9-17 p, 18-26 s, 27-33 z, 34-41 f,
#: 42-45 g, 46 j
_SUITS: Final = (("m", 9), ("p", 9), ("s", 9), ("z", 7), ("f", 8), ("g", 4), ("j", 1))
#: kind -> suit letter
SUIT_OF: Final[tuple[str, ...]] = tuple(letter for letter, n in _SUITS for _ in range(n))
#: kind -> rank within its suit, from 1
RANK_OF: Final[tuple[int, ...]] = tuple(r for _, n in _SUITS for r in range(1, n + 1))
#: kind -> its rank as text
_RANK_TEXT: Final[tuple[str, ...]] = tuple(str(r) for r in RANK_OF)
#: kind -> notation ("1m" .. "1j")
NAMES: Final[tuple[str, ...]] = tuple(f"{r}{s}" for r, s in zip(RANK_OF, SUIT_OF, strict=True))
_PLAYING: Final = 34


def format_tiles(tiles: Iterable[int], *, sort: bool = False) -> str:
    """Compact mpsz form: consecutive tiles of one suit share the letter (``123m45p``)."""
    seq = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    run: list[str] = []
    letter = ""
    k: int
    for k in seq:
        s = SUIT_OF[k]
        if s != letter and run:
            out.append("".join(run) + letter)
            run = []
        letter = s
        run.append(_RANK_TEXT[k])
    if run:
        out.append("".join(run) + letter)
    return "".join(out)


def counts_of(tiles: Iterable[int], size: int = _PLAYING) -> list[int]:
    """A count array: ``counts[kind] = copies``. Tiles outside ``size`` raise ``ValueError``."""
    counts = [0] * size
    k: int
    for k in tiles:
        if k >= size:
            raise ValueError(f"tile {NAMES[k]} is not a playing tile")
        counts[k] += 1
    return counts


def has_excess(counts: list[int], copies: tuple[int, ...]) -> bool:
    """Whether any kind has more copies in ``counts`` than in ``copies`` (a tile set's)."""
    return any(counts[k] > copies[k] for k in range(len(counts)))
