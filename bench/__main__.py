"""``python -m bench``: every benchmark of issue 4, side by side, with ratios and targets.

Options: ``--quick`` (smaller samples, for a smoke run), ``--only NAME`` (repeatable: shanten,
correctness, scoring, simulation, american, positions, mcr, web, memory, builds, callgrind,
env, startup, bots, soak, score_page),
``--seconds S`` (per side in the simulation benchmark), ``--soak-hands N`` and ``--ray
[ADDRESS]`` (the soak). ``builds`` compares the pure and the
compiled build (which ``make bench`` installs in ``.compiled``) and the compiled build against
the peers; ``callgrind`` counts the instructions per hand of ``simulate`` in the compiled
build against commit 3ee688d's (valgrind; the baseline is built once into ``.bench-cache``);
``env`` the learning environment's share of a step, in both builds, and RLCard's;
``startup`` ``--version`` and ``score``, a new process each; ``bots`` times each bot level's
decisions; ``soak`` plays a million hands per rule set with the invariants on (issue 25; it
takes hours on a small machine: ``--soak-hands N`` or ``make bench SOAK_HANDS=N``).
Exit status 1 when a target is missed or a differential check finds a mismatch.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from . import (
    american,
    bots,
    builds,
    callgrind,
    correctness,
    env,
    mcr,
    positions,
    score_page,
    scoring,
    shanten,
    simulation,
    soak,
    startup,
    web_cluster,
    web_load,
    web_memory,
)
from .common import Report

NAMES = ("shanten", "correctness", "scoring", "simulation", "american", "positions", "mcr",
         "web", "memory", "builds", "callgrind", "env", "startup", "bots", "soak",
         "score_page")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small samples (smoke run)")
    parser.add_argument("--only", action="append", choices=NAMES, help="run only these")
    parser.add_argument("--seconds", type=float, default=None,
                        help="seconds per side and round in the simulation benchmark")
    parser.add_argument("--soak-hands", type=int, default=None, metavar="N",
                        help="hands per rule set in the soak (1,000,000; --quick: 2,000)")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run the soak on Ray (a local one without ADDRESS)")
    args = parser.parse_args(argv)
    only = set(args.only or NAMES)
    quick = args.quick
    print(f"mahjong_table benchmarks: Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, "
          f"{'quick' if quick else 'full'} run")
    report = Report()
    start = time.perf_counter()
    if "shanten" in only:
        shanten.run(report, hands=2_000 if quick else 20_000)
    if "correctness" in only:
        correctness.run(report, hands=2_000 if quick else 100_000)
    if "scoring" in only:
        scoring.run(report, hands=500 if quick else 5_000)
    if "simulation" in only:
        seconds = args.seconds if args.seconds is not None else (1.0 if quick else 5.0)
        simulation.run(report, seconds=seconds)
    if "american" in only:
        american.run(report, quick=quick)
    if "positions" in only:
        positions.run(report, quick=quick)
    if "mcr" in only:
        mcr.run(report, hands=5_000 if quick else 100_000)
    if "builds" in only:  # issue 13: the compiled build (make bench installs it) and the pure
        builds.run(report, quick=quick)
    if "callgrind" in only:  # issue 25: simulate's instructions per hand against 3ee688d
        callgrind.run(report, quick=quick)
    if "env" in only:  # issue 26: the learning environment's share of a step, and RLCard's
        env.run(report, quick=quick)
    if "startup" in only:  # issue 25: --version and score, a new process each
        startup.run(report, quick=quick)
    if "bots" in only:  # issues 24, 43: the levels' decision times (hard: at most 50 ms)
        bots.run(report, quick=quick)
    if "soak" in only:  # issue 25: a million hands per rule set, invariants always on
        soak.run(report, quick=quick, hands=args.soak_hands, use_ray=args.ray is not None,
                 ray_address=args.ray or None)
    if "web" in only:  # issue 9: skipped when the web extra is not installed
        web_load.run(report, quick=quick)
        # issue 20: several processes on one PostgreSQL (skipped without a server)
        web_cluster.run(report, quick=quick)
    if "memory" in only:  # issue 42: finished rooms leave nothing behind
        web_memory.run(report, quick=quick)
    if "score_page" in only:  # issue 47: the score calculator's page (Chromium, Pyodide)
        score_page.run(report, quick=quick)
    print()
    print(f"{len(report.met)} target(s) met, {len(report.missed)} missed "
          f"({time.perf_counter() - start:.0f} s)")
    for text in report.missed:
        print(f"  MISSED: {text}")
    return 1 if report.missed else 0


if __name__ == "__main__":
    sys.exit(main())
