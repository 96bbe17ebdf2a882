"""The score calculator's page (issue 47): what a phone downloads and how long it waits.

``python -m bench.score_page [--hands N]`` (also ``python -m bench --only score_page``) starts
a real ``mahjong-table serve`` on loopback and Debian's Chromium (Playwright) at phone size,
and measures:

- the first visit's bytes: every asset the service worker caches, as sent (gzip where the
  server has it) and as stored, by part: the page (HTML, script, style, icons, tile
  pictures), the Pyodide runtime, the package's source;
- the first visit's waits: the first result (scored by the server), the page's Pyodide up
  (each step: the runtime, the package unpacked, imported and a first hand scored), the
  service worker installed; a second visit's (the browser's cache); an offline visit's (the
  service worker's cache, the network cut);
- the time to score a hand: in the page's Pyodide (the worker the page runs, messages
  included) and by the server (``POST /score/api`` from the page over loopback), on N random
  hands of each rule set (Hong Kong and MCR: ``bench.scoring.random_winning_hand``; American:
  lines of the practice card); and, as a check (a target), that both give the same answer
  for every one of them.

Needs the ``web`` and dev extras (Playwright), a Chromium (``CHROMIUM`` or /usr/bin/chromium)
and the runtime (``make web-runtime``); skipped without them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .common import Report, heading

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def hands(n: int, seed: int = 47) -> list[dict[str, str]]:
    """``n`` page fields of each rule set, from ``seed``."""
    from mahjong_table.rules.american.card import format_variation_as_written, practice_card

    from .scoring import random_winning_hand

    rng = random.Random(seed)
    out = []
    letters = "ESWN"
    for rules in ("hongkong", "mcr"):
        for _ in range(n):
            ctx = random_winning_hand(rng).ctx
            fields = {"rules": rules, "hand": ctx.hand.notation(), "win": str(ctx.win_tile),
                      "seat": letters[ctx.seat_wind], "round": letters[ctx.round_wind],
                      "from": "self" if ctx.self_drawn else letters[ctx.discarder or 0]}
            if ctx.bonus:
                fields["bonus"] = "".join(str(t) for t in ctx.bonus)
            out.append(fields)
    lines = practice_card().lines
    for _ in range(n):
        line = rng.choice(lines)
        variation = rng.choice(line.variations)
        hand = format_variation_as_written(variation).replace("F", "1f")
        seat = rng.randrange(4)
        came = "self" if rng.random() < 0.3 else letters[(seat + rng.randrange(1, 4)) % 4]
        out.append({"rules": "american", "hand": hand, "seat": letters[seat], "from": came})
    return out


_MEASURE = """async ({config, queries}) => {
  // the page's own worker (score-worker.js), started afresh: each hand through it, then
  // each through the server, timed from the message (request) to the answer
  const worker = new Worker(config.worker, {type: "module"});
  const answers = new Map();
  let ready;
  const up = new Promise((resolve) => { ready = resolve; });
  worker.onmessage = (e) => {
    if (e.data.type === "ready") ready(e.data);
    else if (e.data.type === "result") answers.get(e.data.id)(e.data);
  };
  worker.postMessage({type: "init", runtime: config.runtime, bundle: config.bundle});
  await up;
  const page = [], server = [], same = [];
  for (let i = 0; i < queries.length; i++) {
    const start = performance.now();
    const got = await new Promise((resolve) => {
      answers.set(i, resolve);
      worker.postMessage({type: "score", id: i, query: queries[i]});
    });
    page.push(performance.now() - start);
    const s = performance.now();
    const reply = await (await fetch(config.api, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(queries[i])})).json();
    server.push(performance.now() - s);
    same.push(JSON.stringify(got.answer) === JSON.stringify(reply));
  }
  worker.terminate();
  return {page, server, same};
}"""


def measure(n: int) -> dict[str, Any]:
    """Start a server and Chromium, measure (see the module's docstring)."""
    import httpx
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {}
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-m", "mahjong_table.cli", "serve", "--port",
                                 str(port), "--db", f"sqlite:///{tmp}/bench.db"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), 0.2):
                        break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.05)
            sw = httpx.get(base + "/score/sw.js").text
            assets = json.loads(sw.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
            parts: dict[str, list[int]] = {"page": [0, 0], "runtime": [0, 0], "package": [0, 0]}
            with httpx.Client(headers={"Accept-Encoding": "gzip"}) as client:
                for url in assets:
                    got = client.get(base + url)
                    part = ("runtime" if "/pyodide/" in url else
                            "package" if url.startswith("/score/py/") else "page")
                    parts[part][0] += got.num_bytes_downloaded
                    parts[part][1] += len(got.content)
            out["bytes"] = parts
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(**PHONE)
                page = context.new_page()
                start = time.monotonic()
                page.goto(base + "/score?rules=hongkong&hand=234s567p777z111z88m&win=1z"
                                 "&seat=S&from=W")
                page.wait_for_function("document.querySelector('#result').dataset.exit === '0'",
                                       timeout=60_000)
                out["first_result_s"] = time.monotonic() - start
                page.wait_for_function("document.body.dataset.engineStatus === 'ready'",
                                       timeout=300_000)
                out["ready_s"] = time.monotonic() - start
                out["steps_ms"] = json.loads(page.evaluate("document.body.dataset.workerSteps"))
                page.wait_for_function("document.body.dataset.sw === 'ready'", timeout=300_000)
                out["sw_s"] = time.monotonic() - start
                config = json.loads(page.locator("#score-config").text_content() or "{}")
                queries = [{"fields": f, "card": None, "lang": "en"} for f in hands(n)]
                got = page.evaluate(_MEASURE, {"config": config, "queries": queries})
                out["page_ms"], out["server_ms"], out["same"] = (got["page"], got["server"],
                                                                 got["same"])
                for name, offline in (("second_visit", False), ("offline_visit", True)):
                    context.set_offline(offline)
                    start = time.monotonic()
                    page.reload()
                    page.wait_for_function("document.body.dataset.engineStatus === 'ready'",
                                           timeout=300_000)
                    out[name + "_s"] = time.monotonic() - start
                    out[name + "_steps_ms"] = json.loads(
                        page.evaluate("document.body.dataset.workerSteps"))
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    return out


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"median {statistics.median(ordered):.1f} ms, p90 {p90:.1f} ms"


def _steps(steps: dict[str, float]) -> str:
    return (f"runtime {steps.get('runtime', 0) / 1000:.1f} s, package "
            f"{steps.get('bundle', 0) / 1000:.2f} s, import and a first hand "
            f"{steps.get('warm', 0) / 1000:.1f} s")


def show(r: dict[str, Any], n: int) -> None:
    for part, (sent, stored) in r["bytes"].items():
        print(f"  {part:<24} {sent / 1e6:6.2f} MB sent, {stored / 1e6:6.2f} MB stored")
    sent = sum(v[0] for v in r["bytes"].values())
    stored = sum(v[1] for v in r["bytes"].values())
    print(f"  {'first visit, all':<24} {sent / 1e6:6.2f} MB sent, {stored / 1e6:6.2f} MB stored")
    print(f"  first result (server)    {r['first_result_s']:.1f} s after the address was opened")
    print(f"  scoring in the page      {r['ready_s']:.1f} s ({_steps(r['steps_ms'])})")
    print(f"  offline ready            {r['sw_s']:.1f} s (service worker installed)")
    print(f"  second visit             {r['second_visit_s']:.1f} s to scoring in the page "
          f"({_steps(r['second_visit_steps_ms'])})")
    print(f"  offline visit            {r['offline_visit_s']:.1f} s to scoring in the page "
          f"({_steps(r['offline_visit_steps_ms'])})")
    print(f"  a hand in the page       {_ms(r['page_ms'])} ({3 * n} hands, three rule sets)")
    print(f"  a hand by the server     {_ms(r['server_ms'])} (loopback, from the page)")


def _missing() -> str | None:
    try:
        import httpx  # noqa: F401
        import playwright  # noqa: F401
        import starlette  # noqa: F401
    except ModuleNotFoundError as exc:
        return f"{exc.name} is not installed (pip install -e '.[dev]')"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM}"
    from mahjong_table.web import runtime

    if runtime.runtime_dir() is None:
        return runtime.missing_reason()
    return None


def run(report: Report, *, quick: bool = False) -> None:
    """The score page's benchmark for ``python -m bench``."""
    heading("score calculator page (Chromium at phone size, loopback)")
    why = _missing()
    if why is not None:
        report.skip(f"score page: {why}")
        return
    n = 10 if quick else 40
    r = measure(n)
    show(r, n)
    report.target(all(r["same"]), f"score page: the page's Pyodide and the server answer the "
                                  f"same for {len(r['same'])} random hands")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.score_page", description=__doc__)
    parser.add_argument("--hands", type=int, default=40, help="random hands per rule set")
    args = parser.parse_args(argv)
    why = _missing()
    if why is not None:
        print(f"skipped: {why}")
        return 0
    r = measure(args.hands)
    show(r, args.hands)
    same = all(r["same"])
    print(f"  same answer              {'yes' if same else 'NO'} for {len(r['same'])} hands")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
