"""Which lines of an American card a hand completes, and how far it is from every line.

Rules (rule book 001 Part one, "Jokers", "Understanding the NMJL card"; shared/NOTATION.md,
"American readings that tests outside the project rely on"):

- A hand is its concealed tiles, as counts over the 47 tile indices (jokers at
  :data:`~.model.JOKER`, flowers at any of 34-41: all flowers are alike and are folded into
  :data:`~.model.FLOWER`), plus its *exposures*: exposed :class:`~mahjong_table.melds.Meld`
  objects of identical natural tiles and jokers, at least one natural, three to six tiles.
- Jokers fill slots of groups of three or more only, never singles or pairs (runs, NEWS and
  year groups are singles in the card model). A concealed group may be all jokers.
- An exposure is exactly one group of the line, of the same kind and size: an exposed pung
  never grows into a kong.
- A concealed line (``CardLine.concealed``) cannot be used by a hand with an exposure.
- *Tiles away* from a line: fourteen less the most tiles of the hand that one concrete
  variation of the line can hold, over all its variations; ``None`` when no variation can
  hold the exposures, or the line is concealed and the hand has an exposure. A 14-tile hand
  completes a line exactly when it is 0 tiles away.

How it is fast. For one variation, with ``c[k]`` the hand's concealed count of kind ``k``,
``n[k]`` and ``j[k]`` the variation's natural-only and joker-able slots of kind ``k`` left
after the exposures took their groups, ``J`` the concealed jokers and ``X`` the exposed
tiles, the most tiles held is (natural tiles go to natural-only slots first, jokers fill
joker-able slots that naturals leave free)::

    held = X + min(sum_k min(c[k], n[k] + j[k]) + J,  sum_k min(c[k], n[k]) + sum_k j[k])

Both sums are sums over the hand's kinds of values that depend on one kind only. So every
variation of the card is one five-bit lane of a long Python integer ("packed vector"), and
for each kind ``k`` and count ``c`` the vectors ``min(c, n[k] + j[k])`` and ``min(c, n[k])``
are precomputed once per card (:func:`compile_card`). The sums over a suit's kinds (or the
honours' and flowers') are kept once per distinct counts of that suit, in a bounded memo
(:meth:`CompiledCard._component`), so that scoring a hand against every variation of the
card is then four big-integer additions a sum and a lane-wise minimum done with carry-free
bit arithmetic (SWAR); each line's best variation is then found for all lines at once by
folding the whole vector in halves, four times for the practice card (see
:class:`CompiledCard`). The variation and the needs of a line are worked out only when
read. :mod:`.reference` is the slow, literal check of the same numbers.

Why five bits (issue 25, item 3): every number in the sums is at most fourteen, so four bits
hold it and the fifth is the one the carry-free minimum borrows from. The minimum is taken
as ``N + min(F - N, S)``, with ``F = X + J + sum_k min(c[k], n[k] + j[k])``, ``N = sum_k
min(c[k], n[k])`` and ``S`` all the joker-able slots, the exposed ones included: no term
exceeds fourteen, where the plain ``min(F, N + S)`` would need a sixth bit for ``N + S``
(up to 28). Five bits a variation rather than eight make every big-integer operation 5/8
as long, and those operations are most of a call in the compiled build, where the Python
around them costs little. Each costs a few hundred instructions whatever its length,
though, so fewer operations count as much as shorter ones: hence the folds in parts
(:func:`_parts`).
"""

from __future__ import annotations

import _thread
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from ...i18n import _
from ...melds import Meld
from ...names import tile_name
from ...tiles import AMERICAN_TILE_SET, TILES, Tile
from .model import FLOWER, JOKER, Card, CardLine, Variation

if TYPE_CHECKING:
    # machine integers in the compiled build (mypyc); plain ints in pure Python, where the
    # annotations are never evaluated
    from mypy_extensions import i64


def _no_mypyc_attr(*_attrs: str, **_kwattrs: object) -> Callable[[type], type]:
    """What ``mypyc_attr`` is where mypy_extensions is not installed (it is no run-time
    requirement: mypyc reads the attributes when compiling, and in pure Python they mean
    nothing): the class as it is."""
    return lambda cls: cls


try:
    from mypy_extensions import mypyc_attr
except ImportError:
    mypyc_attr = _no_mypyc_attr  # type: ignore[assignment]

__all__ = [
    "variation_slots",
    "LineDistance",
    "CompiledCard",
    "compile_card",
    "exposure_group",
    "hand_counts",
    "tiles_away",
    "winning_lines",
    "best",
    "is_complete",
    "completing_tiles",
]

#: kinds a card group can have: 0-33 suits and honours, 34 flowers
_NUM_GROUP_KINDS: Final = FLOWER + 1
#: a hand holds at most fourteen tiles, so every per-variation number fits in 4 bits
_MAX_TILES: Final = 14
#: the copies of each folded kind in the American set (001 Part one "Tiles"): four of each
#: suit and honour tile, the eight flowers at FLOWER (all alike), no seasons, eight jokers
_COPIES: Final[list[int]] = [*AMERICAN_TILE_SET.copies[:FLOWER],
                             sum(AMERICAN_TILE_SET.copies[FLOWER:FLOWER + 8]),
                             *AMERICAN_TILE_SET.copies[FLOWER + 1:]]
_TABLES_MIN = [bytes(min(c, x) for x in range(256)) for c in range(_MAX_TILES + 1)]
#: bits per variation in the packed vectors: four for the value, one to borrow from
_LANE: Final = 5
#: the value bits of a lane
_VALUE: Final = (1 << (_LANE - 1)) - 1
#: every bit of a lane (what :meth:`CompiledCard.to_bytes` puts in a lane's byte)
_LANE_MASK: Final = (1 << _LANE) - 1


