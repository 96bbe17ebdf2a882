"""The decomposition's groups written in the order the hand was written (shared/NOTATION.md,
the ``decomposition`` of ``score --json``): the counted version of ``_ordered_groups``
against the plain one, on any hand order and any grouping (issue 25)."""

from __future__ import annotations

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
    return list(concealed), groups


@settings(max_examples=500, deadline=None)
@given(_hand_and_groups())
def test_ordered_groups_counted_is_the_plain_reading(
        case: tuple[list[Tile], list[list[Tile]]]) -> None:
    concealed, groups = case
    assert hand_checks._ordered_groups(concealed, groups) == \
        hand_checks._ordered_groups_plain(concealed, groups)


def test_ordered_groups_worked_example() -> None:
    """``9p 1m1m 2m3m 4m`` read as 1m1m, 2m3m4m, 9p: each group is placed by the first tile it
    claims, so the pair comes before the chow and 9p first."""
    concealed = [TILES[k] for k in (17, 0, 0, 1, 2, 3)]
    groups = [[TILES[1], TILES[2], TILES[3]], [TILES[0], TILES[0]], [TILES[17]]]
    assert hand_checks._ordered_groups(concealed, groups) == ["9p", "11m", "234m"]
