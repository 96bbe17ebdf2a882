"""The web table on several processes (issue 20 item 5): a bounded loopback benchmark on one
PostgreSQL server (``MAHJONG_TABLE_BENCH_PG``, else ``MAHJONG_TABLE_TEST_PG``; skipped
without one). Everything runs in a schema of its own, dropped at the end.

1. ``serve --workers N`` for N = 1, 2, at 60 and 160 rooms (tables of four bots and tables
   where a simulated person plays seat 0 over a websocket that lands on any worker): rooms
   held, stored actions per second, discard-to-view p50/p99, memory per room (the workers'
   resident memory over the rooms they hold), with the machine's cores and load.
2. The same load on 2 workers with one worker killed (SIGKILL) every ``kill_every`` seconds
   (uvicorn starts a new one): p99 in the 5 s after each kill, actions lost (every action a
   person was acknowledged must be stored: must be 0), and the time until every page that
   lost its socket had a state again.
3. Restart: 1,000 unfinished rooms in the database, all live when their server died; a new
   ``serve`` answers its first ``GET /`` after how long, has taken them over after how long,
   and every room is playing again (an action stored since) after how long; rooms that are
   not after a minute are frozen.

Then issue 42's targets side by side: restart GET / within 3 s, every room playing within
30 s, 0 frozen; fail-over every page back within 5 s, 0 lost; p99 under 500 ms at 160 rooms
on one process.

Only 127.0.0.1 is contacted; every loop is bounded in count and time.
``python -m bench.web_cluster [--quick]`` or ``python -m bench --only web``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .common import Report, heading

__all__ = ["run", "main", "pg_url"]


def pg_url() -> str | None:
    """The PostgreSQL server to measure on (None: none given)."""
    return os.environ.get("MAHJONG_TABLE_BENCH_PG") or os.environ.get("MAHJONG_TABLE_TEST_PG")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class Schema:
    """A schema of its own on the server (its URL sets the search path), dropped at exit."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.name = f"bench_{secrets.token_hex(4)}"
        sep = "&" if "?" in base else "?"
        self.url = f"{base}{sep}options={quote(f'-csearch_path={self.name}')}"

    def __enter__(self) -> Schema:
        import psycopg

        with psycopg.connect(self.base, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {self.name}")
        return self

    def __exit__(self, *_exc: object) -> None:
        import psycopg

        with psycopg.connect(self.base, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {self.name} CASCADE")

    def scalar(self, sql: str) -> Any:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            row = conn.execute(sql).fetchone()
            return None if row is None else row[0]


class Serve:
    """``mahjong-table serve --workers N`` on loopback."""

    def __init__(self, db: str, workers: int, *extra: str) -> None:
        self.port = _free_port()
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mahjong_table.cli", "serve", "--port", str(self.port),
             "--db", db, "--workers", str(workers), "--tables-per-minute", "100000",
             *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_listening(self, limit: float = 60.0) -> float:
        """Seconds from start until the port accepts connections."""
        deadline = time.monotonic() + limit
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2):
                    return time.monotonic() - self.started
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.02)

    def workers(self) -> list[int]:
        """The server's worker processes (uvicorn's children that serve; not its
        multiprocessing helpers), or the server itself with one process."""
        kids = []
        for pid in _children(self.proc.pid):
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmd or b"mahjong_table" in cmd:
                kids.append(pid)
        return kids or [self.proc.pid]

    def rss_kib(self) -> int:
        return sum(_rss_kib(p) for p in self.workers())

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


