"""Tile efficiency one draw ahead: how wide a hand will be after its next useful draw.

Two hands with as many useful tiles now are not alike when one's next step leaves it wide and
the other's narrow; the judgement (:mod:`mahjong_table.judgement`) reads this as well as the
useful tiles now.
"""

from __future__ import annotations

from collections.abc import Sequence

from .shanten import HONG_KONG_FORMS, WinDistance
from .waits import discard_shanten, draw_shanten

__all__ = ["next_step_useful"]


def next_step_useful(counts: list[int], melds: int, unseen: Sequence[int],
                     forms: WinDistance = HONG_KONG_FORMS) -> float:
    """Tile efficiency one draw ahead: for a waiting hand (``13 - 3*melds`` concealed
    ``counts``, changed and restored) ``s`` >= 1 steps from ready, the mean number of unseen
    useful tiles it has after drawing each of its useful tiles (weighted by that tile's unseen
    copies, ``unseen`` over the 34 kinds) and making the discard that keeps the lower shanten
    with the most useful tiles. 0 for a ready hand or one with no useful tile unseen. A hand
    whose next step leaves it wide is better than one whose next step leaves it narrow, even
    when both have as many useful tiles now."""
    s = forms.shanten(counts, melds)
    if s <= 0:
        return 0.0
    after = draw_shanten(counts, melds, forms)
    target = s - 1
    total = 0.0
    weight = 0
    for k in range(34):
        x = after[k]
        u = unseen[k]
        if x is None or x >= s or u <= 0:
            continue
        counts[k] += 1
        best = 0
        drops = discard_shanten(counts, melds, forms)
        for d in range(34):
            if drops[d] != target:
                continue
            counts[d] -= 1
            nxt = draw_shanten(counts, melds, forms)
            ukeire = 0
            for t in range(34):
                y = nxt[t]
                if y is not None and y < target:
                    ukeire += max(0, unseen[t] - (1 if t == k else 0))
            counts[d] += 1
            if ukeire > best:
                best = ukeire
        counts[k] -= 1
        total += u * best
        weight += u
    return total / weight if weight else 0.0
