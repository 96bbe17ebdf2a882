"""The tables MCR scoring reads instead of searching (issue 25): each against the rule it
stands for, written out directly from the MCR fan table (``rules/mcr_fans.py``,
docs/rules/chinese.md "MCR scoring").
"""

from __future__ import annotations

import random

import pytest
from bench.mcr import random_mcr_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.analysis import decompose
from mahjong_table.analysis.mcr_forms import (
    KNITTED_STRAIGHTS,
    component_code,
    component_codes,
    decompose_sets,
    is_mcr_seven_pairs,
)
from mahjong_table.rules import mcr_scoring as m

kinds = st.frozensets(st.integers(0, 33), min_size=1, max_size=14)


def _mask(ks: frozenset[int]) -> int:
    return sum(1 << k for k in ks)


def test_tile_groups_as_bit_sets() -> None:
    """The kinds of MCR's whole-hand fans: each suit's nine tiles, winds 27-30, dragons
    31-33, terminals 1 and 9, All Green's 23468 bamboo and Green dragon, Reversible Tiles'
    1234589 circles, 245689 bamboo and White dragon; the six knitted straights."""
    assert tuple(_mask(frozenset(range(9 * s, 9 * s + 9))) for s in range(3)) == m._SUIT_BITS
    assert _mask(frozenset(range(27, 31))) == m._WIND_BITS
    assert _mask(frozenset(range(31, 34))) == m._DRAGON_BITS
    assert _mask(frozenset(t for t in range(27) if t % 9 in (0, 8))) == m._TERMINAL_BITS
    assert _mask(frozenset(
        t for t in range(34) if m._TERMINAL_OR_HONOUR[t])) == m._TERMINAL_OR_HONOUR_BITS
    # bamboo are tiles 18-26 in this project's order (characters, circles, bamboo)
    assert _mask(frozenset(18 + r for r in (1, 2, 3, 5, 7)) | {32}) == m._GREEN_BITS
    reversible = [9 + r for r in (0, 1, 2, 3, 4, 7, 8)] + [18 + r for r in (1, 3, 4, 5, 7, 8)]
    assert _mask(frozenset([*reversible, 31])) == m._REVERSIBLE_BITS
    assert tuple(_mask(frozenset(ks)) for ks in KNITTED_STRAIGHTS) == m._KNITTED_BITS


def test_range_fans_table() -> None:
    """Lower Tiles: only 1-3; Lower Four: only 1-4 with a 4; Upper Tiles: only 7-9; Upper
    Four: only 6-9 with a 6; Middle Tiles: only 4-6 (ranks 0-8 here)."""
    assert m._RANGE_FANS[0] is None
    for ranks in range(1, 512):
        held = [r for r in range(9) if ranks >> r & 1]
        if max(held) <= 2:
            want: str | None = "lower_tiles"
        elif max(held) == 3:
            want = "lower_four"
        elif min(held) >= 6:
            want = "upper_tiles"
        elif min(held) == 5:
            want = "upper_four"
        elif min(held) >= 3 and max(held) <= 5:
            want = "middle_tiles"
        else:
            want = None
        assert m._RANGE_FANS[ranks] == want, held


@settings(max_examples=300, deadline=None)
@given(kinds)
def test_whole_hand_fans_by_mask_match_the_kinds(ks: frozenset[int]) -> None:
    """The suit, tile and range fans read from the bit set are those of the kinds written
    out: No Honours (no honour), Half Flush (one suit and honours), Full Flush (one suit),
    One Voided Suit (two suits), All Types (three suits, a wind, a dragon), All Simples,
    Reversible Tiles, All Green, All Honours, All Terminals, All Terminals and Honours."""
    mask = _mask(ks)
    suits = {k // 9 for k in ks if k < 27}
    honours = any(k >= 27 for k in ks)
    want: dict[str, int] = {}
    if not honours:
        want["no_honours"] = 1
    if len(suits) == 1:
        want["half_flush" if honours else "full_flush"] = 1
    elif len(suits) < 3:
        want["one_voided_suit"] = 3 - len(suits)
    if len(suits) == 3 and any(27 <= k <= 30 for k in ks) and any(k >= 31 for k in ks):
        want["all_types"] = 1
    got: dict[str, int] = {}
    m._suit_fans(mask, got)
    assert got == want
    got = {}
    m._tile_fans(mask, got)
    term_hon = [m._TERMINAL_OR_HONOUR[k] for k in ks]
    assert ("all_simples" in got) == (not any(term_hon))
    assert ("all_green" in got) == (ks <= {19, 20, 21, 23, 25, 32})
    assert ("all_honours" in got) == (any(term_hon) and all(k >= 27 for k in ks))
    assert ("all_terminals" in got) == (any(term_hon) and not honours and all(term_hon))
    assert ("all_terminals_and_honours" in got) == (
        all(term_hon) and honours and not all(k >= 27 for k in ks))
    got = {}
    m._rank_fans(mask, got)
    if honours:
        assert got == {}
    else:
        fan = m._RANGE_FANS[sum(1 << r for r in {k % 9 for k in ks})]
        assert got == ({fan: 1} if fan else {})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.booleans())
