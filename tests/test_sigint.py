"""One Ctrl-C stops a run (issue 26, defect 2, as a class): ``simulate`` over local worker
processes, over a local Ray, and with program bots (``cmd:``) in the workers, started in its
own process group as a terminal starts it, is sent SIGINT on the whole group (what Ctrl-C
does); it must exit within seconds with status 130, print the results of the games that
finished, and leave no process behind: none of the processes it had started (workers, bot
programs in their own sessions, Ray's processes), none left in its group."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CMD = [sys.executable, "-m", "mahjong_table.cli"]

#: a bot program that ignores SIGTERM and the end of its input: only a kill ends it
STUBBORN_BOT = """\
import json, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "decide":
        print(json.dumps({"version": 1, "index": len(message["legal_actions"]) - 1}),
              flush=True)
time.sleep(600)
"""


def _processes() -> dict[int, tuple[str, int, int]]:
    """Every process of the machine: pid -> (state, parent pid, process group), from /proc."""
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        out[int(entry)] = (fields[0], int(fields[1]), int(fields[2]))
    return out


def _descendants(pid: int) -> set[int]:
    procs = _processes()
    found = {pid}
    grew = True
    while grew:
        grew = False
        for p, (_state, parent, _group) in procs.items():
            if parent in found and p not in found:
                found.add(p)
                grew = True
    return found - {pid}


def _alive(pids: set[int], group: int) -> set[int]:
    """Of ``pids``, and of the members of process group ``group``, those still running
    (zombies are dead)."""
    procs = _processes()
    return {p for p, (state, _parent, grp) in procs.items()
            if (p in pids or grp == group) and state != "Z"}


def _interrupt(args: list[str], cwd: Path, ready: float, want: int = 1
               ) -> tuple[str, float, set[int], int]:
    """See below; the exit status is checked here (130, as after Ctrl-C)."""
    out, took, started, group, status = _run_and_interrupt(args, cwd, ready, want)
    assert status == 130, (status, out, (cwd / "err.txt").read_text())
    return out, took, started, group


def _run_and_interrupt(args: list[str], cwd: Path, ready: float, want: int
                       ) -> tuple[str, float, set[int], int, int]:
    """Start ``mahjong-table ARGS`` in its own process group with Ctrl-C's default handling,
    wait ``ready`` seconds and until it has started ``want`` processes (at most 60 s more:
    a loaded machine is slow), send SIGINT to the group; return its output, the seconds from
    the signal to its exit, the processes it had started then, its process group and its
    exit status."""
    out_path = cwd / "out.txt"
    with open(out_path, "w", encoding="utf-8") as out, \
            open(cwd / "err.txt", "w", encoding="utf-8") as err:
        proc = subprocess.Popen(
            [*CMD, *args], stdout=out, stderr=err, cwd=cwd, start_new_session=True,
            # a test runner started in the background ignores SIGINT; a terminal does not
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        try:
            time.sleep(ready)
            started = _descendants(proc.pid)
            deadline = time.monotonic() + 60
            while len(started) < want and time.monotonic() < deadline:
                time.sleep(0.2)
                started = _descendants(proc.pid)
            sent = time.monotonic()
            os.killpg(proc.pid, signal.SIGINT)
            status = proc.wait(timeout=60)
            took = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    return out_path.read_text(encoding="utf-8"), took, started, proc.pid, status


def _assert_stopped(out: str, took: float, started: set[int], group: int, limit: float,
                    where: str) -> int:
    """The run exited within ``limit`` seconds, printed the finished games' results, and
    left none of its processes running (a moment allowed for the kernel to reap them).
    Returns the number of games that finished."""
    assert took < limit, f"took {took:.1f} s after SIGINT"
    m = re.search(r"interrupted: the results of the (\d+) game\(s\) that finished", out)
    assert m, out
    assert f"on {where}" in out and re.search(r"^0 +\S+ +\d+", out, re.M), out
    deadline = time.monotonic() + 5
    left = _alive(started, group)
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        left = _alive(started, group)
    assert not left, f"left running: {sorted(left)}"
    return int(m.group(1))


def test_one_ctrl_c_stops_a_run_over_worker_processes(tmp_path: Path) -> None:
    """``simulate --workers 2``: one SIGINT to the group; exit in under 5 s (measured about
    0.3 s), the finished games printed, no worker left."""
    out, took, started, group = _interrupt(
        ["simulate", "--games", "100000", "--hands", "1", "--no-invariants", "--workers", "2"],
        tmp_path, ready=8.0, want=2)
    assert len(started) >= 2
    finished = _assert_stopped(out, took, started, group, 5.0, "2 local processes")
    assert finished > 0


def test_one_ctrl_c_stops_workers_and_their_bot_programs(tmp_path: Path) -> None:
    """``simulate --workers 2`` with a ``cmd:`` bot that ignores SIGTERM and the end of its
    input: the programs (in their own sessions, so the terminal's Ctrl-C does not reach
    them and they are not reported as crashed) are killed with their workers; none is
    left, and no bot is reported as replaced."""
    bot = tmp_path / "stubborn.py"
    bot.write_text(STUBBORN_BOT, encoding="utf-8")
    out, took, started, group = _interrupt(
        ["simulate", "--games", "100000", "--hands", "1", "--no-invariants", "--workers", "2",
         "--bots", f"cmd:{sys.executable} {bot},efficiency"], tmp_path, ready=8.0, want=4)
    assert len(started) >= 4  # two workers, each with its bot program
    _assert_stopped(out, took, started, group, 5.0, "2 local processes")
    assert "for the rest of the game" not in (tmp_path / "err.txt").read_text()


def test_one_ctrl_c_stops_a_local_ray_run(tmp_path: Path) -> None:
    """``simulate --ray`` (a local Ray started by the run): one SIGINT to the group; exit
    within 15 s (measured about 2.6 s: the driver's job is ended, then the local Ray shut
    down), the header still says 'on Ray', and none of Ray's processes is left."""
    pytest.importorskip("ray")
    out, took, started, group = _interrupt(
        ["simulate", "--games", "100000", "--hands", "1", "--no-invariants", "--ray"],
        tmp_path, ready=20.0, want=4)
    assert started
    _assert_stopped(out, took, started, group, 15.0, "Ray (local)")
