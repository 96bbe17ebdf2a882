"""The build of mahjong-table: pure Python, or compiled with mypyc where the time goes.

Everything about the package is in ``pyproject.toml``; this file only adds the compiled
modules (issue 13). A wheel (``pip install .``, ``pip wheel .``) compiles the engine, wall,
rng, melds, analysis, rules and scoring, records and the bots with mypyc (part of the mypy the
project pins, a build-time requirement only: nothing new at run time) when the machine has
a C compiler and the Python headers, and falls back to pure Python with a message when it
has not or when compiling fails. ``MAHJONG_TABLE_PURE=1`` forces the pure build. An editable
install (``pip install -e .``, what ``make`` does) is always pure, so that no compiled
module ever shadows an edited ``.py``. ``mahjong-table --version`` says which build runs.

Left pure: ``tiles.py`` (``Tile`` subclasses ``int``, which mypyc does not compile), the
command line, the terminal and web faces, the learning environments (but for their
encoders) and anything else outside the lists below.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGE = "src/mahjong_table"

#: the modules compiled, as globs under src/mahjong_table
COMPILED = (
    "engine/*.py",
    "analysis/*.py",
    "rules/*.py",
    "rules/*/*.py",
    "wall.py",
    "rng.py",
    "_tiletext.py",
    "melds.py",
    "scoring.py",
    "record.py",
    "players/base.py",
    "players/random_bot.py",
    "players/efficiency_bot.py",
    "players/american_bot.py",
    "players/strong_bot.py",
    # issue 26: the learning environment's encoders (their loops run at every step; the
    # environments themselves, PettingZoo and Gymnasium subclasses, stay pure)
    "env/encoding.py",
    "env/planes.py",
    "env/core.py",
    "players/easy_bot.py",
    "players/hard_bot.py",
    "players/hard_american_bot.py",
    # issue 43: the judgement every hard bot, the advisor and review run at each decision
    "judgement/*.py",
)
#: kept pure wherever a glob above reaches them
PURE = ("__init__.py",)


def _say(message: str) -> None:
    print(f"mahjong-table build: {message}", file=sys.stderr)


def _building_a_wheel() -> bool:
    """Whether setuptools is building a (non-editable) wheel or extensions: the editable
    install, the metadata steps and an sdist stay pure."""
    commands = set(sys.argv[1:])
    if commands & {"editable_wheel", "develop"}:
        return False
    return bool(commands & {"bdist_wheel", "build", "build_ext", "install"})


def _compiler_missing() -> str | None:
    """Why no C extension can be built here, or None if it can."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(os.environ.get("CC", cc).split()[0]) is None:
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


class _BuildExt(build_ext):
    """Builds the compiled modules in parallel; if compiling fails, the wheel is pure Python
    (the ``.py`` files are in it either way) and the build says so."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # a compiler error of any kind: fall back, loudly
            _say(f"compiling failed ({exc}); building the pure-Python package instead")
            self.extensions = []


def _extensions() -> dict[str, Any]:
    if not _building_a_wheel():
        return {}
    if os.environ.get("MAHJONG_TABLE_PURE", "") not in ("", "0"):
        _say("MAHJONG_TABLE_PURE is set: building the pure-Python package")
        return {}
    why = _compiler_missing()
    if why is not None:
        _say(f"{why}: building the pure-Python package (slower; see README 'Speed')")
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc (part of mypy) is not installed: building the pure-Python package")
        return {}
    modules = _modules()
    _say(f"compiling {len(modules)} modules with mypyc")
    try:
        extensions = mypycify(modules, opt_level="3", group_name="mahjong_table")
    except BaseException as exc:  # mypyc exits through SystemExit on a type error
        _say(f"mypyc could not compile ({exc!r}); building the pure-Python package")
        return {}
    return {"ext_modules": extensions, "cmdclass": {"build_ext": _BuildExt}}


setup(**_extensions())
