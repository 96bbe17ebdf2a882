"""The build of mahjong-table: pure Python, or compiled with mypyc where the time goes.

Everything about the package is in ``pyproject.toml``; this file only adds the compiled
modules (issue 13) and says which build it made (issue 45). A wheel (``pip install .``,
``python -m build``, ``pip wheel .``) compiles the engine, wall, rng, melds, analysis, rules
and scoring, records, the bots, the judgement, the environment's encoders and its batch with
mypyc (part of the mypy the project pins, a build-time requirement only: nothing new at run time);
the list is ``COMPILED`` in ``src/mahjong_table/_build.py``.

- No C compiler or no Python headers: the wheel is pure Python, tagged ``py3-none-any``
  (pip's "Created wheel ... filename=" line shows it), and the build says so in its last
  lines; ``mahjong-table --version`` says which modules are pure and why.
- ``MAHJONG_TABLE_PURE=1`` asks for the pure build (said the same way).
- A compiler is there but compiling fails (a type error mypyc finds, a C error): the build
  fails, naming the cause and ``MAHJONG_TABLE_PURE=1``; it never falls back in silence.

mypyc type-checks the compiled modules without the environment's installed packages
(``--no-site-packages``): numpy, Gymnasium and PettingZoo, which the encoders import, are
``Any`` to it whether or not they are installed, so the build is the same in a clean,
isolated build environment (what ``pip install .`` makes) and in the development venv.
An editable install (``pip install -e .``, what ``make`` does) is always pure, so that no
compiled module ever shadows an edited ``.py``.

Left pure: ``tiles.py`` (``Tile`` subclasses ``int``, which mypyc does not compile), the
command line, the terminal and web faces, the learning environments (but for their
encoders) and anything else outside ``COMPILED``.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
PACKAGE = "src/mahjong_table"


def _load_build_module() -> Any:
    """``src/mahjong_table/_build.py`` by path (it imports only the standard library): the
    one list of compiled modules, and the name of the file the wheel records its build in."""
    spec = importlib.util.spec_from_file_location("_mahjong_table_build",
                                                  HERE / PACKAGE / "_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_BUILD = _load_build_module()
COMPILED: tuple[str, ...] = _BUILD.COMPILED
PURE: tuple[str, ...] = _BUILD.KEPT_PURE

#: mypy's options for mypyc's type check: the package's own code and typeshed only (no
#: installed packages, so the same check in any environment), the third-party modules Any;
#: the strictness the project's own ``mypy`` run checks is not needed to compile
MYPYC_OPTIONS = ("--no-site-packages", "--ignore-missing-imports", "--allow-subclassing-any",
                 "--no-warn-return-any", "--no-warn-unused-ignores")

#: what this build made, for its last words and for the wheel's ``_build_info.json``
_OUTCOME: dict[str, str] = {}


def _say(message: str) -> None:
    print(f"mahjong-table build: {message}", file=sys.stderr, flush=True)


def _pure(reason: str) -> dict[str, Any]:
    _OUTCOME.update(build="pure", reason=reason)
    _say(f"{reason}: building the pure-Python package")
    return {"cmdclass": {"build_py": _BuildPy}}


def _last_words() -> None:
    """The build's last lines (after setuptools' own output): which build it made."""
    if _OUTCOME.get("build") == "pure":
        _say("=" * 72)
        _say(f"PURE-PYTHON BUILD ({_OUTCOME['reason']}): every module runs as Python,")
        _say("3-9x slower than the compiled build; install a C compiler and the Python")
        _say("headers (Debian: gcc python3-dev) and build again for the compiled one.")
        _say("=" * 72)
    elif _OUTCOME.get("build") == "compiled":
        _say(f"compiled build: {_OUTCOME['reason']}")


def _building_a_wheel() -> bool:
    """Whether setuptools is building a (non-editable) wheel or extensions: the editable
    install, the metadata steps and an sdist stay pure."""
    commands = set(sys.argv[1:])
    if commands & {"editable_wheel", "develop"}:
        return False
    return bool(commands & {"bdist_wheel", "build", "build_ext", "install"})


def _compiler_missing() -> str | None:
    """Why no C extension can be built here, or None if it can."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    cc = cc.split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc}) on this machine"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return f"no Python headers ({include}/Python.h)"
    return None


def _modules() -> list[str]:
    paths: set[str] = set()
    for pattern in COMPILED:
        for path in glob(f"{PACKAGE}/{pattern}"):
            if Path(path).name not in PURE:
                paths.add(path)
    return sorted(paths)


class _BuildPy(build_py):
    """Copies the package as usual and writes ``_build_info.json`` beside ``_build.py``:
    which build this wheel is and why (read by ``mahjong-table --version``)."""

    def run(self) -> None:
        super().run()
        if not _OUTCOME:
            return
        target = Path(self.build_lib) / "mahjong_table" / _BUILD.BUILD_INFO
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(_OUTCOME, sort_keys=True) + "\n", encoding="utf-8")


class _BuildExt(build_ext):
    """Builds the compiled modules in parallel; a compiler error stops the build, naming the
    way to the pure build (never a silent fallback)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            _OUTCOME.clear()
            _say(f"compiling failed ({exc}). Set MAHJONG_TABLE_PURE=1 to build the "
                 "pure-Python package instead (3-9x slower).")
            raise


def _extensions() -> dict[str, Any]:
    if not _building_a_wheel():
        return {}
    if os.environ.get("MAHJONG_TABLE_PURE", "") not in ("", "0"):
        return _pure("MAHJONG_TABLE_PURE is set")
    why = _compiler_missing()
    if why is not None:
        return _pure(why)
    try:
        from mypyc.build import mypycify
    except ImportError:  # only outside pip's isolated build (pyproject.toml requires mypy)
        return _pure("mypyc (part of mypy) is not installed")
    modules = _modules()
    _say(f"compiling {len(modules)} modules with mypyc")
    try:
        extensions = mypycify([*MYPYC_OPTIONS, *modules], opt_level="3",
                              group_name="mahjong_table")
    except SystemExit as exc:  # mypyc exits so on a type error, which it has printed
        _say(f"mypyc's type check failed (exit status {exc.code}, the errors above). Set "
             "MAHJONG_TABLE_PURE=1 to build the pure-Python package instead (3-9x slower).")
        raise
    _OUTCOME.update(build="compiled",
                    reason=f"{len(modules)} modules compiled with mypyc")
    return {"ext_modules": extensions,
            "cmdclass": {"build_ext": _BuildExt, "build_py": _BuildPy}}


atexit.register(_last_words)
setup(**_extensions())