def _lane_moves(n: int, narrow: int, wide: int) -> list[tuple[int, int, int, int]]:
    """The steps that move lane ``i`` of ``n`` lanes of ``narrow`` bits from bit
    ``narrow * i`` to bit ``wide * i``: ``(keep mask, move mask, shift, 2**shift - 1)`` per
    step, applied as ``(x & keep) | ((x & move) << shift)``, about ``log2(n)`` steps. The
    lanes whose index has bit ``b`` set move by ``(wide - narrow) << b``, highest ``b`` first, so
    no moved lane lands on a kept one (asserted). Run backwards with the move masks shifted
    (:func:`_narrow`), the same steps gather the lanes back."""
    pos = [narrow * i for i in range(n)]
    steps: list[tuple[int, int, int, int]] = []
    for b in reversed(range(max(n - 1, 1).bit_length())):
        shift = (wide - narrow) << b
        keep = bytearray(b"0" * (wide * n))
        move = bytearray(b"0" * (wide * n))
        lane = b"1" * narrow
        for i in range(n):
            p = pos[i]
            if i >> b & 1:
                move[p:p + narrow] = lane
                pos[i] = p + shift
            else:
                keep[p:p + narrow] = lane
        k, m = int(keep[::-1], 2), int(move[::-1], 2)
        assert k & (m << shift) == 0, "a moved lane lands on a kept one"
        steps.append((k, m, shift, (1 << shift) - 1))
    assert pos == [wide * i for i in range(n)]
    return steps


#: what splitting a line in one more part costs in :func:`_parts`, in lanes: the part's
#: maximum is merged in Python, about as dear as three lanes of big-integer work
_PART_COST: Final = 3
#: whether this module runs compiled (mypyc): a compiled module's file is the extension
#: module, not the ``.py``. A few steps take the form each build runs faster (as Cython's
#: pure-Python mode does with ``cython.compiled``); both give the same numbers, and the tests
#: run in both builds.
_RUNS_COMPILED: Final = not __file__.endswith(".py")
#: the most entries of :meth:`CompiledCard._component`'s memo, per card: each holds three
#: packed vectors (about 2,000 bytes for the practice card), so at most about 8 MB
_SUMS_CAP: Final = 4096
#: the most variations a part folds: 2**4, four folds. A fold is nine big-integer
#: operations, each a few hundred instructions whatever its length, where reading one part
#: more is about a hundred (a card's lines of more variations are folded in several parts;
#: 16 rather than 32 saved 2% of a compiled call, issue 25)
_PART_MOST: Final = 16


def variation_slots(v: Variation) -> tuple[tuple[int, int, int], ...]:
    """``(kind, natural slots, joker-able slots)`` of every kind ``v`` uses, by kind."""
    nat, jok = v.naturals, v.jokerable
    return tuple((k, nat.get(k, 0), jok.get(k, 0)) for k in sorted(nat.keys() | jok.keys()))


def _parts(n: int) -> list[int]:
    """How many variations each part of a line of ``n`` variations folds (in the line's
    order): the folds need a power of two a part, so a line is padded to one or split in
    several (216 = 6 x 32 + 16 + 8 for the practice card's largest), whichever makes fewer
    lanes, a part counting :data:`_PART_COST` lanes more and holding at most
    :data:`_PART_MOST` variations. Only the last part is padded."""
    best: list[list[int]] = [[]]
    cost = [0]
    for m in range(1, n + 1):
        whole = 1 << (m - 1).bit_length()
        c, parts = (whole, [m]) if whole <= _PART_MOST else (1 << 30, [])
        p = 1
        while p < m and p <= _PART_MOST:
            if p + _PART_COST + cost[m - p] < c:
                c, parts = p + _PART_COST + cost[m - p], [p] + best[m - p]
            p <<= 1
        cost.append(c)
        best.append(parts)
    return best[n]


#: the counts in a component key of :meth:`CompiledCard._component`
_COUNTS: Final = (1 << 36) - 1


def _plus(a: int, b: int) -> int:
    """``a + b``, but ``b`` itself for ``a`` 0 (a sum's first term is not copied: a long
    integer's addition copies it)."""
    return b if a == 0 else a + b


def _widen(x: int, steps: Sequence[tuple[int, int, int, int]]) -> int:
    """``x`` with its lanes moved apart by :func:`_lane_moves`' steps (``x + m * (2**s - 1)``
    is ``x`` with the lanes ``m`` moved up by ``s`` bits: three operations a step)."""
    for step in steps:
        x += (x & step[1]) * step[3]
    return x


def _narrow(x: int, steps: Sequence[tuple[int, int, int, int]]) -> int:
    """``x`` with its lanes moved together again: :func:`_widen` undone."""
    for keep, move, shift, _times in reversed(steps):
        x = (x & keep) | ((x >> shift) & move)
    return x


def exposure_group(meld: Meld) -> tuple[int, int]:
    """The group an American exposure fills: ``(kind, size)``, the kind being the natural
    tile's index (0-33) or :data:`~.model.FLOWER` for flowers.

    Raises ``ValueError`` naming the exposure unless it is three to six identical natural
    tiles and jokers with at least one natural (001 Part one "Jokers", "Calling discards";
    shared/NOTATION.md: ``[111j]`` is no exposure, ``[6s111j]`` is a kong of 6s).
    """
    tiles = meld.tiles
    size = len(tiles)
    if not 3 <= size <= 6:
        raise ValueError(_("exposure {meld}: an exposure is a pung, kong, quint or sextet "
                           "(3-6 tiles), not {n} tiles").format(meld=meld.notation(), n=size))
    # the one natural kind (a flower at FLOWER): -1 before the first natural, -2 for two
    kind = -1
    for t in tiles:
        if t != JOKER:
            k = FLOWER if 34 <= t <= 41 else int(t)
            if kind == -1:
                kind = k
            elif k != kind:
                kind = -2
    if kind == -1:
        raise ValueError(_("exposure {meld}: an exposure holds at least one natural tile, the "
                           "one claimed; jokers alone are no exposure").format(
                               meld=meld.notation()))
    if kind == -2:
        raise ValueError(_("exposure {meld}: an exposure is identical tiles (jokers may stand "
                           "in); runs are never exposed in American play").format(
                               meld=meld.notation()))
    if kind >= _NUM_GROUP_KINDS:
        raise ValueError(_("exposure {meld}: {name} is not used in American play").format(
            meld=meld.notation(), name=tile_name(TILES[kind])))
    return kind, size


def hand_counts(tiles: Sequence[int]) -> list[int]:
    """Counts over the 47 tile indices of a list of tiles (the matcher's ``concealed``).
    Raises ``ValueError`` for an index outside 0-46."""
    counts = [0] * 47
    for t in tiles:
        if not 0 <= t < 47:
            raise ValueError(f"tile index {t} is not a tile (0-46)")
        counts[t] = counts[t] + 1
    return counts