class Person:
    """A simulated person at seat 0 of one table: acts at once on every decision, times a
    discard to the next state, keeps every acknowledged action, reconnects on a closed
    socket (as the page does) and notes how long it was away."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.latencies: list[tuple[float, float]] = []  # (when, seconds)
        self.acked: list[dict[str, Any]] = []
        self.away: list[tuple[float, float]] = []  # (lost at, back after seconds)
        self.table = ""

    async def play(self, stop_at: float) -> None:
        from websockets.asyncio.client import connect

        for _attempt in range(100):
            if time.monotonic() >= stop_at:
                return
            try:
                async with connect(self.url, max_size=2**22, open_timeout=5) as ws:
                    await self._session(ws, stop_at)
                    return
            except (OSError, TimeoutError, Exception):
                # the socket closed (or a reconnection failed): away since the first loss
                if not (self.away and self.away[-1][1] < 0):
                    self.away.append((time.monotonic(), -1.0))
                await asyncio.sleep(0.25)

    async def _session(self, ws: Any, stop_at: float) -> None:
        pending: dict[int, dict[str, Any]] = {}
        sent_at: float | None = None
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop_at - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] == "ack":
                got = pending.pop(msg["offer"], None)
                if got is not None:
                    self.acked.append(got)
                continue
            if msg["type"] != "state":
                continue
            now = time.monotonic()
            if self.away and self.away[-1][1] < 0:
                self.away[-1] = (self.away[-1][0], now - self.away[-1][0])
            self.table = msg["table"]
            if sent_at is not None:
                self.latencies.append((now, time.perf_counter() - sent_at))
                sent_at = None
            acts = msg["actions"]
            if not acts or msg["offer"] is None or msg["offer"] in pending:
                continue
            drawn = msg["view"].get("drawn")
            pick = next((a for a in acts if a["kind"] == "pass"), None) or next(
                (a for a in acts if a["kind"] == "discard" and a.get("tile") == drawn), None
            ) or next((a for a in acts if a["kind"] == "discard"), acts[0])
            action = {k: v for k, v in pick.items() if k not in ("label", "count", "blind_max")}
            pending[msg["offer"]] = {**action, "table": msg["table"]}
            timed = action["kind"] != "pass"  # a claim answer waits for the pause by design
            await ws.send(json.dumps({"type": "action", "offer": msg["offer"],
                                      "action": action}))
            if timed:
                sent_at = time.perf_counter()


async def _create(base: str, tables: int, people: int, bot_delay: float) -> list[str]:
    import httpx

    settings = {"claim_seconds": "5", "claim_pause": str(bot_delay),
                "bot_delay": str(bot_delay), "turn_seconds": "60"}
    links: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for i in range(tables + people):
            human = i >= tables
            form = {"rules": "hongkong", "seat0": "human" if human else "efficiency",
                    "seat1": "efficiency", "seat2": "efficiency", "seat3": "random",
                    **settings}
            r = await client.post("/tables", data=form)
            if r.status_code != 201:
                raise RuntimeError(f"table {i} not created: {r.status_code} {r.text[:200]}")
            if human:
                link = r.text.split('data-seat="0" href="')[1].split('"')[0]
                links.append(link.replace("http://", "ws://").replace("/play/", "/ws/"))
    return links


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * q))] if s else float("nan")


def measure_load(schema: Schema, workers: int, tables: int, people: int, seconds: float,
                 bot_delay: float = 0.2, kill_every: float | None = None) -> dict[str, Any]:
    """One load run on ``workers`` processes (optionally killing one every ``kill_every``
    seconds); its figures."""
    srv = Serve(schema.url, workers)
    try:
        srv.wait_listening()
        time.sleep(1.0)  # every worker up
        rss_before = srv.rss_kib()
        actions_before = int(schema.scalar("SELECT count(*) FROM mt_actions") or 0)
        links = asyncio.run(_create(f"http://127.0.0.1:{srv.port}", tables, people,
                                    bot_delay))
        persons = [Person(u) for u in links]
        kills: list[float] = []

        async def load() -> None:
            stop_at = time.monotonic() + seconds

            async def killer() -> None:
                if kill_every is None:
                    return
                for _ in range(int(seconds // kill_every)):
                    await asyncio.sleep(kill_every)
                    if time.monotonic() > stop_at - 3:
                        return
                    # the largest worker (it holds the most rooms); uvicorn starts a new
                    # one in its place
                    victims = sorted(srv.workers(), key=_rss_kib)
                    if len(victims) < 2:
                        continue
                    os.kill(victims[-1], signal.SIGKILL)
                    kills.append(time.monotonic())

            await asyncio.gather(killer(), *(p.play(stop_at) for p in persons))

        t0 = time.monotonic()
        asyncio.run(load())
        elapsed = time.monotonic() - t0
        rooms = int(schema.scalar("SELECT count(*) FROM mt_owners") or 0)
        rss_held = srv.rss_kib()
        stored = int(schema.scalar("SELECT count(*) FROM mt_actions") or 0) - actions_before
        # every acknowledged action is stored (the person's, in order)
        lost = 0
        import psycopg

        with psycopg.connect(schema.url, autocommit=True) as conn:
            for p in persons:
                if not p.acked:
                    continue
                rows = conn.execute(
                    "SELECT action FROM mt_actions WHERE table_id = %s ORDER BY seq",
                    (p.acked[0]["table"],)).fetchall()
                mine = iter(a for a in (json.loads(r[0]) for r in rows) if a["player"] == 0)
                for want in p.acked:
                    fields = {k: v for k, v in want.items() if k != "table"}
                    if not any(all(s.get(k) == v for k, v in fields.items()) for s in mine):
                        lost += 1
    finally:
        srv.stop()
    lat = [s for p in persons for _, s in p.latencies]
    during = [s for p in persons for at, s in p.latencies
              if any(k <= at <= k + 5 for k in kills)]
    back = [d for p in persons for _, d in p.away if d >= 0]
    # away when the run ended, for longer than the slowest page that came back
    never = sum(1 for p in persons for lost, d in p.away
                if d < 0 and t0 + elapsed - lost > max(back, default=0.0) + 2)
    return {"workers": workers, "tables": tables + people, "rooms": rooms,
            "stored": stored, "aps": stored / elapsed, "p50": _percentile(lat, 0.5),
            "p99": _percentile(lat, 0.99), "n": len(lat),
            "kib_per_room": (rss_held - rss_before) / max(rooms, 1),
            "rss_mib": rss_held / 1024, "kills": len(kills),
            "p99_failover": _percentile(during, 0.99), "n_failover": len(during),
            "lost": lost, "acked": sum(len(p.acked) for p in persons),
            "back_max": max(back) if back else 0.0, "back_n": len(back),
            "never_back": never}


def measure_restart(schema: Schema, rooms: int, *, bot_delay: float = 5.0,
                    watch: float = 60.0) -> dict[str, Any]:
    """``rooms`` unfinished rooms of four bots (90 stored actions each, in the second of four
    hands, bots acting every ``bot_delay`` seconds), all live when their server died: seconds
    from the command
    to the first answer of a new server, until it has taken them all over, and until every
    room is playing again (an action stored after the restart); rooms with none within
    ``watch`` seconds are frozen."""
    import httpx
    import psycopg

    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set

    rules = get_rule_set("hongkong")
    seed = "restart-bench"
    # a game of four hands stopped at its 90th action, in the middle of its second hand (a
    # stored game that was over would not play again; the bots of the hand in play are asked
    # their 32 decisions of it again before they play on)
    game = Game(rules, seed, max_hands=4, names=list("ABCD"))
    bots = [make_bot("efficiency", f"{seed}/{i}", rules=rules) for i in range(4)]
    while len(game.actions) < 90:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    assert not game.is_over
    actions = [json.dumps(a.to_json()) for a in game.actions]
    # the schema's tables, made by a server's first start (and its time to a first answer
    # on an empty database, to compare)
    srv = Serve(schema.url, 1)
    try:
        srv.wait_listening()
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{srv.port}/", timeout=60)
                break
            except httpx.TransportError:
                time.sleep(0.02)
        empty_first = time.monotonic() - srv.started
    finally:
        srv.stop()
    now = time.time()
    ids = [f"restart-{i:05d}" for i in range(rooms)]
    with psycopg.connect(schema.url, autocommit=False) as conn:
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO mt_tables (id, created, rules, options, seed, max_hands, names, "
                "seats, settings, finished, practice, game_no) VALUES "
                "(%s, %s, 'hongkong', '{}', %s, 4, %s, %s, %s, false, true, 0)",
                [(r, now, seed, json.dumps(list("ABCD")),
                  json.dumps(["efficiency", "efficiency", "efficiency", "random"]),
                  json.dumps({"bot_delay": bot_delay})) for r in ids])
            with cur.copy("COPY mt_actions (table_id, seq, action, at) FROM STDIN") as copy:
                for r in ids:
                    for i, a in enumerate(actions):
                        copy.write_row((r, i, a, now))
            cur.executemany("INSERT INTO mt_owners (room, proc, lock_pid, at) VALUES "
                            "(%s, 'gone', 0, %s)", [(r, now) for r in ids])
        conn.commit()
    restarted = time.time()
    srv = Serve(schema.url, 1, "--max-rooms", str(rooms))

    def playing() -> int:
        return int(schema.scalar(f"SELECT count(DISTINCT table_id) FROM mt_actions "
                                 f"WHERE at > {restarted}") or 0)

    try:
        listening = srv.wait_listening()
        first = None
        deadline = time.monotonic() + 120
        while first is None and time.monotonic() < deadline:
            try:
                resp = httpx.get(f"http://127.0.0.1:{srv.port}/", timeout=60)
                if resp.status_code == 200:
                    first = time.monotonic() - srv.started
            except httpx.TransportError:
                time.sleep(0.02)
        held_at_first = httpx.get(f"http://127.0.0.1:{srv.port}/status").json()["rooms"]
        took = all_playing = None
        held = held_at_first
        going = 0
        deadline = srv.started + watch
        while time.monotonic() < deadline:
            if took is None:
                held = httpx.get(f"http://127.0.0.1:{srv.port}/status", timeout=60).json()["rooms"]
                if held >= rooms:
                    took = time.monotonic() - srv.started
            going = playing()
            if going >= rooms:
                all_playing = time.monotonic() - srv.started
                break
            time.sleep(0.5)
        rss = srv.rss_kib()
    finally:
        srv.stop()
    return {"rooms": rooms, "actions": len(actions), "listening": listening,
            "first": first, "held_at_first": held_at_first, "all_taken": took,
            "held": held, "all_playing": all_playing, "playing": going,
            "frozen": rooms - going, "watch": watch, "rss_mib": rss / 1024,
            "empty_first": empty_first, "bot_delay": bot_delay}


def cores() -> str:
    """The machine's cores as this process may use them, and its load average."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return (f"{os.cpu_count()} cores ({usable} usable here), load average "
            f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start")


