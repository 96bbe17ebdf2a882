"""The packed vectors of the American matcher (:mod:`.matcher`): one byte per variation of
the card in a long Python integer, added and compared with carry-free bit arithmetic (SWAR).

This module stays pure Python in the compiled build (setup.py ``PURE``): its work is
big-integer arithmetic, which the interpreter does at C speed already and which the compiled
build does slower (measured on the practice card, 2026-12-02: the held vector 12 us pure,
23 us compiled; the line maxima 21 us pure, 30 us compiled), so compiling it made tiles away
slower in the compiled build than in the pure one (issue 25). :mod:`.matcher`, compiled, reads
the hand and builds the distances.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from .model import FLOWER, Card, CardLine, Variation

if TYPE_CHECKING:
    from .matcher import _Hand

__all__ = ["CompiledCard"]

#: kinds a card group can have: 0-33 suits and honours, 34 flowers
_NUM_GROUP_KINDS = FLOWER + 1
#: a hand holds at most fourteen tiles, so every per-variation number fits in 7 bits
_MAX_TILES = 14
_TABLES_MIN = [bytes(min(c, x) for x in range(256)) for c in range(_MAX_TILES + 1)]


@dataclass(frozen=True)
class _Block:
    """Lines whose variation counts round up to the same power of two, ``width``: their
    bytes start at ``offset``, variation ``j`` of the block's ``r``-th line at
    ``offset + j * len(lines) + r`` (missing variations are zero padding)."""

    offset: int
    width: int
    lines: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.width * len(self.lines)


class CompiledCard:
    """The per-card index the matcher reads: built once by :func:`compile_card`.

    Every variation of the card has a byte position in the packed vectors. For kind ``k``
    (0-34) and count ``c`` (0-14), ``slots[k][c]`` packs ``min(c, slots of kind k)`` of every
    variation and ``natural[k][c]`` ``min(c, natural-only slots of kind k)`` (``None`` for a
    kind no variation uses); ``jokerable_total`` packs the joker-able slots. ``exact`` maps
    the tile counts of every variation (kinds 0-34) to its positions, for joker-free hands.

    Layout: the lines are put in blocks by their number of variations rounded up to a power
    of two (:class:`_Block`); inside a block the lines' variations are interleaved, so the
    maximum of every line of the block is found by halving the block ``log2(width)`` times,
    each time keeping the bytewise larger half: work in proportion to the block's size.
    Padding bytes hold nothing and always read 0.
    """

    def __init__(self, card: Card) -> None:
        self.card = card
        lines = self.lines = card.lines
        for ln in lines:
            if not ln.variations:
                raise ValueError(f"line {ln.key} has no variations")
            for v in ln.variations:
                if v.size != _MAX_TILES:
                    raise ValueError(f"line {ln.key}: a variation of {v.size} tiles, not 14")
                for g in v.groups:
                    if not 0 <= g.kind < _NUM_GROUP_KINDS or not 1 <= g.size <= 6:
                        raise ValueError(f"line {ln.key}: group {g} is not a card group")
        by_width: dict[int, list[int]] = {}
        for i, ln in enumerate(lines):
            width = 1 << (len(ln.variations) - 1).bit_length()
            by_width.setdefault(width, []).append(i)
        # the widest blocks first: cutting a block off the front of the vector then costs
        # in proportion to what is left
        blocks: list[_Block] = []
        offset = 0
        for width in sorted(by_width, reverse=True):
            block = _Block(offset, width, tuple(by_width[width]))
            blocks.append(block)
            offset += block.size
        self.blocks = tuple(blocks)
        nv = self.size = offset
        self.position_of: dict[int, tuple[int, int, int]] = {}
        variations: list[Variation | None] = [None] * nv
        self.line_of: list[int] = [-1] * nv
        for b in blocks:
            step = len(b.lines)
            for r, i in enumerate(b.lines):
                self.position_of[id(lines[i])] = (b.offset + r, step, len(lines[i].variations))
                for j, v in enumerate(lines[i].variations):
                    variations[b.offset + j * step + r] = v
                    self.line_of[b.offset + j * step + r] = i
        self.variations = variations
        self.concealed_lines = [ln.concealed for ln in lines]
        self.ones = int.from_bytes(b"\x01" * nv, "little")
        self.high = self.ones << 7
        total = [bytearray(nv) for _ in range(_NUM_GROUP_KINDS)]
        natural = [bytearray(nv) for _ in range(_NUM_GROUP_KINDS)]
        jok = bytearray(nv)
        for p, var in enumerate(variations):
            if var is None:
                continue
            for k, n in var.naturals.items():
                natural[k][p] = n
                total[k][p] += n
            for k, n in var.jokerable.items():
                total[k][p] += n
                jok[p] += n
        self._total = [bytes(row) for row in total]
        self.slots: list[list[int] | None] = [self._rows(b) for b in self._total]
        self.natural: list[list[int] | None] = [self._rows(bytes(b)) for b in natural]
        self.jokerable_total = int.from_bytes(bytes(jok), "little")
        self.open_mask = int.from_bytes(
            bytes(0x7F if i >= 0 and not self.concealed_lines[i] else 0
                  for i in self.line_of), "little")
        self.exact: dict[tuple[int, ...], list[int]] = {}
        for p, var in enumerate(variations):
            if var is not None:
                key = tuple(self._total[k][p] for k in range(_NUM_GROUP_KINDS))
                self.exact.setdefault(key, []).append(p)
        # halving plan of each block: (mask of the lower half, 0x80 bytes of it, half width)
        self._folds: list[tuple[int, int, int, list[tuple[int, int, int]]]] = []
        for b in blocks:
            steps = []
            half = b.size
            while half > len(b.lines):
                half //= 2
                steps.append(((1 << (8 * half)) - 1, int.from_bytes(b"\x80" * half, "little"),
                              8 * half))
            self._folds.append(((1 << (8 * b.size)) - 1, 8 * b.size, len(b.lines), steps))
        order = [i for b in blocks for i in b.lines]
        where = sorted(range(len(lines)), key=order.__getitem__)
        self._in_card_order: Callable[[bytes], Sequence[int]] = (
            itemgetter(*where) if len(lines) > 1 else (lambda data: (data[0],)))
        self._group_counts: dict[tuple[int, int], bytes] = {}
        self._fits: dict[tuple[int, int, int], int] = {}
        self._reduced: dict[tuple[int, int, int], int] = {}

    @staticmethod
    def _rows(column: bytes) -> list[int] | None:
        if not any(column):
            return None
        return [int.from_bytes(column.translate(_TABLES_MIN[c]), "little")
                for c in range(_MAX_TILES + 1)]

    def group_counts(self, group: tuple[int, int]) -> bytes:
        """How many groups ``(kind, size)`` each variation has, one byte per position."""
        got = self._group_counts.get(group)
        if got is None:
            kind, size = group
            got = bytes(0 if v is None else
                        sum(1 for g in v.groups if g.kind == kind and g.size == size)
                        for v in self.variations)
            self._group_counts[group] = got
        return got

    def fits(self, group: tuple[int, int], copies: int) -> int:
        """Packed mask, 0x7F where a variation has at least ``copies`` groups ``group``."""
        key = (group[0], group[1], copies)
        got = self._fits.get(key)
        if got is None:
            table = bytes(0x7F if x >= copies else 0 for x in range(256))
            got = int.from_bytes(self.group_counts(group).translate(table), "little")
            self._fits[key] = got
        return got

    def reduced_slots(self, kind: int, count: int, exposed: int) -> int:
        """Packed ``max(0, min(count, slots of kind - exposed))``: the slots of ``kind`` the
        concealed tiles can still take once exposures filled ``exposed`` of them."""
        key = (kind, count, exposed)
        got = self._reduced.get(key)
        if got is None:
            table = bytes(max(0, min(count, x - exposed)) for x in range(256))
            got = int.from_bytes(self._total[kind].translate(table), "little")
            self._reduced[key] = got
        return got

    def held(self, hand: _Hand) -> int:
        """The packed vector of the most tiles each variation can hold of ``hand`` (0 where
        the variation cannot hold the exposures, or its line is concealed and the hand has
        an exposure, and in padding)."""
        counts = hand.counts
        slots = self.slots
        f = 0
        if not hand.groups:
            if not hand.jokers:
                for k in hand.kinds:
                    row = slots[k]
                    if row is not None:
                        f += row[counts[k]]
                return f
            natural = self.natural
            g = self.jokerable_total
            for k in hand.kinds:
                row = slots[k]
                if row is not None:
                    c = counts[k]
                    f += row[c]
                    nat = natural[k]
                    if nat is not None:
                        g += nat[c]
            return self.minimum(f + hand.jokers * self.ones, g)
        exposed = hand.exposed_by_kind
        natural = self.natural
        g = self.jokerable_total
        for k in hand.kinds:
            row = slots[k]
            if row is not None:
                c = counts[k]
                e = exposed.get(k)
                f += row[c] if e is None else self.reduced_slots(k, c, e)
                nat = natural[k]
                if nat is not None:
                    g += nat[c]
        h = self.minimum(f + (hand.jokers + hand.exposed_tiles) * self.ones, g)
        mask = self.open_mask
        for grp, m in hand.multiplicity.items():
            mask &= self.fits(grp, m)
        return h & mask

    def minimum(self, a: int, b: int) -> int:
        """Bytewise minimum of two packed vectors whose bytes are all below 128."""
        high = self.high
        t = ((a | high) - b) & high  # 0x80 where a >= b
        return a ^ ((a ^ b) & (t - (t >> 7)))

    def at_least(self, h: int, value: int) -> int:
        """Packed 0x80 flags where ``h >= value`` (bytes of ``h`` below 128)."""
        return ((h | self.high) - value * self.ones) & self.high

    def maxima(self, h: int) -> Sequence[int]:
        """For every line in card order, the most tiles one of its variations holds, from
        the packed held vector ``h`` (see the class docstring for the halving)."""
        out = bytearray()
        for block_mask, block_bits, count, steps in self._folds:
            x = h & block_mask
            h >>= block_bits
            for mask, high, bits in steps:
                a = x & mask
                b = x >> bits
                t = ((b | high) - a) & high  # 0x80 where b >= a
                x = a ^ ((a ^ b) & (t - (t >> 7)))
            out += x.to_bytes(count, "little")
        return self._in_card_order(bytes(out))

    def best_variation(self, data: bytes, line: CardLine, held: int) -> Variation:
        """The first variation of ``line`` holding ``held`` tiles, given the bytes of the
        held vector."""
        start, step, count = self.position_of[id(line)]
        j = data[start:start + step * count:step].index(held)
        return line.variations[j]

    def positions_at_least(self, h: int, value: int) -> list[int]:
        """The positions whose held byte is at least ``value`` (never padding for
        ``value > 0``)."""
        flags = self.at_least(h, value)
        if not flags:
            return []
        data = flags.to_bytes(self.size, "little")
        out = []
        p = data.find(0x80)
        while p >= 0:
            out.append(p)
            p = data.find(0x80, p + 1)
        return out
