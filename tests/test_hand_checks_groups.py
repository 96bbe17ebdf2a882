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
