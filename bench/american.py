"""American benchmarks: the card matcher against the practice card.

:func:`run_matcher` times ``tiles_away`` (tiles away from every line of the card) on random
and near-complete hands, ours against the literal reference of
:mod:`mahjong_table.rules.american.reference` on the same hands, and runs the differential
check (every line's tiles away, ours against the reference) on 100,000 hands spread over the
machine's processors. :func:`run` is the American section of ``python -m bench``.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

from mahjong_table.rules.american.card import practice_card
from mahjong_table.rules.american.matcher import (
    compile_card,
    completing_tiles,
    is_complete,
    tiles_away,
)
from mahjong_table.rules.american.model import Card
from mahjong_table.rules.american.reference import reference_tiles_away
from mahjong_table.rules.american.samples import Sample, sample_hands
from mahjong_table.tiles import format_tiles

from .common import Report, heading, time_interleaved

__all__ = ["Sample", "sample_hands", "differential", "run_matcher", "run"]

#: the matcher's target (issue: tiles away of one hand against the whole card)
TARGET_US = 100.0


def _describe(sample: Sample) -> str:
    counts, exposures = sample
    tiles = format_tiles(t for t, c in enumerate(counts) for _ in range(c))
    return " ".join([*(m.notation() for m in exposures), tiles])


def _check_chunk(args: tuple[int, int]) -> tuple[int, int, list[str]]:
    """Worker: ``n`` hands of seed ``seed`` against the practice card. Returns (line
    distances that differ, line distances compared, up to three of the differences)."""
    seed, n = args
    card = practice_card()
    bad = 0
    examples: list[str] = []
    for sample in sample_hands(card, n, seed):
        got = {id(d.line): d.away for d in tiles_away(card, *sample)}
        want = reference_tiles_away(card, *sample)
        for line, expected in zip(card.lines, want, strict=True):
            if got[id(line)] != expected:
                bad += 1
                if len(examples) < 3:
                    examples.append(f"{line.key}: ours {got[id(line)]}, reference {expected} "
                                    f"for {_describe(sample)}")
    return bad, n * len(card.lines), examples


def differential(hands: int, seed: int = 3, workers: int | None = None
                 ) -> tuple[int, int, list[str], float]:
    """Every line's tiles away, ours against the reference, on ``hands`` hands split in
    chunks over ``workers`` processes (default: the processors). Returns (mismatches, line
    comparisons, examples, seconds)."""
    workers = workers or os.cpu_count() or 1
    chunk = 500
    jobs = [(seed * 1_000_003 + i, min(chunk, hands - i * chunk))
            for i in range((hands + chunk - 1) // chunk)]
    start = time.perf_counter()
    bad = compared = 0
    examples: list[str] = []
    if workers == 1 or len(jobs) == 1:
        results = map(_check_chunk, jobs)
        for b, c, e in results:
            bad, compared, examples = bad + b, compared + c, examples + e
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for b, c, e in pool.map(_check_chunk, jobs):
                bad, compared, examples = bad + b, compared + c, examples + e
    return bad, compared, examples[:5], time.perf_counter() - start


def _tiles_away_with_needs(card: Card, sample: Sample) -> None:
    for d in tiles_away(card, *sample):
        d.needs  # noqa: B018 - read every line's needs (computed on access)


def run_matcher(report: Report, hands: int = 20_000, differential_hands: int = 100_000,
                seed: int = 1) -> None:
    """The matcher part of the American benchmark: speed on the practice card (ours against
    the reference, ratio printed) and the differential check."""
    card = practice_card()
    cc = compile_card(card)
    variations = sum(len(ln.variations) for ln in card.lines)
    heading(f"American matcher: tiles away from all {len(card.lines)} lines of the practice "
            f"card ({variations:,} variations, {cc.size:,} packed bytes)")
    samples = sample_hands(card, hands, seed)
    fourteen = [s for s in samples if sum(s[0]) + sum(len(m.tiles) for m in s[1]) == 14]
    thirteen = [s for s in samples if sum(s[0]) + sum(len(m.tiles) for m in s[1]) == 13]
    few = samples[: max(1, min(len(samples), hands // 40))]
    timings = time_interleaved([
        ("tiles_away (ours)", lambda s: tiles_away(card, *s), samples),
        ("tiles_away + every line's needs", lambda s: _tiles_away_with_needs(card, s),
         samples),
        ("is_complete, 14-tile hands", lambda s: is_complete(card, *s), fourteen),
        ("completing_tiles, 13-tile hands", lambda s: completing_tiles(card, *s), thirteen),
        ("reference (literal matching)", lambda s: reference_tiles_away(card, *s), few),
    ], rounds=2)
    ours = timings["tiles_away (ours)"]
    reference = timings["reference (literal matching)"]
    print(f"  {'':<36}{'us/hand':>10}{'hands/s':>12}{'first pass':>12}")
    for name, t in timings.items():
        print(f"  {name:<36}{t.best * 1e6:>10.1f}{t.per_second:>12,.0f}"
              f"{t.first * 1e6:>10.1f}us")
    ratio = reference.best / ours.best
    print(f"  ratio reference/ours: {ratio:,.0f}x ({len(samples):,} hands for ours, "
          f"{len(few):,} for the reference)")
    report.target(ours.best * 1e6 <= TARGET_US,
                  f"tiles_away at most {TARGET_US:.0f} us per hand on the practice card "
                  f"({ours.best * 1e6:.1f} us)")
    heading(f"American differential: ours against the reference on {differential_hands:,} "
            "hands")
    bad, compared, examples, seconds = differential(differential_hands, seed + 2)
    print(f"  {compared:,} line distances compared in {seconds:.0f} s: {bad} mismatches")
    for text in examples:
        print(f"    {text}")
    report.target(bad == 0, f"tiles away equal to the reference on {differential_hands:,} "
                            f"hands ({bad} mismatches)")


def run(report: Report, quick: bool = False) -> None:
    """The American section of ``python -m bench``: the matcher (speed against the slow
    reference, and the differential check), then the bots and ``simulate --rules american``
    (:mod:`bench.american_sim`)."""
    from . import american_sim

    run_matcher(report, hands=2_000 if quick else 20_000,
                differential_hands=2_000 if quick else 100_000)
    american_sim.run(report, quick=quick)
