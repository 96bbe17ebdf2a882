"""A slow, literal reference for tiles away: the check of :mod:`.matcher`.

It shares no code with the matcher and reads the rules as literally as it can (rule book 001
Part one, "Jokers", "Understanding the NMJL card"; shared/NOTATION.md, "American readings"):

- every physical tile of the hand is an item (``1f`` and ``5f`` are two items that both fit
  any flower slot, a joker is an item that fits any slot of a group of three or more);
- every slot of a concrete variation is an item: a group of ``size`` tiles is ``size``
  slots, and only slots of groups of three or more take jokers;
- each exposure must be put on a whole group of the variation of its own tile and size
  (every way of doing that is tried), and then fills that group;
- the tiles the variation can hold are then the largest assignment of concealed tiles to the
  remaining slots, each tile in at most one slot and each slot holding at most one tile, a
  tile going only to a slot it fits: a maximum bipartite matching, found by augmenting
  paths (Kuhn's algorithm), which tries in effect every assignment.

Tiles away is 14 minus the best over the line's variations; ``None`` for a concealed line
when the hand has an exposure, or when no variation can hold the exposures.

One shortcut keeps it usable on whole cards: the variations of a line are tried in order of
an upper bound of what they can hold (the tiles of each kind fill at most the free slots of
that kind, jokers at most the free slots of groups of three or more), and the search stops
when no variation left can beat the best assignment found.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...melds import Meld
from .model import Card, CardLine, Group

__all__ = ["reference_tiles_away", "reference_line_away", "reference_exposure"]

_JOKER_TILE = 46
_FIRST_FLOWER_TILE = 34
_LAST_FLOWER_TILE = 41
_FLOWER_GROUP = 34


def _group_kind_of_tile(tile: int) -> int:
    """The group kind a natural tile belongs to: itself, or the flower kind for any flower."""
    if _FIRST_FLOWER_TILE <= tile <= _LAST_FLOWER_TILE:
        return _FLOWER_GROUP
    return tile


def reference_exposure(meld: Meld) -> tuple[int, int]:
    """The ``(kind, size)`` of the group an exposure must fill. Raises ``ValueError`` for an
    exposure that is not three to six identical natural tiles and jokers, with a natural."""
    tiles = list(meld.tiles)
    if len(tiles) < 3 or len(tiles) > 6:
        raise ValueError(f"{meld}: an exposure has 3 to 6 tiles")
    naturals = [t for t in tiles if t != _JOKER_TILE]
    if not naturals:
        raise ValueError(f"{meld}: an exposure needs a natural tile")
    kinds = {_group_kind_of_tile(t) for t in naturals}
    if len(kinds) != 1:
        raise ValueError(f"{meld}: an exposure is identical tiles")
    kind = kinds.pop()
    if kind > _FLOWER_GROUP:
        raise ValueError(f"{meld}: not a tile of a card group")
    return kind, len(tiles)


def _tile_fits_slot(tile: int, slot: Group) -> bool:
    """001 Part one "Jokers": a joker fits a slot of a group of three or more; a natural tile
    fits a slot of its own kind (any flower fits a flower slot)."""
    if tile == _JOKER_TILE:
        return slot.size >= 3
    return _group_kind_of_tile(tile) == slot.kind


def _max_assignment(tiles: Sequence[int], slots: Sequence[Group]) -> int:
    """The most tiles that can be put in distinct slots they fit (Kuhn's augmenting paths).
    ``slots`` has one entry per slot (a group of four appears four times)."""
    fits = [[s for s, slot in enumerate(slots) if _tile_fits_slot(t, slot)] for t in tiles]
    holder = [-1] * len(slots)

    def place(t: int, tried: set[int]) -> bool:
        for s in fits[t]:
            if s in tried:
                continue
            tried.add(s)
            if holder[s] < 0 or place(holder[s], tried):
                holder[s] = t
                return True
        return False

    return sum(1 for t in range(len(tiles)) if place(t, set()))


def _exposure_placements(groups: Sequence[Group], wanted: Sequence[tuple[int, int]],
                         used: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Every way to put the exposures ``wanted`` on distinct groups of their kind and size."""
    if len(used) == len(wanted):
        yield used
        return
    kind, size = wanted[len(used)]
    for i, g in enumerate(groups):
        if i not in used and g.kind == kind and g.size == size:
            yield from _exposure_placements(groups, wanted, (*used, i))


def reference_line_away(line: CardLine, concealed: Sequence[int],
                        exposures: Sequence[Meld] = ()) -> int | None:
    """Tiles away from one line, literally (see the module docstring). ``concealed`` is
    counts over the 47 tile indices."""
    wanted = [reference_exposure(m) for m in exposures]
    if line.concealed and exposures:
        return None
    tiles = [t for t, n in enumerate(concealed) for _ in range(n)]
    by_kind: dict[int, int] = {}
    for t in tiles:
        key = -1 if t == _JOKER_TILE else _group_kind_of_tile(t)
        by_kind[key] = by_kind.get(key, 0) + 1
    exposed_tiles = sum(size for _, size in wanted)
    # every variation with every way to place the exposures, and an upper bound of what it
    # can hold: tiles of a kind fill at most the free slots of that kind, jokers at most the
    # free slots of groups of three or more
    candidates: list[tuple[int, list[Group]]] = []
    for v in line.variations:
        for placement in _exposure_placements(v.groups, wanted):
            slots = [g for i, g in enumerate(v.groups) if i not in placement
                     for _ in range(g.size)]
            room: dict[int, int] = {}
            for slot in slots:
                room[slot.kind] = room.get(slot.kind, 0) + 1
                if slot.size >= 3:
                    room[-1] = room.get(-1, 0) + 1
            bound = sum(min(n, room.get(k, 0)) for k, n in by_kind.items())
            candidates.append((exposed_tiles + bound, slots))
    if not candidates:
        return None
    candidates.sort(key=lambda c: -c[0])
    best = -1
    for bound, slots in candidates:
        if bound <= best:
            break  # no variation left can hold more
        best = max(best, exposed_tiles + _max_assignment(tiles, slots))
    return 14 - best


def reference_tiles_away(card: Card, concealed: Sequence[int],
                         exposures: Sequence[Meld] = ()) -> list[int | None]:
    """Tiles away from every line of ``card``, in card order (see the module docstring)."""
    if sum(concealed) + sum(len(m.tiles) for m in exposures) > 14:
        raise ValueError("a hand holds at most 14 tiles")
    return [reference_line_away(line, concealed, exposures) for line in card.lines]
