"""What the web table tells operators (issue 45): the health check, the Prometheus metrics and
the structured (JSON) logs of ``mahjong-table serve``.

- ``GET /healthz`` (:func:`health`): 200 ``{"status": "ok", ...}`` when this process answers
  and its database answers a query, with this process's rooms and pages; 503
  ``{"status": "unavailable", "database": REASON, ...}`` when the database does not answer
  within :data:`HEALTH_TIMEOUT` seconds. For a load balancer's or an orchestrator's probe.
- ``GET /metrics``: the Prometheus text format, made by the maintained client library
  (``prometheus_client``, the ``web`` extra) from a collector that reads this process's
  counts at scrape time (:class:`ServerCollector`): rooms, unfinished rooms, pages (sockets)
  held here and relayed, actions applied (``rate(mahjong_table_actions_total[1m])`` is the
  actions per second), take-overs and failed ones, errors logged. Each ``serve`` process
  answers for itself (``process`` label): with ``--workers N`` one of the N answers a scrape,
  so a deployment that wants every process's counts runs one ``serve`` per port
  (``docs/deploy.md``).
- ``serve --log-format json`` (:func:`logging_config`): one JSON object per line for every
  log record (python-json-logger, a maintained formatter), uvicorn's access log included
  (with ``--log-level info``), with the client address the proxy passed on.

The counters (:data:`COUNTS`) are plain integers of this process, kept without the client
library (the engine and tables do not import it); they only grow.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import Server

__all__ = ["COUNTS", "HEALTH_TIMEOUT", "Counts", "ServerCollector", "count_errors",
           "health", "logging_config", "metrics_text"]

#: seconds the health check waits for the database before it answers 503
HEALTH_TIMEOUT = 3.0


class Counts:
    """This process's counters (each only grows): actions applied to live games, rooms taken
    over from a stopped process and take-overs (or live games) that failed, and records of
    level ERROR or above logged under ``mahjong_table``."""

    def __init__(self) -> None:
        self.actions = 0
        self.takeovers = 0
        self.room_failures = 0
        self.errors = 0
        self._lock = threading.Lock()

    def add_error(self) -> None:
        """One error logged (any thread)."""
        with self._lock:
            self.errors += 1


#: the counters of this process
COUNTS = Counts()


class _ErrorCounter(logging.Handler):
    """Counts the records of level ERROR and above (every ``log.exception`` and
    ``log.error`` of the web table) into :data:`COUNTS`."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        COUNTS.add_error()


def count_errors() -> None:
    """Count the errors logged under ``mahjong_table`` from now on (once per process)."""
    logger = logging.getLogger("mahjong_table")
    if not any(isinstance(h, _ErrorCounter) for h in logger.handlers):
        logger.addHandler(_ErrorCounter())


def ping_database(server: Server) -> str | None:
    """None if the server's database answers a read of its settings table
    (:meth:`Store.ping`), else why not (one line)."""
    try:
        server.store.ping()
    except Exception as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return f"{type(exc).__name__}: {reason[0] if reason else ''}"
    return None


async def health(server: Server) -> tuple[int, dict[str, Any]]:
    """The health check: (HTTP status, JSON body). 200 when the database answers within
    :data:`HEALTH_TIMEOUT` seconds, else 503 naming why; the body has this process's rooms
    and pages either way."""
    import asyncio

    started = time.perf_counter()
    try:
        # a thread of its own, not the store's executor: a stuck query there must not
        # hold the probe
        problem = await asyncio.wait_for(asyncio.to_thread(ping_database, server),
                                         HEALTH_TIMEOUT)
    except TimeoutError:
        problem = f"no answer within {HEALTH_TIMEOUT:g} s"
    status = server.status()
    body: dict[str, Any] = {
        "status": "ok" if problem is None else "unavailable",
        "database": "ok" if problem is None else problem,
        "database_ms": round((time.perf_counter() - started) * 1000, 1),
        "process": status["process"], "pid": status["pid"], "rooms": status["rooms"],
        "unfinished": status["unfinished"], "pages": status["pages"],
        "relayed": status["relayed"], "uptime": round(status["uptime"], 1),
    }
    return (200 if problem is None else 503), body


