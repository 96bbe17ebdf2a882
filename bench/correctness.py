"""Differential checks: our shanten against `mahjong` (and `xiangting`) on random hands, form by
form, and our waits against brute force (every tile tried with the win check of
:mod:`mahjong_table.analysis.decompose`)."""

from __future__ import annotations

import random
import time

from mahjong_table.analysis import (
    HONG_KONG_FORMS,
    is_seven_pairs,
    is_standard_complete,
    is_thirteen_orphans,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    thirteen_orphans_shanten,
    waits,
)
from mahjong_table.analysis.samples import random_complete

from .common import Report, heading, optional, random_counts

__all__ = ["run"]


def _first(mismatches: list[str], text: str) -> None:
    if len(mismatches) < 5:
        mismatches.append(text)


def run(report: Report, hands: int = 100_000, seed: int = 2) -> None:
    heading(f"Correctness: shanten vs mahjong on {hands:,} random 14-tile and {hands:,} "
            "13-tile hands")
    mahjong = optional("mahjong.shanten")
    if mahjong is None:
        report.skip("differential check: the mahjong package is not installed")
    else:
        calc = mahjong.Shanten
        xt = optional("xiangting")
        rng = random.Random(seed)
        checked = 0
        bad: dict[str, int] = {"all": 0, "standard": 0, "seven_pairs": 0,
                               "thirteen_orphans": 0, "xiangting": 0}
        examples: list[str] = []
        start = time.perf_counter()
        for size in (14, 13):
            for _ in range(hands):
                c = random_counts(rng, size)
                s = shanten(c)
                if s != calc.calculate_shanten(c):
                    bad["all"] += 1
                    _first(examples, f"all forms {c}")
                if standard_shanten(c) != calc.calculate_shanten_for_regular_hand(c):
                    bad["standard"] += 1
                    _first(examples, f"standard {c}")
                if seven_pairs_shanten(c) != calc.calculate_shanten_for_chiitoitsu_hand(c):
                    bad["seven_pairs"] += 1
                    _first(examples, f"seven pairs {c}")
                if thirteen_orphans_shanten(c) != calc.calculate_shanten_for_kokushi_hand(c):
                    bad["thirteen_orphans"] += 1
                    _first(examples, f"thirteen orphans {c}")
                if xt is not None and s != xt.calculate_replacement_number(
                        c, xt.PlayerCount.FOUR) - 1:
                    bad["xiangting"] += 1
                    _first(examples, f"xiangting {c}")
                checked += 1
        elapsed = time.perf_counter() - start
        print(f"  {checked:,} hands checked in {elapsed:.1f} s; mismatches: "
              + ", ".join(f"{k} {v}" for k, v in bad.items())
              + ("" if xt is not None else " (xiangting not installed)"))
        for e in examples:
            print(f"    mismatch: {e}")
        total_bad = sum(bad.values())
        report.target(total_bad == 0, f"shanten equal to mahjong's on {checked:,} hands, "
                      f"each form and all together ({total_bad} mismatches)")

    heading("Correctness: waits vs brute force on random ready hands")
    rng = random.Random(seed + 1)
    tried = ready = wrong = 0
    start = time.perf_counter()
    while ready < hands // 5:
        melds = tried % 5
        # every other hand is random (rarely ready), the rest one tile short of complete
        c = random_counts(rng, 13 - 3 * melds) if tried % 2 else _near_complete(rng, melds)
        tried += 1
        got = [int(w.tile) for w in waits(c, melds, forms=HONG_KONG_FORMS)]
        brute = []
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                win = is_standard_complete(c) or (melds == 0 and (
                    is_seven_pairs(c) or is_thirteen_orphans(c)))
                if win:
                    brute.append(t)
                c[t] -= 1
        if got != brute:
            wrong += 1
        ready += bool(brute)
    elapsed = time.perf_counter() - start
    print(f"  {tried:,} hands ({ready:,} ready, 0-4 declared melds) in {elapsed:.1f} s; "
          f"waits differing from brute force: {wrong}")
    report.target(wrong == 0, f"waits equal brute force on {tried:,} hands ({wrong} differ)")


def _near_complete(rng: random.Random, melds: int) -> list[int]:
    """A complete hand of ``4 - melds`` sets and a pair, minus one tile."""
    c = random_complete(rng, 4 - melds)
    held = [t for t in range(34) for _ in range(c[t])]
    c[rng.choice(held)] -= 1
    return c
