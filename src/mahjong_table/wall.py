"""The physical wall: four walls of stacks of two, dice, the break, live wall and dead wall.

Rule book 004 s04 (Hong Kong; 001 Part two 02-04 for Chinese, which differs by rule-set
settings): each player builds a wall of ``stacks_per_wall`` stacks of two in front of them; the
dice choose the wall and the number of stacks counted from its right end; the wall opens there.
Tiles are drawn from the left of the breach, top then bottom of each stack, going clockwise
round the square (East's wall, then North's, West's, South's: the wall of the player on the
owner's left follows). Replacement tiles come from the other end, the stacks just to the right
of the breach, top then bottom. In Hong Kong play those last ``dead_wall_tiles`` (14) tiles
form the dead wall, kept at 14 by reserving the tiles at the end of the live wall (so each
replacement drawn moves the live wall's last tile into the dead wall).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ._values import reduce_value
from .rng import shuffle
from .tiles import TILES, Tile

#: the filler of a wall position before a tile is put there
TILES_PLACEHOLDER = TILES[0]

__all__ = ["Wall", "WallPosition", "WallEmptyError", "as_kind", "build_wall"]


def as_kind(tile: int) -> int:
    """``tile`` (a :class:`~mahjong_table.tiles.Tile` or a kind) as a plain integer: its kind
    index. In the compiled build this is a native integer; a variable holding a ``Tile``
    keeps the type ``Tile`` (mypy narrows an ``int`` variable to what is assigned), and a list
    indexed by a ``Tile`` is read and written through generic objects (issue 25)."""
    return tile


class WallEmptyError(Exception):
    """Raised when a draw is asked of an empty live wall or an empty dead wall (the engine
    never asks: it ends the hand first). An ``Exception``, not a ``RuntimeError``: the
    compiled build (mypyc) compiles no subclass of ``RuntimeError``."""


@dataclass(frozen=True, slots=True)
class WallPosition:
    """Where a tile stands: the owner's seat wind ``wall`` (0 E .. 3 N), the ``stack`` counted
    from the right end of that wall (0-based), and ``level`` 0 top / 1 bottom."""

    wall: int
    stack: int
    level: int

    def __init__(self, wall: int, stack: int, level: int) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "wall", wall)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "level", level)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


class Wall:
    """A built and broken wall.

    ``tiles[i]`` is the tile at drawing position ``i`` (0 = the first tile of the live wall,
    the top of the stack just left of the breach) and ``positions[i]`` where it physically
    stands. The hidden order never leaves this object except through draws.
    """

    __slots__ = ("tiles", "positions", "dead_wall_tiles", "head", "tail", "_n",
                 "_span_head", "_span_end", "_span_counts")

    def __init__(self, tiles: Sequence[Tile], positions: Sequence[WallPosition],
                 dead_wall_tiles: int) -> None:
        if len(tiles) % 2 or len(tiles) != len(positions):
            raise ValueError("a wall is stacks of two: tiles and positions must pair up")
        self.tiles: list[Tile] = list(tiles)
        self.positions: tuple[WallPosition, ...] = tuple(positions)
        self.dead_wall_tiles = dead_wall_tiles
        self.head = 0  # tiles drawn from the live end
        self.tail = 0  # replacement tiles drawn from the other end
        self._n = len(tiles)
        # :meth:`untaken_counts`' last count of the positions ``_span_head`` up to
        # ``_span_end`` (None until first asked)
        self._span_head = 0
        self._span_end = 0
        self._span_counts: list[int] | None = None

    @property
    def remaining(self) -> int:
        """Tiles still standing in the wall, live and dead."""
        return self._n - self.head - self.tail

    @property
    def live_remaining(self) -> int:
        """Tiles that may still be drawn in turn (the dead wall excluded)."""
        live = self._n - self.head - self.tail - self.dead_wall_tiles
        return live if live > 0 else 0

    @property
    def dead_remaining(self) -> int:
        """Tiles of the dead wall (14 while the live wall lasts, in Hong Kong play)."""
        left = self._n - self.head - self.tail  # (``remaining``, read inline: it is hot)
        dead = self.dead_wall_tiles
        return dead if dead < left else left

    def _tail_index(self, i: int) -> int:
        # i-th replacement: stacks from the far end of the drawing order, top then bottom
        stack = self._n // 2 - 1 - i // 2
        return 2 * stack + (i % 2)

    # With no dead wall (``dead_wall_tiles`` 0) the two ends can meet inside one stack, when a
    # single tile is left: then that tile is the one taken, whichever end it is drawn from.

    def _head_index(self) -> int:
        """Drawing position of the next live tile: ``head``, or, when the last stack's top
        was already taken as a replacement, that stack's bottom tile."""
        i = self.head
        if self.tail % 2 and i == self._tail_index(self.tail - 1):
            i += 1
        return i

    def _next_tail_index(self) -> int:
        """Drawing position of the next replacement tile: the far end, or, when the top of
        the last stack was already drawn in turn, that stack's bottom tile."""
        return max(self._tail_index(self.tail), self.head)

    def draw(self) -> Tile:
        """Draw the next tile of the live wall. Raises :class:`WallEmptyError` when empty."""
        if self.live_remaining <= 0:
            raise WallEmptyError("the live wall is empty")
        tile = self.tiles[self._head_index()]
        self.head += 1
        return tile

    def draw_replacement(self) -> Tile:
        """Draw a replacement tile (after a kong or a bonus tile) from the far end.

        Raises :class:`WallEmptyError` when no tile is left at all.
        """
        if self.remaining <= 0:
            raise WallEmptyError("no tile is left for a replacement")
        tile = self.tiles[self._next_tail_index()]
        self.tail += 1
        return tile

    def untaken_in_order(self) -> list[Tile]:
        """Every tile still in the wall, in the wall's order from the live end: the next
        live draws take them from the front; replacement draws take them from the back,
        stack by stack, each stack's top before its bottom (so not exactly in reverse).
        Used to write a position out; the order is hidden information, never shown in a
        view."""
        taken_tail = {self._tail_index(i) for i in range(self.tail)}
        return [t for i, t in enumerate(self.tiles)
                if i >= self.head and i not in taken_tail][:max(self.remaining, 0)]

    @classmethod
    def resumed(cls, taken: Sequence[Tile], untaken: Sequence[Tile], replacements: int,
                positions: Sequence[WallPosition], dead_wall_tiles: int) -> Wall:
        """A wall from which ``len(taken) - replacements`` tiles were drawn at the live end
        and ``replacements`` at the far end, with ``untaken`` left in drawing order (the
        inverse of :meth:`untaken_in_order`). Raises ``ValueError`` when the counts do not
        fit the wall."""
        n = len(taken) + len(untaken)
        if replacements < 0 or replacements > len(taken):
            raise ValueError(f"{replacements} replacements drawn, but only {len(taken)} "
                             "tiles were taken from the wall")
        wall = cls([TILES_PLACEHOLDER] * n, positions, dead_wall_tiles)
        wall.head = len(taken) - replacements
        wall.tail = replacements
        taken_tail = {wall._tail_index(i) for i in range(replacements)}
        free = [i for i in range(n) if i >= wall.head and i not in taken_tail]
        if len(free) != len(untaken):
            raise ValueError("the wall's two ends meet: no such wall")
        used = [i for i in range(n) if i < wall.head or i in taken_tail]
        for i, t in zip(used, taken, strict=True):
            wall.tiles[i] = t
        for i, t in zip(free, untaken, strict=True):
            wall.tiles[i] = t
        return wall

    def untaken_counts(self, kinds: int) -> list[int]:
        """How many of each of ``kinds`` tile kinds are still in the wall (for invariant
        checks): ``untaken()`` counted without building the list (a list of ``kinds``
        integers).

        The replacements taken from the far end are whole stacks but for the last one when
        their number is odd (its top taken, its bottom still there), so the untaken tiles
        are the positions from ``head`` up to the first one taken at the far end, and that
        stack's bottom tile when it stands.

        The span from ``head`` to the first tile taken at the far end only shrinks as tiles
        are drawn, so its count is kept from the last call and only the positions drawn
        since are taken off (issue 25: the invariant check, after every action, counted the
        whole wall each time); any other change of the span counts it again from the tiles."""
        if self.remaining <= 0:
            return [0] * kinds
        tiles = self.tiles
        n = self._n
        tail = self.tail
        head = self.head
        if tail % 2:
            first_taken = self._tail_index(tail - 1)  # the top of a half-taken stack
            bottom = first_taken + 1  # still standing
        else:
            first_taken = n - tail
            bottom = -1
        end = first_taken if first_taken > head else head
        span = self._span_counts
        k: int
        if (span is not None and len(span) == kinds and self._span_head <= head
                and end <= self._span_end):
            for i in range(self._span_head, head):
                k = as_kind(tiles[i])
                span[k] = span[k] - 1  # (not ``-=``: mypyc would subtract generic objects)
            for i in range(end, self._span_end):
                k = as_kind(tiles[i])
                span[k] = span[k] - 1
        else:
            span = self._span_counts = [0] * kinds
            for i in range(head, end):
                k = as_kind(tiles[i])
                span[k] = span[k] + 1
        self._span_head = head
        self._span_end = end
        got = list(span)
        if bottom >= head:
            k = as_kind(tiles[bottom])
            got[k] = got[k] + 1
        return got

    def untaken(self) -> list[Tile]:
        """Every tile still in the wall (for invariant checks; order not meaningful)."""
        if self.remaining <= 0:
            return []
        taken_tail = {self._tail_index(i) for i in range(self.tail)}
        return [t for i, t in enumerate(self.tiles)
                if i >= self.head and i not in taken_tail]


