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
from typing import TYPE_CHECKING, Final, NamedTuple

from ..tiles import TILES, Tile
from . import _distance
from .shanten import HONG_KONG_FORMS, Forms, WinDistance

if TYPE_CHECKING:
    # machine integers in the compiled build (mypyc); plain ints in pure Python, where the
    # annotations are never evaluated
    from mypy_extensions import i64

__all__ = [
    "DiscardOption",
    "waiting_shapes",
    "discard_ranking",
    "rank_discards",
    "TileUnseen",
    "discard_options",
    "discard_shanten",
    "claim_shanten",
    "declared_kong_shanten",
    "draw_shanten",
    "lowest_discard_shanten",
    "useful_tiles",
    "waits",
    "winning_mask",
]

_SUIT_PACKS: Final = _distance.SUIT_PACKS
_HONOUR_PACKS: Final = _distance.HONOUR_PACKS
_COMBINE_FLAT: Final = _distance.COMBINE_FLAT
_CAP: Final = _distance.COMBINE_CAP
_VECTORS: Final = _distance.VECTORS
_PACKED: Final = _distance.PACKED_VECTORS
_SHIFT: Final = _distance.STAT_BITS
_POW5: Final = _distance.POW5
_DRAW_MASKS: Final = _distance.DRAW_MASKS
_DISCARD_MASKS: Final = _distance.DISCARD_MASKS
_MASKS_CAP: Final = _distance.MASKS_CAP


def _pack(key: int, honours: bool) -> int:
    """The packed stats of one component by its base-5 ``key`` (the honours when
    ``honours``, else a suit): the shipped table's entry, or worked out (and memoised) for a
    pattern the table does not hold."""
    if honours:
        p = _HONOUR_PACKS[key]
        return p if p >= 0 else _distance.honour_pack(key)
    p = _SUIT_PACKS[key]
    return p if p >= 0 else _distance.suit_pack(key)


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
        return _after_each(c, melds, forms, 1)
    out: list[int | None] = []
    for t in range(34):
        if c[t] >= 4:
            out.append(None)
            continue
        c[t] += 1
        out.append(forms.shanten(c, melds))
        c[t] -= 1
    return out


def _components(c: list[int]) -> tuple[int, int, int, int, int, int, int, int,
                                         int, int, int, int, int]:
    """The base-5 keys of hand ``c``'s four components (three suits, the honours), their
    packed values (vector id << 28 | stats), their vector ids and the packed values' sum:
    ``(k0, k1, k2, k3, p0, p1, p2, p3, i0, i1, i2, i3, total)`` (a fixed tuple: unboxed in
    the compiled build when unpacked at once)."""
    k0 = _distance.suit_key(c, 0)
    k1 = _distance.suit_key(c, 9)
    k2 = _distance.suit_key(c, 18)
    k3 = _distance.honour_key(c, 27)
    p0 = _distance.suit_pack(k0)
    p1 = _distance.suit_pack(k1)
    p2 = _distance.suit_pack(k2)
    p3 = _distance.honour_pack(k3)
    return (k0, k1, k2, k3, p0, p1, p2, p3, p0 >> _SHIFT, p1 >> _SHIFT, p2 >> _SHIFT,
            p3 >> _SHIFT, p0 + p1 + p2 + p3)


def _combine(a: int, b: int) -> int:
    if a < _CAP and b < _CAP:
        v = _COMBINE_FLAT[a * _CAP + b]
        if v >= 0:
            return v
    return _distance.combine_ids(a, b)


