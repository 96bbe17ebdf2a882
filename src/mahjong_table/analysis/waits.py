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
    "discard_shanten",
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
    if type(forms) is Forms:  # a subclass (MCR's forms) has forms the tables do not know
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


_SUIT_DRAWS = _distance.SUIT_DRAWS
_HONOUR_DRAWS = _distance.HONOUR_DRAWS
_SUIT_DISCARDS = _distance.SUIT_DISCARDS
_HONOUR_DISCARDS = _distance.HONOUR_DISCARDS
#: entries kept in each of those caches before it starts again
_CACHE_LIMIT = 100_000


def _changed_packs(key: tuple[int, ...], memo: dict[tuple[int, ...], int],
                   cache: dict[tuple[int, ...], tuple[int, ...]], delta: int
                   ) -> tuple[int, ...]:
    """The memo value of component ``key`` with one more (``delta`` 1) or one fewer (-1)
    tile of each of its kinds; -1 where that is impossible (a fifth copy, or none held)."""
    got = cache.get(key)
    if got is not None:
        return got
    k = list(key)
    packs: list[int] = []
    for r in range(len(k)):
        n = k[r] + delta
        if n > 4 or n < 0:
            packs.append(-1)
            continue
        k[r] = n
        packs.append(memo[tuple(k)])
        k[r] -= delta
    got = tuple(packs)
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = got
    return got


def _shanten_after_each(c: list[int], melds: int, seven_pairs: bool, thirteen_orphans: bool,
                        delta: int) -> list[int | None]:
    """The shanten of hand ``c`` with one tile of each kind added (``delta`` 1: the draws)
    or taken away (-1: the discards), None where impossible; the tables' fast path of
    :func:`draw_shanten` and :func:`discard_options` (``c`` already checked)."""
    keys = (tuple(c[0:9]), tuple(c[9:18]), tuple(c[18:27]), tuple(c[27:34]))
    suit = _SUIT
    packs = (suit[keys[0]], suit[keys[1]], suit[keys[2]], _HONOUR[keys[3]])
    i0 = packs[0] >> _SHIFT
    i1 = packs[1] >> _SHIFT
    i2 = packs[2] >> _SHIFT
    i3 = packs[3] >> _SHIFT
    total = packs[0] + packs[1] + packs[2] + packs[3]
    index = 9 - melds
    flags = (seven_pairs | thirteen_orphans << 1) if melds == 0 else 0
    out: list[int | None] = [None] * 34
    combine = _COMBINE
    vectors = _VECTORS
    special = _SPECIAL
    suit_cache = _SUIT_DRAWS if delta > 0 else _SUIT_DISCARDS
    honour_cache = _HONOUR_DRAWS if delta > 0 else _HONOUR_DISCARDS
    for comp in range(4):
        # the other three components combined, in component order (as the memo keys are)
        if comp == 0:
            others = combine[combine[i1 << 16 | i2] << 16 | i3] << 16
        elif comp == 1:
            others = combine[combine[i0 << 16 | i2] << 16 | i3] << 16
        elif comp == 2:
            others = combine[combine[i0 << 16 | i1] << 16 | i3] << 16
        else:
            others = combine[combine[i0 << 16 | i1] << 16 | i2] << 16
        rest = total - packs[comp]
        if comp == 3:
            changed = _changed_packs(keys[3], _HONOUR, honour_cache, delta)
        else:
            changed = _changed_packs(keys[comp], suit, suit_cache, delta)
        start = 9 * comp
        for r in range(len(changed)):
            p = changed[r]
            if p < 0:
                continue
            v = vectors[combine[others | p >> _SHIFT]][index] - 1
            if flags:
                sv = special[((rest + p) & _STATS_ONLY) | flags]
                if sv < v:
                    v = sv
            out[start + r] = v
    return out


def _draw_shanten_fast(c: list[int], melds: int, seven_pairs: bool,
                       thirteen_orphans: bool) -> list[int | None]:
    return _shanten_after_each(c, melds, seven_pairs, thirteen_orphans, 1)


def discard_shanten(counts: Sequence[int], melds: int = 0,
                    forms: WinDistance = HONG_KONG_FORMS) -> list[int | None]:
    """Shanten after discarding one tile of each kind: a list of 34 entries, None for a kind
    the hand does not hold. ``counts`` is a hand that must discard (``14 - 3*melds`` tiles).
    Raises ``ValueError`` for a malformed hand."""
    c = _counts(counts)
    forms.shanten(c, melds)  # validates
    if sum(c) != 14 - 3 * melds:
        raise ValueError(f"{sum(c)} concealed tiles with {melds} declared meld(s): a hand "
                         f"that must discard has {14 - 3 * melds}")
    if type(forms) is Forms:
        return _shanten_after_each(c, melds, forms.seven_pairs, forms.thirteen_orphans, -1)
    out: list[int | None] = []
    for d in range(34):
        if not c[d]:
            out.append(None)
            continue
        c[d] -= 1
        out.append(forms.shanten(c, melds))
        c[d] += 1
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
    fast = type(forms) is Forms  # the tables know exactly these forms
    sp = to = False
    if fast:
        assert isinstance(forms, Forms)
        sp, to = forms.seven_pairs, forms.thirteen_orphans
        for d, v in enumerate(_shanten_after_each(c, melds, sp, to, -1)):
            if v is not None:
                after_discard[d] = v
    else:
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
        after = (_shanten_after_each(c, melds, sp, to, 1) if fast
                 else draw_shanten(c, melds, forms))
        c[d] += 1
        useful = tuple(TileUnseen(TILES[t], _unseen(t, c, vis))
                       for t, s in enumerate(after) if s is not None and s < base)
        options.append(DiscardOption(TILES[d], base, useful, sum(u.unseen for u in useful)))
    options.sort(key=lambda o: (o.shanten_after, -o.unseen_useful, -len(o.useful), o.tile))
    return options