def _check_copies(counts: list[int], exposures: Sequence[Meld]) -> None:
    """Raise :class:`~mahjong_table.tiles.TileCountError` (a ``ValueError``) naming the tile
    when the folded ``counts`` and ``exposures`` hold more copies of it than the American
    tile set has (001 Part one "Tiles": 4 of each suit and honour tile, 8 flowers, 8 jokers).
    """
    tiles = [k for k in range(47) for _ in range(counts[k])]
    for m in exposures:
        tiles += [int(t) for t in m.tiles]
    AMERICAN_TILE_SET.check_counts(tiles)


# ``acyclic``: this class, :class:`_Result` and :class:`LineDistance` hold no reference
# cycles, so the compiled build leaves them out of the cyclic garbage collector: a
# :func:`tiles_away` call makes one of each of the first two and one distance a line, and
# their tracking cost 5,000 of its 127,000 instructions (issue 25)
@mypyc_attr(acyclic=True)
class _Hand:
    """A hand as the matcher reads it: folded concealed counts, the kinds held (0-34),
    jokers, and the exposures' groups."""

    __slots__ = ("counts", "kinds", "jokers", "groups", "multiplicity", "exposed_tiles",
                 "exposed_by_kind", "total", "exposed_jokers", "exposed_naturals")

    def __init__(self, concealed: Sequence[int], exposures: Sequence[Meld],
                 check_copies: bool = True) -> None:
        counts = list(concealed)
        n = len(counts)
        if n != 47:
            if n > 47:
                raise ValueError(f"concealed counts run over 47 tile indices ({n})")
            counts += [0] * (47 - n)
        if counts[35] or counts[36] or counts[37] or counts[38] or counts[39] or counts[40] \
                or counts[41]:
            if min(counts[34:42]) < 0:  # (before the flowers are added together)
                raise ValueError("concealed counts cannot be negative")
            counts[34:42] = [sum(counts[34:42]), 0, 0, 0, 0, 0, 0, 0]
        # one pass: the total, the kinds held, no negative count, and no more copies of a
        # tile than the American tile set holds (4 of a suit or honour tile, 8 flowers, 8
        # jokers, no seasons: 001 Part one "Tiles")
        total = 0
        kinds: list[int] = []
        excess = False
        copies = _COPIES
        for k in range(47):
            c = counts[k]
            if c:
                if c < 0:
                    raise ValueError("concealed counts cannot be negative")
                total += c
                if k < _NUM_GROUP_KINDS:
                    kinds.append(k)
                if c > copies[k]:
                    excess = True
        self.counts = counts
        self.kinds = kinds
        self.jokers = counts[JOKER]
        self.groups: list[tuple[int, int]] = []
        self.multiplicity: dict[tuple[int, int], int] = {}
        self.exposed_by_kind: dict[int, int] = {}
        self.exposed_jokers = 0
        naturals: dict[int, int] = {}  # natural tiles exposed, by kind
        self.exposed_naturals = naturals
        for m in exposures:
            g = exposure_group(m)
            self.groups.append(g)
            self.multiplicity[g] = self.multiplicity.get(g, 0) + 1
            self.exposed_by_kind[g[0]] = self.exposed_by_kind.get(g[0], 0) + g[1]
            jokers = m.tiles.count(JOKER)
            self.exposed_jokers += jokers
            shown = naturals.get(g[0], 0) + g[1] - jokers
            naturals[g[0]] = shown
            if counts[g[0]] + shown > copies[g[0]]:
                excess = True
        if self.jokers + self.exposed_jokers > copies[JOKER]:
            excess = True
        if excess and check_copies:
            _check_copies(counts, exposures)
        self.exposed_tiles = sum(self.exposed_by_kind.values())
        self.total = total + self.exposed_tiles
        if self.total > _MAX_TILES:
            raise ValueError(_("a hand holds at most 14 tiles, this one {n}").format(
                n=self.total))

    def deficits(self, v: Variation) -> tuple[list[int], list[int]]:
        """What ``v`` lacks before the jokers held are placed: the natural-only slots
        (singles, pairs) no natural tile of the hand fills, and the slots of groups of three
        or more no natural tile fills (kinds, ascending). Exposures fill their groups."""
        counts = self.counts
        used = self.exposed_by_kind
        missing: list[int] = []
        gaps: list[int] = []
        for k in sorted(v.naturals.keys() | v.jokerable.keys()):
            n = v.naturals.get(k, 0)
            j = v.jokerable.get(k, 0) - used.get(k, 0)
            c = counts[k]
            if c < n:
                missing += [k] * (n - c)
                c = 0
            else:
                c -= n
            if c < j:
                gaps += [k] * (j - c)
        return missing, gaps

    def needs(self, v: Variation) -> tuple[list[int], list[int]]:
        """The tiles ``v`` still needs (sorted kinds) and which of them sit in groups of three
        or more (a joker could fill those): the jokers held fill the gaps of the lowest
        kinds first."""
        missing, gaps = self.deficits(v)
        gaps = gaps[self.jokers:]
        return sorted(missing + gaps), gaps


@mypyc_attr(acyclic=True)  # (see _Hand)
class _Result:
    """What one :func:`tiles_away` call leaves for the lazy parts of its distances: the
    hand, the compiled card, the packed held vector (and its bytes once wanted), and the
    needs worked out so far (keyed by the line's ``id``)."""

    __slots__ = ("hand", "compiled", "held", "_data", "needs")

    def __init__(self, hand: _Hand, compiled: CompiledCard, held: int) -> None:
        self.hand = hand
        self.compiled = compiled
        self.held = held
        self._data: bytes | None = None
        self.needs: dict[int, tuple[tuple[Tile, ...], tuple[Tile, ...]]] = {}

    @property
    def data(self) -> bytes:
        """The packed held vector as bytes (:meth:`CompiledCard.packed_bytes`), made once."""
        if self._data is None:
            self._data = self.compiled.packed_bytes(self.held)
        return self._data


