"""Instructions per hand of ``simulate`` with four efficiency bots, invariants on, counted by
callgrind: this tree's compiled build against the compiled build of commit 3ee688d, on the
same games (issue 25: at most 40% of the baseline's instructions, that is 2.5x faster).

Instruction counts do not move with the machine's load, so this row is the one to trust on a
busy machine. Each build is run twice under ``valgrind --tool=callgrind``: once playing
:data:`WARM_UP` one-round Hong Kong games (seeds ``sim/0`` ...) and once playing them and the
:data:`GAMES` games after them, four efficiency bots, invariants checked after every action; the
difference over the hands of those games is the instructions per hand. (The warm-up games
are in both runs so that start-up, imports and most of the tables filled on first use cancel
out: the builds import different things at different times, and a long simulation runs with
its tables warm.) The baseline's compiled build is made once from ``git archive
3ee688d`` (about 3 minutes) and kept in ``.bench-cache/`` (``MAHJONG_TABLE_BENCH_CACHE``
overrides it); this tree's compiled build is ``.compiled`` (``make bench`` builds it).
Skipped, saying why, without valgrind, git history or a compiled build.

``python -m bench.callgrind --worker GAMES`` is the child: it plays the games and prints one
JSON object (build, hands).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .common import Report, bench_main, heading

__all__ = ["BASELINE", "GAMES", "WARM_UP", "TARGET_RATIO", "baseline_build", "instructions", "run"]

ROOT = Path(__file__).resolve().parents[1]
COMPILED = Path(os.environ.get("MAHJONG_TABLE_COMPILED_DIR", ROOT / ".compiled"))
CACHE = Path(os.environ.get("MAHJONG_TABLE_BENCH_CACHE", ROOT / ".bench-cache"))
#: the commit whose compiled build is the baseline (issue 25)
BASELINE = "3ee688d"
#: our instructions per hand at most this share of the baseline's (issue 25)
TARGET_RATIO = 0.40
#: one-round Hong Kong games measured under callgrind per build, after the warm-up ones
GAMES = 5
#: games played before the measured ones, in both runs
WARM_UP = 10


def baseline_build() -> Path | None:
    """The folder holding commit :data:`BASELINE`'s compiled build, built on first use
    (``git archive`` of the commit, ``pip wheel``, ``pip install --target``); None, after
    printing why, when it cannot be built (no git history, no compiler)."""
    target = CACHE / f"compiled-{BASELINE}"
    if (target / "mahjong_table").exists():
        return target
    print(f"  building commit {BASELINE}'s compiled build once into {target} (a few minutes)")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE],
                                 capture_output=True, check=False)
        if archive.returncode != 0:
            print(f"  cannot read commit {BASELINE}: {archive.stderr.decode().strip()[-300:]}")
            return None
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
        dist = Path(tmp) / "dist"
        wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist),
                 str(src)]
        proc = subprocess.run(wheel, capture_output=True, text=True, check=False)
        wheels = sorted(str(w) for w in dist.glob("*.whl"))
        if proc.returncode == 0 and wheels:
            proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                                   "--no-deps", "--target", str(Path(tmp) / "out"), *wheels],
                                  capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not wheels:
            print(f"  building {BASELINE} failed: {proc.stderr.strip()[-300:]}")
            return None
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(Path(tmp) / "out"), str(target))
    return target


def instructions(pythonpath: Path, games: int) -> tuple[int, dict[str, Any]]:
    """Instructions (callgrind's ``Ir``) of one child playing ``games`` games on the build in
    ``pythonpath``, and the child's report (build, hands). Raises ``RuntimeError`` with the
    child's error when it fails."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(pythonpath)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, "-m", "bench.callgrind", "--worker", str(games)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(proc.stderr.strip()[-600:])
        total = 0
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
                break
    report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return total, report


def _per_hand(pythonpath: Path) -> tuple[float, dict[str, Any]]:
    """Instructions per hand of the :data:`GAMES` games after the warm-up, and the report
    (``hands``: theirs)."""
    base, first = instructions(pythonpath, WARM_UP)
    total, report = instructions(pythonpath, WARM_UP + GAMES)
    report["hands"] = int(report["hands"]) - int(first["hands"])
    return (total - base) / max(1, report["hands"]), report


def run(report: Report, quick: bool = False) -> None:
    heading(f"simulate under callgrind: instructions per hand, this tree's compiled build "
            f"against commit {BASELINE}'s ({GAMES} one-round Hong Kong games after "
            f"{WARM_UP}, four efficiency bots, invariants on)")
    if shutil.which("valgrind") is None:
        print("  valgrind is not installed (Debian's valgrind package)")
        report.skip("callgrind: valgrind not installed")
        return
    if not (COMPILED / "mahjong_table").exists():
        print(f"  no compiled build in {COMPILED}: `make bench` builds it")
        report.skip("callgrind: no compiled build")
        return
    baseline = baseline_build()
    if baseline is None:
        report.skip(f"callgrind: commit {BASELINE}'s compiled build could not be made")
        return
    rows: dict[str, tuple[float, dict[str, Any]]] = {}
    for name, path in ((BASELINE, baseline), ("this tree", COMPILED)):
        try:
            rows[name] = _per_hand(path)
        except RuntimeError as e:
            print(f"  the {name} child failed: {e}")
            report.target(False, f"callgrind: {name} measured")
            return
    print(f"  {'commit':<12}{'build':<18}{'hands':>7}{'instructions/hand':>20}{'ratio':>8}")
    base = rows[BASELINE][0]
    for name, (per, rep) in rows.items():
        print(f"  {name:<12}{rep['build']:<18}{rep['hands']:>7}{per:>20,.0f}{per / base:>8.0%}")
    ours = rows["this tree"][0] / base
    report.target(ours <= TARGET_RATIO,
                  f"simulate: at most {TARGET_RATIO:.0%} of commit {BASELINE}'s instructions "
                  f"per hand, compiled builds ({ours:.0%}, {1 / ours:.2f}x fewer)")


def _worker(games: int) -> dict[str, Any]:
    """Play ``games`` one-round Hong Kong games with four efficiency bots, invariants on."""
    from mahjong_table._build import build_name
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot, play_game
    from mahjong_table.rules import get_rule_set

    rules = get_rule_set("hongkong", rounds=1)
    hands = 0
    for i in range(games):
        game = Game(rules, f"sim/{i}", check_invariants=True)
        play_game(game, [make_bot("efficiency", f"sim/{i}/{p}") for p in range(4)])
        hands += len(game.results)
    return {"build": build_name(), "hands": hands}


def _main(argv: list[str]) -> int:
    return bench_main(argv, lambda arg: _worker(int(arg)), run)


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
