"""The two builds (issue 13): the suite runs on the pure build (the editable install) and on
the compiled wheel (``make test-compiled``, which sets ``MAHJONG_TABLE_EXPECT_BUILD``); these
tests check that each run really tests the build it says, and that the pure source tree
holds no compiled module that could shadow an edited ``.py``."""

from __future__ import annotations

import os
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

