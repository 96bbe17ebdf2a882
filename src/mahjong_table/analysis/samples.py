"""Random hands for tests, property checks and benchmarks (34-kind count arrays)."""

from __future__ import annotations

import random

__all__ = ["random_complete", "random_counts"]

#: the 136 physical playing tiles, by kind
_PLAYING_TILES = [k for k in range(34) for _ in range(4)]


def random_counts(rng: random.Random, n: int) -> list[int]:
    """A random closed hand of ``n`` tiles drawn from the 136 playing tiles."""
    counts = [0] * 34
    for t in rng.sample(_PLAYING_TILES, n):
        counts[t] += 1
    return counts


def random_complete(rng: random.Random, sets: int) -> list[int]:
    """A random hand of ``sets`` sets and a pair (chows more often than pungs), never more
    than four copies of a tile."""
    while True:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for t in (start, start + 1, start + 2):
                    counts[t] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts
