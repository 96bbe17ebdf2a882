"""The decomposition's groups written in the order the hand was written (shared/NOTATION.md,
the ``decomposition`` of ``score --json``): the counted version of ``_ordered_groups``
against the plain one, on any hand order and any grouping (issue 25)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.rules import hand_checks
from mahjong_table.tiles import TILES, Tile


@st.composite
def _hand_and_groups(draw: st.DrawFn) -> tuple[list[Tile], list[list[Tile]]]:
    kinds = draw(st.lists(st.integers(0, 33), min_size=1, max_size=14))
    counts = [min(4, kinds.count(k)) for k in range(34)]
    tiles = [TILES[k] for k in range(34) for _ in range(counts[k])]
    concealed = draw(st.permutations(tiles))
    # the groups: the tiles in a random order, cut into pieces of one to four
    order = draw(st.permutations(tiles))
    groups: list[list[Tile]] = []
    i = 0
    while i < len(order):
        size = draw(st.integers(1, 4))
        groups.append(sorted(order[i:i + size]))
        i += size
    # some tiles may be left to no group (an MCR hand's single tiles are written apart)
    kept = draw(st.lists(st.booleans(), min_size=len(groups), max_size=len(groups)))
    if not all(kept) and any(kept):
        groups = [g for g, keep in zip(groups, kept, strict=True) if keep]
    return list(concealed), groups


@settings(max_examples=500, deadline=None)
@given(_hand_and_groups())
def test_ordered_groups_counted_is_the_plain_reading(
        case: tuple[list[Tile], list[list[Tile]]]) -> None:
    concealed, groups = case
    assert hand_checks._ordered_groups(concealed, groups) == \
        hand_checks._ordered_groups_plain(concealed, groups)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=13, unique=True), st.data())
def test_groups_of_one_kind_are_the_plain_reading(kinds: list[int], data: st.DataObject) -> None:
    """004 s05, seven pairs and thirteen orphans: groups that each hold one kind (pairs, or a
    pair and single tiles) are written as the plain reading writes them, in any hand order."""
    sizes = data.draw(st.lists(st.integers(1, 2), min_size=len(kinds), max_size=len(kinds)))
    groups = [[TILES[k]] * n for k, n in zip(kinds, sizes, strict=True)]
    concealed = data.draw(st.permutations([t for g in groups for t in g]))
    assert hand_checks._groups_of_one_kind(concealed, groups) == \
        hand_checks._ordered_groups_plain(concealed, groups)


@pytest.mark.parametrize("groups", [[[0, 0, 0]], [[0], [0, 0]]])
def test_a_group_of_a_copy_the_hand_lacks_is_refused_as_the_plain_reading_does(
        groups: list[list[int]]) -> None:
    """A group that claims a copy the hand does not hold is no reading of it: both versions
    refuse it the same way."""
    concealed = [TILES[0], TILES[0]]
    tiles = [[TILES[k] for k in g] for g in groups]
    with pytest.raises(IndexError):
        hand_checks._ordered_groups_plain(concealed, tiles)
    with pytest.raises(IndexError):
        hand_checks._ordered_groups(concealed, tiles)


def test_ordered_groups_worked_example() -> None:
    """``9p 1m1m 2m3m 4m`` read as 1m1m, 2m3m4m, 9p: each group is placed by the first tile it
    claims, so the pair comes before the chow and 9p first."""
    concealed = [TILES[k] for k in (17, 0, 0, 1, 2, 3)]
    groups = [[TILES[1], TILES[2], TILES[3]], [TILES[0], TILES[0]], [TILES[17]]]
    assert hand_checks._ordered_groups(concealed, groups) == ["9p", "11m", "234m"]


@st.composite
def _standard_reading(draw: st.DrawFn) -> tuple[list[Tile], int, list[tuple[str, int]]]:
    """A pair and up to four sets (chows and pungs) within four copies of each kind, and the
    hand's tiles in any order."""
    counts = [0] * 34
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    sets: list[tuple[str, int]] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            first = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
            kinds = [first, first + 1, first + 2]
            name = "chow"
        else:
            first = draw(st.integers(0, 33))
            kinds = [first] * 3
            name = "pung"
        if all(counts[k] + kinds.count(k) <= 4 for k in kinds):
            for k in kinds:
                counts[k] += 1
            sets.append((name, first))
    sets.sort(key=lambda x: (x[1], x[0] != "pung"))
    tiles = [TILES[k] for k in range(34) for _ in range(counts[k])]
    return list(draw(st.permutations(tiles))), pair, sets


@settings(max_examples=500, deadline=None)
@given(_standard_reading())
def test_standard_groups_are_the_plain_reading(
        case: tuple[list[Tile], int, list[tuple[str, int]]]) -> None:
    """004 s05, four sets and a pair: the groups written from the decomposition's integers
    are those the plain reading writes from the groups' tiles, in any hand order."""
    concealed, pair, sets = case
    groups = [[TILES[pair]] * 2] + [
        [TILES[f], TILES[f + 1], TILES[f + 2]] if name == "chow" else [TILES[f]] * 3
        for name, f in sets]
    assert hand_checks.standard_groups(concealed, pair, sets) == \
        hand_checks._ordered_groups_plain(concealed, groups)


def test_standard_groups_refuse_a_copy_the_hand_lacks() -> None:
    """A set that claims a copy the hand does not hold is no reading of it: refused as the
    plain reading refuses it."""
    concealed = [TILES[0], TILES[0], TILES[1], TILES[2]]
    with pytest.raises(IndexError):
        hand_checks.standard_groups(concealed, 0, [("chow", 0)])
