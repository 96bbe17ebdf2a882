"""Decomposition of concealed tiles into sets and a pair, and the special winning forms.

All functions take a count array of the 34 playing kinds (see :mod:`mahjong_table.tiles`).
Rule: a winning hand is four sets (chow, pung or kong) and a pair (004 s03, s05; 001 Part two,
"Winning hand"); seven pairs of distinct values and thirteen orphans are the special forms of
004 s05.

:func:`decompositions` is the plain search over the 34 kinds (the tests' reference);
:func:`decompose_sets` gives the same readings, each once, from a table of each suit's readings
keyed by an integer code of the suit's counts (:func:`component_code`; issue 25, item 1),
which the scorers use (MCR scoring, and Hong Kong scoring, which must not import the shanten
tables of :mod:`.mcr_forms`, where these functions were first written).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = [
    "CACHE_LIMIT",
    "COMPONENTS",
    "TERMINALS_AND_HONOURS",
    "Decomposition",
    "SetTuple",
    "component_code",
    "component_codes",
    "decompose_sets",
    "decompositions",
    "is_seven_pairs",
    "is_standard_complete",
    "is_thirteen_orphans",
]

#: ("chow" | "pung", first tile index)
SetTuple = tuple[str, int]
#: (pair tile index, concealed sets sorted)
Decomposition = tuple[int, tuple[SetTuple, ...]]

#: the thirteen orphans: 1m 9m 1p 9p 1s 9s and the seven honours
TERMINALS_AND_HONOURS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _sets(counts: list[int], start: int, acc: list[SetTuple], out: list[tuple[SetTuple, ...]]
          ) -> None:
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        out.append(tuple(acc))
        return
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        acc.append(("pung", i))
        _sets(counts, i, acc, out)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append(("chow", i))
        _sets(counts, i, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def _readings(counts: Sequence[int], *, first_only: bool) -> list[Decomposition]:
    work = list(counts)
    out: list[Decomposition] = []
    for p in range(34):
        if work[p] >= 2:
            work[p] -= 2
            found: list[tuple[SetTuple, ...]] = []
            _sets(work, 0, [], found)
            work[p] += 2
            out.extend((p, s) for s in found)
            if first_only and out:
                break
    return out


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every way to read ``counts`` (3n+2 tiles) as n sets and one pair.

    Returns a list of ``(pair_index, sets)``; empty when there is none. Distinct readings of
    the same tiles (``111222333m`` as three pungs or three chows) are all returned, so a scorer
    can take the best (004 s07). Raises ``ValueError`` if the tile count is not 3n+2.
    """
    total = sum(counts)
    if total % 3 != 2:
        raise ValueError(f"{total} concealed tiles cannot be sets and a pair (need 3n+2)")
    return _readings(counts, first_only=False)


def is_standard_complete(counts: Sequence[int]) -> bool:
    """True if ``counts`` (3n+2 tiles) are n sets and a pair (a direct search, independent of
    the shanten tables: the tests' reference)."""
    return sum(counts) % 3 == 2 and bool(_readings(counts, first_only=True))


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs of distinct values, 14 concealed tiles (004 s05: four identical tiles are
    not two pairs)."""
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus a duplicate of one of them (004 s05)."""
    if sum(counts) != 14:
        return False
    if any(counts[i] == 0 for i in TERMINALS_AND_HONOURS):
        return False
    return sum(counts[i] for i in TERMINALS_AND_HONOURS) == 14


#: tile kinds in a count array
NUM_KINDS: Final = 34


# ----- each suit read once (issue 25, item 1) -------------------------------------------------


def _component_sets(key: tuple[int, ...], suited: bool) -> tuple[tuple[tuple[bool, int], ...], ...]:
    """Every way to read one suit's (or the honours') counts by rank as sets only: tuples of
    (is_chow, rank), each reading once; empty when there is none."""
    out: list[tuple[tuple[bool, int], ...]] = []
    c = list(key)
    acc: list[tuple[bool, int]] = []

    def walk(i: int) -> None:
        while i < len(c) and c[i] == 0:
            i += 1
        if i == len(c):
            out.append(tuple(acc))
            return
        if c[i] >= 3:
            c[i] -= 3
            acc.append((False, i))
            walk(i)
            acc.pop()
            c[i] += 3
        if suited and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            acc.append((True, i))
            walk(i)
            acc.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    walk(0)
    # the same sets found in two orders are one reading
    return tuple(dict.fromkeys(tuple(sorted(x)) for x in out))