def _shanten_after_each(c: list[int], melds: int, seven_pairs: bool, thirteen_orphans: bool,
                        delta: int) -> list[int | None]:
    """The shanten of hand ``c`` with one tile of each kind added (``delta`` 1: the draws)
    or taken away (-1: the discards), None where impossible; the tables' fast path of
    :func:`draw_shanten` and :func:`discard_options` (``c`` already checked).

    Only the component that changes needs a new key (its key moves by ``5**rank``); the other
    three are combined once per component."""
    k0, k1, k2, k3, p0, p1, p2, p3, i0, i1, i2, i3, total = _components(c)
    index = 9 - melds
    flags = (int(seven_pairs) | int(thirteen_orphans) << 1) if melds == 0 else 0
    out: list[int | None] = [None] * 34
    vectors = _VECTORS
    for comp in range(4):
        # the other three components combined, in component order (as the ids were made)
        if comp == 0:
            others = _combine(_combine(i1, i2), i3)
            rest = total - p0
            key = k0
        elif comp == 1:
            others = _combine(_combine(i0, i2), i3)
            rest = total - p1
            key = k1
        elif comp == 2:
            others = _combine(_combine(i0, i1), i3)
            rest = total - p2
            key = k2
        else:
            others = _combine(_combine(i0, i1), i2)
            rest = total - p3
            key = k3
        start = 9 * comp
        n = 7 if comp == 3 else 9
        for r in range(n):
            held = c[start + r] + delta
            if held < 0 or held > 4:
                continue
            nk = key + _POW5[r] if delta > 0 else key - _POW5[r]
            p = _pack(nk, comp == 3)
            v = vectors[_combine(others, p >> _SHIFT)][index] - 1
            if flags:
                sv = _distance.special_shanten(rest + p, flags)
                if sv < v:
                    v = sv
            out[start + r] = v
    return out


def _after_each(c: list[int], melds: int, forms: Forms, delta: int) -> list[int | None]:
    """:func:`_shanten_after_each` over ``forms``: the tables' forms
    (:meth:`~.shanten.Forms.table_forms`) for every kind at once, then, for a subclass with
    forms of its own (MCR's), each kind's shanten lowered by
    :meth:`~.shanten.Forms.beyond_tables` (``c`` already checked; left as it was)."""
    seven_pairs, thirteen_orphans = forms.table_forms()
    out = _shanten_after_each(c, melds, seven_pairs, thirteen_orphans, delta)
    if type(forms) is not Forms:
        for t in range(34):
            v = out[t]
            if v is not None and v > -1:
                c[t] += delta
                out[t] = forms.beyond_tables(c, melds, v)
                c[t] -= delta
    return out


def _expect_discarding(c: list[int], melds: int, forms: WinDistance) -> None:
    """Raise ``ValueError`` (``TypeError``) unless ``c`` is a hand that must discard:
    counts of 0-4 and ``14 - 3*melds`` tiles."""
    forms.shanten(c, melds)  # validates
    tiles = 0
    for i in range(len(c)):  # (native integers; ``sum`` is a generic call)
        tiles += c[i]
    if tiles != 14 - 3 * melds:
        raise ValueError(f"{tiles} concealed tiles with {melds} declared meld(s): a hand "
                         f"that must discard has {14 - 3 * melds}")


def discard_shanten(counts: Sequence[int], melds: int = 0,
                    forms: WinDistance = HONG_KONG_FORMS) -> list[int | None]:
    """Shanten after discarding one tile of each kind: a list of 34 entries, None for a kind
    the hand does not hold. ``counts`` is a hand that must discard (``14 - 3*melds`` tiles).
    Raises ``ValueError`` for a malformed hand."""
    c = _counts(counts)
    _expect_discarding(c, melds, forms)
    if isinstance(forms, Forms):
        return _after_each(c, melds, forms, -1)
    out: list[int | None] = []
    for d in range(34):
        if not c[d]:
            out.append(None)
            continue
        c[d] -= 1
        out.append(forms.shanten(c, melds))
        c[d] += 1
    return out


