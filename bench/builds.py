"""The compiled build against the pure one and against the peers (issue 13), in one run.

Our figures are measured in two child processes, one on the pure build (the editable
install) and one on the compiled wheel that ``make bench`` installs in ``.compiled``, twice
each, interleaved (pure, compiled, pure, compiled), the better of the two counting; the
peers (riichienv, PyMahjongGB, xiangting) are measured in this process between them. Every
row prints both builds, the compiled build's speed-up, and the compiled build's ratio to its
peer against the targets of issue 25 (which replaced issue 13's):

- whole Hong Kong hands with random agents: at least 2.0x riichienv's faster setting;
- ``simulate`` with four efficiency bots: at least 4x the 70 hands per second of the day
  issue 13 was filed (issue 25's target for this row counts instructions:
  :mod:`bench.callgrind`);
- Hong Kong scoring and MCR scoring: each at least 0.5x PyMahjongGB;
- shanten: at least 2.0x xiangting;
- the American tiles-away against the whole practice card: at least 50,000 hands/s;
- on every row, the compiled build at least 2x the pure one.

``python -m bench.builds --worker SECONDS`` is the child: it prints one JSON object of rates.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import (
    Report,
    bench_main,
    heading,
    optional,
    random_counts,
    time_for,
    to_ids136,
)
from .common import version as dist_version

__all__ = ["measure_ours", "run"]

ROOT = Path(__file__).resolve().parents[1]
COMPILED = Path(os.environ.get("MAHJONG_TABLE_COMPILED_DIR", ROOT / ".compiled"))
#: simulate's hands per second with four efficiency bots when issue 13 was filed
SIMULATE_THEN = 70.0


def _rate(seconds: float, fn: Callable[[int], object], batch: int) -> float:
    """Calls of ``fn`` per second over about ``seconds`` (after one warm-up batch)."""
    for i in range(batch):
        fn(i)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i in range(batch):
            fn(done + i)
        done += batch
    return done / (time.perf_counter() - start)


def measure_ours(seconds: float) -> dict[str, Any]:
    """Our rates in this process's build: items per second for each row."""
    from mahjong_table._build import build_name
    from mahjong_table.analysis.shanten import shanten
    from mahjong_table.engine import Game
    from mahjong_table.players import RandomBot, make_bot, play_game
    from mahjong_table.rules import get_rule_set
    from mahjong_table.rules.american.card import practice_card
    from mahjong_table.rules.american.matcher import tiles_away
    from mahjong_table.rules.american.samples import sample_hands
    from mahjong_table.rules.hongkong_scoring import score_hand

    from .scoring import random_winning_hand

    out: dict[str, Any] = {"build": build_name()}
    hk = get_rule_set("hongkong")

    def random_game(i: int) -> int:
        game = Game(hk, f"bench/{i}")
        play_game(game, [RandomBot(f"bench/{i}/{p}") for p in range(4)])
        return len(game.results)

    out["random_hands"] = time_for(seconds, random_game)[0]
    hk1 = get_rule_set("hongkong", rounds=1)

    def efficiency_game(i: int) -> int:
        game = Game(hk1, f"sim/{i}", check_invariants=True)
        play_game(game, [make_bot("efficiency", f"sim/{i}/{p}") for p in range(4)])
        return len(game.results)

    out["simulate"] = time_for(seconds, efficiency_game)[0]
    rng = random.Random(3)
    wins = [random_winning_hand(rng) for _ in range(500)]
    out["hk_scoring"] = _rate(seconds, lambda i: score_hand(wins[i % 500].ctx), 500)
    rng = random.Random(1)
    hands = [random_counts(rng, 14) for _ in range(2000)]
    out["shanten"] = _rate(seconds, lambda i: shanten(hands[i % 2000]), 2000)
    card = practice_card()
    samples = sample_hands(card, 300, 5)
    out["american"] = _rate(seconds, lambda i: tiles_away(card, *samples[i % 300]), 300)
    from mahjong_table.rules.mcr_scoring import mcr_fans

    from .mcr import random_mcr_hand

    rng = random.Random(11)
    mcr_hands = [random_mcr_hand(rng) for _ in range(2000)]
    out["mcr"] = _rate(seconds, lambda i: mcr_fans(mcr_hands[i % 2000]), 2000)
    return out


