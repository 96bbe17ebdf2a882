"""Memory of the web server over many rooms (issue 42 item 5): finished rooms leave nothing
behind.

The server (``web.app.Server``, on an SQLite file in a temporary directory) runs in this
process, so that its resident memory is this process's and a collection can be asked for.
After a warm-up (one room of each rule set played to its end and unloaded: the modules
imported, the engine's tables and the card's matcher index made), the idle figure is taken;
then ``rooms`` rooms of four bots (Hong Kong, Chinese with MCR scoring, American, in turn),
``batch`` at a time, each watched by a page (a spectator client, so that the state messages
and boards are built as for a person), play one hand to the end and leave memory (a finished
room without a page leaves after ``finished_idle_seconds``, here 0.2 s). After a collection
the resident memory must be back within 10% of the idle figure.

``python -m bench.web_memory [--rooms 200] [--batch 20] [--trace]`` (``--trace``:
tracemalloc's largest growths, slow) or ``python -m bench --only memory``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .common import Report, heading

__all__ = ["measure", "run", "main"]

#: the rooms played in turn: rule set, options (form fields) and the four bots
ROOMS: tuple[tuple[str, dict[str, str], tuple[str, str, str, str]], ...] = (
    ("hongkong", {}, ("efficiency", "strong", "hard", "random")),
    ("chinese", {"opt_chinese_scoring": "mcr"}, ("hard", "strong", "efficiency", "easy")),
    ("american", {}, ("american", "hard", "american", "easy")),
)


def rss_mib() -> float:
    """This process's resident memory in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class _Page:
    """A spectator's page: takes every message and keeps only the count."""

    seat = -1

    def __init__(self) -> None:
        self.messages = 0

    def send(self, message: dict[str, Any]) -> None:
        self.messages += 1


async def _play(server: Any, first: int, n: int, batch: int, peak: list[float]) -> int:
    """Play rooms ``first`` .. ``first + n - 1``, ``batch`` at a time, each watched by a page
    until its game is over; wait until each batch has left memory. Returns the messages the
    pages were sent."""
    from mahjong_table.web.table import LiveTable

    sent = 0
    i = first
    while i < first + n:
        pages: list[tuple[LiveTable, _Page]] = []
        for _ in range(min(batch, first + n - i)):
            rules, options, bots = ROOMS[i % len(ROOMS)]
            form = {"rules": rules, **options, "max_hands": "1", "claim_pause": "0",
                    "bot_delay": "0", "claim_seconds": "2", "seed": f"memory-{i}",
                    "practice_deal": "1", **{f"seat{s}": b for s, b in enumerate(bots)}}
            row = await server.create(form, "bench")
            live = await server.table(row.id)
            if live is not None:
                page = _Page()
                live.attach(page)
                pages.append((live, page))
            i += 1
        while pages:
            await asyncio.sleep(0.05)
            peak[0] = max(peak[0], rss_mib())
            for live, page in list(pages):
                if live.finished:
                    live.detach(page)
                    sent += page.messages
                    pages.remove((live, page))
        while server.rooms:  # every room of the batch leaves memory
            await asyncio.sleep(0.05)
    return sent


async def _measure(rooms: int, batch: int, trace: bool) -> dict[str, Any]:
    from mahjong_table.web.app import Server, give_back_memory

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/memory.db", tables_per_minute=10**6,
                        finished_idle_seconds=0.2)
        await server.start()
        try:
            peak = [0.0]
            await _play(server, 0, len(ROOMS), len(ROOMS), peak)  # warm-up
            gc.collect()
            give_back_memory()
            idle = rss_mib()
            snapshot = None
            if trace:
                import tracemalloc

                tracemalloc.start(1)
                snapshot = tracemalloc.take_snapshot()
            t0 = time.perf_counter()
            peak = [idle]
            sent = await _play(server, len(ROOMS), rooms, batch, peak)
            seconds = time.perf_counter() - t0
            before_gc = rss_mib()
            gc.collect()
            give_back_memory()
            after = rss_mib()
            top: list[str] = []
            if snapshot is not None:
                import tracemalloc

                now = tracemalloc.take_snapshot()
                top = [str(s) for s in now.compare_to(snapshot, "lineno")[:15]]
                tracemalloc.stop()
            status = server.status()
        finally:
            await server.stop()
    return {"rooms": rooms, "batch": batch, "idle": idle, "peak": peak[0],
            "before_gc": before_gc, "after": after, "seconds": seconds, "messages": sent,
            "left": status["rooms"], "top": top}


def measure(rooms: int = 200, batch: int = 20, trace: bool = False) -> dict[str, Any]:
    """Run the measurement (see the module docstring) and return its figures (MiB)."""
    return asyncio.run(_measure(rooms, batch, trace))


def _print(r: dict[str, Any]) -> None:
    print(f"  {r['rooms']} rooms of four bots ({r['batch']} at a time, each watched by a "
          f"page; {r['messages']:,} state messages) played to the end in "
          f"{r['seconds']:.0f} s")
    print(f"  resident memory: idle {r['idle']:.1f} MiB (after a warm-up room of each rule "
          f"set), peak {r['peak']:.1f} MiB, after the rooms left {r['before_gc']:.1f} MiB, "
          f"after a collection {r['after']:.1f} MiB ({(r['after'] / r['idle'] - 1) * 100:+.1f}%"
          f" of idle); rooms left in memory: {r['left']}")
    for line in r["top"]:
        print(f"    {line}")


def run(report: Report, *, quick: bool = False) -> None:
    """The memory benchmark for ``python -m bench``."""
    heading("web server memory over many finished rooms (in this process, SQLite)")
    try:
        import sqlalchemy  # noqa: F401
        import starlette  # noqa: F401
    except ModuleNotFoundError as exc:
        report.skip(f"web memory: {exc.name} is not installed (pip install -e '.[dev]')")
        return
    r = measure(30 if quick else 200, 10 if quick else 20)
    _print(r)
    report.target(r["after"] <= r["idle"] * 1.10 and r["left"] == 0,
                  f"web: after {r['rooms']} finished rooms the server's memory is back within "
                  f"10% of idle ({r['after']:.1f} MiB against {r['idle']:.1f} MiB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_memory", description=__doc__)
    parser.add_argument("--rooms", type=int, default=200, help="rooms played (1-2000)")
    parser.add_argument("--batch", type=int, default=20, help="rooms at a time (1-200)")
    parser.add_argument("--trace", action="store_true",
                        help="tracemalloc's largest growths (slow: several times longer)")
    args = parser.parse_args(argv)
    if not (1 <= args.rooms <= 2000 and 1 <= args.batch <= 200):
        parser.error("1-2000 rooms, 1-200 at a time")
    r = measure(args.rooms, args.batch, args.trace)
    _print(r)
    return 0 if r["after"] <= r["idle"] * 1.10 else 1


if __name__ == "__main__":
    sys.exit(main())