@mypyc_attr(acyclic=True)  # (see _Hand)
class LineDistance:
    """How far a hand is from one line (read-only).

    :attr:`line` the card line, :attr:`away` the tiles away (``None``: this hand can no
    longer complete the line). :attr:`variation` is the concrete variation that holds the
    most tiles (the first in the line's order on a tie; ``None`` with ``away``); :attr:`needs`
    the tiles still missing from it, natural tiles named even where a joker may fill the slot
    (:attr:`needs_jokerable` says which), ``len(needs) == away``. The variation and the needs
    are worked out on first access, so that distances nobody reads cost nothing. Two
    distances are equal when their lines and ``away`` are.

    A plain class with slots rather than a frozen dataclass: :func:`tiles_away` builds one per
    line of the card on every call, and a frozen dataclass's construction cost about half of
    that call (issue 25, item 3).
    """

    __slots__ = ("_line", "_away", "_result", "_index")

    def __init__(self, line: CardLine, away: int | None, result: _Result | None = None,
                 index: int = -1) -> None:
        self._line = line
        self._away = away
        self._result = result
        #: the line's place on the card when known (-1: found from the line)
        self._index = index

    @property
    def line(self) -> CardLine:
        """The card line."""
        return self._line

    @property
    def away(self) -> int | None:
        """Tiles away from the line, ``None`` when the hand can no longer complete it."""
        return self._away

    @property
    def index(self) -> int:
        """The line's place on the card (0-based), set by :func:`tiles_away` on every
        distance it returns (reachable or not); -1 only for a distance made without it."""
        return self._index

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LineDistance):
            return NotImplemented
        return self._line == other._line and self._away == other._away

    def __hash__(self) -> int:
        return hash((self._line, self._away))

    @property
    def variation(self) -> Variation | None:
        """The best variation of the line for this hand (``None`` when ``away`` is)."""
        r = self._result
        if r is None or self._away is None:
            return None
        if self._index >= 0:
            return r.compiled.best_variation_at(r.data, self._index, _MAX_TILES - self._away)
        return r.compiled.best_variation(r.data, self._line, _MAX_TILES - self._away)

    def _needs(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        r = self._result
        v = self.variation
        if r is None or v is None:
            return (), ()
        key = id(self._line)
        memo = r.needs.get(key)
        if memo is None:
            tiles, gaps = r.hand.needs(v)
            memo = r.needs[key] = (tuple(TILES[k] for k in tiles), tuple(TILES[k] for k in gaps))
        return memo

    @property
    def needs(self) -> tuple[Tile, ...]:
        """The tiles still needed for :attr:`variation`, sorted (flowers as ``1f``)."""
        return self._needs()[0]

    @property
    def needs_jokerable(self) -> tuple[Tile, ...]:
        """The part of :attr:`needs` in groups of three or more: a joker fills any of them."""
        return self._needs()[1]

    def __repr__(self) -> str:
        needs = "".join(str(t) for t in self.needs)
        return f"LineDistance({self._line.key!r}, away={self._away!r}, needs={needs!r})"


class CompiledCard:
    """The per-card index the matcher reads: built once by :func:`compile_card`.

    Every variation of the card has a position in the packed vectors: the five-bit lane
    ``p`` (bits ``5p`` to ``5p + 4``; see the module docstring for why five). For kind ``k``
    (0-34) and count ``c`` (0-14), ``slots[k][c]`` packs ``min(c, slots of kind k)`` of every
    variation and ``natural[k][c]`` ``min(c, natural-only slots of kind k)`` (``None`` for a
    kind no variation uses); ``jokerable_total`` packs the joker-able slots. ``exact`` maps
    the tile counts of every variation (kinds 0-34) to its positions, for joker-free hands
    (built on first use).

    Layout (one fold for all lines at once). A line is folded in one or more parts (see
    :func:`_parts`); each part's variations are padded with empty ones (which hold nothing
    and always read 0) to a power of two, ``2**a``, and the part is done after ``a``
    lane-wise maximum folds. With ``K`` the largest ``a``, :meth:`maxima` folds the whole
    vector ``K`` times. The front of the vector holds the parts done so far, one lane each,
    and stays in place; fold ``k`` takes the lane-wise maximum of the two halves of the rest,
    whose front lanes, one per part with ``a == k``, then hold those parts' maxima and join
    the parts done (the parts with ``a == 0`` are done from the start). The positions are
    laid out backwards from that plan (see :meth:`_layout`), so every fold works on every
    part still open: ``K`` folds in all, not one series per width, and the work halves with
    each fold. A line's parts are then merged: the largest of their maxima.
    """

    def __init__(self, card: Card) -> None:
        self.card = card
        lines = self.lines = card.lines
        if not lines:
            raise ValueError(f"card {card.name!r} has no lines")
        for ln in lines:
            if not ln.variations:
                raise ValueError(f"line {ln.key} has no variations")
            for v in ln.variations:
                if v.size != _MAX_TILES:
                    raise ValueError(f"line {ln.key}: a variation of {v.size} tiles, not 14")
                for g in v.groups:
                    if not 0 <= g.kind < _NUM_GROUP_KINDS or not 1 <= g.size <= 6:
                        raise ValueError(f"line {ln.key}: group {g} is not a card group")
        if len(lines) > 0xFFFF:
            # (a person's card can be this large: the message is theirs, issue 48)
            raise ValueError(_("a card of {n} lines: at most 65,535").format(n=len(lines)))
        # the parts the lines are folded in: (line, its first variation, how many)
        parts: list[tuple[int, int, int]] = []
        for i, ln in enumerate(lines):
            j = 0
            for n in _parts(len(ln.variations)):
                parts.append((i, j, n))
                j += n
        cells, done = self._layout([(n - 1).bit_length() for _, _, n in parts])
        nv = self.size = len(cells)
        if nv * _LANE >= 1 << 24:
            raise ValueError(_("a card of {n} variation places: at most {limit}").format(
                n=f"{nv:,}", limit=f"{(1 << 24) // _LANE:,}"))
        variations: list[Variation | None] = [None] * nv
        self.line_of: list[int] = [-1] * nv
        positions: list[list[int]] = [[-1] * len(ln.variations) for ln in lines]
        for p, (q, j) in enumerate(cells):
            i, first, n = parts[q]
            if j < n:
                variations[p] = lines[i].variations[first + j]
                self.line_of[p] = i
                positions[i][first + j] = p
        #: the positions of each line's variations, in the line's order, by the line's id
        self.positions_of: dict[int, list[int]] = {
            id(ln): positions[i] for i, ln in enumerate(lines)}
        #: each line's place on the card, by the line's id
        self.index_of: dict[int, int] = {id(ln): i for i, ln in enumerate(lines)}
        #: per line, its variations' first lane bits (``position * _LANE``) as three bytes
        #: each, low byte first (a card of up to 3.3 million variations): what
        #: :meth:`best_variation_at` reads (bytes are read natively in the compiled build; a
        #: list's items are objects)
        self._lane_bits: list[bytes] = [
            b"".join((p * _LANE).to_bytes(3, "little") for p in positions[i])
            for i in range(len(lines))]
        self.variations = variations
        #: :func:`variation_slots` of every variation, by the variation's id: made here with
        #: the index, once a card, for every judge of the card (issue 42 item 5: made lazily
        #: per judge, they were scattered through memory that then could not be returned)
        self.variation_slots: dict[int, tuple[tuple[int, int, int], ...]] = {
            id(v): variation_slots(v) for v in variations if v is not None}
        #: what :func:`tiles_away`'s list holds before it is filled
        self.placeholder = LineDistance(lines[0], None)
        self.concealed_lines = [ln.concealed for ln in lines]
        self.ones = ((1 << (_LANE * nv)) - 1) // ((1 << _LANE) - 1)
        self.high = self.ones << (_LANE - 1)
        #: ``n`` in every lane, for the jokers and exposed tiles a hand holds (at most 14)
        self.times_ones = [n * self.ones for n in range(_MAX_TILES + 1)]
        #: the steps between five-bit lanes and bytes for one lane per part (every call)
        self._part_steps = _lane_moves(len(parts), _LANE, 8)
        self._num_parts = len(parts)
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
        #: the steps between five-bit lanes and bytes for the whole vector
        self._steps = _lane_moves(nv, _LANE, 8)
        packed: dict[bytes, int] = {}  # the same column is packed once (272 of 1,050)
        self.slots: list[list[int] | None] = [self._rows(b, packed) for b in self._total]
        self.natural: list[list[int] | None] = [self._rows(bytes(b), packed)
                                                    for b in natural]
        self.jokerable_total = self.pack(bytes(jok))
        self.open_mask = self.pack(
            bytes(_VALUE if i >= 0 and not self.concealed_lines[i] else 0
                  for i in self.line_of))
        self._exact: dict[tuple[int, ...], list[int]] | None = None
        # per fold: (mask of the lanes done so far and the lower half of the rest, their
        # lanes' top bits, the half's bits, the top bits of the lower half of the rest)
        self._folds: list[tuple[int, int, int, int]] = []
        kept = len(done[0])  # the lanes done: the front of the vector, left in place
        width = nv - kept
        for k in range(1, len(done)):
            half = width // 2
            low = (1 << (_LANE * (kept + half))) - 1
            self._folds.append((low, self.high & low, _LANE * half,
                                self.high & low & ~((1 << (_LANE * kept)) - 1)))
            kept += len(done[k])
            width = half - len(done[k])
        assert width == 0 and kept == len(parts), "the folds leave nothing"
        # the parts' maxima come out in the order the folds finish them: each line's first
        # part is read from there in card order, its other parts merged into it
        order = [q for level in done for q in level]
        out_at = [0] * len(parts)
        for o, q in enumerate(order):
            out_at[q] = o
        where = [-1] * len(lines)
        #: (line, where another part of it comes out), for :meth:`maxima`
        self._more_parts: list[tuple[int, int]] = []
        for q, part in enumerate(parts):
            i = part[0]
            if where[i] < 0:
                where[i] = out_at[q]
            else:
                self._more_parts.append((i, out_at[q]))
        #: the line of each part in the folded vector's order, and the bytes that hold the
        #: parts' lanes with one to spare (for :meth:`_read_maxima`)
        self._line_at_out = [parts[q][0] for q in order]
        self._out_bytes = (_LANE * len(parts) + 7) // 8 + 1
        self._in_card_order: Callable[[bytes], Sequence[int]] = (
            itemgetter(*where) if len(lines) > 1 else (lambda data: (data[where[0]],)))
        self._group_counts: dict[tuple[int, int], bytes] = {}
        self._fits: dict[tuple[int, int, int], int] = {}
        self._reduced: dict[tuple[int, int, int], int] = {}
        #: :meth:`_component`'s memo: a component's packed sums by its counts
        self._sums: dict[int, tuple[int, int, int]] = {}

    @staticmethod
    def _layout(levels: Sequence[int]) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """The lane positions of the packed vectors for lines needing ``levels[i]`` folds
        (``2**levels[i]`` variations, padding included): the ``(line, variation)`` at each
        position, and per fold ``k`` (0: before the first) the lines done by it, in the
        order their lanes are cut off.

        Built backwards from the last fold. After fold ``k`` the vector is ``R_k``: the
        lines done by fold ``k`` (one lane each, every variation folded in), then what fold
        ``k + 1`` works on. What fold ``k`` works on is every lane of ``R_k`` split in two:
        the first halves of their variations, then the second halves."""
        top = max(levels)
        done = [[i for i, a in enumerate(levels) if a == k] for k in range(top + 1)]
        # cells: (line, first variation, number of variations)
        rest: list[tuple[int, int, int]] = []
        for k in range(top, 0, -1):
            r_k = [(i, 0, 1 << k) for i in done[k]] + rest
            rest = ([(i, j, n // 2) for i, j, n in r_k]
                    + [(i, j + n // 2, n // 2) for i, j, n in r_k])
        cells = [(i, 0) for i in done[0]] + [(i, j) for i, j, n in rest]
        assert all(n == 1 for _, _, n in rest)
        return cells, done

    @property
    def exact(self) -> dict[tuple[int, ...], list[int]]:
        """The positions of every variation by its tile counts (kinds 0-34), built on first
        use (scoring reads the packed vectors only: issue 25, start-up)."""
        exact = self._exact
        if exact is None:
            # built whole, then published (issue 42: a card is shared by every thread, and
            # a dict published empty and then filled read as "no such hand" meanwhile)
            built: dict[tuple[int, ...], list[int]] = {}
            for p, var in enumerate(self.variations):
                if var is not None:
                    key = tuple(self._total[k][p] for k in range(_NUM_GROUP_KINDS))
                    built.setdefault(key, []).append(p)
            self._exact = exact = built
        return exact

    def pack(self, column: bytes) -> int:
        """The packed vector of one value (below 16) per position, given as bytes."""
        return _narrow(int.from_bytes(column, "little"), self._steps)

    def _rows(self, column: bytes, packed: dict[bytes, int]) -> list[int] | None:
        """``min(c, column)`` packed, for every count ``c`` (0-14); None for a column of
        zeros. ``packed`` holds the columns packed so far."""
        if not any(column):
            return None
        rows = []
        for c in range(_MAX_TILES + 1):
            limited = column.translate(_TABLES_MIN[c])
            got = packed.get(limited)
            if got is None:
                got = packed[limited] = self.pack(limited)
            rows.append(got)
        return rows

    def packed_bytes(self, h: int) -> bytes:
        """The packed vector ``h`` as it is, five bits a lane, little-endian, with one byte
        to spare (so that a lane is read from two bytes): what :meth:`best_variation` reads.
        Unlike :meth:`to_bytes` no lane is moved (the whole card's lanes, moved apart, cost
        about 150,000 instructions a hand in big-integer work; a best variation reads only
        its line's few lanes, issue 25)."""
        return h.to_bytes((self.size * _LANE + 7) // 8 + 1, "little")

    def to_bytes(self, h: int) -> bytes:
        """The packed vector ``h`` as one byte per position."""
        return _widen(h, self._steps).to_bytes(self.size, "little")

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
        """Packed mask, 15 in the lane of every variation with at least ``copies`` groups
        ``group``, 0 elsewhere."""
        key = (group[0], group[1], copies)
        got = self._fits.get(key)
        if got is None:
            table = bytes(_VALUE if x >= copies else 0 for x in range(256))
            got = self.pack(self.group_counts(group).translate(table))
            self._fits[key] = got
        return got

    def reduced_slots(self, kind: int, count: int, exposed: int) -> int:
        """Packed ``max(0, min(count, slots of kind - exposed))``: the slots of ``kind`` the
        concealed tiles can still take once exposures filled ``exposed`` of them."""
        key = (kind, count, exposed)
        got = self._reduced.get(key)
        if got is None:
            table = bytes(max(0, min(count, x - exposed)) for x in range(256))
            got = self.pack(self._total[kind].translate(table))
            self._reduced[key] = got
        return got

    def held(self, hand: _Hand) -> int:
        """The packed vector of the most tiles each variation can hold of ``hand`` (0 where
        the variation cannot hold the exposures, or its line is concealed and the hand has
        an exposure, and in padding): ``N + min(F - N, S)`` lane by lane (module
        docstring). ``F - N`` never borrows from the next lane: per kind, ``F``'s term falls
        short of ``N``'s by at most the tiles of that kind exposed, and ``F`` counts every
        exposed tile (even in a variation that cannot hold the exposures, masked out at the
        end).

        The sums over kinds are taken a component at a time (the three suits, then the
        honours and the flowers: :meth:`_component`), each component's sums read from a
        memo keyed by its counts, so that a hand costs about four long additions a sum
        rather than one a kind held. A kind with an exposure is added on its own (its
        slots are reduced by the exposed tiles, :meth:`reduced_slots`)."""
        counts = hand.counts
        exposed = hand.exposed_by_kind
        key0: i64 = 0
        key1: i64 = 0
        key2: i64 = 0
        key3: i64 = 0
        # the kinds with an exposure: their sums of min(c, slots left) and min(c, natural)
        fe = 0
        ne = 0
        for k in hand.kinds:
            c: i64 = counts[k]
            if exposed and k in exposed:
                if self.slots[k] is not None:
                    fe += self.reduced_slots(k, c, exposed[k])
                    nat = self.natural[k]
                    if nat is not None:
                        ne += nat[c]
                continue
            if k < 9:
                key0 |= c << (4 * k)
            elif k < 18:
                key1 |= c << (4 * (k - 9))
            elif k < 27:
                key2 |= c << (4 * (k - 18))
            else:
                key3 |= c << (4 * (k - 27))
        # the component's number in the key's top bits: 36 bits hold nine kinds of four
        key1 |= 1 << 36
        key2 |= 2 << 36
        key3 |= 3 << 36
        if not hand.groups and not hand.jokers:
            f = self._plus_sums(key0, 0)
            f = self._plus_sums(key1, f)
            f = self._plus_sums(key2, f)
            return self._plus_sums(key3, f)  # never above N + S: the minimum is F itself
        # N + min(D, S) with D = F - N: X + J, the components' D, and the exposed kinds'
        d = self.times_ones[hand.jokers + hand.exposed_tiles]
        if fe:
            d += fe - ne
        n, d = self._plus_natural(key0, ne, d)
        n, d = self._plus_natural(key1, n, d)
        n, d = self._plus_natural(key2, n, d)
        n, d = self._plus_natural(key3, n, d)
        h = n + self.minimum(d, self.jokerable_total)
        if not hand.groups:
            return h
        mask = self.open_mask
        for grp, mult in hand.multiplicity.items():
            mask &= self.fits(grp, mult)
        return h & mask

    def _plus_sums(self, key: i64, f: int) -> int:
        """``f`` plus the component's ``F`` (:meth:`_component`; nothing for no tiles)."""
        if not key & _COUNTS:
            return f
        return _plus(f, self._component(key)[0])

    def _plus_natural(self, key: i64, n: int, d: int) -> tuple[int, int]:
        """``n`` and ``d`` plus the component's ``N`` and ``D`` (:meth:`_component`)."""
        if not key & _COUNTS:
            return n, d
        _, n0, d0 = self._component(key)
        return _plus(n, n0), d + d0

    def _component(self, key: i64) -> tuple[int, int, int]:
        """The packed sums over one component's kinds of ``min(c, slots)`` (``F``) and
        ``min(c, natural-only slots)`` (``N``), and ``F - N`` (``D``, never negative), ``c``
        the counts in ``key`` (four bits a kind from the component's first kind: 0, 9, 18
        or 27; the component's number from bit 36), from a memo of at most
        :data:`_SUMS_CAP` entries (emptied when full)."""
        got = self._sums.get(key)
        if got is not None:
            return got
        first: i64 = 9 * (key >> 36)
        f = 0
        n = 0
        i: i64 = 0
        while i < 9:
            c: i64 = (key >> (4 * i)) & 15
            if c:
                row = self.slots[first + i]
                if row is not None:
                    f += row[c]
                    nat = self.natural[first + i]
                    if nat is not None:
                        n += nat[c]
            i += 1
        if len(self._sums) >= _SUMS_CAP:
            self._sums.clear()
        got = self._sums[key] = (f, n, f - n)
        return got

    def minimum(self, a: int, b: int) -> int:
        """Lane-wise minimum of two packed vectors whose lanes are all below 16."""
        high = self.high
        d = (a | high) - b  # 16 + a - b in every lane: never borrows
        t = d & high  # the lane's top bit where a >= b
        return a - (d & (t - (t >> (_LANE - 1))))  # a, less a - b where a >= b

    def at_least(self, h: int, value: int) -> int:
        """Packed flags (the lane's top bit) where ``h >= value`` (``value`` 0-14, lanes of
        ``h`` below 16)."""
        return ((h | self.high) - self.times_ones[value]) & self.high

    def maxima(self, h: int) -> list[int]:
        """For every line in card order, the most tiles one of its variations holds, from
        the packed held vector ``h`` (see the class docstring for the folds)."""
        x = self.fold(h)
        return self._read_maxima(x) if _RUNS_COMPILED else self._widen_maxima(x)

    def fold(self, h: int) -> int:
        """The packed held vector ``h`` folded: one lane a part of a line, the largest of
        the part's variations, in the order the folds finish the parts (the class
        docstring)."""
        x = h
        for low, high, bits, half_high in self._folds:
            a = x & low  # the lanes done so far, and the lower half of the rest
            # 16 + b - a in every lane of the lower half, b the upper half's lane over it
            # (over the lanes done, 16 + some lane of the rest - a: no borrow either)
            d = ((x >> bits) | high) - a
            t = d & half_high  # the lane's top bit where b >= a, in the lower half only
            x = a + (d & (t - (t >> (_LANE - 1))))  # a, plus b - a where b >= a
        return x

    def _widen_maxima(self, x: int) -> list[int]:
        """:meth:`maxima`'s last step in pure Python: the parts' lanes of the folded
        vector ``x`` moved apart to a byte each in a few long-integer operations
        (:func:`_widen`), read in card order, and a line's other parts merged."""
        data = _widen(x, self._part_steps).to_bytes(self._num_parts, "little")
        best = list(self._in_card_order(data))
        for i, o in self._more_parts:
            m = data[o]
            if m > best[i]:
                best[i] = m
        return best

    def _read_maxima(self, x: int) -> list[int]:
        """:meth:`maxima`'s last step in the compiled build: each part's lane of the folded
        vector ``x`` read where it lies (two bytes), the largest of a line's parts kept.
        The same numbers as :meth:`_widen_maxima`, whose long-integer operations cost the
        compiled build about three times this loop (issue 25)."""
        data = x.to_bytes(self._out_bytes, "little")
        best = [0] * len(self.lines)
        line_at = self._line_at_out
        bit: i64 = 0
        end: i64 = _LANE * self._num_parts
        o = 0
        while bit < end:
            b = bit >> 3
            m = ((data[b] | data[b + 1] << 8) >> (bit & 7)) & _LANE_MASK
            i = line_at[o]
            if m > best[i]:
                best[i] = m
            bit += _LANE
            o += 1
        return best

    def best_variation(self, data: bytes, line: CardLine, held: int) -> Variation:
        """The first variation of ``line`` holding ``held`` tiles, given the held vector's
        :meth:`packed_bytes`. Raises ``ValueError`` when none holds that many, or
        for a line not on this card."""
        index = self.index_of.get(id(line), -1)
        if index < 0 or self.lines[index] is not line:
            raise ValueError(f"line {line.key} is not on card {self.card.name!r}")
        return self.best_variation_at(data, index, held)

    def best_variation_at(self, data: bytes, index: int, held: int) -> Variation:
        """:meth:`best_variation` of the card's line number ``index`` (0-based, as
        :attr:`LineDistance.index`). Raises ``ValueError`` for a number not on the card, as
        well as when no variation holds ``held`` tiles."""
        if not 0 <= index < len(self.lines):
            raise ValueError(f"card {self.card.name!r} has no line number {index} "
                             f"(0 to {len(self.lines) - 1})")
        bits = self._lane_bits[index]
        want: i64 = held
        end: i64 = len(bits)
        at: i64 = 0
        v: i64 = 0
        bit: i64
        o: i64
        while at < end:
            bit = bits[at] | bits[at + 1] << 8 | bits[at + 2] << 16
            o = bit >> 3
            if ((data[o] | data[o + 1] << 8) >> (bit & 7)) & _LANE_MASK == want:
                return self.lines[index].variations[v]
            at += 3
            v += 1
        line = self.lines[index]
        raise ValueError(f"no variation of line {line.key} holds {held} tiles")

    def positions_at_least(self, h: int, value: int) -> list[int]:
        """The positions whose held lane is at least ``value`` (never padding for
        ``value > 0``)."""
        flags = self.at_least(h, value)
        out = []
        while flags:
            low = flags & -flags
            out.append(low.bit_length() // _LANE - 1)
            flags ^= low
        return out


#: the matcher's index of the cards used lately, by identity: (card, index), oldest first.
#: Each entry holds its card, so an id is never reused while it is here (a weak reference
#: would do without that, but the compiled build's classes take none).
_COMPILED: dict[int, tuple[Card, CompiledCard]] = {}
#: cards whose index is kept (a game uses one; a test run a few dozen)
_CACHE_SIZE = 32
#: taken to compile a card and change :data:`_COMPILED` (not to read it)
_COMPILED_LOCK = _thread.allocate_lock()


def compile_card(card: Card) -> CompiledCard:
    """The matcher's index of ``card``, built on first use and kept for the last
    ``_CACHE_SIZE`` cards used. Raises ``ValueError`` for a card whose variations are not
    fourteen tiles of card groups.
    """
    key = id(card)
    entry = _COMPILED.get(key)
    if entry is not None and entry[0] is card:
        return entry[1]
    # a card first used by several threads at once is compiled once; the oldest is dropped
    # under the lock too (two threads dropping one entry: the second's ``del`` failed)
    with _COMPILED_LOCK:
        entry = _COMPILED.get(key)
        if entry is not None and entry[0] is card:
            return entry[1]
        compiled = CompiledCard(card)
        while len(_COMPILED) >= _CACHE_SIZE:
            del _COMPILED[next(iter(_COMPILED))]
        _COMPILED[key] = (card, compiled)
    return compiled


def tiles_away(card: Card, concealed: Sequence[int], exposures: Sequence[Meld] = (),
               nearest: int | None = None, *, check_copies: bool = True
               ) -> list[LineDistance]:
    """Tiles away from every line of ``card``: one :class:`LineDistance` per line, nearest
    first, ties in card order, lines that cannot be completed (``away is None``) last.

    ``concealed`` is counts over the 47 tile indices (:func:`hand_counts`); ``exposures``
    the hand's exposed melds; ``nearest``: only the first ``nearest`` of that list (the same
    as slicing it, without making the other lines' distances). Raises ``ValueError`` for a
    malformed exposure (see :func:`exposure_group`), a hand of more than fourteen tiles, a
    negative count, more copies of a tile than the American tile set holds
    (:class:`~mahjong_table.tiles.TileCountError`, naming the tile) or a negative
    ``nearest``, and ``TypeError`` for a ``nearest`` that is not a whole number.
    ``check_copies=False`` leaves out the copies check, for
    a caller whose exposures stand for groups (a kind and a size, naturals only, as the hand
    judge's do: :mod:`.advice`), which may show more naturals than the table holds. (001
    Part one "Tiles", "Jokers", "Understanding the NMJL card"; shared/NOTATION.md "Tiles
    away".)
    """
    if nearest is not None:
        # (the compiled build refuses a non-int argument with a TypeError before this line:
        # the pure build raises the same type)
        if type(nearest) is not int:
            raise TypeError(f"nearest must be a whole number or None, not {nearest!r}")
        if nearest < 0:
            raise ValueError(f"nearest must be a whole number, 0 or more, not {nearest!r}")
    cc = compile_card(card)
    hand = _Hand(concealed, exposures, check_copies)
    h = cc.held(hand)
    result = _Result(hand, cc, h)
    lines = cc.lines
    maxima = cc.maxima(h)
    # nearest first, ties in card order: a counting sort on the tiles away (0-14; 15 for a
    # line no variation can hold, which holds 0 tiles of a hand with exposures, last)
    gone: i64 = 15 if hand.groups else _MAX_TILES
    starts: list[int] = [0] * 17
    held: i64 = 0
    away: i64 = 0
    for m in maxima:
        held = m
        away = _MAX_TILES - held if held else gone
        starts[away + 1] = starts[away + 1] + 1  # (not +=: generic in the compiled build)
    a: i64 = 1
    while a < 17:
        starts[a] = starts[a] + starts[a - 1]
        a += 1
    limit: i64 = len(lines) if nearest is None or nearest > len(lines) else nearest
    out = [cc.placeholder] * limit
    p: i64
    for i, m in enumerate(maxima):
        held = m
        away = _MAX_TILES - held if held else gone
        p = starts[away]
        starts[away] = p + 1
        if p < limit:
            out[p] = (LineDistance(lines[i], away, result, i) if away < 15
                      else LineDistance(lines[i], None, None, i))
    return out


def winning_lines(card: Card, concealed: Sequence[int], exposures: Sequence[Meld] = ()
                  ) -> list[CardLine]:
    """The lines a 14-tile hand completes, in card order (empty for fewer tiles).

    Same arguments and errors as :func:`tiles_away`.
    """
    cc = compile_card(card)
    hand = _Hand(concealed, exposures)
    if hand.total != _MAX_TILES:
        return []
    found = _exact_hits(cc, hand)
    if found is None:
        found = cc.positions_at_least(cc.held(hand), _MAX_TILES)
    return [cc.lines[i] for i in sorted({cc.line_of[p] for p in found})]


def best(lines: Sequence[CardLine]) -> CardLine | None:
    """The highest-paying line of ``lines`` (most points; ties: the first given, i.e. card
    order for :func:`winning_lines`), or ``None`` for no lines."""
    top: CardLine | None = None
    for ln in lines:
        if top is None or ln.points > top.points:
            top = ln
    return top


def is_complete(card: Card, concealed: Sequence[int], exposures: Sequence[Meld] = ()) -> bool:
    """True when the 14-tile hand completes some line of ``card`` (False for fewer tiles).

    Same arguments and errors as :func:`tiles_away`; a hash look-up when no joker is held.
    """
    cc = compile_card(card)
    hand = _Hand(concealed, exposures)
    if hand.total != _MAX_TILES:
        return False
    found = _exact_hits(cc, hand)
    if found is not None:
        return bool(found)
    return cc.at_least(cc.held(hand), _MAX_TILES) != 0


def _exact_hits(cc: CompiledCard, hand: _Hand) -> list[int] | None:
    """For a joker-free 14-tile hand, the variation positions it completes; ``None`` when the
    hand holds a joker (concealed or exposed) and the packed path must decide."""
    if hand.jokers or hand.exposed_jokers:
        return None
    counts = hand.counts[:_NUM_GROUP_KINDS]
    if sum(counts) + hand.exposed_tiles != _MAX_TILES:
        return []  # a tile no card group uses (a season) is held
    for k, n in hand.exposed_by_kind.items():
        counts[k] += n
    hits = cc.exact.get(tuple(counts))
    if not hits:
        return []
    if not hand.groups:
        return hits
    return [p for p in hits
            if not cc.concealed_lines[cc.line_of[p]]
            and all(cc.group_counts(grp)[p] >= m for grp, m in hand.multiplicity.items())]


def completing_tiles(card: Card, concealed13: Sequence[int], exposures: Sequence[Meld] = ()
                     ) -> frozenset[int]:
    """The tiles whose addition makes the 13-tile hand complete some line: kinds 0-33,
    :data:`~.model.FLOWER` (34) for any flower, and :data:`~.model.JOKER` (46) when a joker
    would complete it (a gap in a group of three or more), leaving out a tile of which the
    hand holds every copy. Empty unless the hand has 13 tiles. Same errors as
    :func:`tiles_away`. (Calling a discard for Mahjong, 001 Part one
    "Calling discards"; jokers, "Jokers".)
    """
    cc = compile_card(card)
    hand = _Hand(concealed13, exposures)
    if hand.total != _MAX_TILES - 1:
        return frozenset()
    out: set[int] = set()
    for p in cc.positions_at_least(cc.held(hand), _MAX_TILES - 1):
        v = cc.variations[p]
        assert v is not None  # padding holds nothing
        missing, gaps = hand.deficits(v)
        if missing:
            out.update(missing)  # one single or pair tile, and every other slot is filled
        else:
            # the one open slot is in a group of three or more: the jokers held may stand
            # in any of the gaps, so a natural of any gap's kind completes, and so does a joker
            out.update(gaps)
            out.add(JOKER)
    # a tile of which the hand holds every copy cannot come (001 Part one "Tiles")
    for k in list(out):
        if k == JOKER:
            held = hand.jokers + hand.exposed_jokers
        else:
            held = hand.counts[k] + hand.exposed_naturals.get(k, 0)
        if held >= _COPIES[k]:
            out.discard(k)
    return frozenset(out)
