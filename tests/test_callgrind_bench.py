"""The callgrind section of ``make bench`` (``bench/callgrind.py``, issue 25): instructions per
hand of ``simulate`` with four efficiency bots, invariants on, counted by a real valgrind
(``.ci/run`` installs Debian's ``valgrind``), the warm-up games cancelling out."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import callgrind

SRC = Path(__file__).resolve().parent.parent / "src"


def test_worker_plays_one_round_games_with_invariants() -> None:
    """Issue 25: the measured workload is one-round Hong Kong games of four efficiency bots,
    the invariants checked after every action (a broken invariant would raise)."""
    got = callgrind._worker(1)
    assert got["build"]
    assert 4 <= got["hands"] <= 40


def test_callgrind_counts_more_instructions_for_more_games() -> None:
    """Issue 25: callgrind's ``Ir`` total is read from its output file; a run with one more
    game counts more instructions than the run without it (the difference is what the bench
    divides by the hands of that game)."""
    none, before = callgrind.instructions(SRC, 0)
    one, after = callgrind.instructions(SRC, 1)
    assert before["hands"] == 0 and after["hands"] >= 4
    assert 0 < none < one