def test_component_waits_table(counts: list[int], suited: bool) -> None:
    """One component's wait bits (issue 25): its state (1 sets only, 2 sets and one pair) and,
    for each rank, whether one more tile of it makes the component sets only or sets and one
    pair: the MCR winning form's four sets and a pair, read suit by suit."""
    key = counts if suited else counts[:7]
    code = component_code(key, 0, len(key), suited)
    got = m._component_waits(code, list(key), suited)
    assert got == m._component_waits(-1, list(key), suited)  # cached or not, the same
    assert got & 3 == m._bits_of(tuple(key), suited)
    for r in range(len(key)):
        more = list(key)
        more[r] += 1
        st_ = m._bits_of(tuple(more), suited)
        assert bool(got >> (m._SETS_AFTER + r) & 1) == bool(st_ & 1)
        assert bool(got >> (m._PAIR_AFTER + r) & 1) == bool(st_ & 2)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32))
def test_unique_wait_is_one_winning_kind(seed: int) -> None:
    """MCR Edge, Closed and Single Wait count only when the hand before the winning tile
    waited on one kind (docs/rules/chinese.md "Waits"): the kinds that complete four sets and
    a pair, or seven pairs, counting a fifth copy as a wait, written out tile by tile."""
    h = random_mcr_hand(random.Random(seed))
    if not h.concealed[h.win_tile]:
        return
    standing = list(h.concealed)
    standing[h.win_tile] -= 1
    waits = []
    for t in range(34):
        c = list(standing)
        c[t] += 1
        if decompose_sets(c, first_only=True) or is_mcr_seven_pairs(c):
            waits.append(t)
    held = list(h.concealed)
    assert m._unique_wait(h, held) == (len(waits) == 1)
    assert m._unique_wait(h, held, component_codes(held)) == (len(waits) == 1)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_decompose_sets_with_codes_and_pair_table(seed: int) -> None:
    """MCR "Winning hands" (four sets and a pair), read suit by suit (issue 25): the readings
    are the same, in the same order, whether the caller passes the suits' codes or not, and
    the pair table (each rank that can be the pair, with the rest's readings) is the same
    cached or not."""
    h = random_mcr_hand(random.Random(seed))
    c = list(h.concealed)
    assert decompose_sets(c, first_only=False, codes=component_codes(c)) == decompose_sets(
        c, first_only=False)
    for j, code in enumerate(component_codes(c)):
        a = 9 * j
        assert decompose._paired_sets(j, code, c, a) == decompose._paired_sets(j, -1, c, a)


def test_mcr_score_is_still_a_frozen_dataclass() -> None:
    """McrScore's written-out __init__ (issue 25) keeps the frozen dataclass: fields in order,
    equality, repr, no assignment, ``dataclasses.replace``."""
    import dataclasses

    s = m.McrScore(9, {"chicken_hand": 1, "flower_tiles": 1}, "standard", (("pair", 0, False),))
    assert [f.name for f in dataclasses.fields(s)] == ["total", "fans", "form", "groups"]
    assert s == m.McrScore(total=9, fans={"chicken_hand": 1, "flower_tiles": 1},
                           form="standard", groups=(("pair", 0, False),))
    assert repr(s).startswith("McrScore(total=9, fans={'chicken_hand': 1")
    assert s.without_flowers == 8
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.total = 1  # type: ignore[misc]
    assert dataclasses.replace(s, total=10).total == 10
