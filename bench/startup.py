"""Start-up (issue 25, item 4): ``mahjong-table --version`` and a ``score`` call, each a new
process, wall time, in the pure and the compiled build; target at most 0.15 s each.

Each command runs ``RUNS`` times in a fresh interpreter (``python -m mahjong_table.cli``, as
the console script does, without the script's own shim); the median and the best are
printed. The first run of each is not counted (it warms the file cache; "cold" here means a
new interpreter, not an empty page cache). Where the time goes: ``python -X importtime``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .common import Report, heading

ROOT = Path(__file__).resolve().parents[1]
COMPILED = Path(os.environ.get("MAHJONG_TABLE_COMPILED_DIR", ROOT / ".compiled"))
TARGET = 0.15
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--version", ("--version",)),
    ("score (Hong Kong, --json)", ("score", "--rules", "hongkong", "234s567p777z111z88m",
                                   "--win-tile", "1z", "--seat-wind", "S", "--discarder",
                                   "W", "--json")),
    ("score (American, --json)", ("score", "--rules", "american", "22m6m5z 666p 666s 444z1j",
                                  "--self-drawn", "--json")),
)


def _env(build: str) -> dict[str, str]:
    env = dict(os.environ)
    # this tree's package (the pure build) or the compiled wheel installed ahead of it
    env["PYTHONPATH"] = str(COMPILED if build == "compiled" else ROOT / "src")
    return env


def time_command(args: tuple[str, ...], build: str, runs: int) -> list[float]:
    """Wall seconds of ``runs`` fresh processes running the command (after one warm-up)."""
    env = _env(build)
    cmd = [sys.executable, "-m", "mahjong_table.cli", *args]
    subprocess.run(cmd, env=env, capture_output=True, check=False, cwd=ROOT)
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, check=False, cwd=ROOT)
        out.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(args)} failed: {proc.stderr.decode()[-300:]}")
    return out


def run(report: Report, quick: bool = False) -> None:
    """The start-up section of ``python -m bench``."""
    runs = 5 if quick else 15
    heading("Start-up: a new process per command, wall seconds (target at most "
            f"{TARGET} s each)")
    builds = ["pure"] + (["compiled"] if (COMPILED / "mahjong_table").exists() else [])
    python_only = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=False)
        python_only.append(time.perf_counter() - start)
    print(f"  {'python -c pass (the floor)':<34}{statistics.median(python_only):>9.3f} s "
          f"median")
    print(f"  {'':<34}{'median':>9}{'best':>9}  build")
    for what, args in COMMANDS:
        for build in builds:
            times = time_command(args, build, runs)
            med = statistics.median(times)
            print(f"  {what:<34}{med:>8.3f}s{min(times):>8.3f}s  {build}")
            report.target(med <= TARGET, f"start-up: {what}, {build} build, at most {TARGET} s "
                                         f"(median {med:.3f} s)")
