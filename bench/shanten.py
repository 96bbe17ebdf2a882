"""Shanten speed on random 14-tile closed hands, side by side on the same hands.

Every implementation computes the minimum over the standard form, seven pairs and thirteen
orphans (the `mahjong` default, `xiangting`'s replacement number minus one, `riichienv`'s
``calculate_shanten``). Each gets one first pass over the hands (cold caches: ours fills its
memo dicts from the shipped table) and then the best of three passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mahjong_table.analysis import _distance, shanten

from .common import (
    Report,
    Timing,
    heading,
    optional,
    random_counts,
    time_interleaved,
    time_per_item,
    to_ids136,
)
from .common import version as dist_version

__all__ = ["run"]


def run(report: Report, hands: int = 20_000, seed: int = 1) -> None:
    heading(f"Shanten: {hands:,} random 14-tile closed hands (all three forms)")
    rng = random.Random(seed)
    counts = [random_counts(rng, 14) for _ in range(hands)]
    ids = [to_ids136(c) for c in counts]

    # ours: the pure-Python dynamic programme alone (no shipped table), first pass only
    _distance.use_shipped_table(False)
    fallback = time_per_item(shanten, counts[: min(hands, 5000)], repeats=0)
    _distance.use_shipped_table(True)  # clears the memo dicts: the next first pass is cold

    ours_name = "mahjong_table (ours, pure Python)"
    cases: list[tuple[str, Callable[[Any], object], list[Any]]] = [(ours_name, shanten, counts)]
    notes = {ours_name: "shipped table + memo"}
    names = [ours_name]
    mahjong = optional("mahjong.shanten")
    mj_name = f"mahjong {dist_version('mahjong')} (pure Python)"
    names.append(mj_name)
    if mahjong is not None:
        # the slow one gets a quarter of the hands, so the run stays short
        cases.append((mj_name, mahjong.Shanten.calculate_shanten, counts[: max(1, hands // 4)]))
        notes[mj_name] = "Shanten.calculate_shanten"
    xt = optional("xiangting")
    xt_name = f"xiangting {dist_version('xiangting')} (Rust)"
    names.append(xt_name)
    if xt is not None:
        four = xt.PlayerCount.FOUR
        replacement = xt.calculate_replacement_number
        cases.append((xt_name, lambda c: replacement(c, four), counts))
        notes[xt_name] = "calculate_replacement_number"
    rv = optional("riichienv")
    rv_name = f"riichienv {dist_version('riichienv')} (Rust)"
    names.append(rv_name)
    if rv is not None:
        cases.append((rv_name, rv.calculate_shanten, ids))
        notes[rv_name] = "calculate_shanten (136-format ids)"
    timings = time_interleaved(cases, rounds=3)
    ours = timings[ours_name]
    mj: Timing | None = timings.get(mj_name)
    rows: list[tuple[str, Timing | None, str]] = [
        (n, timings.get(n), notes.get(n, "")) for n in names]

    print(f"  {'implementation':<38}{'us/hand':>9}{'hands/s':>12}{'first pass':>12}"
          f"{'ours/them':>12}")
    for name, t, note in rows:
        if t is None:
            print(f"  {name:<38}{'not installed':>33}")
            continue
        ratio = t.best / ours.best
        print(f"  {name:<38}{t.best * 1e6:>9.2f}{t.per_second:>12,.0f}"
              f"{t.first * 1e6:>10.2f}us{ratio:>11.2f}x   {note}")
    print(f"  ours without the shipped table (dynamic programme, first pass): "
          f"{fallback.first * 1e6:.1f} us/hand")
    if mj is not None:
        ratio = mj.best / ours.best
        first_ratio = mj.best / ours.first
        print(f"  ratio ours/mahjong: {ratio:.1f}x warm, {first_ratio:.1f}x on the first pass "
              f"over {hands:,} hands (cold memo)")
        report.target(ratio >= 10, f"shanten at least 10x mahjong's speed ({ratio:.1f}x)")
    else:
        report.skip("shanten vs mahjong: the mahjong package is not installed")
