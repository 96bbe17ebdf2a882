"""MCR's special-form shanten counted, not searched (issue 25): ``_set_pair_keep``,
``knitted_straight_shanten`` and ``honours_knitted_shanten`` against plain searches.

Rule: MCR's knitted straight (001 Part two, "Knitted Straight": 147, 258, 369 of three suits,
with a set and a pair) and honours and knitted tiles ("Greater/Lesser Honours and Knitted
Tiles": fourteen different tiles of one knitted straight and the honours)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.analysis import mcr_forms
from mahjong_table.analysis.mcr_forms import (
    KNITTED_STRAIGHTS,
    honours_knitted_shanten,
    knitted_straight_shanten,
)


def _keep_searched(rest: list[int], need_set: bool) -> int:
    """Every set (up to three of a kind, or the held ranks of a run of three) with every pair
    (up to two of a kind) among what it leaves: the most tiles kept."""
    def pair(left: list[int]) -> int:
        return max((min(2, c) for c in left), default=0)

    best = pair(rest)
    if not need_set:
        return best
    for t in range(34):
        if rest[t]:
            left = list(rest)
            k = min(3, left[t])
            left[t] -= k
            best = max(best, k + pair(left))
        if t < 27 and t % 9 <= 6:
            left = list(rest)
            n = 0
            for u in (t, t + 1, t + 2):
                if left[u]:
                    left[u] -= 1
                    n += 1
            if n:
                best = max(best, n + pair(left))
    return best


def _knitted_searched(counts: list[int], melds: int) -> int:
    if melds > 1:
        return 99
    target = 14 - 3 * melds
    best = 99
    for ks in KNITTED_STRAIGHTS:
        held = sum(1 for t in ks if counts[t])
        rest = [c - 1 if t in ks and c else c for t, c in enumerate(counts)]
        best = min(best, target - 1 - held - _keep_searched(rest, melds == 0))
    return best


def _hand(size: int) -> st.SearchStrategy[list[int]]:
    """A count array of ``size`` tiles, at most four of a kind."""
    return st.lists(st.integers(0, 33), min_size=size, max_size=size).map(
        lambda ks: [min(4, ks.count(k)) for k in range(34)]).filter(lambda c: sum(c) == size)


@settings(max_examples=400, deadline=None)
@given(rest=st.lists(st.integers(0, 4), min_size=34, max_size=34), need_set=st.booleans())
def test_set_pair_keep_counts_what_the_search_finds(rest: list[int], need_set: bool) -> None:
    assert mcr_forms._set_pair_keep(rest, need_set) == _keep_searched(rest, need_set)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), melds=st.integers(0, 2))
def test_knitted_straight_shanten_is_the_searched_one(data: st.DataObject, melds: int) -> None:
    counts = data.draw(_hand(14 - 3 * melds))
    assert knitted_straight_shanten(counts, melds) == _knitted_searched(counts, melds)
    # a bound skips only what cannot beat it
    for bound in range(0, 8):
        got = knitted_straight_shanten(counts, melds, bound)
        want = _knitted_searched(counts, melds)
        assert got == want if want < bound else got >= bound


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_honours_knitted_shanten_is_the_searched_one(data: st.DataObject) -> None:
    counts = data.draw(_hand(14))
    honours = sum(1 for t in range(27, 34) if counts[t])
    best = max(sum(1 for t in ks if counts[t]) for ks in KNITTED_STRAIGHTS)
    assert honours_knitted_shanten(counts) == 13 - min(14, best + honours)


def test_knitted_straight_worked_example() -> None:
    """147 characters, 258 circles, 369 bamboo, a pung of east and a pair of one dragon: a
    complete knitted straight hand (shanten -1); one tile short of it, 0."""
    counts = [0] * 34
    for t in (0, 3, 6, 10, 13, 16, 20, 23, 26):
        counts[t] = 1
    counts[27] = 3
    counts[31] = 2
    assert knitted_straight_shanten(counts) == -1
    counts[31] = 1
    counts[32] = 1
    assert knitted_straight_shanten(counts) == 0


@settings(max_examples=150, deadline=None)
@given(data=st.data(), melds=st.integers(0, 2))
def test_mcr_shanten_after_each_draw_and_discard_is_forms_shanten(data: st.DataObject,
                                                                   melds: int) -> None:
    """The tables' pass over every kind, lowered by MCR's own forms (``beyond_tables``),
    gives what ``McrForms.shanten`` gives kind by kind, for draws and for discards; and the
    discard ranking the efficiency bot reads is the one built from those shanten values."""
    from mahjong_table.analysis.mcr_forms import MCR_FORMS
    from mahjong_table.analysis.waits import discard_options, discard_shanten, draw_shanten

    waiting = data.draw(_hand(13 - 3 * melds))
    want: list[int | None] = []
    for t in range(34):
        if waiting[t] >= 4:
            want.append(None)
            continue
        waiting[t] += 1
        want.append(MCR_FORMS.shanten(waiting, melds))
        waiting[t] -= 1
    assert draw_shanten(waiting, melds, MCR_FORMS) == want
    full = data.draw(_hand(14 - 3 * melds))
    want = []
    for t in range(34):
        if not full[t]:
            want.append(None)
            continue
        full[t] -= 1
        want.append(MCR_FORMS.shanten(full, melds))
        full[t] += 1
    assert discard_shanten(full, melds, MCR_FORMS) == want
    for option in discard_options(full, melds, None, MCR_FORMS):
        t = int(option.tile)
        assert option.shanten_after == want[t]
        full[t] -= 1
        useful = []
        for u in range(34):
            if full[u] < 4:
                full[u] += 1
                if MCR_FORMS.shanten(full, melds) < option.shanten_after:
                    useful.append(u)
                full[u] -= 1
        full[t] += 1
        assert [int(u.tile) for u in option.useful] == useful
