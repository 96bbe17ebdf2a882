"""Load on the web table (issue 9 item 8): a bounded loopback test.

A real ``mahjong-table serve`` process (SQLite in a temporary directory, or ``--db URL``)
holds many tables of four bots at once plus tables where a simulated person plays seat 0
over a websocket (discarding the drawn tile at once, passing every claim). For a fixed time
it reports the tables held, the actions per second the server stored, the latency from a
person's action to the next view it is sent (p50, p99), and the server's memory per table.
Only 127.0.0.1 is contacted; every loop is bounded in count and time.

``python -m bench.web_load [--tables 100] [--people 20] [--seconds 15] [--bot-delay 0.2]``,
or as part of ``python -m bench --only web``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .common import Report, heading

__all__ = ["run", "main"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _person(url: str, stop_at: float, latencies: list[float],
                  counts: dict[str, int]) -> None:
    """One simulated person at seat 0: acts on every decision at once and times the answer
    (from sending a discard to the next state message; a claim answer waits for the
    claim pause by design and is not timed)."""
    from websockets.asyncio.client import connect

    sent_at: float | None = None
    timed = False
    async with connect(url, max_size=2**22) as ws:
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop_at - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            if sent_at is not None:
                if timed:
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            acts = msg["actions"]
            if not acts or msg["offer"] is None:
                continue
            drawn = msg["view"].get("drawn")
            pick = next((a for a in acts if a["kind"] == "pass"), None) or next(
                (a for a in acts if a["kind"] == "discard" and a.get("tile") == drawn), None
            ) or next((a for a in acts if a["kind"] == "discard"), acts[0])
            action = {k: v for k, v in pick.items() if k not in ("label", "count", "blind_max")}
            if action["kind"] in ("charleston_pass", "courtesy_pass"):
                continue  # the load runs Hong Kong tables: no Charleston
            # a claim answer waits for the claim pause by design (timing tells nothing):
            # only turn actions (discards) are timed
            timed = action["kind"] != "pass"
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "offer": msg["offer"],
                                      "action": action}))
            counts["sent"] += 1


async def _load(base: str, tables: int, people: int, seconds: float, bot_delay: float,
                pid: int) -> dict[str, Any]:
    import httpx

    rss_before = _rss_kib(pid)
    settings = {"claim_seconds": "5", "claim_pause": str(min(bot_delay, 10.0)),
                "bot_delay": str(bot_delay)}
    person_links: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for i in range(tables + people):
            human = i >= tables
            form = {"rules": "hongkong", "seed": f"load-{i}", "practice_deal": "1",
                    "seat0": "human" if human else "efficiency", "seat1": "efficiency",
                    "seat2": "efficiency", "seat3": "random", **settings}
            r = await client.post("/tables", data=form)
            if r.status_code != 201:
                raise RuntimeError(f"table {i} not created: {r.status_code} {r.text[:200]}")
            if human:
                link = r.text.split('data-seat="0" href="')[1].split('"')[0]
                person_links.append(link.replace("http://", "ws://").replace("/play/", "/ws/"))
    await asyncio.sleep(0.5)
    rss_held = _rss_kib(pid)
    latencies: list[float] = []
    counts = {"sent": 0}
    start = time.monotonic()
    stop_at = start + seconds
    await asyncio.gather(*(_person(u, stop_at, latencies, counts) for u in person_links))
    elapsed = time.monotonic() - start
    return {"rss_before": rss_before, "rss_held": rss_held, "rss_after": _rss_kib(pid),
            "latencies": latencies, "sent": counts["sent"], "elapsed": elapsed}


def _count_actions(db_path: Path, *, unfinished: bool = False) -> int:
    """Actions stored so far (or, with ``unfinished``, tables still being played)."""
    import sqlite3

    con = sqlite3.connect(db_path)
    try:
        q = ("SELECT COUNT(*) FROM mt_tables WHERE NOT finished" if unfinished
             else "SELECT COUNT(*) FROM mt_actions")
        return int(con.execute(q).fetchone()[0])
    finally:
        con.close()


def measure(tables: int = 100, people: int = 20, seconds: float = 15.0,
            bot_delay: float = 0.2) -> dict[str, Any]:
    """Run the load once (see the module docstring) and return its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp) / "load.db"
        port = _free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "mahjong_table.cli", "serve", "--port", str(port),
             "--db", f"sqlite:///{db_path}", "--tables-per-minute", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), 0.2):
                        break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.05)
            before = _count_actions(db_path)
            t0 = time.monotonic()
            got = asyncio.run(_load(f"http://127.0.0.1:{port}", tables, people, seconds,
                                    bot_delay, proc.pid))
            stored = _count_actions(db_path) - before
            got["unfinished"] = _count_actions(db_path, unfinished=True)
            got["actions_per_second"] = stored / (time.monotonic() - t0)
            got["stored"] = stored
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
    got["tables"] = tables + people
    return got


def run(report: Report, *, quick: bool = False) -> None:
    """The load benchmark for ``python -m bench``."""
    heading("web table under load (loopback, SQLite)")
    try:
        import httpx  # noqa: F401
        import starlette  # noqa: F401
        import websockets  # noqa: F401
    except ModuleNotFoundError as exc:
        report.skip(f"web load: {exc.name} is not installed (pip install -e '.[dev]')")
        return
    tables, people, seconds = (40, 10, 6.0) if quick else (150, 30, 20.0)
    r = measure(tables, people, seconds)
    _print(r)
    lat = sorted(r["latencies"])
    if lat:
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        report.target(p99 < 0.25, f"web: p99 discard-to-view latency {p99 * 1000:.0f} ms "
                                  f"< 250 ms with {r['tables']} tables held")
    else:
        report.target(False, "web: no person's action was answered")


def _print(r: dict[str, Any]) -> None:
    lat = sorted(r["latencies"])
    per_table = (r["rss_held"] - r["rss_before"]) / max(r["tables"], 1)
    print(f"  tables held            {r['tables']} at once ({r['unfinished']} still playing "
          f"at the end, the others finished their game)")
    print(f"  actions stored         {r['stored']} ({r['actions_per_second']:.0f} per second)")
    if lat:
        p50 = statistics.median(lat)
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        print(f"  discard -> next view   p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
              f"({len(lat)} actions)")
    print(f"  server memory          {r['rss_before'] / 1024:.0f} MiB before the tables, "
          f"{r['rss_held'] / 1024:.0f} MiB holding them, {r['rss_after'] / 1024:.0f} MiB "
          f"after {r['elapsed']:.0f} s: {per_table:.0f} KiB per table")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_load", description=__doc__)
    parser.add_argument("--tables", type=int, default=100, help="tables of four bots")
    parser.add_argument("--people", type=int, default=20,
                        help="tables with a simulated person at seat 0")
    parser.add_argument("--seconds", type=float, default=15.0, help="how long (max 300)")
    parser.add_argument("--bot-delay", type=float, default=0.2,
                        help="the tables' bot_delay and claim_pause (seconds)")
    args = parser.parse_args(argv)
    if not (1 <= args.tables + args.people <= 2000 and 0 < args.seconds <= 300):
        parser.error("1-2000 tables, 0-300 seconds")
    r = measure(args.tables, args.people, args.seconds, args.bot_delay)
    _print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
