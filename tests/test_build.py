"""The two builds (issue 13): the suite runs on the pure build (the editable install) and on
the compiled wheel (``make test-compiled``, which sets ``MAHJONG_TABLE_EXPECT_BUILD``); these
tests check that each run really tests the build it says, and that the pure source tree
holds no compiled module that could shadow an edited ``.py``."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

import mahjong_table
from mahjong_table import _build

SRC = Path(__file__).resolve().parents[1] / "src" / "mahjong_table"


def test_the_build_under_test_is_the_build_expected() -> None:
    """``make test`` runs the pure build, ``make test-compiled`` the compiled wheel: the
    engine imported must be the one the run names (a compiled run that silently fell back to
    pure Python, or picked up the source tree, fails here)."""
    expected = os.environ.get("MAHJONG_TABLE_EXPECT_BUILD", "pure")
    assert expected in ("pure", "compiled")
    assert _build.is_compiled() is (expected == "compiled")
    assert _build.build_name() == ("compiled (mypyc)" if expected == "compiled"
                                   else "pure Python")
    if expected == "compiled":
        compiled = _build.compiled_modules()
        for module in ("mahjong_table.engine.game", "mahjong_table.wall",
                       "mahjong_table.analysis.shanten", "mahjong_table.rules.hongkong_scoring",
                       "mahjong_table.rules.american.matcher",
                       "mahjong_table.players.efficiency_bot"):
            assert module in compiled
        assert "mahjong_table.tiles" not in compiled  # Tile subclasses int: kept pure
        assert "mahjong_table.cli" not in compiled
        # each compiled file is one module, named without its suffix (a name ending with
        # both ".cpython-311-x86_64-linux-gnu.so" and ".so" was once listed twice)
        assert not any("cpython" in name or "abi3" in name for name in compiled)
        # every module the build compiles is compiled (issue 45: none silently pure)
        assert _build.missing_modules() == []


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-table --version`` says which build runs."""
    from mahjong_table.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert mahjong_table.__version__ in out and _build.build_name() in out


def test_the_source_tree_holds_no_compiled_module() -> None:
    """The editable install stays pure: nothing compiled lives in src/ (a wheel's build
    leaves its compiled files in build/ and the wheel, never beside the sources)."""
    leftovers = [p for p in SRC.rglob("*") if p.suffix in (".so", ".pyd")]
    assert leftovers == []


def test_a_stale_compiled_module_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    """A compiled module older than its edited ``.py`` is reported (and warned about on
    import from a source tree)."""
    package = tmp_path / "mahjong_table"
    (package / "engine").mkdir(parents=True)
    suffix = _build.importlib.machinery.EXTENSION_SUFFIXES[0]
    compiled = package / "engine" / f"game{suffix}"
    compiled.write_bytes(b"")
    source = package / "engine" / "game.py"
    source.write_text("# edited\n")
    old = time.time() - 3600
    os.utime(compiled, (old, old))
    (tmp_path / f"mahjong_table__mypyc{suffix}").write_bytes(b"")
    monkeypatch.setattr(_build, "_PACKAGE", package)
    assert _build.stale_modules() == ["mahjong_table/engine/game.py"]
    with pytest.warns(RuntimeWarning, match="engine/game.py"):
        _build.warn_if_stale()
    os.utime(source, (old - 10, old - 10))
    assert _build.stale_modules() == []



def _copy_tree(to: Path) -> Path:
    """The files a build reads (what the sdist holds), copied to ``to``."""
    import shutil

    root = SRC.parents[1]
    to.mkdir(parents=True)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(root / name, to / name)
    shutil.copytree(root / "src", to / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    return to


def _pip_wheel(tree: Path, out: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``pip wheel`` of ``tree`` with this environment's setuptools and mypy (no isolated
    environment to download), verbose so that the build's own words are seen. The build
    script's tests run once, in the pure run (``make test``): the compiled run tests the
    same script."""
    import sys

    if os.environ.get("MAHJONG_TABLE_EXPECT_BUILD") == "compiled":
        pytest.skip("the build script is tested in the pure run (make test)")

    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation",
         "-w", str(out), str(tree)], capture_output=True, text=True, timeout=900,
        env={**os.environ, **env})


def test_a_build_without_a_compiler_is_pure_by_name_and_says_so(tmp_path: Path) -> None:
    """No C compiler (``CC`` names none): the wheel is pure Python and tagged
    ``py3-none-any`` (the name pip prints), the build's last lines say so, and the installed
    package's ``--version`` says every module is pure and why (issue 45)."""
    import sys
    import zipfile

    tree = _copy_tree(tmp_path / "tree")
    got = _pip_wheel(tree, tmp_path / "out", CC="/nonexistent/cc")
    assert got.returncode == 0, got.stderr[-3000:]
    (wheel,) = (tmp_path / "out").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    lines = (got.stdout + got.stderr).splitlines()
    banner = max(i for i, line in enumerate(lines) if "PURE-PYTHON BUILD" in line)
    assert "PURE-PYTHON BUILD (no C compiler (/nonexistent/cc) on this machine)" \
        in lines[banner]
    # the last words of the build: after setuptools wrote the wheel
    assert max(i for i, line in enumerate(lines) if "creating '" in line
               and ".whl" in line) < banner
    target = tmp_path / "installed"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(target)
        assert json.loads(z.read("mahjong_table/_build_info.json"))["build"] == "pure"
    version = subprocess.run([sys.executable, "-m", "mahjong_table.cli", "--version"],
                             capture_output=True, text=True, timeout=60, cwd=tmp_path,
                             env={**os.environ, "PYTHONPATH": str(target)})
    assert version.returncode == 0, version.stderr
    assert "pure Python build" in version.stdout
    assert "pure: every module (" in version.stdout
    assert "how it was built: no C compiler (/nonexistent/cc) on this machine" \
        in version.stdout


def test_a_build_whose_type_check_fails_stops_naming_the_pure_build(tmp_path: Path) -> None:
    """A compiler is there but mypyc's type check fails (a type error put in a compiled
    module): the build fails, naming the pure build's switch, instead of falling back to a
    pure wheel in silence (issue 45: that is how the encoders' imports used to make every
    clean build pure)."""
    tree = _copy_tree(tmp_path / "tree")
    with (tree / "src" / "mahjong_table" / "wall.py").open("a", encoding="utf-8") as f:
        f.write('\n_NOT_AN_INT: int = "a type error"\n')
    got = _pip_wheel(tree, tmp_path / "out")
    assert got.returncode != 0
    text = got.stdout + got.stderr
    assert "mypyc's type check failed" in text and "MAHJONG_TABLE_PURE=1" in text
    assert 'wall.py:' in text  # mypy's own error, naming the line
    assert not list((tmp_path / "out").glob("*.whl"))