class ServerCollector:
    """A Prometheus collector reading a :class:`Server`'s state and :data:`COUNTS` at each
    scrape (nothing is updated on the hot path but integer counters)."""

    def __init__(self, server: Server) -> None:
        self.server = server

    def describe(self) -> list[Any]:
        return []  # the metrics are made at collect time; none to check at registration

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        from .. import __version__
        from .._build import build_name

        status = self.server.status()
        proc = str(status["process"])
        info = GaugeMetricFamily("mahjong_table_build_info",
                                 "The version and build of the serving process (always 1).",
                                 labels=["version", "build"])
        info.add_metric([__version__, build_name()], 1.0)
        yield info
        gauges = (
            ("rooms", "rooms", "Rooms live in this process."),
            ("unfinished_rooms", "unfinished", "Live rooms whose game is not over."),
            ("sockets", "pages", "Websockets (pages) open on the rooms this process owns."),
            ("relayed_sockets", "relayed",
             "Websockets open here whose room another process owns (relayed to it)."),
            ("remote_sockets", "remote",
             "Pages of other processes relayed to the rooms this process owns."),
            ("uptime_seconds", "uptime", "Seconds since this process started serving."),
        )
        for name, key, text in gauges:
            g = GaugeMetricFamily(f"mahjong_table_{name}", text, labels=["process"])
            g.add_metric([proc], float(status[key]))
            yield g
        counters = (
            ("actions", COUNTS.actions,
             "Actions applied to this process's live games (rate() gives actions/s)."),
            ("takeovers", COUNTS.takeovers,
             "Rooms this process took over from a stopped process."),
            ("room_failures", COUNTS.room_failures,
             "Take-overs and live games of this process that failed."),
            ("errors", COUNTS.errors,
             "Records of level ERROR or above logged by this process."),
        )
        for name, value, text in counters:
            c = CounterMetricFamily(f"mahjong_table_{name}", text, labels=["process"])
            c.add_metric([proc], float(value))
            yield c


def metrics_text(server: Server) -> tuple[bytes, str]:
    """The Prometheus exposition of ``server``'s metrics: (body, content type). The registry
    is made per call, so that several servers in one process (tests) never share one."""
    from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

    registry = CollectorRegistry(auto_describe=False)
    registry.register(ServerCollector(server))
    return generate_latest(registry), CONTENT_TYPE_LATEST


def logging_config(fmt: str, level: str) -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for ``serve`` (also handed to uvicorn, whose
    worker processes apply it too): ``fmt`` ``"text"`` (uvicorn's usual lines) or ``"json"``
    (one JSON object per line: time, level, logger, message, and for the access log the
    client, method, path and status); ``level`` a logging level name, applied to the
    program's and uvicorn's loggers (the access log is at INFO)."""
    level = level.upper()
    if fmt == "json":
        formatters: dict[str, Any] = {
            "json": {"()": "mahjong_table.web.metrics.JsonFormatter"},
        }
        names = ("json", "json")
    else:
        formatters = {
            "default": {"()": "uvicorn.logging.DefaultFormatter",
                        "fmt": "%(levelprefix)s %(message)s", "use_colors": None},
            "access": {"()": "uvicorn.logging.AccessFormatter",
                       "fmt": '%(levelprefix)s %(client_addr)s - "%(request_line)s" '
                              "%(status_code)s"},
        }
        names = ("default", "access")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": formatters,
        "handlers": {
            "default": {"class": "logging.StreamHandler", "formatter": names[0],
                        "stream": "ext://sys.stderr"},
            "access": {"class": "logging.StreamHandler", "formatter": names[1],
                       "stream": "ext://sys.stdout"},
        },
        "loggers": {
            "mahjong_table": {"handlers": ["default"], "level": level, "propagate": False},
            "uvicorn": {"handlers": ["default"], "level": level, "propagate": False},
            "uvicorn.error": {"level": level},
            "uvicorn.access": {"handlers": ["access"], "level": level, "propagate": False},
        },
    }


def _json_formatter_base() -> Any:
    from pythonjsonlogger.json import JsonFormatter as Base

    return Base


class JsonFormatter(logging.Formatter):
    """python-json-logger's formatter with the fields an operator filters on: ``time`` (ISO
    8601, UTC), ``level``, ``logger``, ``message``, ``exc_info`` when there is one, and, for
    uvicorn's access log, ``client``, ``method``, ``path``, ``http_version`` and
    ``status`` (uvicorn's ``color_message``, the message with terminal colours, left
    out)."""

    def __init__(self) -> None:
        super().__init__()
        base = _json_formatter_base()
        self._inner: logging.Formatter = base("%(asctime)s %(levelname)s %(name)s %(message)s",
                           rename_fields={"asctime": "time", "levelname": "level",
                                          "name": "logger"},
                           datefmt="%Y-%m-%dT%H:%M:%S%z")
        self._inner.converter = time.gmtime

    def format(self, record: logging.LogRecord) -> str:
        # a copy: other handlers see the record as it was
        record = logging.makeLogRecord(record.__dict__)
        # uvicorn's copy of the message with terminal colours is noise in a JSON line
        record.__dict__.pop("color_message", None)
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) \
                and len(record.args) == 5:
            client, method, path, version, status = record.args
            record.client, record.method, record.path = client, method, path
            record.http_version, record.status = version, status
        return self._inner.format(record)