#: the four components of a hand: (first tile, ranks, suited) for the three suits and the
#: honours (Final, and typed as a tuple of any length, so that the compiled build keeps one
#: tuple object and does not rebuild it at each read)
COMPONENTS: Final[tuple[tuple[int, int, bool], ...]] = (
    (0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
def component_code(counts: list[int], a: int, n: int, suited: bool) -> int:
    """One suit's (``suited``) or the honours' counts ``counts[a:a + n]`` as one integer:
    four bits per rank, rank 0 lowest, then one bit for ``suited``; -1 when a count is
    outside 0-15 (read without the cache). Adding a tile of rank ``r`` adds ``2 << 4*r``."""
    code = 0
    for r in range(a + n - 1, a - 1, -1):
        x = counts[r]
        if x < 0 or x > 15:
            return -1
        code = (code << 4) | x
    return (code << 1) | (1 if suited else 0)


#: :func:`_placed_sets` by ``code * 4 + component`` (issue 25, item 1: each suit's readings
#: worked out once and combined). Emptied when it reaches :data:`CACHE_LIMIT` entries, so its
#: memory is bounded; what it holds changes speed only, never a result.
_PLACED: Final[dict[int, tuple[tuple[SetTuple, ...], ...]]] = {}
#: the most entries a per-suit cache of this module or of MCR scoring keeps (200,000 random
#: MCR hands fill about 23,000 in :data:`_PLACED`, 11,000 in :data:`_PAIRED` and 10,000 in
#: MCR scoring's wait table, 6.3 MB in all)
CACHE_LIMIT: Final = 200_000


def _placed_sets(j: int, code: int, counts: list[int], a: int) -> tuple[tuple[SetTuple, ...], ...]:
    """The readings of component ``j`` (its counts start at ``counts[a]``, its code is
    ``code``) in :func:`decompose_sets`'s form: ``("chow" | "pung", tile index)`` sets,
    sorted by tile, pung first. The components are in tile order, so a hand's sets are its
    components' readings put end to end, already sorted."""
    key = code * 4 + j
    found = _PLACED.get(key) if code >= 0 else None
    if found is None:
        base, n, suited = COMPONENTS[j]
        found = tuple(
            tuple(sorted((("chow" if chow else "pung", base + rank) for chow, rank in reading),
                         key=_set_key))
            for reading in _component_sets(tuple(counts[a:a + n]), suited))
        if code >= 0:
            if len(_PLACED) >= CACHE_LIMIT:
                _PLACED.clear()
            _PLACED[key] = found
    return found


def component_codes(counts: list[int]) -> list[int]:
    """The four components' :func:`component_code` of a count array, in the order of
    :data:`COMPONENTS`."""
    return [component_code(counts, a, n, suited) for a, n, suited in COMPONENTS]


def decompose_sets(counts: Sequence[int], *, first_only: bool,
                   codes: list[int] | None = None) -> list[Decomposition]:
    """Every distinct reading of ``counts`` as sets and a pair, in the form of
    :func:`.decompose.decompositions` (``(pair, (("chow" | "pung", first tile), ...))``, sets
    sorted by tile, pung first), or only
    whether there is one (a list of at most one with ``first_only``); empty when the total is
    not 3n+2. Each suit is read on its own, once per distinct suit (cached by its code,
    issue 25 item 1), and the suits' readings combined. Counts above four are read as they
    are (a fifth copy, for wait tests). ``codes``: the four :func:`component_codes` of
    ``counts`` when the caller has them already."""
    # read as a list: the compiled build indexes a list directly
    cl: list[int] = counts if isinstance(counts, list) else list(counts)
    # the total is 3n+2 (the components' sizes, summed first as the whole was)
    if len(cl) != NUM_KINDS:
        if sum(cl) % 3 != 2:
            return []
        sizes = [sum(cl[a:a + n]) for a, n, _ in COMPONENTS]
    else:
        sizes = [0, 0, 0, 0]
        total = 0
        for j in range(4):
            a, n, _ = COMPONENTS[j]
            size = 0
            for r in range(a, a + n):
                size += cl[r]
            sizes[j] = size
            total += size
        if total % 3 != 2:
            return []
    per: list[tuple[tuple[SetTuple, ...], ...]] = []
    pair_comp = -1
    pair_code = 0
    for j in range(4):
        a, n, suited = COMPONENTS[j]
        code = codes[j] if codes is not None else component_code(cl, a, n, suited)
        m = sizes[j] % 3
        if m == 1 or (m == 2 and pair_comp >= 0):
            return []
        if m == 2:
            pair_comp = j
            pair_code = code
            per.append(())
            continue
        found = _placed_sets(j, code, cl, a)
        if not found:
            return []
        per.append(found)
    if pair_comp < 0:
        return []
    pairs = _paired_sets(pair_comp, pair_code, cl, COMPONENTS[pair_comp][0])
    if first_only:
        return [(pairs[0][0], ())] if pairs else []
    out: list[Decomposition] = []
    for pair, found in pairs:
        per[pair_comp] = found
        # every combination of the components' readings, the last component varying fastest
        for x0 in per[0]:
            for x1 in per[1]:
                for x2 in per[2]:
                    for x3 in per[3]:
                        out.append((pair, x0 + x1 + x2 + x3))
    return out


#: the readings of a component that holds the pair, by ``code * 4 + component`` like
#: :data:`_PLACED`: for each rank that can be the pair, lowest first, (the pair's tile, the
#: readings of the rest as :func:`_placed_sets` gives them); emptied at :data:`CACHE_LIMIT`
#: entries (issue 25: the pair's places in a suit tried once)
_PAIRED: Final[dict[int, tuple[tuple[int, tuple[tuple[SetTuple, ...], ...]], ...]]] = {}


def _paired_sets(j: int, code: int, counts: list[int], a: int
                 ) -> tuple[tuple[int, tuple[tuple[SetTuple, ...], ...]], ...]:
    """:data:`_PAIRED`'s entry of component ``j`` (its counts start at ``counts[a]``, its
    code is ``code``, -1 to read it without the cache)."""
    key = code * 4 + j
    got = _PAIRED.get(key) if code >= 0 else None
    if got is None:
        n = COMPONENTS[j][1]
        key_list = counts[a:a + n]
        acc: list[tuple[int, tuple[tuple[SetTuple, ...], ...]]] = []
        for r in range(n):
            if key_list[r] < 2:
                continue
            key_list[r] -= 2
            found = _placed_sets(j, code - (2 << (4 * r + 1)) if code >= 0 else -1,
                                 key_list, 0)
            key_list[r] += 2
            if found:
                acc.append((a + r, found))
        got = tuple(acc)
        if code >= 0:
            if len(_PAIRED) >= CACHE_LIMIT:
                _PAIRED.clear()
            _PAIRED[key] = got
    return got


def _set_key(s: SetTuple) -> tuple[int, int]:
    return (s[1], s[0] == "chow")
