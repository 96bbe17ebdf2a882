"""Shared helpers for the benchmarks: random hands, timing, optional imports, reporting."""

from __future__ import annotations

import importlib
import importlib.metadata
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from mahjong_table.analysis.samples import random_counts

__all__ = [
    "Report",
    "Timing",
    "bench_main",
    "optional",
    "random_counts",
    "time_per_item",
    "time_for",
    "time_interleaved",
    "to_ids136",
    "version",
]

def optional(name: str) -> ModuleType | None:
    """Import ``name`` or return None (the competitor is then reported as missing)."""
    try:
        return importlib.import_module(name)
    except Exception:  # any failure means "not available here"
        return None


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def to_ids136(counts: Sequence[int]) -> list[int]:
    """The same hand as 136-format tile ids (kind * 4 + copy), for riichienv."""
    return [k * 4 + c for k, n in enumerate(counts) for c in range(n)]


@dataclass
class Timing:
    """Seconds per item: ``first`` is the first pass (cold caches), ``best`` the best of the
    repeats that follow (warm), as ``timeit`` reports."""

    first: float
    best: float

    @property
    def per_second(self) -> float:
        return 1.0 / self.best if self.best else float("inf")


def time_per_item(fn: Callable[[Any], object], items: Sequence[Any], repeats: int = 3
                  ) -> Timing:
    """Call ``fn`` on every item: one timed pass, then ``repeats`` timed passes; seconds per
    item of the first pass and of the best repeat."""
    clock = time.perf_counter
    start = clock()
    for x in items:
        fn(x)
    first = (clock() - start) / len(items)
    best = first
    for _ in range(repeats):
        start = clock()
        for x in items:
            fn(x)
        best = min(best, (clock() - start) / len(items))
    return Timing(first, best)


def time_interleaved(cases: Sequence[tuple[str, Callable[[Any], object], Sequence[Any]]],
                     rounds: int = 3) -> dict[str, Timing]:
    """Like :func:`time_per_item` for several implementations at once, with their passes
    interleaved (A B C, A B C, ...) so that a change in machine load hits all of them alike.
    Each gets a first pass (cold caches) and then ``rounds`` passes; the best one counts."""
    clock = time.perf_counter
    out: dict[str, Timing] = {}
    for r in range(rounds + 1):
        for name, fn, items in cases:
            start = clock()
            for x in items:
                fn(x)
            t = (clock() - start) / len(items)
            if r == 0:
                out[name] = Timing(t, t)
            elif r == 1 or t < out[name].best:
                out[name].best = t
    return out


def time_for(seconds: float, step: Callable[[int], int]) -> tuple[float, int]:
    """Call ``step(i)`` (which returns units of work done, e.g. hands) for about ``seconds``;
    return (units per second, units)."""
    clock = time.perf_counter
    start = clock()
    units = 0
    i = 0
    while True:
        units += step(i)
        i += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return units / elapsed, units


@dataclass
class Report:
    """Collects target checks so ``python -m bench`` can exit non-zero when one is missed."""

    missed: list[str] = field(default_factory=list)
    met: list[str] = field(default_factory=list)

    def target(self, ok: bool, text: str) -> None:
        (self.met if ok else self.missed).append(text)
        print(f"  target {'met' if ok else 'MISSED'}: {text}")

    def skip(self, text: str) -> None:
        print(f"  target not checked: {text}")


def heading(title: str) -> None:
    print()
    print(title)
    print("-" * len(title))


def bench_main(argv: Sequence[str], worker: Callable[[str], object],
               run: Callable[..., None]) -> int:
    """``python -m bench.X`` for a section with a child process: ``--worker ARG`` prints
    ``worker(ARG)`` as one JSON line (the child); otherwise the section runs alone
    (``--quick`` for small samples). Exit status 1 when a target is missed."""
    import json

    if len(argv) == 2 and argv[0] == "--worker":
        print(json.dumps(worker(argv[1])))
        return 0
    report = Report()
    run(report, quick="--quick" in argv)
    return 1 if report.missed else 0
