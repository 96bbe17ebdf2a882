"""The deployment behind a reverse proxy (issue 45, docs/deploy.md): Debian's nginx runs the
shipped site file ``deploy/nginx/mahjong-table.conf`` (only its two ports changed) in front of
a real ``mahjong-table serve --log-format json --log-level info``. Through the proxy: the
health check, a person's room played to the end of its hand over a websocket, the lobby's
per-address limit counted on each real client (loopback addresses 127.0.0.5-7 stand for
three machines) and never on the proxy, a forged ``X-Forwarded-For`` ignored, the metrics
closed to the public, and the JSON access log naming the real client.

``.ci/run`` installs nginx (Debian's ``nginx-light``); without it the test skips."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")
pytest.importorskip("websockets")
pytest.importorskip("prometheus_client")

from test_web_browser import IN_CI, ROOT, free_port
from test_web_cluster import FAST, _choose

SITE = ROOT / "deploy" / "nginx" / "mahjong-table.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx")
                                  else None)


def _site_for(listen: int, backend: int) -> str:
    """The shipped site file with its listening port and the server's port changed."""
    text = SITE.read_text(encoding="utf-8")
    assert "    listen 80;\n" in text and "    server 127.0.0.1:8000;\n" in text
    return (text.replace("    listen 80;\n", f"    listen 127.0.0.1:{listen};\n")
            .replace("    server 127.0.0.1:8000;\n", f"    server 127.0.0.1:{backend};\n"))


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """nginx with the shipped site in front of ``serve`` (SQLite), both on loopback."""
    if NGINX is None:
        if IN_CI:
            pytest.fail("CI=true but nginx is not installed: .ci/run installs nginx-light")
        pytest.skip("nginx is not installed (Debian: apt-get install nginx-light)")
    backend, front = free_port(), free_port()
    log = (tmp_path / "serve.log").open("wb")
    # the log (the access log on standard output) is kept in a file the test reads
    server = subprocess.Popen(
        [sys.executable, "-m", "mahjong_table.cli", "serve", "--port", str(backend),
         "--db", f"sqlite:///{tmp_path / 'deploy.db'}", "--tables-per-minute", "2",
         "--forwarded-allow-ips", "127.0.0.1", "--log-format", "json", "--log-level", "info"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    site = tmp_path / "site.conf"
    site.write_text(_site_for(front, backend), encoding="utf-8")
    temp = tmp_path / "nginx"
    temp.mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"""
{'user root;' if os.geteuid() == 0 else ''}
worker_processes 1;
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {tmp_path}/nginx-access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {site};
}}
""", encoding="utf-8")
    checked = subprocess.run([NGINX, "-t", "-c", str(conf), "-p", str(tmp_path)],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    nginx = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(tmp_path),
                              "-g", "daemon off;"], stderr=subprocess.PIPE)
    try:
        import httpx

        deadline = time.monotonic() + 30
        while True:  # both up: the health check answers through the proxy
            assert nginx.poll() is None, nginx.stderr.read() if nginx.stderr else ""
            assert server.poll() is None, "the server exited"
            try:
                if httpx.get(f"http://127.0.0.1:{front}/healthz", timeout=2).status_code \
                        == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the proxy or the server did not start"
            time.sleep(0.1)
        yield {"front": front, "backend": backend, "log": tmp_path / "serve.log"}
    finally:
        nginx.terminate()
        nginx.wait(10)
        server.terminate()
        server.wait(10)
        log.close()


def _client(address: str) -> Any:
    """An HTTP client whose connections come from ``address`` (a loopback address standing
    for another machine)."""
    import httpx

    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)


def _create(client: Any, front: int, headers: dict[str, str] | None = None) -> Any:
    form = {"rules": "hongkong", "seat0": "human", "seat1": "efficiency",
            "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1", **FAST}
    return client.post(f"http://127.0.0.1:{front}/tables", data=form, headers=headers or {})


def test_the_room_flow_and_the_per_address_limits_through_nginx(proxy: dict[str, Any]) -> None:
    """Through the shipped nginx site: health, metrics closed to the public, the lobby's
    limit (2 tables a minute here) counted per real client, a forged X-Forwarded-For
    ignored, a person's hand played to its end over the proxied websocket, and the JSON
    access log naming each real client."""
    front = proxy["front"]
    a, b, c = _client("127.0.0.5"), _client("127.0.0.6"), _client("127.0.0.7")
    health = a.get(f"http://127.0.0.1:{front}/healthz")
    assert health.status_code == 200 and health.json()["database"] == "ok"
    assert a.get(f"http://127.0.0.1:{front}/metrics").status_code == 403
    first = _create(a, front)
    assert first.status_code == 201, first.text
    # the links name the address the person used (the proxy passed the Host on)
    seats = dict(re.findall(rf'data-seat="(\d)" href="http://127\.0\.0\.1:{front}/play/'
                            r'([^"]+)"', first.text))
    assert seats, first.text[:500]
    assert _create(a, front).status_code == 201
    refused = _create(a, front)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    # another machine behind the same proxy is not limited by the first one's tables
    assert _create(b, front).status_code == 201
    # a client naming another address in X-Forwarded-For is still counted as itself
    assert _create(c, front, {"X-Forwarded-For": "127.0.0.6"}).status_code == 201
    assert _create(c, front, {"X-Forwarded-For": "198.51.100.1"}).status_code == 201
    assert _create(c, front, {"X-Forwarded-For": "198.51.100.2"}).status_code == 429

    async def play() -> int:
        from websockets.asyncio.client import connect

        decisions = 0
        async with connect(f"ws://127.0.0.1:{front}/ws/{seats['0']}", max_size=2**22,
                           local_addr=("127.0.0.5", 0), open_timeout=10) as ws:
            deadline = time.monotonic() + 120
            while True:
                assert time.monotonic() < deadline, "the hand did not finish"
                msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if msg["type"] != "state":
                    continue
                if msg["game_end"] is not None:
                    return decisions
                action = _choose(msg)
                if action is not None:
                    decisions += 1
                    await ws.send(json.dumps({"type": "action", "offer": msg["offer"],
                                              "action": action}))

    assert asyncio.run(play()) >= 1
    # the operator's scrape, on the server's own port
    import httpx

    scraped = httpx.get(f"http://127.0.0.1:{proxy['backend']}/metrics", timeout=30).text
    actions = re.search(r"^mahjong_table_actions_total\{[^}]*\} (\S+)$", scraped, re.M)
    assert actions is not None and float(actions.group(1)) > 0
    # the JSON access log: one object a line, the real client of each request
    time.sleep(0.5)
    lines = [json.loads(line) for line in proxy["log"].read_text().splitlines()
             if line.startswith("{")]
    posts = [r for r in lines if r.get("logger") == "uvicorn.access"
             and r.get("path") == "/tables" and r.get("method") == "POST"]
    clients = [r["client"].rsplit(":", 1)[0] for r in posts]
    assert clients.count("127.0.0.5") == 3 and clients.count("127.0.0.6") == 1
    assert clients.count("127.0.0.7") == 3 and "127.0.0.1" not in clients
    assert sorted(r["status"] for r in posts if r["client"].startswith("127.0.0.5:")) \
        == [201, 201, 429]
    assert all({"time", "level", "message"} <= set(r) for r in lines)
