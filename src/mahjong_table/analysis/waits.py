"""Winning tiles, useful tiles and ranked discards, with how many of each tile are unseen.

Count arrays and ``melds`` are as in :mod:`mahjong_table.analysis.shanten`. ``visible`` is an
optional count array (34 entries) of the tiles the player can see *outside their concealed
hand*: every discard on the table and every exposed meld, their own included. The unseen
count of a tile is ``4 - concealed - visible`` (never below 0): the copies that may still be
drawn or discarded by someone. Without ``visible`` it is ``4 - concealed``.

A tile the hand already holds four of is never a wait nor a useful tile (no fifth copy exists).
A winning tile may have 0 unseen copies when all the others are visible: it is still listed,
so a player can see that the wait is dead.

``forms`` is anything with a ``shanten(counts, melds)`` method (:class:`~.shanten.WinDistance`);
a :class:`~.shanten.Forms` value takes a fast incremental path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..tiles import TILES, Tile
from . import _distance
from .shanten import HONG_KONG_FORMS, Forms, WinDistance

__all__ = [
    "DiscardOption",
    "TileUnseen",
    "discard_options",
    "draw_shanten",
    "useful_tiles",
    "waits",
]

_SUIT = _distance.SUIT
_HONOUR = _distance.HONOUR
_COMBINE = _distance.COMBINE
_SPECIAL = _distance.SPECIAL
_VECTORS = _distance.VECTORS
_SHIFT = _distance.STAT_BITS
_STATS_ONLY = _distance.STATS_MASK & ~_distance.TOTAL_MASK
_INF = _distance.INF
#: (first kind, number of kinds, memo) per component
_COMPONENTS = ((0, 9, _SUIT), (9, 9, _SUIT), (18, 9, _SUIT), (27, 7, _HONOUR))


class TileUnseen(NamedTuple):
    """A tile and how many copies of it the player has not seen (0-4)."""

    tile: Tile
    unseen: int

    def __str__(self) -> str:
        return f"{self.tile}({self.unseen})"


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """What discarding ``tile`` leaves: the shanten after it, the tiles that would then lower
    the shanten (the winning tiles when ``shanten_after`` is 0) and their unseen total."""

    tile: Tile
    shanten_after: int
    useful: tuple[TileUnseen, ...]
    unseen_useful: int

    @property
    def useful_kinds(self) -> int:
        """How many different tiles help."""
        return len(self.useful)

    def to_json(self) -> dict[str, object]:
        return {
            "tile": str(self.tile),
            "shanten": self.shanten_after,
            "useful": [{"tile": str(u.tile), "unseen": u.unseen} for u in self.useful],
            "unseen": self.unseen_useful,
        }


def _counts(counts: Sequence[int]) -> list[int]:
    if len(counts) != 34:
        raise ValueError(f"a count array has 34 entries, got {len(counts)}")
    return list(counts)


def _visible(visible: Sequence[int] | None) -> Sequence[int]:
    if visible is None:
        return (0,) * 34
    if len(visible) != 34:
        raise ValueError(f"visible counts have 34 entries, got {len(visible)}")
    for i, v in enumerate(visible):
        if not 0 <= v <= 4:
            raise ValueError(f"visible count {v} for {TILES[i]} is impossible (0-4)")
    return visible


def _expect_waiting(counts: Sequence[int], melds: int) -> None:
    total = sum(counts)
    if total != 13 - 3 * melds:
        raise ValueError(
            f"{total} concealed tiles with {melds} declared meld(s): a waiting hand has "
            f"{13 - 3 * melds}"
        )


def draw_shanten(counts: Sequence[int], melds: int = 0,
                 forms: WinDistance = HONG_KONG_FORMS) -> list[int | None]:
    """Shanten after drawing one tile of each kind: a list of 34 entries.

    ``counts`` must be a waiting hand (``13 - 3*melds`` tiles). Entry ``t`` is the shanten of
    the hand plus ``t`` (-1 = it wins), or None when the hand holds all four ``t``.
    Raises ``ValueError`` for a malformed hand.
    """
    c = _counts(counts)
    forms.shanten(c, melds)  # validates
    _expect_waiting(c, melds)
    if isinstance(forms, Forms):
        return _draw_shanten_fast(c, melds, forms.seven_pairs, forms.thirteen_orphans)
    out: list[int | None] = []
    for t in range(34):
        if c[t] >= 4:
            out.append(None)
            continue
        c[t] += 1
        out.append(forms.shanten(c, melds))
        c[t] -= 1
    return out


def _draw_shanten_fast(c: list[int], melds: int, seven_pairs: bool,
                       thirteen_orphans: bool) -> list[int | None]:
    packs = [memo[tuple(c[start:start + n])] for start, n, memo in _COMPONENTS]
    ids = [p >> _SHIFT for p in packs]
    total = sum(packs)
    index = 9 - melds
    flags = (seven_pairs | thirteen_orphans << 1) if melds == 0 else 0
    out: list[int | None] = [None] * 34
    combine = _COMBINE
    for comp, (start, n, memo) in enumerate(_COMPONENTS):
        o0, o1, o2 = (ids[j] for j in range(4) if j != comp)
        others = combine[combine[o0 << 16 | o1] << 16 | o2] << 16
        rest = total - packs[comp]
        key = c[start:start + n]
        for r in range(n):
            if key[r] >= 4:
                continue
            key[r] += 1
            p = memo[tuple(key)]
            key[r] -= 1
            v = _VECTORS[combine[others | p >> _SHIFT]][index] - 1
            if flags:
                s = _SPECIAL[((rest + p) & _STATS_ONLY) | flags]
                if s < v:
                    v = s
            out[start + r] = v
    return out


def _unseen(t: int, concealed: Sequence[int], visible: Sequence[int]) -> int:
    n = 4 - concealed[t] - visible[t]
    return n if n > 0 else 0


def waits(counts: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None,
          forms: WinDistance = HONG_KONG_FORMS) -> list[TileUnseen]:
    """The winning tiles of a waiting hand (``13 - 3*melds`` concealed tiles), in tile order,
    each with its unseen count. Empty when the hand is not ready.

    Raises ``ValueError`` for a malformed hand or visible array.

    >>> from mahjong_table.tiles import counts_of, parse_tiles
    >>> [str(w) for w in waits(counts_of(parse_tiles("1112345678999m")))]
    ['1m(1)', '2m(3)', '3m(3)', '4m(3)', '5m(3)', '6m(3)', '7m(3)', '8m(3)', '9m(1)']
    """
    vis = _visible(visible)
    if forms.shanten(counts, melds) != 0:  # not ready (validates too)
        _expect_waiting(counts, melds)
        return []
    after = draw_shanten(counts, melds, forms)
    return [TileUnseen(TILES[t], _unseen(t, counts, vis))
            for t, s in enumerate(after) if s == -1]


def useful_tiles(counts: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None,
                 forms: WinDistance = HONG_KONG_FORMS) -> list[TileUnseen]:
    """The tiles whose draw lowers the shanten of a waiting hand (``13 - 3*melds`` tiles), in
    tile order, each with its unseen count. For a ready hand these are its winning tiles.

    Raises ``ValueError`` for a malformed hand or visible array.
    """
    vis = _visible(visible)
    base = forms.shanten(counts, melds)
    after = draw_shanten(counts, melds, forms)
    return [TileUnseen(TILES[t], _unseen(t, counts, vis))
            for t, s in enumerate(after) if s is not None and s < base]


def discard_options(counts: Sequence[int], melds: int = 0,
                    visible: Sequence[int] | None = None,
                    forms: WinDistance = HONG_KONG_FORMS, *,
                    best_only: bool = False) -> list[DiscardOption]:
    """Every distinct discard of a hand that must discard (``14 - 3*melds`` concealed tiles),
    ranked best first.

    Order: lowest shanten after the discard, then most unseen useful tiles, then most kinds of
    useful tile, then tile order. Unseen counts are ``4 - held before the discard - visible``
    (the discarded copy is on the table). With ``best_only`` only the discards that reach the
    lowest shanten are returned (the useful tiles of the others are not computed: a bot's fast
    path). Raises ``ValueError`` for a malformed hand.

    >>> from mahjong_table.tiles import counts_of, parse_tiles
    >>> best = discard_options(counts_of(parse_tiles("123m456p789s1122z5s")))[0]
    >>> str(best.tile), best.shanten_after, [str(u) for u in best.useful]
    ('5s', 0, ['1z(2)', '2z(2)'])
    """
    c = _counts(counts)
    forms.shanten(c, melds)  # validates
    total = sum(c)
    if total != 14 - 3 * melds:
        raise ValueError(
            f"{total} concealed tiles with {melds} declared meld(s): a hand that must discard "
            f"has {14 - 3 * melds}"
        )
    vis = _visible(visible)
    options: list[DiscardOption] = []
    after_discard: dict[int, int] = {}
    for d in range(34):
        if c[d]:
            c[d] -= 1
            after_discard[d] = forms.shanten(c, melds)
            c[d] += 1
    lowest = min(after_discard.values())
    for d, base in after_discard.items():
        if best_only and base > lowest:
            continue
        c[d] -= 1
        after = draw_shanten(c, melds, forms)
        c[d] += 1
        useful = tuple(TileUnseen(TILES[t], _unseen(t, c, vis))
                       for t, s in enumerate(after) if s is not None and s < base)
        options.append(DiscardOption(TILES[d], base, useful, sum(u.unseen for u in useful)))
    options.sort(key=lambda o: (o.shanten_after, -o.unseen_useful, -len(o.useful), o.tile))
    return options
