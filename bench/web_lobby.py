"""The public lobby and quick play under load (issue 46 "Measured"), beside the room load bench.

A real ``mahjong-table serve`` process (SQLite in a temporary directory) holds ``--rooms``
rooms of four bots playing (paced at ``--bot-delay``); ``--people`` browsers (guests, each
with its own cookie) sit in the lobby, each reading ``GET /api/rooms`` about once a second
(a lobby update) and, once during the run, asking for quick play (``POST /lobby/quick``, a
join: a seat taken, or a room made) then reading its waiting room's JSON. It reports the p50
and p99 of a lobby update and of a join, and the rooms listed. Only 127.0.0.1 is contacted;
every loop is bounded in count and time (a browser that has not joined when the time is up
joins then).

``python -m bench.web_lobby [--people 200] [--rooms 50] [--seconds 20]``, or as part of
``python -m bench --only web``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from .common import Report, heading
from .web_load import _free_port

__all__ = ["run", "main", "measure"]


async def _browser(c: Any, stop_at: float, index: int, reads: list[float],
                   joins: list[float], errors: list[str]) -> None:
    """One person in the lobby: its own cookie (sent by hand: the bench's one HTTP client
    and its connection pool are shared, so that the client side costs little)."""
    rng = random.Random(index)
    await asyncio.sleep(rng.uniform(0, 1.0))
    t0 = time.perf_counter()
    page = await c.get("/lobby")  # the guest's cookie and CSRF token
    reads.append(time.perf_counter() - t0)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
    cookie = page.headers.get("set-cookie", "").split(";", 1)[0]
    if token is None or not cookie:
        errors.append(f"no CSRF token or cookie ({page.status_code})")
        return
    jar = {"Cookie": cookie}
    join_at = time.monotonic() + rng.uniform(0.5, max(1.0, stop_at - time.monotonic() - 2))
    joined = False
    while time.monotonic() < stop_at or not joined:
        if not joined and (time.monotonic() >= join_at or time.monotonic() >= stop_at):
            t0 = time.perf_counter()
            r = await c.post("/lobby/quick", headers=jar,
                             data={"rules": "hongkong", "wait": "300",
                                   "csrf": token.group(1)})
            if r.status_code != 303:
                errors.append(f"join {r.status_code}")
            else:
                room = r.headers["location"].rsplit("/", 1)[1]
                got = await c.get(f"/api/rooms/{room}", headers=jar)
                joins.append(time.perf_counter() - t0)
                if got.status_code != 200 or got.json().get("you") is None:
                    errors.append("joined no seat")
            joined = True
            continue
        t0 = time.perf_counter()
        r = await c.get("/api/rooms")
        if r.status_code == 200:
            reads.append(time.perf_counter() - t0)
        else:
            errors.append(f"lobby {r.status_code}")
        await asyncio.sleep(rng.uniform(0.8, 1.2))


async def _load(base: str, people: int, rooms: int, seconds: float,
                bot_delay: float) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        for i in range(rooms):
            form = {"rules": "hongkong", "seat0": "efficiency", "seat1": "efficiency",
                    "seat2": "efficiency", "seat3": "random", "claim_pause": str(bot_delay),
                    "bot_delay": str(bot_delay)}
            r = await c.post("/tables", data=form)
            if r.status_code != 201:
                raise RuntimeError(f"room {i} not created: {r.status_code}")
    reads: list[float] = []
    joins: list[float] = []
    errors: list[str] = []
    stop_at = time.monotonic() + seconds

    class NoCookies(httpx.Cookies):
        def set_cookie_header(self, request: Any) -> None:  # each person sends its own
            pass

        def extract_cookies(self, response: Any) -> None:
            pass

    limits = httpx.Limits(max_connections=people, max_keepalive_connections=people)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as c:
        c._cookies = NoCookies()
        await asyncio.gather(*(_browser(c, stop_at, i, reads, joins, errors)
                               for i in range(people)))
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        listed = len((await c.get("/api/rooms")).json()["rooms"])
        status = (await c.get("/status")).json()
    return {"reads": reads, "joins": joins, "errors": errors, "listed": listed,
            "live_rooms": status.get("rooms")}


def measure(people: int = 200, rooms: int = 50, seconds: float = 20.0,
            bot_delay: float = 0.2) -> dict[str, Any]:
    """Run the load once (see the module docstring) and return its figures."""
    import socket

    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "mahjong_table.cli", "serve", "--port", str(port),
             "--db", f"sqlite:///{tmp}/lobby.db", "--tables-per-minute", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
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
            got = asyncio.run(_load(f"http://127.0.0.1:{port}", people, rooms, seconds,
                                    bot_delay))
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
    got.update(people=people, rooms=rooms, seconds=seconds)
    return got


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * q))] if s else float("nan")


def _print(r: dict[str, Any]) -> None:
    print(f"  cores {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    print(f"  {r['people']} people in the lobby, {r['rooms']} rooms of bots playing "
          f"({r['live_rooms']} live at the end), {r['seconds']:.0f} s; {r['listed']} public "
          "rooms listed at the end")
    for name, xs in (("lobby update (GET /api/rooms)", r["reads"]),
                     ("join (POST /lobby/quick + its room)", r["joins"])):
        if xs:
            print(f"  {name:38} p50 {statistics.median(xs) * 1000:.1f} ms, "
                  f"p99 {_pct(xs, 0.99) * 1000:.1f} ms ({len(xs)})")
    if r["errors"]:
        print(f"  errors: {len(r['errors'])} (first: {r['errors'][:3]})")


def run(report: Report, *, quick: bool = False) -> None:
    """The lobby benchmark for ``python -m bench``."""
    heading("the public lobby and quick play under load (loopback, SQLite)")
    try:
        import argon2  # noqa: F401
        import httpx  # noqa: F401
        import starlette  # noqa: F401
    except ModuleNotFoundError as exc:
        report.skip(f"web lobby: {exc.name} is not installed (pip install -e '.[dev]')")
        return
    people, rooms, seconds = (60, 15, 8.0) if quick else (200, 50, 20.0)
    r = measure(people, rooms, seconds)
    _print(r)
    report.target(not r["errors"], f"web lobby: no error ({len(r['errors'])})")
    for name, xs, limit in (("a lobby update", r["reads"], 0.5), ("a join", r["joins"], 1.0)):
        p99 = _pct(xs, 0.99)
        report.target(bool(xs) and p99 < limit,
                      f"web lobby: p99 of {name} {p99 * 1000:.0f} ms < {limit * 1000:.0f} ms "
                      f"({r['people']} people, {r['rooms']} rooms playing)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_lobby", description=__doc__)
    parser.add_argument("--people", type=int, default=200, help="browsers in the lobby")
    parser.add_argument("--rooms", type=int, default=50, help="rooms of bots playing")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long (max 300)")
    parser.add_argument("--bot-delay", type=float, default=0.2, help="the rooms' bot pace")
    args = parser.parse_args(argv)
    if not (1 <= args.people <= 2000 and 0 <= args.rooms <= 1000 and 0 < args.seconds <= 300):
        parser.error("1-2000 people, 0-1000 rooms, 0-300 seconds")
    r = measure(args.people, args.rooms, args.seconds, args.bot_delay)
    _print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
