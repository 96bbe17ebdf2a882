"""How far a hand is from a *plan*: a winning hand of a chosen kind (one suit, all pungs).

The judgement (:mod:`mahjong_table.judgement`) values a hand by the hands it may become, and a
hand in one suit or of pungs alone is worth far more than a plain one under the Hong Kong fan
table (004 s07: one suit with honours 3 fan, without 6; four triplets 3) and under MCR (Half
Flush, Full Flush, All Pungs). Its distance is the plain shanten of the tiles the plan may keep:

- :func:`restricted_shanten`: the shanten of a hand toward sets and a pair drawn from some
  components only (any of the three suits and the honours): the tiles of the other components
  will be discarded as tiles of the allowed ones come. It reads the same per-component distance
  vectors as :func:`~mahjong_table.analysis.shanten.shanten` (:mod:`._distance`), combining the
  allowed components with empty ones, so a hand of any size is measured.
- :func:`pungs_shanten`: the shanten toward four pungs (or kongs) and a pair.

Both count tiles to add, never a fifth copy; neither checks that the tiles can still come
(the judgement weighs that with the unseen tiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from . import _distance

__all__ = ["ALL_COMPONENTS", "HONOURS", "SUIT_BITS", "pungs_shanten", "restricted_shanten"]

#: the component bits: characters, circles, bamboo (suit ``s`` is ``1 << s``), honours
SUIT_BITS: Final = (1, 2, 4)
HONOURS: Final = 8
ALL_COMPONENTS: Final = 15

_STARTS: Final = (0, 9, 18)


def restricted_shanten(counts: Sequence[int], melds: int, allowed: int) -> int:
    """The shanten of ``counts`` (34 concealed counts, any number of tiles) with ``melds``
    declared melds toward ``4 - melds`` sets and a pair made only of the components in
    ``allowed`` (a mask of :data:`SUIT_BITS` and :data:`HONOURS`): the fewest tiles to draw,
    less one. -1 when the allowed tiles already hold the whole hand. Raises ``ValueError``
    for ``melds`` outside 0-4 or a count outside 0-4."""
    if not 0 <= melds <= 4:
        raise ValueError(f"melds must be 0-4 (declared melds), got {melds}")
    c = list(counts)
    if len(c) != 34 or any(not 0 <= x <= 4 for x in c):
        _distance.check_counts(c)
        raise ValueError(f"a count array has 34 entries, got {len(c)}")
    sets = 4 - melds
    v = -1
    for s in range(3):
        key = _distance.suit_key(c, _STARTS[s]) if allowed & SUIT_BITS[s] else 0
        vid = _distance.suit_pack(key) >> _distance.STAT_BITS
        v = vid if v < 0 else _distance.combine_ids(v, vid)
    key = _distance.honour_key(c, 27) if allowed & HONOURS else 0
    v = _distance.combine_ids(v, _distance.honour_pack(key) >> _distance.STAT_BITS)
    return int(_distance.VECTORS[v][5 + sets]) - 1


def pungs_shanten(counts: Sequence[int], melds: int) -> int:
    """The shanten of ``counts`` (34 concealed counts) with ``melds`` declared melds, all
    pungs or kongs, toward ``4 - melds`` pungs and a pair (004 s07 "Four triplets or quads and
    a pair"; MCR All Pungs): each pung needs ``3 - held`` more tiles of its kind, the pair
    ``2 - held``, the kinds chosen to need the fewest. The caller leaves out a hand with a
    claimed chow, which can never be all pungs."""
    if not 0 <= melds <= 4:
        raise ValueError(f"melds must be 0-4 (declared melds), got {melds}")
    sets = 4 - melds
    held = sorted((min(3, x) for x in counts if x > 0), reverse=True)
    held += [0] * (sets + 1)
    best = 99
    # the pair from one of the first sets + 1 kinds (a kind further down holds no more)
    for p in range(sets + 1):
        pung_kinds = [h for i, h in enumerate(held[:sets + 1]) if i != p]
        need = (2 - min(2, held[p])) + sum(3 - h for h in pung_kinds)
        best = min(best, need)
    return best - 1
