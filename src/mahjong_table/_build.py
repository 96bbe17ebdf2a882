"""Which build of mahjong-table is running: compiled (mypyc) or pure Python (issue 13).

A wheel built on a machine with a C compiler carries the engine, analysis, rules, scoring,
records and bots compiled by mypyc beside their ``.py`` files (``setup.py``); Python imports
the compiled module where there is one. :func:`build_name` says which build this is (shown
by ``mahjong-table --version``); :func:`stale_modules` finds compiled modules older than the
``.py`` beside them (a compiled module built in a source tree and then left behind by an
edit), which :mod:`mahjong_table` warns about on import.
"""

from __future__ import annotations

import importlib.machinery
import os

__all__ = ["COMPILED", "build_name", "compiled_modules", "describe", "is_compiled",
           "missing_modules", "stale_modules"]

#: the package's folder (os.path, not pathlib: ``import mahjong_table`` stays cheap, issue 25)
_PACKAGE = os.path.dirname(os.path.realpath(__file__))

#: the modules a wheel compiles, as globs under the package's folder (``setup.py`` reads this
#: list from this file; ``__init__.py`` files stay pure wherever a glob reaches them)
COMPILED: tuple[str, ...] = (
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
    # issue 44: the games with a learning seat and the batch the vector environment steps
    # in one call (the loop over the games and their opponents' moves)
    "env/batch.py",
    "players/easy_bot.py",
    "players/hard_bot.py",
    "players/hard_american_bot.py",
    # issue 43: the judgement every hard bot, the advisor and review run at each decision
    "judgement/*.py",
)
#: kept pure wherever a glob above reaches them
KEPT_PURE: tuple[str, ...] = ("__init__.py",)
#: the file a wheel's build writes beside this one: which build it made and why
#: (``{"build": "compiled" | "pure", "reason": str}``, setup.py's ``_BuildPy``)
BUILD_INFO = "_build_info.json"
#: a module that every compiled build compiles (setup.py's COMPILED)
_PROBE = "mahjong_table.engine.game"


def _is_extension(path: str | None) -> bool:
    return bool(path) and str(path).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def is_compiled() -> bool:
    """Whether the engine running is the compiled one.

    Read from the files, without importing the engine (so that ``--version`` stays cheap,
    issue 25): Python's path finder tries extension modules before source files in one
    directory, so the engine that runs is the compiled one exactly when a compiled file of
    the probe module lies beside its source in this package. An engine already imported
    answers for itself.
    """
    import sys

    module = sys.modules.get(_PROBE)
    if module is not None:
        return _is_extension(getattr(module, "__file__", None))
    folder = os.path.join(_PACKAGE, *_PROBE.split(".")[1:-1])
    stem = _PROBE.rsplit(".", 1)[1]
    return any(os.path.isfile(os.path.join(folder, f"{stem}{suffix}"))
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def build_name() -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``."""
    return "compiled (mypyc)" if is_compiled() else "pure Python"


def compiled_modules() -> list[str]:
    """The dotted names of the package's modules present as compiled files (sorted)."""
    names = []
    for rel, suffix, _path in _extension_files():
        names.append(rel[: -len(suffix)].replace("/", "."))
    return sorted(set(names))


def _extension_files() -> list[tuple[str, str, str]]:
    """Every file of the package named like a compiled module, once, with the longest
    extension suffix its name ends with: ``(path relative to the package's parent, with
    "/", the suffix, the full path)``. One walk of the package's folders."""
    package = os.fspath(_PACKAGE)
    parent = os.path.dirname(package)
    # the longest suffix a name ends with is its own (``game.cpython-311-x86_64-linux-gnu.so``
    # ends with ``.so`` too, which would name a module ``game.cpython-311-x86_64-linux-gnu``)
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found = []
    for folder, _dirs, files in os.walk(package):
        for name in files:
            for suffix in suffixes:
                if name.endswith(suffix):
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, parent).replace(os.sep, "/")
                    found.append((rel, suffix, path))
                    break
    return found


