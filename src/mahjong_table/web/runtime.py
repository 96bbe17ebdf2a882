"""The Python runtime the score calculator's page runs in the browser (issue 47): Pyodide.

The page ``/score`` scores a hand with the package's own code, and offline it has no server:
it runs the package's pure-Python source in Pyodide (CPython compiled to WebAssembly) in a
worker. Pyodide's runtime is about 13.5 MB (the WebAssembly interpreter, its JavaScript
loader and the standard library), too large to keep in the repository, and nothing may be
fetched from the internet when the page runs or the tests run: so it is fetched once, at
install or CI time, from the npm registry with npm itself (``npm pack pyodide@VERSION``,
the package ``pyodide`` ships the runtime), checked against the integrity pinned here,
unpacked into :func:`runtime_dir` and served by our server (``web/score.py``) from there.

    python -m mahjong_table.web.runtime fetch [--dir DIR]   # idempotent; needs npm
    python -m mahjong_table.web.runtime where               # the directory, or why none

``make test`` runs ``fetch`` (``.ci/run`` through it). A server without the runtime still
serves the page, which then scores through the server only and says it cannot work offline.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

__all__ = ["VERSION", "INTEGRITY", "FILES", "runtime_dir", "fetch", "default_dir",
           "missing_reason", "ENV"]

#: the Pyodide release the page runs (Python 3.14; the package needs 3.11 or newer)
VERSION = "314.0.8"
#: npm's integrity of ``pyodide-314.0.8.tgz`` (sha512, as ``npm view pyodide@VERSION
#: dist.integrity`` prints it): a tarball that differs is refused
INTEGRITY = ("sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7"
             "YHSVUpHsoarLQ==")
#: the files of the package the page needs (the rest are types, maps and demo pages)
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
         "pyodide-lock.json")
#: the files also kept gzip-compressed, served so to browsers that accept it
COMPRESSED = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "pyodide-lock.json")
#: an environment variable naming the runtime's directory (else :func:`default_dir`)
ENV = "MAHJONG_TABLE_PYODIDE"
#: written last by :func:`fetch`: the version the directory holds
MARKER = "VERSION"


def default_dir() -> Path:
    """Where ``fetch`` puts the runtime by default: ``web/pyodide/`` in the package (an
    editable install: the source tree, not tracked by git)."""
    return Path(__file__).resolve().parent / "pyodide"


def _complete(folder: Path) -> bool:
    marker = folder / MARKER
    return (marker.is_file() and marker.read_text("utf-8").strip() == VERSION
            and all((folder / name).is_file() for name in FILES))


def runtime_dir() -> Path | None:
    """The directory holding Pyodide :data:`VERSION` (``$MAHJONG_TABLE_PYODIDE``, else
    :func:`default_dir`), or None when it has not been fetched."""
    named = os.environ.get(ENV)
    folder = Path(named) if named else default_dir()
    return folder if _complete(folder) else None


def missing_reason() -> str:
    """Why :func:`runtime_dir` is None (for the server's log and the ``where`` command)."""
    named = os.environ.get(ENV)
    folder = Path(named) if named else default_dir()
    return (f"no Pyodide {VERSION} in {folder}: run `python -m mahjong_table.web.runtime "
            f"fetch` (needs npm){' with ' + ENV + ' set' if named else ''}")


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def fetch(folder: Path | None = None, *, npm: str = "npm", quiet: bool = False) -> Path:
    """Put Pyodide :data:`VERSION` in ``folder`` (default :func:`default_dir`) unless it is
    there: ``npm pack`` the package from the registry, check its integrity against
    :data:`INTEGRITY`, unpack :data:`FILES` and gzip copies of :data:`COMPRESSED`. Returns
    the folder. Raises ``RuntimeError`` naming what failed (no npm, a registry error, a
    tarball that is not the one pinned)."""
    folder = Path(folder) if folder is not None else default_dir()
    if _complete(folder):
        return folder
    if shutil.which(npm) is None:
        raise RuntimeError(f"npm not found: it fetches Pyodide {VERSION} from the npm "
                           "registry (Debian: apt-get install npm)")
    with tempfile.TemporaryDirectory(prefix="mahjong-pyodide-") as tmp:
        done = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--pack-destination", tmp,
                               "--silent"], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"npm pack pyodide@{VERSION} failed: {done.stderr.strip()}")
        tarball = Path(tmp) / f"pyodide-{VERSION}.tgz"
        data = tarball.read_bytes()
        got = _integrity(data)
        if got != INTEGRITY:
            raise RuntimeError(f"pyodide-{VERSION}.tgz has integrity {got}, expected "
                               f"{INTEGRITY}: refused")
        staging = Path(tmp) / "out"
        staging.mkdir()
        with tarfile.open(tarball, "r:gz") as tar:
            for name in FILES:
                member = tar.getmember(f"package/{name}")
                source = tar.extractfile(member)
                if source is None:
                    raise RuntimeError(f"pyodide-{VERSION}.tgz: {name} is not a file")
                (staging / name).write_bytes(source.read())
        for name in COMPRESSED:
            raw = (staging / name).read_bytes()
            (staging / (name + ".gz")).write_bytes(gzip.compress(raw, 9, mtime=0))
        (staging / MARKER).write_text(VERSION + "\n", "utf-8")
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            if old.is_file():
                old.unlink()
        for item in sorted(staging.iterdir(), key=lambda p: p.name == MARKER):
            shutil.move(str(item), folder / item.name)  # the marker last
    if not quiet:
        size = sum((folder / n).stat().st_size for n in FILES)
        print(f"Pyodide {VERSION}: {size / 1e6:.1f} MB in {folder}", file=sys.stderr)
    return folder


def main(argv: list[str] | None = None) -> int:
    """``python -m mahjong_table.web.runtime fetch|where``."""
    parser = argparse.ArgumentParser(prog="python -m mahjong_table.web.runtime",
                                     description="The score calculator page's Pyodide.")
    parser.add_argument("command", choices=("fetch", "where"))
    parser.add_argument("--dir", type=Path, default=None,
                        help=f"where to put it (default: ${ENV}, else {default_dir()})")
    args = parser.parse_args(argv)
    if args.command == "where":
        found = runtime_dir()
        print(found if found is not None else missing_reason())
        return 0 if found is not None else 1
    target = args.dir or (Path(os.environ[ENV]) if os.environ.get(ENV) else None)
    try:
        fetch(target)
    except RuntimeError as exc:
        print(f"mahjong_table.web.runtime: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
