"""The winning forms of the Mahjong Competition Rules (MCR): win checks and shanten.

Count arrays and ``melds`` are as in :mod:`.shanten` (34 concealed counts; declared melds).
MCR wins with (MCR "Winning hands"; docs/rules/chinese.md "MCR winning forms"):

- four sets and a pair (the standard form);
- seven pairs, fully concealed; four of a kind may be two of the pairs (MCR counts them with
  Tile Hog); seven shifted pairs is a seven pairs;
- thirteen orphans, fully concealed;
- honours and knitted tiles (lesser, and greater with all seven honours): fourteen different
  tiles, the suit tiles taken from one knitted straight, the rest honours, fully concealed;
- a knitted straight (147, 258 and 369, each of a different suit) with a set and a pair; the
  set may be declared, so one declared set at most.

:class:`McrForms` plugs these into the shanten, wait and discard functions of
:mod:`.waits` (``forms=MCR_FORMS``): its ``shanten`` is the lowest over the forms. Shanten of
the special forms is exact: the fewest tiles to exchange, never counting a fifth copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Final

from .decompose import TERMINALS_AND_HONOURS, Decomposition, SetTuple
from .shanten import Forms, shanten, standard_shanten, thirteen_orphans_shanten

__all__ = [
    "CACHE_LIMIT",
    "COMPONENTS",
    "KNITTED_STRAIGHTS",
    "MCR_FORMS",
    "McrForms",
    "component_code",
    "component_codes",
    "decompose_sets",
    "honours_knitted_shanten",
    "is_honours_and_knitted",
    "is_knitted_straight_hand",
    "is_mcr_seven_pairs",
    "is_mcr_winning",
    "knitted_straight_shanten",
    "mcr_seven_pairs_shanten",
]

#: the six knitted straights: 147 of one suit, 258 of another, 369 of the third (tile indices)
KNITTED_STRAIGHTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(9 * s + r for i, s in enumerate(suits) for r in (i, i + 3, i + 6)))
    for suits in permutations(range(3)))
_HONOURS = tuple(range(27, 34))
#: tile kinds in a count array
NUM_KINDS: Final = 34


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


def is_mcr_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs as MCR counts them: fourteen concealed tiles, every kind held an even number
    of times (four of a kind are two pairs)."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_honours_and_knitted(counts: Sequence[int]) -> bool:
    """Greater or lesser honours and knitted tiles: fourteen different tiles, the suit tiles
    all of one knitted straight, the others honours."""
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return False
    suited = [t for t in range(27) if counts[t]]
    return 7 <= len(suited) <= 9 and any(all(t in ks for t in suited) for ks in KNITTED_STRAIGHTS)


def is_knitted_straight_hand(counts: Sequence[int], melds: int = 0) -> bool:
    """A knitted straight with a set and a pair: ``counts`` concealed (14 - 3 * ``melds``
    tiles, ``melds`` at most 1: the set may be declared)."""
    if melds > 1 or sum(counts) != 14 - 3 * melds:
        return False
    for ks in KNITTED_STRAIGHTS:
        if all(counts[t] for t in ks):
            rest = list(counts)
            for t in ks:
                rest[t] -= 1
            if melds:
                return sorted(c for c in rest if c) == [2]
            return bool(decompose_sets(rest, first_only=True))
    return False


def is_mcr_winning(counts: Sequence[int], melds: int = 0) -> bool:
    """Whether concealed ``counts`` with ``melds`` declared sets form an MCR winning form
    (the 8-fan minimum is the scorer's, not checked here)."""
    if sum(counts) != 14 - 3 * melds:
        return False
    if decompose_sets(counts, first_only=True):
        return True
    if melds == 0 and (is_mcr_seven_pairs(counts) or is_honours_and_knitted(counts)
                       or thirteen_orphans_shanten(counts) == -1):
        return True
    return is_knitted_straight_hand(counts, melds)


def _check(counts: Sequence[int], melds: int) -> int:
    if len(counts) != 34:
        raise ValueError(f"a count array has 34 entries, got {len(counts)}")
    total = sum(counts)
    if total not in (13 - 3 * melds, 14 - 3 * melds):
        raise ValueError(f"{total} concealed tiles with {melds} declared meld(s): expected "
                         f"{13 - 3 * melds} (waiting) or {14 - 3 * melds} (to discard)")
    return total


def mcr_seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten of MCR seven pairs (13 or 14 concealed tiles, no declared set): four of a kind
    are two pairs, so it is 6 less the pairs held."""
    return 6 - min(7, sum(c // 2 for c in counts))


def honours_knitted_shanten(counts: Sequence[int]) -> int:
    """Shanten of honours and knitted tiles (13 or 14 concealed tiles, no declared set): 13
    less the most different tiles held of one knitted straight and the honours."""
    honours = sum(1 for t in _HONOURS if counts[t])
    best = max(sum(1 for t in ks if counts[t]) for ks in KNITTED_STRAIGHTS)
    return 13 - min(14, best + honours)


def _set_pair_keep(rest: list[int], need_set: bool) -> int:
    """The most tiles of ``rest`` a set (when ``need_set``) and a pair can keep."""
    pair_vals = sorted(((min(2, c), t) for t, c in enumerate(rest) if c), reverse=True)
    if not need_set:
        return pair_vals[0][0] if pair_vals else 0

    best = pair_vals[0][0] if pair_vals else 0
    for t in range(34):
        c = rest[t]
        if c:
            k = min(3, c)
            v = k + _best_pair(rest, {t: k})
            if v > best:
                best = v
        if t < 27 and t % 9 <= 6:
            used = {u: 1 for u in (t, t + 1, t + 2) if rest[u]}
            if len(used) >= 1:
                v = len(used) + _best_pair(rest, used)
                if v > best:
                    best = v
    return best


def _best_pair(rest: list[int], used: dict[int, int]) -> int:
    best = 0
    for t, c in enumerate(rest):
        left = c - used.get(t, 0)
        if left >= 2:
            return 2
        if left == 1:
            best = 1
    return best


def knitted_straight_shanten(counts: Sequence[int], melds: int = 0, bound: int = 99) -> int:
    """Shanten of a knitted straight with a set and a pair (``melds`` at most 1; 99 when
    ``melds`` is more). Knitted straights that cannot beat ``bound`` are skipped (the result
    is then ``bound`` or more)."""
    if melds > 1:
        return 99
    best = 99
    target = 14 - 3 * melds
    for ks in KNITTED_STRAIGHTS:
        held = sum(1 for t in ks if counts[t])
        if target - 1 - held - (5 - 3 * melds) >= min(bound, best):
            continue
        rest = list(counts)
        for t in ks:
            if rest[t]:
                rest[t] -= 1
        keep = held + _set_pair_keep(rest, melds == 0)
        s = target - 1 - keep
        if s < best:
            best = s
    return best


@dataclass(frozen=True, slots=True)
class McrForms(Forms):
    """The MCR winning forms (see the module docstring) as a :class:`~.shanten.Forms` value:
    ``shanten`` is the lowest over the forms, ``by_form`` gives each."""

    seven_pairs: bool = True
    thirteen_orphans: bool = True
    name: str = "mcr"

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int:
        """Lowest shanten over the MCR forms (see :func:`.shanten.shanten` for the
        arguments and errors)."""
        best = shanten(counts, melds, seven_pairs=False, thirteen_orphans=True)
        if best <= -1:
            return best
        if melds == 0:
            _check(counts, melds)
            s = mcr_seven_pairs_shanten(counts)
            if s < best:
                best = s
            s = honours_knitted_shanten(counts)
            if s < best:
                best = s
        if melds <= 1 and best > -1:
            s = knitted_straight_shanten(counts, melds, best)
            if s < best:
                best = s
        return best

    def by_form(self, counts: Sequence[int], melds: int = 0) -> dict[str, int]:
        """Shanten of each MCR form; the concealed-only forms are left out when ``melds``."""
        out = {"standard": standard_shanten(counts, melds)}
        if melds == 0:
            out["seven_pairs"] = mcr_seven_pairs_shanten(counts)
            out["thirteen_orphans"] = thirteen_orphans_shanten(counts)
            out["honours_and_knitted"] = honours_knitted_shanten(counts)
        if melds <= 1:
            out["knitted_straight"] = knitted_straight_shanten(counts, melds)
        return out

    @property
    def form_names(self) -> tuple[str, ...]:
        """The MCR forms."""
        return ("standard", "seven_pairs", "thirteen_orphans", "honours_and_knitted",
                "knitted_straight")


#: the MCR forms
MCR_FORMS = McrForms()

assert len(TERMINALS_AND_HONOURS) == 13
