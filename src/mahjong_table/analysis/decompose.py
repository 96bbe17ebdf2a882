"""Decomposition of concealed tiles into sets and a pair, and the special winning forms.

All functions take a count array of the 34 playing kinds (see :mod:`mahjong_table.tiles`).
Rule: a winning hand is four sets (chow, pung or kong) and a pair (004 s03, s05; 001 Part two,
"Winning hand"); seven pairs of distinct values and thirteen orphans are the special forms of
004 s05.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "TERMINALS_AND_HONOURS",
    "Decomposition",
    "SetTuple",
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
