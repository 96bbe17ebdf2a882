"""`simulate` at scale (issue 12, part 4): the same results for the same seed with one process,
`--workers 2` and a local Ray; a progress bar on a terminal only; Ctrl-C prints the results of
the games that finished."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator

import pytest

from mahjong_table.cli import main

CMD = [sys.executable, "-m", "mahjong_table.cli"]


def _results(out: str) -> str:
    """The output without the timing line and where it ran."""
    out = re.sub(r"; on [^\n]*", "", out)
    return "\n".join(line for line in out.splitlines() if "hands per second" not in line)


def test_workers_give_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement: `--workers N` gives the same results for the same seed as one process
    (every game from its own seed, results gathered in game order); records too."""
    outs = []
    for workers in ("1", "2"):
        assert main(["simulate", "--games", "12", "--hands", "2", "--seed", "w",
                     "--workers", workers, "--no-invariants"]) == 0
        outs.append(capsys.readouterr().out)
    assert _results(outs[0]) == _results(outs[1])
    assert "on 2 local processes" in outs[1]


def test_records_from_workers_replay(tmp_path: object, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    """Records written by worker processes are the games' records, in game order."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["simulate", "--games", "4", "--hands", "1", "--seed", "r",
                 "--record", str(one)]) == 0
    assert main(["simulate", "--games", "4", "--hands", "1", "--seed", "r", "--workers", "2",
                 "--record", str(two)]) == 0
    assert one.read_text() == two.read_text()
    assert main(["replay", str(two)]) == 0
    assert "4 games" in capsys.readouterr().out


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    """A real local Ray (``ray.init()``), shared by this module's Ray tests."""
    ray = pytest.importorskip("ray")
    ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False,
             num_cpus=2)
    yield ray
    # bounded: a plain ray.shutdown() once hung here in CI, waiting on Ray's own processes
    from mahjong_table.scale import shutdown_ray

    shutdown_ray()


def test_local_ray_gives_the_same_results(local_ray: object,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement: `simulate --ray` on a local Ray gives the same results as `--workers 2`
    for the same seed."""
    args = ["simulate", "--games", "6", "--hands", "1", "--seed", "ray", "--no-invariants"]
    assert main([*args, "--workers", "2"]) == 0
    local = capsys.readouterr().out
    assert main([*args, "--ray"]) == 0
    on_ray = capsys.readouterr().out
    assert "on Ray (local)" in on_ray
    assert _results(on_ray) == _results(local)


def test_arena_on_local_ray_gives_the_same_results(local_ray: object,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement: the arena with `--workers 2` and on a local Ray: identical results."""
    import json

    args = ["arena", "--bots", "random,efficiency", "--hands", "16", "--seed", "ray",
            "--json"]
    outs = []
    for extra in (["--workers", "2"], ["--ray"]):
        assert main([*args, *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        outs.append((data.pop("where"), {k: v for k, v in data.items()
                                         if k not in ("timing", "seconds")}))
    assert outs[0][0] == "2 local processes" and outs[1][0] == "Ray (local)"
    assert outs[0][1] == outs[1][1]


def test_progress_bar_on_a_terminal_quiet_when_piped() -> None:
    """Requirement: progress on a terminal (tqdm on standard error), nothing when piped."""
    args = [*CMD, "simulate", "--games", "30", "--hands", "1", "--seed", "p", "--no-invariants"]
    piped = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0 and piped.stderr == ""
    master, slave = pty.openpty()
    # a terminal of 24 rows and 80 columns (a new pseudo-terminal has none)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    proc.wait(timeout=60)
    os.close(master)
    assert b"games" in seen and b"/30" in seen


def test_ctrl_c_prints_the_finished_games() -> None:
    """Requirement: Ctrl-C prints the results of the games that finished (exit 130)."""
    proc = subprocess.Popen([*CMD, "simulate", "--games", "100000", "--hands", "1",
                             "--seed", "c", "--no-invariants"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    m = re.search(r"interrupted: the results of the (\d+) game\(s\) that finished, of 100000",
                  out)
    assert m and int(m.group(1)) > 0
    assert f"{m.group(1)} hands:" in out and re.search(r"^0 +efficiency", out, re.M)


def _sleepy(i: int) -> int:
    import time

    time.sleep(20)
    return i


def test_ctrl_c_ends_the_worker_processes_at_once() -> None:
    """Issue 26, defect 2: one Ctrl-C with --workers stops the running and queued jobs at
    once (their results would be dropped anyway) instead of keeping every core busy until
    they finish, and leaves no worker behind for the interpreter's exit to wait on."""
    import multiprocessing
    import os
    import signal
    import threading
    import time

    from mahjong_table.scale import run_jobs

    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    result = run_jobs(_sleepy, [(i,) for i in range(8)], workers=2)
    took = time.monotonic() - start
    assert result.interrupted and not result.results
    assert took < 8, took
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not multiprocessing.active_children()


def _square_or_fail(i: int) -> int:
    if i == 5:
        raise ValueError("job five refuses")
    return i * i


def _die_on_three(i: int) -> int:
    if i == 3:
        os._exit(7)
    return i


def test_the_pool_gives_results_in_job_order_and_raises_a_jobs_error() -> None:
    """The local pool (issue 12; our own since issue 26, defect 2): every result comes back
    under its job's index whatever worker ran it; a job's exception is raised in the parent
    with its own type and message; no worker is left behind."""
    import multiprocessing

    from mahjong_table.scale import run_jobs

    ok = run_jobs(_square_or_fail, [(i,) for i in range(5)], workers=3)
    assert ok.in_order() == [0, 1, 4, 9, 16] and not ok.interrupted
    assert ok.where == "3 local processes"
    with pytest.raises(ValueError, match="job five refuses"):
        run_jobs(_square_or_fail, [(i,) for i in range(9)], workers=2)
    assert not multiprocessing.active_children()


def test_a_worker_that_dies_is_named_not_waited_for() -> None:
    """A worker process that ends in the middle of a job (killed, out of memory) stops the
    run with an error naming it and its exit code, instead of waiting for a result that will
    never come."""
    import multiprocessing

    from mahjong_table.scale import run_jobs

    with pytest.raises(RuntimeError, match=r"worker process \d+ ended.*during job 3"):
        run_jobs(_die_on_three, [(i,) for i in range(6)], workers=2)
    assert not multiprocessing.active_children()


def test_shutdown_ray_is_bounded_and_leaves_no_process() -> None:
    """``scale.shutdown_ray``: a local Ray started by a process is shut down within its
    bound and none of Ray's processes is left (a plain ``ray.shutdown()`` once hung in CI
    waiting on them). Run in a fresh interpreter: a real local Ray of its own."""
    import subprocess
    import sys
    import time

    pytest.importorskip("ray")
    code = (
        "import os, time, ray\n"
        "from mahjong_table.scale import _descendants, shutdown_ray\n"
        "ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False,"
        " num_cpus=1)\n"
        "assert ray.get(ray.remote(lambda: 7).remote()) == 7\n"
        "started = _descendants(os.getpid())\n"
        "shutdown_ray(hang_after=20.0)\n"
        "time.sleep(0.5)\n"
        "left = [p for p in started if os.path.exists(f'/proc/{p}')"
        " and open(f'/proc/{p}/stat').read().rsplit(')', 1)[1].split()[0] != 'Z']\n"
        "print(len(started), len(left))\n"
    )
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    started, left = map(int, proc.stdout.split()[-2:])
    assert started > 0 and left == 0
    assert time.monotonic() - start < 90