def claim_shanten(counts: list[int], melds: int, forms: WinDistance, kind: str, discard: int,
                  chow_start: int | None = None) -> int:
    """The shanten a claim of ``discard`` leads to (004 s05; 001 Part two "Claiming"), for a
    waiting hand (``13 - 3*melds`` concealed ``counts``, changed and restored):

    - ``"kong"``: with the exposed kong, its replacement tile still to come;
    - ``"pung"`` or ``"chow"`` (``chow_start`` the chow's lowest tile kind): after the claim
      and the best discard that follows it.

    The efficiency bot claims, and the advisor advises a claim, when this is lower than the
    hand's shanten (a kong: not higher). Raises ``ValueError`` for a claim the hand cannot
    make."""
    if kind == "kong":
        if counts[discard] < 3:
            raise ValueError(f"a kong of {TILES[discard]} needs three in the hand")
        counts[discard] -= 3
        try:
            return forms.shanten(counts, melds + 1)
        finally:
            counts[discard] += 3
    if kind == "pung":
        used = [discard, discard]
    elif kind == "chow":
        start = discard if chow_start is None else chow_start
        used = [x for x in range(start, start + 3) if x != discard]
    else:
        raise ValueError(f"{kind!r} is not a claim of a set (kong, pung or chow)")
    taken: list[int] = []
    try:
        for x in used:
            if counts[x] < 1:
                raise ValueError(f"a {kind} of {TILES[discard]} needs {TILES[x]} in the hand")
            counts[x] -= 1
            taken.append(x)
        if type(forms) is Forms:  # the tables' forms: no list of every discard's shanten
            _expect_discarding(counts, melds + 1, forms)
            return lowest_discard_shanten(counts, melds + 1, forms)
        return min(v for v in discard_shanten(counts, melds + 1, forms) if v is not None)
    finally:
        for x in taken:
            counts[x] += 1


def declared_kong_shanten(counts: list[int], melds: int, forms: WinDistance, tile: int, *,
                          added: bool) -> int:
    """The shanten after declaring a kong of ``tile`` in one's turn (004 s05), its
    replacement tile still to come: a concealed kong takes four from the hand and adds a meld;
    an added kong (``added``) takes one, its pung already counted. ``counts`` (a hand that
    must discard) is changed and restored. The efficiency bot declares, and the advisor
    advises, a kong when this is no higher than the best discard's shanten."""
    take = 1 if added else 4
    if counts[tile] < take:
        raise ValueError(f"a kong of {TILES[tile]} needs {take} in the hand")
    counts[tile] -= take
    try:
        return forms.shanten(counts, melds if added else melds + 1)
    finally:
        counts[tile] += take


def _tight(others: i64, vec: i64, sets: i64) -> i64:
    """How a hand reaches its standard distance, seen from one component: the hand's
    distance to ``sets`` sets and a pair (the min-plus convolution's entry ``5 + sets``) in
    the bits above 10, and below them the entries ``j`` of the component's vector (bit
    ``j``) through which it is reached, the other three components combined being
    ``others``: entry ``b`` (``b`` sets here, the pair among the others) or ``5 + b`` (the
    pair here) whose sum with the others' matching entry is the least. Both vectors come
    packed (:data:`._distance.PACKED_VECTORS`; machine integers in the compiled build).

    A draw lowers any entry by at most one and a discard raises it by at most one, so the
    hand's distance falls with a draw into this component exactly when the draw lowers one
    of these entries (:func:`_draw_masks`), and rises with a discard from it exactly when
    the discard raises all of them (:func:`_discard_masks`)."""
    best: i64 = 99
    mask: i64 = 0
    b: i64 = 0
    while b <= sets:
        v: i64 = ((vec >> (6 * b)) & 63) + ((others >> (6 * (5 + sets - b))) & 63)
        if v < best:
            best = v
            mask = 1 << b
        elif v == best:
            mask |= 1 << b
        v = ((vec >> (6 * (5 + b))) & 63) + ((others >> (6 * (sets - b))) & 63)
        if v < best:
            best = v
            mask = 1 << (5 + b)
        elif v == best:
            mask |= 1 << (5 + b)
        b += 1
    return best << 10 | mask


def _union(masks: tuple[int, ...], tight: i64) -> int:
    """The union of ``masks`` (ten, one per entry of a distance vector) over the entries
    whose bit is set in ``tight`` (the low ten bits of :func:`_tight`)."""
    tight &= 1023
    out = 0
    j = 0
    while tight:
        if tight & 1:
            out |= masks[j]
        tight >>= 1
        j += 1
    return out


