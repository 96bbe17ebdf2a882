"""Start-up (issue 25, item 4; issue 45, item 4): ``mahjong-table --version`` and a ``score``
call, each a new process, wall time, in the pure and the compiled build, and from the wheel
installed in a fresh venv as a user has it; target at most 0.15 s each, printed beside
``python -c pass`` of the same interpreter in the same run (the floor no command goes below).

Each command runs ``RUNS`` times in a fresh interpreter (``python -m mahjong_table.cli``, as
the console script does, without the script's own shim; the installed build runs the venv's
``mahjong-table`` console script itself); the median and the best are printed. The first run
of each is not counted (it warms the file cache; "cold" here means a new interpreter, not an
empty page cache). Where the time goes: ``python -X importtime``.

The installed build is the wheel in ``dist/`` (``make dist``; or ``MAHJONG_TABLE_WHEEL``),
installed once with its dependencies into ``.bench-cache/wheel-venv-HASH`` (HASH of the
wheel's bytes); without a wheel the row is left out and said so.
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
CACHE = ROOT / ".bench-cache"
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
    if build == "installed":  # the venv's own package, nothing of this tree
        env.pop("PYTHONPATH", None)
        return env
    # this tree's package (the pure build) or the compiled wheel installed ahead of it
    env["PYTHONPATH"] = str(COMPILED if build == "compiled" else ROOT / "src")
    return env


def the_wheel() -> Path | None:
    """The wheel to time installed: ``MAHJONG_TABLE_WHEEL``, else the one in ``dist/``."""
    named = os.environ.get("MAHJONG_TABLE_WHEEL")
    if named:
        return Path(named)
    found = sorted((ROOT / "dist").glob("mahjong_table-*.whl"))
    return found[-1] if found else None


def installed_venv(wheel: Path) -> Path:
    """A venv with ``wheel`` installed (made once per wheel, kept in the bench cache)."""
    import hashlib

    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]
    venv = CACHE / f"wheel-venv-{digest}"
    script = venv / "bin" / "mahjong-table"
    if not script.exists():
        import shutil

        shutil.rmtree(venv, ignore_errors=True)
        # without PYTHONPATH: pip would find this tree's package installed already
        env = _env("installed")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        str(wheel)], check=True, env=env)
        if not script.exists():
            raise RuntimeError(f"installing {wheel} in {venv} made no mahjong-table script")
    return venv


def time_command(args: tuple[str, ...], build: str, runs: int,
                 venv: Path | None = None) -> list[float]:
    """Wall seconds of ``runs`` fresh processes running the command (after one warm-up);
    ``build`` ``"installed"`` runs ``venv``'s console script."""
    env = _env(build)
    if build == "installed":
        assert venv is not None
        cmd = [str(venv / "bin" / "mahjong-table"), *args]
    else:
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
    wheel = the_wheel()
    venv = installed_venv(wheel) if wheel is not None else None
    if venv is not None:
        builds.append("installed")
    floors = {}
    for build, python in (("this interpreter", sys.executable),
                          *((("the installed venv's", str(venv / "bin" / "python")),)
                            if venv is not None else ())):
        python_only = []
        subprocess.run([python, "-c", "pass"], check=False)
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([python, "-c", "pass"], check=False)
            python_only.append(time.perf_counter() - start)
        floors[build] = statistics.median(python_only)
        print(f"  {'python -c pass, ' + build:<34}{floors[build]:>8.3f}s "
              f"{min(python_only):>8.3f}s  (the floor)")
    print(f"  {'':<34}{'median':>9}{'best':>9}  build")
    for what, args in COMMANDS:
        for build in builds:
            times = time_command(args, build, runs, venv)
            med = statistics.median(times)
            print(f"  {what:<34}{med:>8.3f}s{min(times):>8.3f}s  {build}")
            report.target(med <= TARGET, f"start-up: {what}, {build} build, at most {TARGET} s "
                                         f"(median {med:.3f} s)")
    if venv is None:
        report.skip("start-up of the installed wheel: no wheel in dist/ (make dist)")
    else:
        print(f"  installed: {wheel.name if wheel else ''} in {venv}")
