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

from .decompose import (
    CACHE_LIMIT,
    COMPONENTS,
    TERMINALS_AND_HONOURS,
    component_code,
    component_codes,
    decompose_sets,
)
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
    pairs = 0
    for c in counts:
        pairs += c // 2
    return 6 - min(7, pairs)


def honours_knitted_shanten(counts: Sequence[int]) -> int:
    """Shanten of honours and knitted tiles (13 or 14 concealed tiles, no declared set): 13
    less the most different tiles held of one knitted straight and the honours."""
    honours = 0
    for t in range(27, 34):
        if counts[t]:
            honours += 1
    best = 0
    for ks in KNITTED_STRAIGHTS:
        held = 0
        for t in ks:
            if counts[t]:
                held += 1
        if held > best:
            best = held
    return 13 - min(14, best + honours)


def _set_pair_keep(rest: list[int], need_set: bool) -> int:
    """The most tiles of ``rest`` a set (when ``need_set``) and a pair can keep (0-5): the set
    is up to three of one kind, or the held ones of three ranks in a row of a suit; the pair
    is up to two of one kind among the tiles the set leaves.

    Counted, not searched (issue 25): what a set leaves for the pair depends only on how many
    kinds are held twice or more and held at all, less the kinds the set takes them from."""
    twos = 0  # kinds held twice or more
    ones = 0  # kinds held at all
    for t in range(34):
        c = rest[t]
        if c:
            ones += 1
            if c >= 2:
                twos += 1
    best = 2 if twos else (1 if ones else 0)
    if not need_set:
        return best
    for t in range(34):
        c = rest[t]
        if c:
            # up to three of kind ``t`` as the set
            k = 3 if c >= 3 else c
            left = c - k
            tw = twos - 1 if c >= 2 and left < 2 else twos
            on = ones - 1 if left == 0 else ones
            v = k + (2 if tw else (1 if on else 0))
            if v > best:
                best = v
        if t < 27 and t % 9 <= 6:
            # one of each held rank of ``t``, ``t + 1``, ``t + 2`` as the set
            n = 0
            tw = twos
            on = ones
            for u in range(t, t + 3):
                cu = rest[u]
                if cu:
                    n += 1
                    if cu == 2:
                        tw -= 1
                    elif cu == 1:
                        on -= 1
            if n:
                v = n + (2 if tw else (1 if on else 0))
                if v > best:
                    best = v
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
        held = 0
        for t in ks:
            if counts[t]:
                held += 1
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
        return self.beyond_tables(counts, melds, best)

    def table_forms(self) -> tuple[bool, bool]:
        """The tables read the standard form and thirteen orphans; MCR's seven pairs (four of
        a kind are two pairs) is not theirs."""
        return False, True

    def beyond_tables(self, counts: Sequence[int], melds: int, bound: int) -> int:
        """The lowest of ``bound`` and the shanten of MCR's seven pairs, honours and knitted
        tiles and knitted straight (the concealed-only ones when ``melds`` is 0)."""
        best = bound
        if best <= -1:
            return best
        if melds == 0:
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
