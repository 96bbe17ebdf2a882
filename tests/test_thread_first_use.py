"""Issue 42 item 1: every lazily built table, cache and memo the engine, analysis, rules,
bots and faces keep at module or class level is safe when several threads first use it at
once (the web server's bots think on worker threads).

Each scenario of ``tests/thread_scenarios.py`` (its docstring lists the structures and the
scenario that reaches each) runs in a fresh interpreter, four threads released at once by a
barrier with a GIL switch interval of a microsecond, so that every thread's first use falls
in the others' first fill. Every thread must finish without an exception and compute
exactly what one thread computes alone (the reference: every scenario run one after the
other in another interpreter). Before the fix, two threads' first ``shanten()`` failed with
``IndexError`` 10 times out of 10: ``_distance._Table.lookup`` marked the shipped table
loaded before its ids were filled.

The interpreters are started with this one's ``sys.executable`` and environment, so under
``make test-compiled`` (``PYTHONPATH=.compiled``) they race the compiled build.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_table._build import is_compiled
from thread_scenarios import AFTER, NEEDS, SCENARIOS

SCRIPT = Path(__file__).with_name("thread_scenarios.py")
THREADS = 4
#: fresh interpreters per scenario (each a new first use)
ROUNDS = 2


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # the interpreter imports mahjong_table from where this one does (src, or .compiled)
    import mahjong_table

    here = str(Path(mahjong_table.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH", ""), here) if p)
    return env


def _run(*args: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300, env=_env())
    assert proc.returncode == 0, proc.stderr[-3000:]
    got: dict[str, Any] = json.loads(proc.stdout)
    return got


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    """Every scenario computed by one thread, one after the other."""
    got = _run("all", "serial", str(THREADS))
    assert got.pop("build") == {"compiled": is_compiled()}, "the interpreters run another build"
    for name, out in got.items():
        assert out["errors"] == [None] * THREADS, f"{name} fails alone: {out['errors']}"
    return got


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_threads_first_using_a_table_at_once_compute_what_one_thread_computes(
        name: str, reference: dict[str, Any]) -> None:
    need = NEEDS.get(name)
    if need is not None and importlib.util.find_spec(need) is None:
        pytest.skip(f"{need} is not installed")
    for _round in range(ROUNDS):
        ran = _run(name, "race", str(THREADS))
        assert ran["build"] == {"compiled": is_compiled()}, "the race ran another build"
        got = ran[name]
        errors = [e for e in got["errors"] if e]
        assert not errors, f"{name}: a thread failed:\n{errors[0]}"
        assert got.get("after", True) is True, f"{name}: {AFTER[name].__doc__ or 'after'}"
        for i in range(THREADS):
            assert got["results"][i] == reference[name]["results"][i], (
                f"{name}: thread {i} computed something else than one thread alone")


def test_every_scenario_reaches_work_that_is_not_trivial(reference: dict[str, Any]) -> None:
    """A scenario that computes nothing would race nothing: each one's result has
    substance (hands scored, lines matched, games played)."""
    for name, out in reference.items():
        text = json.dumps(out["results"][0])
        assert len(text) > 150, f"{name} computes almost nothing: {text[:200]}"
