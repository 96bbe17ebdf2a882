"""Seeded random draws made exactly as the standard library's ``random.Random`` makes them,
in compiled code.

Every game is reproducible from its seed, so the numbers must stay the numbers
``random.Random`` gives (its algorithms for ``randrange`` and ``shuffle`` have been the
same since Python 3.2 and 3.11); these functions only run them natively in the compiled
build, where the standard library's versions are Python code: mixing the wall took a twentieth
of a random-agent hand, and a random bot's choice as much again (issue 25).
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["below", "shuffle"]

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)`` drawn as ``rng.randrange(n)`` draws it: the fewest
    random bits that cover ``n``, drawn again while the number is too large. Raises
    ``ValueError`` if ``n < 1``."""
    if n < 1:
        raise ValueError(f"no integer below {n} to choose")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does (Fisher-Yates from the
    end, each position swapped with one drawn by :func:`below`)."""
    # (``below`` written out, the generator's method read once: a method call on a Python
    # object looks the name up at every call in the compiled build, a shuffle per hand)
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j: int = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