@cache
def _positions(stacks_per_wall: int) -> tuple[WallPosition, ...]:
    """Every position of a wall of ``stacks_per_wall`` stacks a side, at index ``(wall *
    stacks_per_wall + stack) * 2 + level``: made once, shared by every opening's order."""
    return tuple(WallPosition(w, s, level) for w in range(4) for s in range(stacks_per_wall)
                 for level in (0, 1))


@cache
def drawing_order(stacks_per_wall: int, wall: int, stacks: int) -> tuple[WallPosition, ...]:
    """Tile positions in drawing order for a wall opened at ``wall`` after ``stacks`` stacks
    counted from its right end (004 s04). Walls follow clockwise: E, N, W, S.

    Made once per opening (a tuple of frozen positions, shared by every wall opened there:
    building 144 positions for each hand was a tenth of starting one, issue 25), of the
    positions :func:`_positions` made once (issue 42: a server meets a new opening now and
    then for a long time, and each used to leave 144 new objects for good among the rooms'
    memory, which kept it from being returned)."""
    every = _positions(stacks_per_wall)
    order: list[WallPosition] = []
    walls = [(wall - i) % 4 for i in range(5)]
    # stacks ``stacks``..end of the chosen wall, then the other three, then the chosen wall's
    # first ``stacks`` stacks (which end up as the far end: the replacement stacks)
    seq: list[tuple[int, int]] = [(wall, s) for s in range(stacks, stacks_per_wall)]
    for w in walls[1:4]:
        seq.extend((w, s) for s in range(stacks_per_wall))
    seq.extend((wall, s) for s in range(min(stacks, stacks_per_wall)))
    for w, s in seq:
        at = (w * stacks_per_wall + s) * 2
        order.append(every[at])
        order.append(every[at + 1])
    return tuple(order)