def _modules_to_compile(package: str) -> list[str]:
    """The dotted names of the modules that :data:`COMPILED` names under ``package``."""
    from glob import glob

    names = set()
    parent = os.path.dirname(package)
    for pattern in COMPILED:
        for path in glob(os.path.join(package, pattern)):
            if os.path.basename(path) not in KEPT_PURE:
                rel = os.path.relpath(path, parent)[: -len(".py")]
                names.add(rel.replace(os.sep, "."))
    return sorted(names)


def missing_modules() -> list[str]:
    """The modules meant to be compiled (:data:`COMPILED`) that run as pure Python here:
    every one of them in a pure build, none in a complete compiled one."""
    compiled = set(compiled_modules())
    return [name for name in _modules_to_compile(os.fspath(_PACKAGE)) if name not in compiled]


def _build_info() -> dict[str, str]:
    """What the wheel's build wrote about itself (:data:`BUILD_INFO`), or ``{}`` (a source
    tree, an editable install)."""
    import json

    try:
        with open(os.path.join(_PACKAGE, BUILD_INFO), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def describe() -> str:
    """What ``mahjong-table --version`` prints after the version: the build, how many modules
    are compiled, and which modules run as pure Python (by design: the faces, ``tiles``;
    and any module meant to be compiled that is not, named), with the build's reason when
    the wheel recorded one. Several lines, no final newline."""
    from .i18n import _, ngettext

    compiled = compiled_modules()
    missing = missing_modules()
    reason = _build_info().get("reason", "")
    lines = [_("compiled (mypyc) build") if is_compiled() else _("pure Python build")]
    if compiled:
        lines.append(ngettext(
            "compiled: {n} module (engine, analysis, rules, scoring, records, bots, "
            "judgement, the environment's encoders)",
            "compiled: {n} modules (engine, analysis, rules, scoring, records, bots, "
            "judgement, the environment's encoders)", len(compiled)).format(n=len(compiled)))
        lines.append(_("pure by design: tiles, the command line, the terminal and web faces, "
                       "the learning environments' wrappers"))
        if missing:
            lines.append(_("pure, though meant to be compiled: {modules}").format(
                modules=", ".join(missing)))
    else:
        lines.append(ngettext(
            "pure: every module ({n} would be compiled by a wheel built with a C compiler: "
            "3-9x faster)",
            "pure: every module ({n} would be compiled by a wheel built with a C compiler: "
            "3-9x faster)", len(missing)).format(n=len(missing)))
    if reason:
        lines.append(_("how it was built: {reason}").format(reason=reason))
    return "\n".join(lines)


def stale_modules() -> list[str]:
    """Compiled modules whose ``.py`` is newer than the compiled file: an edit that the
    compiled module does not have, and which Python would not run."""
    stale = []
    for rel, suffix, path in _extension_files():
        source = path[: -len(suffix)] + ".py"
        # an installer writes the .py just after the compiled file: allow it a moment
        if os.path.exists(source) and os.stat(source).st_mtime > os.stat(path).st_mtime + 5:
            stale.append(rel[: -len(suffix)] + ".py")
    return sorted(stale)


def warn_if_stale() -> None:
    """Warn (once, on import) when a compiled module would shadow a newer ``.py``. Costs
    one directory listing when the package has no compiled modules (the usual editable
    install)."""
    parent = os.path.dirname(os.fspath(_PACKAGE))
    if os.path.basename(parent) in ("site-packages", "dist-packages"):
        return  # an installed package: nobody edits it there
    try:
        if not any(name.startswith("mahjong_table__mypyc") for name in os.listdir(parent)):
            return
    except OSError:
        return
    stale = stale_modules()
    if stale:
        import warnings

        warnings.warn(
            f"mahjong-table: compiled modules older than their source shadow it: "
            f"{', '.join(stale[:5])}{' ...' if len(stale) > 5 else ''}; rebuild "
            "(pip install .) or delete the compiled files (make clean)",
            RuntimeWarning, stacklevel=2)

