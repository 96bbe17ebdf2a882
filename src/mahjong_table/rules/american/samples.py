"""Random American hands for tests and benchmarks: one generator, so that the test sample and
the 100,000-hand differential of ``make bench`` draw from the same distribution.

A sample is what the matcher reads: concealed counts over the 47 tile indices and the
exposures (:class:`~mahjong_table.melds.Meld`). Hands are drawn from the 152 tiles of 001 Part
one ("Use"): a third at random, two thirds built near a random variation of the card (some of
its groups exposed, jokers here and there, a few tiles swapped), so that small distances and
wins are well covered.
"""

from __future__ import annotations

import random

from ...melds import Meld, MeldKind
from ...tiles import TILES
from .matcher import hand_counts
from .model import FLOWER, JOKER, Card

__all__ = ["Sample", "american_wall", "random_hand", "near_hand", "sample_hands"]

#: a hand as the matcher reads it: concealed counts over 47 indices, exposures
Sample = tuple[list[int], list[Meld]]

_MELD_KIND = {3: MeldKind.PUNG, 4: MeldKind.KONG, 5: MeldKind.QUINT, 6: MeldKind.SEXTET}


def american_wall() -> list[int]:
    """The 152 American tiles (001 Part one "Use")."""
    return [k for k in range(34) for _ in range(4)] + list(range(34, 42)) + [JOKER] * 8


def random_hand(rng: random.Random) -> Sample:
    """13 or 14 tiles from a shuffled wall, now and then with an exposed pung."""
    pool = american_wall()
    rng.shuffle(pool)
    exposures: list[Meld] = []
    if rng.random() < 0.2:
        k = rng.randrange(34)
        exposures.append(Meld(MeldKind.PUNG, (TILES[k], TILES[k], TILES[JOKER])))
        for t in (k, k, JOKER):
            pool.remove(t)
    n = rng.choice((13, 14)) - 3 * len(exposures)
    return hand_counts(pool[:n]), exposures


def near_hand(rng: random.Random, card: Card) -> Sample:
    """A hand built from a random variation of the card: some of its groups of three or
    more exposed (with jokers here and there), jokers in some concealed groups, then up to
    five tiles swapped for random ones and maybe one tile less (small distances and wins)."""
    v = rng.choice(rng.choice(card.lines).variations)
    pool = american_wall()

    def take(kind: int) -> int | None:
        options = sorted({t for t in pool if (34 <= t <= 41 if kind == FLOWER else t == kind)})
        if not options:
            return None
        t = rng.choice(options)
        pool.remove(t)
        return t

    exposures: list[Meld] = []
    concealed: list[int] = []
    for g in v.groups:
        if g.size >= 3 and rng.random() < 0.3:
            first = take(g.kind)
            if first is not None:
                tiles = [first]
                while len(tiles) < g.size:
                    t = take(JOKER) if rng.random() < 0.3 else take(g.kind)
                    t = t if t is not None else take(JOKER)
                    if t is None:
                        break
                    tiles.append(t)
                if len(tiles) == g.size:
                    exposures.append(Meld(_MELD_KIND[g.size],
                                          tuple(sorted(TILES[t] for t in tiles))))
                    continue
                pool.extend(tiles)
        for _ in range(g.size):
            t = take(JOKER) if g.size >= 3 and rng.random() < 0.15 else take(g.kind)
            concealed.append(t if t is not None else pool.pop(rng.randrange(len(pool))))
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 5))):
        if concealed:
            pool.append(concealed.pop(rng.randrange(len(concealed))))
            concealed.append(pool.pop(rng.randrange(len(pool))))
    if concealed and rng.random() < 0.4:
        concealed.pop(rng.randrange(len(concealed)))
    return hand_counts(concealed), exposures


def sample_hands(card: Card, n: int, seed: int) -> list[Sample]:
    """``n`` hands, a third random and two thirds built near random variations."""
    rng = random.Random(seed)
    return [random_hand(rng) if i % 3 == 0 else near_hand(rng, card) for i in range(n)]