@cache
def _physical_index(stacks_per_wall: int, wall: int, stacks: int) -> tuple[int, ...]:
    """For each drawing position, the index of its tile in the order the walls were built
    (East's wall first, each from its right end, top then bottom)."""
    return tuple((p.wall * stacks_per_wall + p.stack) * 2 + p.level
                 for p in drawing_order(stacks_per_wall, wall, stacks))


def build_wall(tiles: Sequence[Tile], rng: random.Random, *, stacks_per_wall: int,
               wall: int, stacks: int, dead_wall_tiles: int, mixed: bool = True) -> Wall:
    """Mix ``tiles`` face down with ``rng`` (unless ``mixed`` is False: then ``tiles`` is
    already the order the walls are built in), build four walls of ``stacks_per_wall`` stacks
    of two in front of East, South, West and North, and open them at (``wall``, ``stacks``).

    Raises ``ValueError`` if the tiles do not fill four walls exactly.
    """
    if len(tiles) != 8 * stacks_per_wall:
        raise ValueError(
            f"{len(tiles)} tiles do not make four walls of {stacks_per_wall} stacks of two")
    mixed_tiles = list(tiles)
    if mixed:
        shuffle(rng, mixed_tiles)  # (rng.shuffle's order, compiled)
    # mixed[i] is built into wall i // (2 * stacks_per_wall), stack (i // 2) % stacks_per_wall
    # from its right end, top (even i) or bottom (odd i)
    index = _physical_index(stacks_per_wall, wall, stacks)
    return Wall([mixed_tiles[i] for i in index], drawing_order(stacks_per_wall, wall, stacks),
                dead_wall_tiles)
