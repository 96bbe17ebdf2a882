"""Advice for an American hand, from the matcher's tiles away: which tile to discard and
which three tiles to pass in the Charleston. Bots and the ``analyze`` command use it.

- Discard (001 Part one 07 "On your turn": draw, rack, discard): every distinct tile of a
  14-tile hand is tried; the discard that leaves the nearest line nearest wins, then the one
  that leaves more lines at that distance, then the one whose three nearest lines are nearer
  in all; a joker is discarded last of equals (it fills any group of three or more, and a
  discarded joker is dead, "Jokers").
- Charleston (001 Part one 06: "keep useful tiles and pass tiles that do not help your hand";
  "Jokers cannot be passed"): the tiles that the closest lines' best variations use least.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...melds import Meld
from ...tiles import TILES, Tile
from .matcher import LineDistance, tiles_away
from .model import FLOWER, JOKER, Card

__all__ = ["DiscardOption", "discard_advice", "charleston_advice", "CLOSEST_LINES"]

#: how many of the nearest lines the Charleston advice weighs
CLOSEST_LINES = 5


@dataclass(frozen=True)
class DiscardOption:
    """One discard of a 14-tile hand: the ``tile``, the tiles ``away`` from the nearest line
    afterwards (``None`` if no line can be completed any more) and the ``lines`` at that
    distance (nearest first, card order)."""

    tile: Tile
    away: int | None
    lines: tuple[LineDistance, ...]
    #: the tiles away of the three nearest lines afterwards, summed (a tie-break)
    spread: int

    def key(self) -> tuple[int, int, int, bool, int]:
        """The ranking: nearest, then more lines that near, then the three nearest nearer,
        then not a joker, then the tile's index."""
        return (99 if self.away is None else self.away, -len(self.lines), self.spread,
                self.tile == JOKER, int(self.tile))


def _spread(distances: Sequence[LineDistance]) -> int:
    return sum(99 if d.away is None else d.away for d in distances[:3])


def discard_advice(card: Card, concealed: Sequence[int], exposures: Sequence[Meld] = ()
                   ) -> list[DiscardOption]:
    """Every distinct discard of a 14-tile hand, best first (see the module docstring).

    ``concealed`` is counts over the 47 tile indices, ``exposures`` the exposed melds, as for
    :func:`~.matcher.tiles_away`; flowers are one choice (all flowers are alike: the lowest
    held is named). Raises ``ValueError`` unless the hand has 14 tiles.
    """
    counts = list(concealed) + [0] * (47 - len(concealed))
    total = sum(counts) + sum(len(m.tiles) for m in exposures)
    if total != 14:
        raise ValueError(f"discard advice is for a hand of 14 tiles, this one has {total}")
    options: list[DiscardOption] = []
    flower_seen = False
    for t, n in enumerate(counts):
        if not n:
            continue
        if 34 <= t <= 41:
            if flower_seen:
                continue
            flower_seen = True
        counts[t] -= 1
        distances = tiles_away(card, counts, exposures)
        counts[t] += 1
        near = distances[0].away
        lines = tuple(d for d in distances if d.away == near and near is not None)
        options.append(DiscardOption(TILES[t], near, lines, _spread(distances)))
    options.sort(key=DiscardOption.key)
    return options


def charleston_advice(card: Card, concealed: Sequence[int], n: int = 3) -> tuple[Tile, ...]:
    """The ``n`` tiles to pass in a Charleston pass: never jokers (001 Part one 06), and of
    the others those the closest lines use least.

    The closest lines are the :data:`CLOSEST_LINES` nearest (tiles away from the hand); each
    copy of a tile is *used* by a line when the line's best variation has room for it (the
    third 4m is used by a line with a kong of 4m, not by one with a pair). A copy's weight is
    the sum over the closest lines that use it of ``4 ** (farthest - away)``, so that a line
    one tile nearer counts four times as much; ties go to the copy fewer lines of the whole
    card use, then to the higher tile index.
    ``concealed`` is counts over the 47 tile indices (13 or 14 tiles, no exposures: the
    Charleston comes before play). Raises ``ValueError`` when fewer than ``n`` tiles are not
    jokers.
    """
    counts = list(concealed) + [0] * (47 - len(concealed))
    physical = [t for t, c in enumerate(counts) if t != JOKER for _ in range(c)]
    if len(physical) < n:
        raise ValueError(f"only {len(physical)} tiles that are not jokers: cannot pass {n} "
                         "(jokers cannot be passed, 001 Part one 06)")
    distances = [d for d in tiles_away(card, counts, ()) if d.away is not None]
    closest = distances[:CLOSEST_LINES]
    farthest = max((d.away for d in closest if d.away is not None), default=0)
    room_near = [(_room(d), 4 ** (farthest - (d.away or 0))) for d in closest]
    room_all = [_room(d) for d in distances]
    copy_of: dict[int, int] = {}
    ranked: list[tuple[int, int, int, int]] = []
    for t in physical:
        kind = FLOWER if 34 <= t <= 41 else t
        copy_of[kind] = copy_of.get(kind, 0) + 1
        i = copy_of[kind]
        near = sum(w for room, w in room_near if room.get(kind, 0) >= i)
        everywhere = sum(1 for room in room_all if room.get(kind, 0) >= i)
        ranked.append((near, everywhere, -t, t))
    ranked.sort()
    return tuple(TILES[t] for *_, t in ranked[:n])


def _room(d: LineDistance) -> dict[int, int]:
    """Slots of each kind in the distance's best variation (flowers as FLOWER)."""
    v = d.variation
    if v is None:
        return {}
    room = dict(v.naturals)
    for k, c in v.jokerable.items():
        room[k] = room.get(k, 0) + c
    return room