def _child(build: str, seconds: float) -> dict[str, Any] | None:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if build == "compiled":
        env["PYTHONPATH"] = str(COMPILED)
    proc = subprocess.run([sys.executable, "-m", "bench.builds", "--worker", str(seconds)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        print(f"  the {build} child failed: {proc.stderr.strip()[-400:]}")
        return None
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _peers(seconds: float) -> dict[str, tuple[str, float]]:
    """The peers' rates, measured here: row -> (name, items per second)."""
    out: dict[str, tuple[str, float]] = {}
    from .simulation import riichienv_step

    best = 0.0
    for skip in (False, True):
        step = riichienv_step(skip)
        if step is not None:
            best = max(best, time_for(seconds, step)[0])
    if best:
        out["random_hands"] = (f"riichienv {dist_version('riichienv')} (faster setting)", best)
    gb = optional("MahjongGB")
    if gb is not None:
        from .scoring import random_winning_hand

        rng = random.Random(3)
        wins = [random_winning_hand(rng) for _ in range(500)]
        calc = gb.MahjongFanCalculator

        def theirs(i: int) -> object:
            try:
                return calc(**wins[i % 500].gb)
            except TypeError:
                return None

        name = f"PyMahjongGB {dist_version('pymahjonggb')} (C++)"
        out["hk_scoring"] = (name, _rate(seconds, theirs, 500))
        from .mcr import gb_arguments, random_mcr_hand

        rng = random.Random(11)
        mcr_args = [gb_arguments(random_mcr_hand(rng)) for _ in range(2000)]

        def theirs_mcr(i: int) -> object:
            try:
                return calc(**mcr_args[i % 2000])
            except TypeError:
                return None

        out["mcr"] = (name, _rate(seconds, theirs_mcr, 2000))
    xt = optional("xiangting")
    if xt is not None:
        rng = random.Random(1)
        hands = [random_counts(rng, 14) for _ in range(2000)]
        four = xt.PlayerCount.FOUR
        replacement = xt.calculate_replacement_number
        out["shanten"] = (f"xiangting {dist_version('xiangting')} (Rust)",
                          _rate(seconds, lambda i: replacement(hands[i % 2000], four), 2000))
    rv = optional("riichienv")
    if rv is not None and "shanten" not in out:
        rng = random.Random(1)
        ids = [to_ids136(random_counts(rng, 14)) for _ in range(2000)]
        out["shanten"] = (f"riichienv {dist_version('riichienv')} shanten (Rust)",
                          _rate(seconds, lambda i: rv.calculate_shanten(ids[i % 2000]), 2000))
    return out


#: (row, what it measures, unit, the compiled build's target ratio to its peer or None)
ROWS: tuple[tuple[str, str, str, float | None], ...] = (
    ("random_hands", "whole hands, random agents", "hands/s", 2.0),
    ("simulate", "simulate, four efficiency bots", "hands/s", None),
    ("hk_scoring", "Hong Kong scoring", "hands/s", 0.5),
    ("shanten", "shanten (three forms)", "hands/s", 2.0),
    ("american", "American tiles away, whole practice card", "hands/s", None),
    ("mcr", "MCR scoring", "hands/s", 0.5),
)
#: the compiled build's least speed-up over the pure one, on every row (issue 25)
SPEEDUP_TARGET = 2.0
#: American tiles-away against the whole practice card, compiled (issue 25)
AMERICAN_TARGET = 50_000.0


def run(report: Report, quick: bool = False) -> None:
    """The builds section of ``python -m bench``."""
    seconds = 0.5 if quick else 3.0
    heading("Builds: pure Python against compiled (mypyc), and the compiled build against "
            "the peers")
    if not (COMPILED / "mahjong_table").exists():
        print(f"  no compiled build in {COMPILED}: `make bench` builds it (or `make "
              "test-compiled`)")
        report.skip("builds: no compiled build installed")
        return
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    peers: dict[str, tuple[str, float]] = {}
    for round_ in range(2):
        for build in ("pure", "compiled"):
            got = _child(build, seconds)
            if got is not None:
                runs[build].append(got)
        if round_ == 0:
            peers = _peers(seconds)
    if not runs["pure"] or not runs["compiled"]:
        report.target(False, "builds: both builds measured")
        return
    best = {b: {k: max(r.get(k, 0.0) for r in rs) for k in rs[0] if k != "build"}
            for b, rs in runs.items()}
    print(f"  builds measured: {runs['pure'][0]['build']} and {runs['compiled'][0]['build']}")
    print(f"  {'':<42}{'pure':>10}{'compiled':>10}{'speed-up':>9}  {'peer':<30}"
          f"{'peer/s':>10}{'ratio':>8}")
    for key, what, unit, target in ROWS:
        pure = best["pure"].get(key)
        comp = best["compiled"].get(key)
        if pure is None or comp is None:
            print(f"  {what:<42}{'not measured (not in this build)':>30}")
            report.skip(f"builds: {what} not measured")
            continue
        peer = peers.get(key)
        line = f"  {what:<42}{pure:>10,.0f}{comp:>10,.0f}{comp / pure:>8.2f}x"
        if peer is not None:
            line += f"  {peer[0]:<30}{peer[1]:>10,.0f}{comp / peer[1]:>7.2f}x"
        print(line + f"  ({unit})")
        if key == "simulate":
            report.target(comp >= 4 * SIMULATE_THEN,
                          f"simulate at least 4x {SIMULATE_THEN:.0f} hands/s with four "
                          f"efficiency bots ({comp:,.0f} hands/s compiled, "
                          f"{comp / SIMULATE_THEN:.1f}x)")
        elif key == "american":
            report.target(comp >= AMERICAN_TARGET,
                          f"American tiles away: compiled at least {AMERICAN_TARGET:,.0f} "
                          f"hands/s against the whole practice card ({comp:,.0f})")
        elif target is not None and peer is not None:
            report.target(comp >= target * peer[1],
                          f"{what}: compiled at least {target}x {peer[0]} "
                          f"({comp / peer[1]:.2f}x)")
        elif target is not None:
            report.skip(f"builds: {what}: peer not installed")
        report.target(comp >= SPEEDUP_TARGET * pure,
                      f"{what}: compiled at least {SPEEDUP_TARGET:g}x pure "
                      f"({comp / pure:.2f}x)")


def _main(argv: list[str]) -> int:
    return bench_main(argv, lambda arg: measure_ours(float(arg)), run)


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
