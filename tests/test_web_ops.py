"""The web table for operators (issue 45): the health check (``GET /healthz``), the Prometheus
metrics (``GET /metrics``, read back with the client library's own parser) and the JSON log
format, through Starlette's test client. The deployment behind a real nginx is
``tests/test_deploy_nginx.py``."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("prometheus_client")
pytest.importorskip("pythonjsonlogger")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2, not yet on PyPI here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from prometheus_client.parser import text_string_to_metric_families

from mahjong_table.web.app import create_app
from mahjong_table.web.metrics import JsonFormatter, logging_config
from test_web_app import create, recv_state
from test_web_postgres import pg_url  # noqa: F401  (the fixture)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ops.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{db_path}")) as c:
        yield c


def metrics(client: TestClient) -> dict[str, float]:
    """Every sample of ``GET /metrics``, by name (the process label dropped)."""
    r = client.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain; version=")
    out = {}
    for family in text_string_to_metric_families(r.text):
        for sample in family.samples:
            out[sample.name] = sample.value
    return out


def test_healthz_answers_ok_with_this_process_rooms(client: TestClient) -> None:
    """The health check: 200 with the database reachable, and the rooms and pages this
    process holds (a room opened by its page counts)."""
    r = client.get("/healthz")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["database"] == "ok"
    assert body["rooms"] == 0 and body["pages"] == 0
    assert r.headers["cache-control"] == "no-store"
    t = create(client)
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws:
        recv_state(ws)
        body = client.get("/healthz").json()
        assert body["rooms"] == 1 and body["pages"] == 1


class Forwarder:
    """A TCP forwarder on loopback to the test PostgreSQL, which the test can cut: every
    connection through it and the listening socket closed (a database host gone from the
    network, for real: the client sees refused and reset connections)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.cut_off = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _addr = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [conn, upstream]
            for a, b in ((conn, upstream), (upstream, conn)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)

    def cut(self) -> None:
        self.cut_off = True
        # shut down first: a socket closed under a thread blocked in accept() would keep
        # listening (Linux) until that accept returned
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        for s in self.sockets:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


def test_healthz_is_503_naming_the_cause_when_the_database_is_gone(
        pg_url: str) -> None:  # noqa: F811
    """A server on PostgreSQL (reached through a forwarder) whose database host then drops
    off the network: the health check turns 503 naming the driver's error, so a load
    balancer takes the process out; the process itself keeps answering."""
    from sqlalchemy.engine import make_url

    url = make_url(pg_url)
    fwd = Forwarder(url.host or "127.0.0.1", url.port or 5432)
    through = url.set(host="127.0.0.1", port=fwd.port).render_as_string(hide_password=False)
    try:
        with TestClient(create_app(through)) as client:
            r = client.get("/healthz")
            assert r.status_code == 200 and r.json()["database"] == "ok"
            fwd.cut()
            r = client.get("/healthz")
            assert r.status_code == 503
            body = r.json()
            assert body["status"] == "unavailable"
            assert "OperationalError" in body["database"] or "no answer" in body["database"]
            assert client.get("/").status_code == 200  # the lobby needs no database
    finally:
        if not fwd.cut_off:
            fwd.cut()


def test_metrics_count_rooms_sockets_actions_and_errors(client: TestClient) -> None:
    """``/metrics`` in the Prometheus text format: the build, rooms and sockets held now,
    and counters that only grow: actions applied (a bots' table plays on), errors logged."""
    before = metrics(client)
    assert before["mahjong_table_build_info"] == 1.0
    assert before["mahjong_table_rooms"] == 0 and before["mahjong_table_sockets"] == 0
    t = create(client)
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws:
        state = recv_state(ws)
        while not state["actions"]:  # the bots play until the person's first decision
            state = recv_state(ws)
        now = metrics(client)
        assert now["mahjong_table_rooms"] == 1 and now["mahjong_table_sockets"] == 1
        assert now["mahjong_table_unfinished_rooms"] == 1
        assert now["mahjong_table_actions_total"] >= before["mahjong_table_actions_total"]
        discard = next(a for a in state["actions"] if a["kind"] == "discard")
        ws.send_json({"type": "action", "offer": state["offer"],
                      "action": {k: v for k, v in discard.items() if k != "label"}})
        deadline = time.monotonic() + 10
        while metrics(client)["mahjong_table_actions_total"] \
                <= now["mahjong_table_actions_total"]:
            assert time.monotonic() < deadline, "the person's discard was not counted"
            recv_state(ws)
    errors = metrics(client)["mahjong_table_errors_total"]
    logging.getLogger("mahjong_table.web").error("an error an operator should see counted")
    assert metrics(client)["mahjong_table_errors_total"] == errors + 1
    for name in ("mahjong_table_takeovers_total", "mahjong_table_room_failures_total",
                 "mahjong_table_relayed_sockets", "mahjong_table_uptime_seconds"):
        assert name in before


def test_json_log_lines_carry_the_access_log_fields() -> None:
    """``serve --log-format json``: each record one JSON object with time, level, logger and
    message; an access-log record also its client, method, path and status (what
    uvicorn's access logger passes)."""
    formatter = JsonFormatter()
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d',
                               ("203.0.113.9:5000", "GET", "/healthz", "1.1", 200), None)
    line: dict[str, Any] = json.loads(formatter.format(record))
    assert line["level"] == "INFO" and line["logger"] == "uvicorn.access"
    assert line["client"] == "203.0.113.9:5000" and line["path"] == "/healthz"
    assert line["status"] == 200 and line["method"] == "GET"
    assert line["message"] == '203.0.113.9:5000 - "GET /healthz HTTP/1.1" 200'
    assert line["time"].endswith("+0000")
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        error = logging.LogRecord("mahjong_table.web", logging.ERROR, __file__, 1,
                                  "room %s failed", ("abc",), sys.exc_info())
    line = json.loads(formatter.format(error))
    coloured = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, "Started", (),
                                 None)
    coloured.color_message = "\x1b[36mStarted\x1b[0m"
    assert "color_message" not in json.loads(formatter.format(coloured))
    assert coloured.color_message  # the record itself is left as it was
    assert line["message"] == "room abc failed" and "ValueError: boom" in line["exc_info"]
    config = logging_config("json", "info")  # what serve hands uvicorn (applied for real
    # by tests/test_deploy_nginx.py's server process)
    assert config["formatters"]["json"]["()"] == "mahjong_table.web.metrics.JsonFormatter"
    assert config["loggers"]["uvicorn.access"]["level"] == "INFO"