def _draw_masks(key: int, honours: bool) -> tuple[int, ...]:
    """For each of the ten entries of one component's distance vector, the ranks (a bit
    each) whose draw lowers it, the component's counts being the base-5 ``key`` (honours or
    a suit). A rank held four times is in none. Memoised in :data:`._distance.DRAW_MASKS`."""
    got = _DRAW_MASKS.get(key * 2 + (1 if honours else 0))
    return got if got is not None else _entry_masks(key, honours, 1, _DRAW_MASKS)


def _discard_masks(key: int, honours: bool) -> tuple[int, ...]:
    """For each of the ten entries of one component's distance vector, the held ranks (a
    bit each) whose discard raises it, the component's counts being the base-5 ``key``
    (honours or a suit). Memoised in :data:`._distance.DISCARD_MASKS`."""
    got = _DISCARD_MASKS.get(key * 2 + (1 if honours else 0))
    return got if got is not None else _entry_masks(key, honours, -1, _DISCARD_MASKS)


def _entry_masks(key: int, honours: bool, step: int,
                 memo: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """:func:`_draw_masks` (``step`` 1: the ranks whose draw lowers each entry, a rank held
    four times left out) or :func:`_discard_masks` (``step`` -1: the held ranks whose
    discard raises it), worked out and stored in ``memo`` (emptied first when it holds
    :data:`._distance.MASKS_CAP` entries)."""
    vectors = _VECTORS
    vec = vectors[_pack(key, honours) >> _SHIFT]
    masks = [0] * 10
    rest = key
    for r in range(7 if honours else 9):
        held = rest % 5
        rest //= 5
        if (held >= 4) if step > 0 else (held == 0):
            continue
        moved = vectors[_pack(key + step * _POW5[r], honours) >> _SHIFT]
        bit = 1 << r
        for j in range(10):
            if (moved[j] < vec[j]) if step > 0 else (moved[j] > vec[j]):
                masks[j] = masks[j] | bit
    result = tuple(masks)
    if len(memo) >= _MASKS_CAP:
        memo.clear()
    memo[key * 2 + (1 if honours else 0)] = result
    return result


def _useful_ranks(others: int, key: int, comp_id: int, honours: bool, sets: int) -> int:
    """Which draws into one component lower the standard distance of a hand (a bit per
    rank): the component's base-5 ``key`` and vector id ``comp_id``, the other three
    components combined into vector id ``others``, ``sets`` the sets the hand still needs.
    The union of the component's draw masks over the entries the distance is reached
    through (:func:`_tight`)."""
    return _union(_draw_masks(key, honours), _tight(_PACKED[others], _PACKED[comp_id], sets))


#: the shanten :func:`rank_discards` gives a kind the hand does not hold (no discard)
_NOT_HELD: Final = 99

#: 1 for the kinds that count towards thirteen orphans (terminals and honours)
_ORPHAN: Final = tuple(1 if k in (0, 8, 9, 17, 18, 26) or k >= 27 else 0 for k in range(34))


def _special_useful(stats: int, flags: int, held: int, orphan: int, base: int) -> bool:
    """Whether one more of a kind held ``held`` times (0-3; ``orphan`` 1 for a terminal or an
    honour) brings the special forms of a hand with packed ``stats`` below ``base``: what
    :func:`._distance.special_shanten` of the hand with the draw would say, from how a draw
    moves the counts it reads (a kind's first copy adds a kind, its second a pair; the third
    and fourth change nothing)."""
    best = 99
    if flags & 1:
        pairs = (stats >> 8) & 63
        kinds = (stats >> 14) & 63
        if held == 0:
            kinds += 1
        elif held == 1:
            pairs += 1
        best = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    if flags & 2:
        o_kinds = (stats >> 20) & 15
        o_pairs = (stats >> 24) & 15
        if orphan:
            if held == 0:
                o_kinds += 1
            elif held == 1:
                o_pairs += 1
        v = 13 - o_kinds - (1 if o_pairs else 0)
        if v < best:
            best = v
    return best < base


def winning_mask(counts: list[int], melds: int, forms: Forms) -> int:
    """The winning kinds of a hand of ``13 - 3*melds`` concealed tiles as a bit mask (bit
    ``k`` for kind ``k``): the kinds whose draw completes it, what :func:`draw_shanten`
    finds at -1. 0 unless the hand is ready (shanten 0). A kind held four times is no wait.

    ``counts`` (34 entries) must be checked by the caller. -1 when ``forms`` is not the
    tables' own :class:`~.shanten.Forms` but a subclass with forms of its own (MCR's): ask
    :func:`draw_shanten` then. The
    standard form's winning ranks come component by component from :func:`_useful_ranks`
    (the draw masks memoised by component, and shared with :func:`rank_discards`), the
    special forms' from the counts they read
    (:func:`_special_useful`)."""
    if type(forms) is not Forms:
        return -1
    c = counts
    k0, k1, k2, k3, _p0, _p1, _p2, _p3, i0, i1, i2, i3, total = _components(c)
    index = 9 - melds
    flags = (int(forms.seven_pairs) | int(forms.thirteen_orphans) << 1) if melds == 0 else 0
    c01 = _combine(i0, i1)
    c23 = _combine(i2, i3)
    standard = _VECTORS[_combine(c01, c23)][index] - 1
    special = _distance.special_shanten(total, flags) if flags else 99
    if standard != 0 and special != 0:
        return 0
    mask = 0
    if standard == 0:
        # (a draw lowers a form's shanten by at most one: only a form at 0 can complete)
        sets = 4 - melds
        mask = (_useful_ranks(_combine(i1, c23), k0, i0, False, sets)
                | _useful_ranks(_combine(i0, c23), k1, i1, False, sets) << 9
                | _useful_ranks(_combine(c01, i3), k2, i2, False, sets) << 18
                | _useful_ranks(_combine(c01, i2), k3, i3, True, sets) << 27)
    if special == 0:
        # which draws complete a special form depends only on how many of the kind the hand
        # holds (0 or 1) and on whether it is a terminal or an honour: bit ``2*held + orphan``
        bits = 0
        for sb in range(4):
            if _special_useful(total, flags, sb >> 1, sb & 1, 0):
                bits |= 1 << sb
        if bits:
            for t in range(34):
                held = c[t]
                if held < 2 and (bits >> (2 * held + _ORPHAN[t])) & 1:
                    mask |= 1 << t
    return mask


def _special_after_discard(stats: int, flags: int, held: int, orphan: int) -> int:
    """The special forms' shanten (:func:`._distance.special_shanten`) of a hand with packed
    ``stats`` after one copy of a kind held ``held`` times (1-4; ``orphan`` 1 for a terminal
    or an honour) is taken out: its last copy takes a kind away, its second a pair; the
    third and fourth change nothing."""
    if held == 1:
        stats -= 1 << 14
        if orphan:
            stats -= 1 << 20
    elif held == 2:
        stats -= 1 << 8
        if orphan:
            stats -= 1 << 24
    return _distance.special_shanten(stats, flags)


def rank_discards(counts: list[int], melds: int, visible: Sequence[int], forms: Forms,
                  candidates: Sequence[int] | None = None) -> list[tuple[int, int, int, int]]:
    """The ranking of :func:`discard_options` with ``best_only``, as plain integers: a list of
    ``(shanten_after, -unseen_useful, -useful_kinds, kind)``, best first, without building
    a :class:`DiscardOption` per discard (a bot's inner loop).

    ``counts`` is a checked hand that must discard (``14 - 3*melds`` tiles), ``visible`` as in
    :func:`discard_options`, ``forms`` a :class:`~.shanten.Forms` (the tables' forms).
    With ``candidates`` only those kinds are ranked: the ones reaching the lowest shanten of the
    whole hand, or, when none of them does, all of them. Same order as
    :func:`discard_options`; ``counts`` is not changed.

    The useful draws after a discard are found component by component, the standard form's
    and the special forms' apart (a draw is useful when either falls below the shanten
    after the discard). A component's standard useful ranks are the union of its draw masks
    (:func:`_draw_masks`, memoised by the component's counts alone) over the entries of its
    distance vector through which the hand reaches its distance (:func:`_tight`); they count
    only when the standard form is what sets the shanten (a draw lowers any form's shanten
    by at most one). The special forms' come from the counts they read
    (:func:`_special_useful`). The shanten after each discard comes the same way
    (:func:`_discard_masks`, :func:`_special_after_discard`).
    """
    ranked = discard_ranking(counts, melds, visible, forms, candidates)
    out: list[tuple[int, int, int, int]] = []
    for key in ranked:
        out.append((key >> _RANK_SHANTEN_SHIFT,
                     (key >> _RANK_UNSEEN_SHIFT & 1023) - 1023,
                     (key >> _RANK_KINDS_SHIFT & 1023) - 1023,
                     key & 255))
    return out


#: where :func:`discard_ranking` packs each field of a discard's rank: the shanten after it
#: (bits 40 and up), 1023 less its unseen useful tiles (30-39), 1023 less its kinds of useful
#: tile (20-29), its kind (0-7); a plain integer sort orders them as the tuples would
_RANK_SHANTEN_SHIFT: Final = 40
_RANK_UNSEEN_SHIFT: Final = 30
_RANK_KINDS_SHIFT: Final = 20


def discard_ranking(counts: list[int], melds: int, visible: Sequence[int], forms: Forms,
                    candidates: Sequence[int] | None = None) -> list[int]:
    """:func:`rank_discards` packed: each discard's rank as one integer, best first
    (``shanten_after << 40 | (1023 - unseen_useful) << 30 | (1023 - useful_kinds) << 20 |
    kind``), so that a bot reads the best and its ties without a tuple per discard and the
    ranking sorts plain integers. Arguments and order as :func:`rank_discards`."""
    sp = forms.seven_pairs
    to = forms.thirteen_orphans
    c = counts
    # (each component's values in locals, picked by :func:`_pick`: a list would box every
    # integer above 256 into a new object, and free it again, at every call)
    k0, k1, k2, k3, p0, p1, p2, p3, i0, i1, i2, i3, total = _components(c)
    flags = (int(sp) | int(to) << 1) if melds == 0 else 0
    # any two components combined (the min-plus convolution is the same in any order): for
    # a discard from one component and a draw into another, the two others
    c01 = _combine(i0, i1)
    c02 = _combine(i0, i2)
    c03 = _combine(i0, i3)
    c12 = _combine(i1, i2)
    c13 = _combine(i1, i3)
    c23 = _combine(i2, i3)
    # the other three components combined, for a draw into (or a discard from) each one
    o0 = _combine(c12, i3)
    o1 = _combine(c02, i3)
    o2 = _combine(c01, i3)
    o3 = _combine(c01, i2)
    # the shanten after each discard (_NOT_HELD: a kind not held): the standard form's from
    # the entries the hand's distance is reached through (a discard raises it only when it
    # raises all of them), the special forms' from the counts they read
    sets = 4 - melds
    after = [_NOT_HELD] * 34
    standard_after = [_NOT_HELD] * 34
    lowest = _NOT_HELD
    for comp in range(4):
        v = _after_discards(c, comp, _pick(comp, k0, k1, k2, k3), _pick(comp, i0, i1, i2, i3),
                            _pick(comp, o0, o1, o2, o3), total, flags, sets, after,
                            standard_after)
        if v < lowest:
            lowest = v
    kinds: list[int] = []
    if candidates is None:
        kinds = [d for d in range(34) if after[d] == lowest]
    else:
        kinds = [d for d in candidates if after[d] == lowest]
        if not kinds:
            kinds = [d for d in candidates if after[d] != _NOT_HELD]
    # unseen copies of each kind (held before the discard: the discarded copy is on the
    # table), the same for every discard
    unseen_of = [0] * 34
    vis: list[int] = visible if isinstance(visible, list) else list(visible)
    for t in range(34):
        n = 4 - c[t] - vis[t]
        if n > 0:
            unseen_of[t] = n
    out: list[int] = []
    # the draw masks of the hand's components, read once (for draws into a component the
    # discard does not touch)
    own_masks: list[tuple[int, ...]] = []
    for d in kinds:
        base = after[d]
        ca = 3 if d >= 27 else d // 9
        ka = _pick(ca, k0, k1, k2, k3) - _POW5[d - 9 * ca]
        pa = _pack(ka, ca == 3)
        ia = pa >> _SHIFT
        # the packed sum of the hand after the discard
        hand = total - _pick(ca, p0, p1, p2, p3) + pa
        others = _pick(ca, o0, o1, o2, o3)
        # the special forms can make a draw useful only if their shanten is ``base`` (no
        # lower: it is the hand's; one draw lowers it by at most one), and the standard form
        # only if its own is ``base``
        special = flags != 0 and _distance.special_shanten(hand, flags) <= base
        standard = standard_after[d] == base
        # which draws the special forms find useful depends only on how many of the kind
        # the hand holds (0 or 1: a third or fourth copy leaves them at ``base``) and on
        # whether it is a terminal or an honour: bit ``2*held + orphan``
        special_bits = 0
        if special:
            for sb in range(4):
                if _special_useful(hand, flags, sb >> 1, sb & 1, base):
                    special_bits |= 1 << sb
        unseen = 0
        useful = 0
        for comp in range(4):
            start = 9 * comp
            mask = 0
            if standard:
                if comp == ca:
                    mask = _useful_ranks(others, ka, ia, comp == 3, sets)
                else:
                    # the other components than this one: the discard's (``ia``) and the
                    # two others, already combined (the combination is the same in any
                    # order); this component's draw masks are the hand's own
                    if not own_masks:
                        own_masks = [_draw_masks(k0, False), _draw_masks(k1, False),
                                     _draw_masks(k2, False), _draw_masks(k3, True)]
                    # the two components neither the discard's nor this one, combined
                    both = ca + comp
                    if both == 1:
                        pair = c23
                    elif both == 2:
                        pair = c13
                    elif both == 3:
                        pair = c12 if ca * comp == 0 else c03
                    elif both == 4:
                        pair = c02
                    else:
                        pair = c01
                    mask = _union(own_masks[comp],
                                  _tight(_PACKED[_combine(ia, pair)],
                                         _PACKED[_pick(comp, i0, i1, i2, i3)], sets))
            if special_bits:
                for r in range(7 if comp == 3 else 9):
                    t = start + r
                    held = c[t] - 1 if t == d else c[t]
                    if held < 2 and (special_bits >> (2 * held + _ORPHAN[t])) & 1:
                        mask |= 1 << r
            r = 0
            while mask:
                if mask & 1:
                    useful += 1
                    unseen += unseen_of[start + r]
                mask >>= 1
                r += 1
        out.append(base << _RANK_SHANTEN_SHIFT | (1023 - unseen) << _RANK_UNSEEN_SHIFT
                   | (1023 - useful) << _RANK_KINDS_SHIFT | d)
    out.sort()
    return out


def _after_discards(c: list[int], comp: int, key: int, comp_id: int, others: int, total: int,
                    flags: int, sets: int, after: list[int], standard_after: list[int]) -> int:
    """The shanten after each discard from one component (``comp``: 0-2 a suit, 3 the
    honours) of hand ``c``, written into ``after`` (the best form's) and ``standard_after``
    (the standard form's) at the discard's kind; returns the lowest of them (99 when the
    component is empty). ``key`` and ``comp_id`` are the component's base-5 key and vector
    id, ``others`` the other three combined, ``total`` the hand's packed stats, ``flags``
    the special forms (:func:`._distance.special_shanten`), ``sets`` the sets still needed.

    The standard form's from the entries the hand's distance is reached through
    (:func:`_tight`; a discard raises the distance only when it raises all of them,
    :func:`_discard_masks`), the special forms' from the counts they read
    (:func:`_special_after_discard`)."""
    start = 9 * comp
    honours = comp == 3
    tight = _tight(_PACKED[others], _PACKED[comp_id], sets)
    distance = tight >> 10
    tight &= 1023
    masks = _discard_masks(key, honours)
    raised = 511
    j = 0
    while tight:
        if tight & 1:
            raised &= masks[j]
        tight >>= 1
        j += 1
    lowest = _NOT_HELD
    for r in range(7 if honours else 9):
        t = start + r
        held = c[t]
        if held == 0:
            continue
        v = distance - 1 + ((raised >> r) & 1)
        standard_after[t] = v
        if flags:
            sv = _special_after_discard(total, flags, held, _ORPHAN[t])
            if sv < v:
                v = sv
        after[t] = v
        if v < lowest:
            lowest = v
    return lowest


def lowest_discard_shanten(counts: list[int], melds: int, forms: Forms) -> int:
    """The lowest shanten one discard reaches from a hand that must discard (``14 -
    3*melds`` concealed tiles, checked by the caller): the least of :func:`discard_shanten`,
    component by component as :func:`discard_ranking` finds it (:func:`_after_discards`).
    ``forms`` a subclass with forms of its own (MCR's) is asked through
    :func:`discard_shanten`."""
    if type(forms) is not Forms:
        return min(v for v in discard_shanten(counts, melds, forms) if v is not None)
    c = counts
    k0, k1, k2, k3, _p0, _p1, _p2, _p3, i0, i1, i2, i3, total = _components(c)
    flags = (int(forms.seven_pairs) | int(forms.thirteen_orphans) << 1) if melds == 0 else 0
    c01 = _combine(i0, i1)
    c23 = _combine(i2, i3)
    sets = 4 - melds
    after = [_NOT_HELD] * 34
    standard_after = [_NOT_HELD] * 34
    lowest = _after_discards(c, 0, k0, i0, _combine(i1, c23), total, flags, sets, after,
                             standard_after)
    v = _after_discards(c, 1, k1, i1, _combine(i0, c23), total, flags, sets, after,
                        standard_after)
    if v < lowest:
        lowest = v
    v = _after_discards(c, 2, k2, i2, _combine(c01, i3), total, flags, sets, after,
                        standard_after)
    if v < lowest:
        lowest = v
    v = _after_discards(c, 3, k3, i3, _combine(c01, i2), total, flags, sets, after,
                        standard_after)
    if v < lowest:
        lowest = v
    return lowest


def _pick(i: int, a: int, b: int, c: int, d: int) -> int:
    """``(a, b, c, d)[i]`` for ``i`` in 0-3, without a tuple (native in the compiled build)."""
    if i == 0:
        return a
    if i == 1:
        return b
    if i == 2:
        return c
    return d




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
    table_forms = forms if isinstance(forms, Forms) else None  # the tables' fast path
    if table_forms is not None:
        for d, v in enumerate(_after_each(c, melds, table_forms, -1)):
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
        after = (_after_each(c, melds, table_forms, 1) if table_forms is not None
                 else draw_shanten(c, melds, forms))
        c[d] += 1
        useful = tuple(TileUnseen(TILES[t], _unseen(t, c, vis))
                       for t, s in enumerate(after) if s is not None and s < base)
        options.append(DiscardOption(TILES[d], base, useful, sum(u.unseen for u in useful)))
    options.sort(key=lambda o: (o.shanten_after, -o.unseen_useful, -len(o.useful), o.tile))
    return options



def waiting_shapes(unseen: Sequence[int], t: int) -> float:
    """How many waiting shapes made of ``unseen`` tiles (34 counts) the tile of index ``t``
    would complete, weighted as a ready hand holds them: a pair wait (0.6 a copy), a pung wait
    (0.8 a pair of copies), side and edge waits (1 a pair of neighbours), a closed wait (0.6).
    The defence of the bots and the judgement reads an opponent's winning tiles from it."""
    u = unseen
    c = u[t] * 0.6 + u[t] * (u[t] - 1) / 2 * 0.8
    if t < 27:
        n = t % 9
        if n >= 2:
            c += u[t - 2] * u[t - 1]
        if n <= 6:
            c += u[t + 1] * u[t + 2]
        if 1 <= n <= 7:
            c += u[t - 1] * u[t + 1] * 0.6
    return c