def run(report: Report, *, quick: bool = False) -> None:
    """The cluster benchmark for ``python -m bench`` (section web): the load on 1 and 2
    processes at 60 and 160 rooms, a fail-over under load, a restart with 1,000 unfinished
    rooms, and issue 42's targets side by side."""
    heading("web table on several processes (loopback, one PostgreSQL)")
    base = pg_url()
    if not base:
        report.skip("web cluster: no PostgreSQL (set MAHJONG_TABLE_BENCH_PG or "
                    "MAHJONG_TABLE_TEST_PG; .ci/run starts one)")
        return
    try:
        import httpx  # noqa: F401
        import psycopg  # noqa: F401
        import websockets  # noqa: F401
    except ModuleNotFoundError as exc:
        report.skip(f"web cluster: {exc.name} is not installed (pip install -e '.[dev]')")
        return
    print(f"  machine: {cores()}")
    seconds = 8.0 if quick else 20.0
    loads = ((16, 8), (48, 16)) if quick else ((40, 20), (120, 40))
    rows = []
    for tables, people in loads:
        for n in (1, 2):
            with Schema(base) as schema:
                rows.append(measure_load(schema, n, tables, people, seconds))
    print(f"  {'processes':>9} {'rooms':>6} {'actions/s':>10} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'KiB/room':>9}  (discard -> next view; 0.2 s pacing, {seconds:g} s)")
    for r in rows:
        print(f"  {r['workers']:>9} {r['tables']:>6} {r['aps']:>10.0f} {r['p50'] * 1000:>7.1f} "
              f"{r['p99'] * 1000:>7.1f} {r['kib_per_room']:>9.0f}")
    big = max(r["tables"] for r in rows)
    one_big = next(r for r in rows if r["workers"] == 1 and r["tables"] == big)
    kill_every, fo_seconds = (8.0, 20.0) if quick else (30.0, 65.0)
    tables, people = loads[0]
    with Schema(base) as schema:
        fo = measure_load(schema, 2, tables, people, fo_seconds, kill_every=kill_every)
    print(f"  fail-over: 2 processes, {tables + people} rooms, one killed (SIGKILL) every "
          f"{kill_every:g} s: {fo['kills']} kills, {fo['acked']} actions acknowledged, "
          f"{fo['lost']} lost; p99 within 5 s of a kill {fo['p99_failover'] * 1000:.0f} ms "
          f"({fo['n_failover']} discards), overall p99 {fo['p99'] * 1000:.0f} ms; "
          f"pages back after at most {fo['back_max']:.2f} s ({fo['back_n']} reconnections, "
          f"{fo['never_back']} not back)")
    n_rooms = 200 if quick else 1000
    with Schema(base) as schema:
        rs = measure_restart(schema, n_rooms)
    first = rs["first"] if rs["first"] is not None else float("inf")
    playing = rs["all_playing"] if rs["all_playing"] is not None else float("inf")
    took = (f"every room taken over after {rs['all_taken']:.1f} s"
            if rs["all_taken"] is not None else f"{rs['held']} taken over")
    print(f"  restart with {rs['rooms']} unfinished rooms ({rs['actions']} actions each, bots "
          f"acting every {rs['bot_delay']:g} s, all live when their server died): first "
          f"answer after {first:.2f} s from the command (on an empty database "
          f"{rs['empty_first']:.2f} s), {rs['held_at_first']} rooms rebuilt by then; {took}; "
          f"every room playing again (an action stored) after "
          f"{playing:.1f} s; {rs['frozen']} frozen after {rs['watch']:g} s; "
          f"{rs['rss_mib']:.0f} MiB")
    print("  targets (issue 42), side by side:")
    report.target(first < 3, f"web: restart with {rs['rooms']} unfinished rooms: GET / within "
                             f"3 s ({first:.2f} s)")
    report.target(playing < 30, f"web: restart: every room playing again within 30 s "
                                f"({playing:.1f} s)")
    report.target(rs["frozen"] == 0, f"web: restart: 0 frozen ({rs['frozen']})")
    report.target(fo["never_back"] == 0 and fo["back_max"] < 5 and fo["kills"] > 0,
                  f"web: fail-over under {tables + people} rooms: every page back within 5 s "
                  f"({fo['back_max']:.1f} s, {fo['never_back']} not back)")
    report.target(fo["lost"] == 0 and fo["kills"] > 0,
                  f"web: fail-over: 0 acknowledged actions lost ({fo['lost']} of "
                  f"{fo['acked']}, {fo['kills']} kills)")
    report.target(one_big["p99"] < 0.5, f"web: p99 of an action under 500 ms at "
                                        f"{one_big['tables']} rooms on one process "
                                        f"({one_big['p99'] * 1000:.0f} ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_cluster", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small samples (smoke run)")
    args = parser.parse_args(argv)
    report = Report()
    run(report, quick=args.quick)
    for text in report.missed:
        print(f"  MISSED: {text}")
    return 1 if report.missed else 0


if __name__ == "__main__":
    sys.exit(main())
