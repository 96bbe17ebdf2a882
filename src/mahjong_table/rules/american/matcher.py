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
variation of the card is one byte of a long Python integer ("packed vector"), and for each
kind ``k`` and count ``c`` the vectors ``min(c, n[k] + j[k])`` and ``min(c, n[k])`` are
precomputed once per card (:func:`compile_card`). Scoring a hand against every variation of
the card is then about a dozen big-integer additions and a bytewise minimum done with
carry-free bit arithmetic (SWAR); each line's best variation is then found for all lines at
once by halving blocks of interleaved variations (see :class:`CompiledCard`). The variation
and the needs of a line are worked out only when read. :mod:`.reference` is the slow, literal
check of the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...melds import Meld
from ...tiles import TILES, Tile
from ._packed import CompiledCard
from .model import FLOWER, JOKER, Card, CardLine, Variation

__all__ = [
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
_NUM_GROUP_KINDS = FLOWER + 1
#: a hand holds at most fourteen tiles, so every per-variation number fits in 7 bits
_MAX_TILES = 14


def exposure_group(meld: Meld) -> tuple[int, int]:
    """The group an American exposure fills: ``(kind, size)``, the kind being the natural
    tile's index (0-33) or :data:`~.model.FLOWER` for flowers.

    Raises ``ValueError`` naming the exposure unless it is three to six identical natural
    tiles and jokers with at least one natural (001 Part one "Jokers", "Calling discards";
    shared/NOTATION.md: ``[111j]`` is no exposure, ``[6s111j]`` is a kong of 6s).
    """
    text = meld.notation()
    if not 3 <= len(meld.tiles) <= 6:
        raise ValueError(f"exposure {text}: an exposure is a pung, kong, quint or sextet "
                         f"(3-6 tiles), not {len(meld.tiles)} tiles")
    kinds = {FLOWER if 34 <= t <= 41 else int(t) for t in meld.tiles if t != JOKER}
    if not kinds:
        raise ValueError(f"exposure {text}: an exposure holds at least one natural tile, the "
                         "one claimed; jokers alone are no exposure")
    if len(kinds) > 1:
        raise ValueError(f"exposure {text}: an exposure is identical tiles (jokers may stand "
                         "in); runs are never exposed in American play")
    kind = kinds.pop()
    if kind >= _NUM_GROUP_KINDS:
        raise ValueError(f"exposure {text}: {TILES[kind].name} is not used in American play")
    return kind, len(meld.tiles)


def hand_counts(tiles: Sequence[int]) -> list[int]:
    """Counts over the 47 tile indices of a list of tiles (the matcher's ``concealed``)."""
    counts = [0] * 47
    for t in tiles:
        counts[t] += 1
    return counts


class _Hand:
    """A hand as the matcher reads it: folded concealed counts, the kinds held (0-34),
    jokers, and the exposures' groups."""

    __slots__ = ("counts", "kinds", "jokers", "groups", "multiplicity", "exposed_tiles",
                 "exposed_by_kind", "total", "exposed_jokers")

    def __init__(self, concealed: Sequence[int], exposures: Sequence[Meld]) -> None:
        counts = list(concealed)
        n = len(counts)
        if n != 47:
            if n > 47:
                raise ValueError(f"concealed counts run over 47 tile indices ({n})")
            counts += [0] * (47 - n)
        if counts[35] or counts[36] or counts[37] or counts[38] or counts[39] or counts[40] \
                or counts[41]:
            counts[34:42] = [sum(counts[34:42]), 0, 0, 0, 0, 0, 0, 0]
        if min(counts) < 0:
            raise ValueError("concealed counts cannot be negative")
        total = sum(counts)
        kinds = [k for k in range(_NUM_GROUP_KINDS) if counts[k]]
        self.counts = counts
        self.kinds = kinds
        self.jokers = counts[JOKER]
        self.groups: list[tuple[int, int]] = []
        self.multiplicity: dict[tuple[int, int], int] = {}
        self.exposed_by_kind: dict[int, int] = {}
        self.exposed_jokers = 0
        for m in exposures:
            g = exposure_group(m)
            self.groups.append(g)
            self.multiplicity[g] = self.multiplicity.get(g, 0) + 1
            self.exposed_by_kind[g[0]] = self.exposed_by_kind.get(g[0], 0) + g[1]
            self.exposed_jokers += sum(1 for t in m.tiles if t == JOKER)
        self.exposed_tiles = sum(self.exposed_by_kind.values())
        self.total = total + self.exposed_tiles
        if self.total > _MAX_TILES:
            raise ValueError(f"a hand holds at most 14 tiles, this one {self.total}")

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
        if self._data is None:
            self._data = self.held.to_bytes(self.compiled.size, "little")
        return self._data


@dataclass(frozen=True, slots=True)
class LineDistance:
    """How far a hand is from one line.

    ``line`` the card line, ``away`` the tiles away (``None``: this hand can no longer
    complete the line). :attr:`variation` is the concrete variation that holds the most
    tiles (the first in the line's order on a tie; ``None`` with ``away``); :attr:`needs`
    the tiles still missing from it, natural tiles named even where a joker may fill the slot
    (:attr:`needs_jokerable` says which), ``len(needs) == away``. The variation and the needs
    are worked out on first access, so that distances nobody reads cost nothing.
    """

    line: CardLine
    away: int | None
    _result: _Result | None = field(default=None, repr=False, compare=False)

    @property
    def variation(self) -> Variation | None:
        """The best variation of the line for this hand (``None`` when ``away`` is)."""
        r = self._result
        if r is None or self.away is None:
            return None
        return r.compiled.best_variation(r.data, self.line, _MAX_TILES - self.away)

    def _needs(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        r = self._result
        v = self.variation
        if r is None or v is None:
            return (), ()
        key = id(self.line)
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
        return f"LineDistance({self.line.key!r}, away={self.away!r}, needs={needs!r})"


#: LineDistance is built in the hot loop of :func:`tiles_away`. In the pure build, without
#: ``__init__``: a bare instance and its three slots written through their descriptors (the
#: frozen ``__init__`` costs about twice as much there). The class's own ``__new__``, looked
#: up at run time: in the compiled build ``object.__new__`` refuses a compiled class. The
#: compiled build calls its native constructor instead, which is the fast way there (the
#: descriptors are generic calls; measured 2026-12-02, issue 25: 158 us against 66 us pure for
#: the distances of one hand, which made the compiled build slower than the pure one).
_new = getattr(LineDistance, "__new__")  # noqa: B009
_set_line = getattr(LineDistance, "line").__set__  # noqa: B009 - the slot's descriptor
_set_away = getattr(LineDistance, "away").__set__  # noqa: B009
_set_result = getattr(LineDistance, "_result").__set__  # noqa: B009
#: whether this module runs as Python source (the pure build) rather than compiled
_PURE_BUILD = __file__.endswith(".py")


#: the matcher's index of the cards used lately, by identity: (card, index), oldest first.
#: Each entry holds its card, so an id is never reused while it is here (a weak reference
#: would do without that, but the compiled build's classes take none).
_COMPILED: dict[int, tuple[Card, CompiledCard]] = {}
#: cards whose index is kept (a game uses one; a test run a few dozen)
_CACHE_SIZE = 32


def compile_card(card: Card) -> CompiledCard:
    """The matcher's index of ``card``, built on first use and kept for the last
    ``_CACHE_SIZE`` cards used. Raises ``ValueError`` for a card whose variations are not
    fourteen tiles of card groups.
    """
    key = id(card)
    entry = _COMPILED.get(key)
    if entry is not None and entry[0] is card:
        return entry[1]
    compiled = CompiledCard(card)
    if len(_COMPILED) >= _CACHE_SIZE:
        del _COMPILED[next(iter(_COMPILED))]
    _COMPILED[key] = (card, compiled)
    return compiled


def tiles_away(card: Card, concealed: Sequence[int], exposures: Sequence[Meld] = ()
               ) -> list[LineDistance]:
    """Tiles away from every line of ``card``: one :class:`LineDistance` per line, nearest
    first, ties in card order, lines that cannot be completed (``away is None``) last.

    ``concealed`` is counts over the 47 tile indices (:func:`hand_counts`); ``exposures``
    the hand's exposed melds. Raises ``ValueError`` for a malformed exposure (see
    :func:`exposure_group`) or a hand of more than fourteen tiles. (001 Part one "Jokers",
    "Understanding the NMJL card"; shared/NOTATION.md "Tiles away".)
    """
    cc = compile_card(card)
    hand = _Hand(concealed, exposures)
    h = cc.held(hand)
    result = _Result(hand, cc, h)
    maxima = cc.maxima(h)
    out: list[LineDistance] = []
    append = out.append
    exposed = bool(hand.groups)
    if _PURE_BUILD:
        for ln, m in zip(cc.lines, maxima, strict=True):
            d = _new(LineDistance)
            _set_line(d, ln)
            if exposed and m == 0:
                # no variation holds the exposures (held 0): the line is out of reach
                _set_away(d, None)
                _set_result(d, None)
            else:
                _set_away(d, _MAX_TILES - m)
                _set_result(d, result)
            append(d)
    else:
        for ln, m in zip(cc.lines, maxima, strict=True):
            if exposed and m == 0:
                append(LineDistance(ln, None, None))
            else:
                append(LineDistance(ln, _MAX_TILES - m, result))
    keys = [-m if m else 1 for m in maxima] if exposed else [-m for m in maxima]
    return [out[i] for i in sorted(range(len(out)), key=keys.__getitem__)]


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
    would complete it (a gap in a group of three or more). Empty unless the hand has 13
    tiles. Same errors as :func:`tiles_away`. (Calling a discard for Mahjong, 001 Part one
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
    return frozenset(out)
