"""The package as Python users install it (issue 45): the sdist and the wheel that ``make
dist`` builds (``python -m build``: the sdist, then the wheel built from the sdist in an
isolated environment, as ``pip install`` builds it) pass ``twine check``, and the wheel,
installed in a fresh virtual environment, is the compiled build and plays, scores and
replays as the source tree does.

These run only on the built files: ``make test-compiled`` (CI) sets
``MAHJONG_TABLE_DIST`` to ``dist/`` after ``make dist``; elsewhere they skip (under CI
without the files they fail)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_table import __version__

ROOT = Path(__file__).resolve().parents[1]
DIST = os.environ.get("MAHJONG_TABLE_DIST", "")


def _dist() -> Path:
    if not DIST:
        in_ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
        if in_ci and os.environ.get("MAHJONG_TABLE_EXPECT_BUILD") == "compiled":
            pytest.fail("the compiled run needs MAHJONG_TABLE_DIST (make dist)")
        pytest.skip("MAHJONG_TABLE_DIST is not set (make dist builds the sdist and wheel)")
    return Path(DIST)


def _one(pattern: str) -> Path:
    found = sorted(_dist().glob(pattern))
    assert len(found) == 1, f"{pattern} in {_dist()}: {[p.name for p in found]}"
    return found[0]


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment with only the wheel (and its one dependency)
    installed."""
    wheel = _one("*.whl")
    where = tmp_path_factory.mktemp("fresh") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, timeout=120,
                   env=_clean_env())
    # (with this run's PYTHONPATH, pip would find the package under test already there)
    got = subprocess.run([str(where / "bin" / "python"), "-m", "pip", "install", "--quiet",
                          str(wheel)], capture_output=True, text=True, timeout=600,
                         env=_clean_env())
    assert got.returncode == 0, got.stderr[-2000:]
    yield where


def _clean_env() -> dict[str, str]:
    """This environment without the variables that point Python at the build under test."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


def _run(venv: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, away from the source tree (no PYTHONPATH)."""
    return subprocess.run([str(venv / "bin" / "mahjong-table"), *args], capture_output=True,
                          text=True, timeout=300, env=_clean_env(), cwd=venv)


def test_the_sdist_and_the_wheel_pass_twine_check() -> None:
    """``twine check --strict``: the metadata and the README render for an index."""
    files = [str(_one("*.tar.gz")), str(_one("*.whl"))]
    got = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *files],
                         capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stdout + got.stderr
    assert got.stdout.count("PASSED") == 2


def test_the_wheel_is_compiled_and_tagged_for_its_platform() -> None:
    """The wheel carries the compiled modules (mypyc's group library and one per module,
    beside every ``.py``), the recorded build, the catalogues and cards, and is tagged for
    CPython on this platform (manylinux after ``auditwheel repair``), not ``none-any``."""
    wheel = _one("*.whl")
    name = wheel.name
    assert f"mahjong_table-{__version__}-cp3" in name and "none-any" not in name
    assert "manylinux" in name, f"{name}: make dist repairs it with auditwheel"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = json.loads(z.read("mahjong_table/_build_info.json"))
    assert info["build"] == "compiled" and "modules compiled with mypyc" in info["reason"]
    assert any(n.startswith("mahjong_table__mypyc.") and n.endswith(".so") for n in names)
    for module in ("engine/game", "env/encoding", "env/planes", "env/core",
                   "judgement/chances", "rules/american/matcher"):
        assert any(n.startswith(f"mahjong_table/{module}.") and n.endswith(".so")
                   for n in names), module
        assert f"mahjong_table/{module}.py" in names
    assert "mahjong_table/locale/it/LC_MESSAGES/mahjong_table.mo" in names
    assert any(n.startswith("mahjong_table/rules/american/cards/") for n in names)
    assert not any(n.endswith(".c") or "/tests/" in n for n in names)


def test_the_sdist_holds_what_builds_the_compiled_wheel() -> None:
    """The sdist has the build script, its list of compiled modules and every file the
    wheel ships (``make dist`` built the wheel from this very sdist)."""
    with tarfile.open(_one("*.tar.gz")) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for needed in ("setup.py", "pyproject.toml", "README.md", "src/mahjong_table/_build.py",
                   "src/mahjong_table/engine/game.py", "src/mahjong_table/py.typed",
                   "src/mahjong_table/locale/it/LC_MESSAGES/mahjong_table.mo"):
        assert needed in names, needed


def test_the_installed_wheel_says_it_is_compiled(venv: Path) -> None:
    """``--version`` of the installed wheel: compiled, every module meant to be compiled
    compiled (none named pure), and how it was built."""
    got = _run(venv, "--version")
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines[0] == f"mahjong-table {__version__}"
    assert lines[1] == "compiled (mypyc) build"
    assert not any("meant to be compiled" in line for line in lines), got.stdout
    # as many modules run compiled as the build compiled
    (count,) = [line.split()[1] for line in lines if line.startswith("compiled: ")]
    assert f"how it was built: {count} modules compiled with mypyc" in lines


def test_the_installed_wheel_scores_a_hand(venv: Path) -> None:
    """``score`` from the installed wheel (rule book 004's scoring, as the source tree)."""
    got = _run(venv, "score", "--rules", "hongkong", "234s567p777z111z88m", "--win-tile", "1z",
               "--seat-wind", "S", "--discarder", "W", "--json")
    assert got.returncode == 0, got.stderr
    mine = subprocess.run([sys.executable, "-m", "mahjong_table.cli", "score", "--rules",
                           "hongkong", "234s567p777z111z88m", "--win-tile", "1z",
                           "--seat-wind", "S", "--discarder", "W", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert json.loads(got.stdout) == json.loads(mine.stdout)


def test_the_installed_wheel_plays_the_games_the_source_tree_plays(venv: Path,
                                                                   tmp_path: Path) -> None:
    """A seeded ``simulate`` from the installed wheel writes the same record, byte for byte,
    as the build under test, and the source tree's ``replay`` verifies it."""
    theirs, ours = tmp_path / "wheel.jsonl", tmp_path / "here.jsonl"
    for rules in ("hongkong", "american"):
        got = _run(venv, "simulate", "--rules", rules, "--games", "2", "--hands", "2",
                   "--seed", "45", "--record", str(theirs), "--json")
        assert got.returncode == 0, got.stderr
        here = subprocess.run([sys.executable, "-m", "mahjong_table.cli", "simulate",
                               "--rules", rules, "--games", "2", "--hands", "2", "--seed",
                               "45", "--record", str(ours), "--json"],
                              capture_output=True, text=True, timeout=300, cwd=ROOT)
        assert here.returncode == 0, here.stderr
        assert theirs.read_bytes() == ours.read_bytes(), rules
        checked = subprocess.run([sys.executable, "-m", "mahjong_table.cli", "replay",
                                  str(theirs)], capture_output=True, text=True, timeout=300,
                                 cwd=ROOT)
        assert checked.returncode == 0, checked.stdout + checked.stderr
