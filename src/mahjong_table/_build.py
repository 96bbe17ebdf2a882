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

__all__ = ["build_name", "compiled_modules", "is_compiled", "stale_modules"]

#: the package's folder (os.path, not pathlib: ``import mahjong_table`` stays cheap, issue 25)
_PACKAGE = os.path.dirname(os.path.realpath(__file__))
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
    """Every file of the package named like a compiled module, once per extension suffix
    its name ends with: ``(path relative to the package's parent, with "/", the suffix,
    the full path)``. One walk of the package's folders."""
    package = os.fspath(_PACKAGE)
    parent = os.path.dirname(package)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for folder, _dirs, files in os.walk(package):
        for name in files:
            for suffix in suffixes:
                if name.endswith(suffix):
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, parent).replace(os.sep, "/")
                    found.append((rel, suffix, path))
    return found


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

